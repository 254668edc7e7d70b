"""A game that feels like a game: a capture, a won round and a won game are marked with a short
CSS animation, a die that rolls again tumbles to its number, and with prefers-reduced-motion
nothing moves."""

import pytest

from games.rules.cardwar import ClockExpired
from games.services import match_create
from tests.browser.test_cardwar_layout import show
from tests.browser.warriors_driver import (
    by_keyboard,
    plan,
    state_of,
    wait_connected,
    wait_for_ply_after,
)
from tests.games.cardwar_scenes import all_best, level_scene

pytestmark = pytest.mark.browser

ANIMATION = "sel => getComputedStyle(document.querySelector(sel)).animationName"


def test_a_won_round_and_a_won_game_are_marked_and_still_for_reduced_motion(page):
    s = level_scene(2)
    cw = show(page, s, 0, "feel-round")
    winner = cw["story"]["winner"]
    assert winner is not None  # level_scene's round was won, not a war
    # The round's result held on screen (as cardwar.js shows it when it is new).
    page.evaluate(
        "() => { const box = document.querySelector('.cw-moment');"
        " document.getElementById('match').dataset.moment = box.dataset.moment;"
        " box.hidden = false; }"
    )
    assert page.evaluate(ANIMATION, ".cw-moment .cw-line.is-winner") == "glow"
    all_best(s)
    s.act(ClockExpired())
    won = s.state.result.winners[0]
    show(page, s, won, "feel-won-game")
    assert page.locator(".gameover.is-won").count() == 1
    assert page.evaluate(ANIMATION, "#gameover-title") == "cheer"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(ANIMATION, "#gameover-title") == "none"
    show(page, s, 1 - won, "feel-lost-game")
    assert page.locator(".gameover.is-won").count() == 0


def test_a_capture_pops_and_the_attacker_tumbles_to_its_new_number(
    live, login_page, classroom, make_student
):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=2024)
    mover = [ada.user, ben.user][state_of(match).to_move]
    page = login_page(mover)
    page.goto(f"{live}/play/m/{match.pk}/")
    wait_connected(page)
    move = plan(match)
    assert move.kind in ("strength", "mind")
    ply = match.ply
    by_keyboard(page, match, move)
    wait_for_ply_after(page, ply)
    page.wait_for_selector(".mini-die.is-new")
    assert page.evaluate(ANIMATION, ".mini-die.is-new") == "pop"
    assert page.evaluate(ANIMATION, '.die.rolling[data-side="mine"] .die-value') == "settle"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(ANIMATION, ".mini-die.is-new") == "none"
    assert page.evaluate(ANIMATION, '.die.rolling[data-side="mine"] .die-value') == "none"
