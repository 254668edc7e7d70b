import pytest

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser


def test_home_page_loads_in_chromium_with_htmx(live, page):
    page.goto(live + "/")
    assert page.title() == "Maths Arena"
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("htmx.version").startswith("2.")
    screenshot(page, "home")
