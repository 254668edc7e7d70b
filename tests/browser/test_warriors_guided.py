"""The guided game in Chromium, played with the keyboard as its prompts say."""

import pytest

from games.models import Match
from tests.browser.conftest import screenshot
from tests.browser.warriors_driver import wait_connected, wait_for_ply_after

pytestmark = pytest.mark.browser


def keys(page, *presses):
    for key in presses:
        page.keyboard.press(key)


def test_a_first_timer_follows_the_guided_game_to_the_end(live, login_page, make_student):
    ada = make_student("Ada")
    page = login_page(ada.user)
    page.goto(f"{live}/play/")
    screenshot(page, "lobby")
    page.click("text=Start the guided game")
    wait_connected(page)
    assert "Strength attack" in page.inner_text("#guide")
    screenshot(page, "warriors-guided-first-prompt")
    assert "Shift+7" in page.inner_text("#guide")  # a key a Chromebook lets through
    keys(page, "9", "Shift+Digit7", "Enter")
    wait_for_ply_after(page, 1, timeout=15_000)  # the student's move and the computer's skip
    assert "Mind attack" in page.inner_text("#guide")
    keys(page, "3", "x", "6", "Shift+Digit1", "Shift+Digit8")  # Shift+8 is "*": their die
    page.wait_for_selector("#preview .preview-ok")
    keys(page, "Enter")
    wait_for_ply_after(page, 3, timeout=15_000)
    keys(page, "s", "Enter")  # as the prompt says
    wait_for_ply_after(page, 5, timeout=15_000)
    assert "penalty" in page.inner_text("#guide")
    # the penalty: an equal Strength attack is refused, with the reason
    page.click('.die[data-die="A-D12"]')
    page.click('.die[data-die="B-D10"]')
    page.wait_for_selector("#errors .error-text")
    assert "bigger" in page.inner_text("#errors")
    keys(page, "Escape", "2", ":", "3", "x", "1", "5", "Shift+Digit1", "Shift+Digit0")
    page.wait_for_selector("#preview .preview-ok:has-text('Captures D10')")  # the guided game says
    screenshot(page, "warriors-guided-fraction")
    keys(page, "Enter")
    page.wait_for_selector("#gameover:not([hidden])")
    assert "got it" in page.inner_text("#guide")
    screenshot(page, "warriors-guided-over")
    assert Match.objects.get().winner_seat == 0
