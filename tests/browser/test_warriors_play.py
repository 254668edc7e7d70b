"""Maths Warriors in Chromium: two students, the computer, the teacher watching, a reopened tab."""

import pytest

from games.models import Match
from games.services import match_create
from tests.browser.conftest import screenshot
from tests.browser.warriors_driver import (
    by_keyboard,
    by_mouse,
    plan,
    state_of,
    wait_connected,
    wait_for_ply_after,
)

pytestmark = pytest.mark.browser


def test_two_students_play_a_whole_game_one_with_the_keyboard_only(
    live, login_page, classroom, make_student, teacher
):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=2024)
    pages = {0: login_page(ada.user), 1: login_page(ben.user)}
    watcher = login_page(teacher)
    for page in (*pages.values(), watcher):
        page.goto(f"{live}/play/m/{match.pk}/")
        wait_connected(page)
    screenshot(pages[0], "warriors-start-ada")
    turns = 0
    while True:
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        state = state_of(match)
        seat = state.to_move
        move = plan(match, prefer_mind=turns % 3 == 1)
        ply = match.ply
        if seat == 0:
            by_mouse(pages[0], match, move)
        else:
            by_keyboard(pages[1], match, move)
        for page in (*pages.values(), watcher):
            wait_for_ply_after(page, ply)
        turns += 1
        if turns == 3:
            screenshot(pages[1], "warriors-midgame-ben")
            screenshot(watcher, "warriors-teacher-watching")
        assert turns < 200
    for page in pages.values():
        page.wait_for_selector("#gameover:not([hidden])")
    winner = pages[match.winner_seat]
    assert "You won" in winner.inner_text("#gameover")
    screenshot(winner, "warriors-game-over")
    # the step-through replay
    winner.click('[data-step="1"]')
    assert winner.inner_text("[data-replay-pos]").startswith("2 /")
    assert "won" in watcher.inner_text("#status")
