"""Every page is clean in the console: no CSP violation, no error, nothing that fails to load.

The `page` fixtures fail a test at teardown on any of these; this file checks that they do, and
the fixes they forced (htmx's indicator styles, the site icon)."""

import pytest

pytestmark = pytest.mark.browser


def test_the_page_fixtures_record_csp_violations_errors_and_failed_loads(live, page, console):
    page.goto(live + "/")
    # Each one waited for by its own event, then looked for among what the fixtures recorded.
    with page.expect_console_message(lambda message: "CSP violation" in message.text):
        page.evaluate("document.head.append(document.createElement('style'))")
    with page.expect_console_message(lambda message: message.text == "something broke"):
        page.evaluate("console.error('something broke')")
    with page.expect_event("pageerror"):
        page.evaluate("setTimeout(() => { throw new Error('uncaught') })")
    with page.expect_response("**/static/no-such-file.js"):
        page.evaluate("fetch('/static/no-such-file.js')")
    found = "\n".join(console.unexpected())
    assert "CSP violation: style-src-elem" in found
    assert "console error: something broke" in found
    assert "page error: uncaught" in found
    assert "/static/no-such-file.js answered 404" in found
    console.problems.clear()  # seen: do not fail this test's teardown


def test_htmx_adds_no_inline_styles_and_its_indicators_are_styled_by_the_stylesheet(live, page):
    page.goto(live + "/")
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    assert page.locator("head style").count() == 0
    shown = page.evaluate(
        """() => {
        const box = document.createElement('div');
        const spinner = document.createElement('span');
        spinner.className = 'htmx-indicator';
        box.append(spinner); document.body.append(box);
        const idle = getComputedStyle(spinner).visibility;
        box.classList.add('htmx-request');
        return [idle, getComputedStyle(spinner).visibility];
    }"""
    )
    assert shown == ["hidden", "visible"]


def test_the_site_icon_is_linked_from_every_page_and_served_at_favicon_ico(live, page):
    page.goto(live + "/")
    href = page.get_attribute('link[rel="icon"]', "href")
    linked = page.request.get(live + href)
    assert linked.status == 200 and linked.headers["content-type"] == "image/svg+xml"
    default = page.request.get(live + "/favicon.ico")
    assert default.status == 200 and default.url.endswith(href)
    assert default.body() == linked.body()
