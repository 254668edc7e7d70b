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
    winner.click('[data-replay-go="1"]')
    assert winner.inner_text("[data-replay-pos]").startswith("2 /")
    assert "Game over" in watcher.inner_text("#status")
    assert f"{['Ada', 'Ben'][match.winner_seat]} won" in watcher.inner_text("#gameover-title")


def test_a_student_plays_the_computer_to_the_end(live, login_page, classroom, make_student):
    ada = make_student("Ada")
    match = match_create(
        classroom=classroom,
        players=[ada.user, "intermediate"],
        seed=77,
        options={"bot_delay_ms": 30},
    )
    page = login_page(ada.user)
    page.goto(f"{live}/play/m/{match.pk}/")
    wait_connected(page)
    for _ in range(200):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        if state_of(match).to_move == 0:
            ply = match.ply
            by_mouse(page, match, plan(match))
            wait_for_ply_after(page, ply)
        else:  # the computer is thinking (30 ms in tests): its move reaches the board
            wait_for_ply_after(page, match.ply)
    assert match.status == Match.Status.FINISHED
    page.wait_for_selector("#gameover:not([hidden])")
    assert "Computer (Intermediate)" in page.inner_text("#board")
    screenshot(page, "warriors-vs-computer-over")


def test_closing_and_reopening_the_tab_resumes_the_game(live, login_page, classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=99)
    page = login_page(ada.user)
    context = page.context
    page.goto(f"{live}/play/m/{match.pk}/")
    wait_connected(page)
    first = state_of(match).to_move
    seat_user = {0: ada.user, 1: ben.user}
    from games.services import move_submit
    from tests.games.conftest import legal_action

    # two moves happen while Ada's tab is closed
    page.close()
    for _ in range(2):
        match.refresh_from_db()
        player = seat_user[state_of(match).to_move]
        move_submit(match=match, player=player, action=legal_action(match), ply=match.ply)
    match.refresh_from_db()
    again = context.new_page()
    again.goto(f"{live}/play/m/{match.pk}/")
    wait_connected(again)
    assert again.get_attribute("#board", "data-ply") == str(match.ply)
    assert first in (0, 1)
    if state_of(match).to_move == 0 and match.status == Match.Status.PLAYING:
        ply = match.ply
        by_mouse(again, match, plan(match))
        wait_for_ply_after(again, ply)
