"""The end of a card war in Chromium: a player leaves, and both see the result and the
round-by-round replay told from the stored moves."""

import pytest

from games.rules import cardwar as rules
from games.services import match_create
from tests.browser.cardwar_driver import game_of, open_match, wait_step
from tests.browser.conftest import assert_accessible, screenshot

pytestmark = pytest.mark.browser


def test_leaving_ends_the_game_and_the_end_screen_replays_each_round(
    live, login_page, classroom, make_student
):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(
        game="cardwar",
        classroom=classroom,
        players=[ada.user, ben.user],
        variants={"level": 1},
        seed=11,
    )
    pages = [login_page(ada.user), login_page(ben.user)]
    for page in pages:
        open_match(page, live, match)
        wait_step(page, "answer")
    for seat, page in enumerate(pages):  # round 1, both by keyboard
        a, b = rules.face_up_values(game_of(match), seat)
        page.keyboard.type(str(a + b))
        page.keyboard.press("Enter")
    for page in pages:
        page.wait_for_selector("#cw-reveal")
        wait_step(page, "answer")
    pages[0].get_by_role("button", name="Leave the game…").click()
    pages[0].get_by_role("button", name="Leave the game", exact=True).click()
    for page in pages:
        wait_step(page, "over")
        page.wait_for_selector(".cw-gameover")
    end = pages[1].inner_text(".cw-gameover")
    assert "Ben wins" in end
    steps = pages[1].locator("[data-replay-step]")
    assert steps.count() >= 1 and "Round 1" in steps.nth(0).inner_text()
    assert pages[1].inner_text("[data-replay-pos]").startswith("1 /")
    assert "Cards at the end" in pages[1].inner_text("#board")
    assert pages[0].evaluate("document.activeElement.classList.contains('cw-gameover')")
    assert_accessible(pages[1], "card war end screen")
    screenshot(pages[1], "cardwar-live-end")
