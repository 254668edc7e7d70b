"""The card-war board in Chromium at 1366x768, rendered from real rules states: it fits with
four players, every control is a 44px target, and the answer form reads the level's choices."""

from pathlib import Path

import django_htmx
import pytest
from django.template.loader import render_to_string
from playwright.sync_api import expect

from games.kinds.cardwar.screen import board
from games.kinds.cardwar.story import stories
from games.rules.cardwar import AnswerError, ClockExpired, parse_answer
from tests.browser.conftest import ROOT, screenshot
from tests.games.cardwar_scenes import all_best, level_scene, sacrifice_scene, scene

pytestmark = pytest.mark.browser

CSS = ["static/css/app.css", "static/css/games.css", "static/css/cardwar.css"]
# htmx as the page loads it (django-htmx's copy), then the screen's own scripts.
SCRIPTS = [
    Path(django_htmx.__file__).parent / "static/django_htmx/htmx-2.min.js",
    ROOT / "static/js/live.js",
    ROOT / "static/js/cardwar.js",
]


def show(page, s, viewer, name):
    cw = board(
        s.view(viewer),
        names=s.names,
        practice=s.options.practice,
        war_size=s.options.war_size,
        history=stories(
            s.events, names=s.names, practice=s.options.practice, war_size=s.options.war_size
        ),
    )
    html = (
        '<header class="site-header"><span class="brand">Maths Arena</span></header>'
        '<main id="main"><div id="match" class="match"><p id="connection"></p>'
        + render_to_string("games/cardwar/_page.html")
        + '<div id="board" class="board" data-ply="3">'
        + render_to_string("games/cardwar/screen.html", {"cw": cw})
        + "</div></div></main>"
    )
    page.set_content(f"<!doctype html><html lang='en'><body>{html}</body></html>")
    for css in CSS:
        page.add_style_tag(path=str(ROOT / css))
    for script in SCRIPTS:
        page.add_script_tag(path=str(script))
    # As when the socket's full view arrives: the board is live (not greyed as offline).
    page.evaluate(
        "document.getElementById('board').dispatchEvent("
        "new CustomEvent('htmx:oobAfterSwap', {bubbles: true}))"
    )
    screenshot(page, f"cardwar-{name}")
    return cw


def assert_fits(page):
    height = page.evaluate("document.documentElement.scrollHeight")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1366 and height <= 768, (width, height)
    small = page.evaluate(
        """[...document.querySelectorAll(
              'button, .cw-option, input:not([type=radio]):not([type=hidden])')]
           .filter(e => e.offsetParent !== null)
           .map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length"""
    )
    assert small == 0


@pytest.mark.parametrize("level", range(1, 8))
def test_each_level_answer_step_fits_1366x768(page, level):
    show(page, level_scene(level), 0, f"level{level}-answer")
    assert_fits(page)


def test_four_players_fit_1366x768(page):
    show(page, level_scene(5, players=4), 0, "four-players")
    assert_fits(page)
    assert page.locator(".cw-seat").count() == 3
    assert page.locator(".cw-teams tr").count() == 2


def test_target_step_and_war_fit(page):
    show(page, scene([["7H", "3S"], ["8C", "4D"]], level=5), 0, "target-step")
    assert_fits(page)
    show(page, sacrifice_scene(), 0, "war-sacrifice")
    assert_fits(page)


def test_the_answer_form_builds_the_expression_by_keyboard(page):
    show(page, level_scene(7), 0, "level7-keys")
    form = page.locator("form.cw-answer")
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("*")
    page.keyboard.press("q")
    assert form.locator("[data-expression]").inner_text() == "2² × 4"
    page.keyboard.press("r")
    page.keyboard.press("o")
    assert form.locator("[data-expression]").inner_text() == "√4 × 2²"
    page.keyboard.press("4")
    assert page.evaluate("document.activeElement.name") == "answer"
    page.keyboard.type(" 4/3")
    check = form.locator("[data-answer-check]")
    expect(check).to_contain_text("the fraction part must be less than 1")
    expect(form.locator("[data-answer-input]")).to_have_attribute("aria-invalid", "true")
    page.keyboard.press("Control+a")
    page.keyboard.type("2,50")
    expect(check).to_contain_text("press Enter")
    page.keyboard.press("Control+a")
    page.keyboard.type("two")
    expect(check).to_contain_text("Write your answer as a number")


# Each of the answer's forms, near misses and loose spacing: the early check must agree with
# the rules on every one (it builds its checks from the patterns the rules render).
TYPED = [
    "4",
    "-12",
    "−4",
    "+7",
    "13/3",
    "- 13 / 3",
    "13/0",
    "4 1/3",
    "-4  1/3",
    "4 3/3",
    "4 0/3",
    "4 1/0",
    "4.33",
    "4,50",
    "-0.25",
    ".25",
    "4.3",
    "4.",
    "4 .33",
    "four",
    "1/2/3",
    "4 1",
    "",
]


def test_the_early_answer_check_agrees_with_the_rules_on_every_form(page):
    show(page, level_scene(7), 0, "level7-check")
    form = page.locator("form.cw-answer")
    field = form.locator("[data-answer-input]")
    for typed in TYPED:
        try:
            parse_answer(typed)
            ok = True
        except AnswerError:
            ok = False
        field.fill(typed)
        field.dispatch_event("change")
        expected = "false" if ok or not typed.strip() else "true"
        assert field.get_attribute("aria-invalid") == expected, typed


def test_the_end_screen_steps_through_every_round(page):
    s = level_scene(5, players=4)
    all_best(s)
    s.act(ClockExpired())
    show(page, s, 0, "end-four-players")
    assert_fits(page)
    steps = page.locator("[data-replay-step]")
    assert steps.count() == 2
    assert steps.nth(0).is_visible() and not steps.nth(1).is_visible()
    assert page.locator("[data-replay-pos]").inner_text() == "1 / 2"
    page.get_by_role("button", name="Next round").click()
    assert steps.nth(1).is_visible() and not steps.nth(0).is_visible()
    assert page.locator(".cw-gameover h2").inner_text().startswith(("Team A", "Team B", "A draw"))
