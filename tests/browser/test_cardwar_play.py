"""The card war in Chromium: students play rounds by keyboard and by touch, a table of four
with two computer players, hidden cards and answers read from the page and the socket frames,
a reconnect, and axe-core on every step."""

import re

import pytest

from games.kinds.cardwar.cards import card_face
from games.rules import cardwar as rules
from games.services import match_create
from tests.browser.cardwar_driver import game_of, open_match, wait_round, wait_step
from tests.browser.conftest import assert_accessible, screenshot

pytestmark = pytest.mark.browser


def cardwar(classroom, players, seed=5, **options):
    return match_create(
        game="cardwar",
        classroom=classroom,
        players=players,
        variants=options,
        seed=seed,
        options={"bot_delay_ms": 300},
    )


def secrets(game, seat):
    """What `seat` must not be shown now: every other seat's face-up cards (code and name)."""
    out = set()
    for other in range(game.players):
        if other != seat:
            for code, value in zip(
                game.face_up[other], rules.face_up_values(game, other), strict=True
            ):
                out |= {f'data-card="{code}"', card_face(code, value)["label"]}
    return out


def test_two_students_play_a_target_round_by_keyboard_and_nothing_leaks(
    live, login_page, classroom, make_student, console
):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = cardwar(classroom, [ada.user, ben.user], level=5)
    pages = {0: login_page(ada.user), 1: login_page(ben.user)}
    frames = {0: [], 1: []}
    for seat, page in pages.items():
        open_match(page, live, match, frames[seat])
    # Round 1: Ada names the target with the arrow keys; Ben waits and sees who is naming it.
    wait_step(pages[0], "target")
    assert "Ada is naming the target" in pages[1].inner_text("#board")
    assert_accessible(pages[0], "card war target step")
    screenshot(pages[0], "cardwar-live-target")
    assert pages[0].evaluate("document.activeElement.name") == "value"
    for _ in range(7):
        pages[0].keyboard.press("ArrowUp")
    pages[0].keyboard.press("Enter")
    for page in pages.values():
        wait_step(page, "answer")
        assert page.inner_text(".cw-target-value") == "7"
        # The answer timer (at most 30 s) turns red only in its last 10 s, not from the start.
        assert page.locator(".move-clock").is_visible()
        assert page.locator(".move-clock.is-low").count() == 0
    game = game_of(match)
    hidden = {seat: secrets(game, seat) for seat in (0, 1)}
    a, b = rules.face_up_values(game, 0)
    # Ada: the sign by keyboard, then the result typed as a fraction nobody else would write.
    ada_answer = f"{(a + b) * 4}/4"
    pages[0].keyboard.press("+")
    assert pages[0].inner_text("[data-expression]") == f"{a} + {b}"
    pages[0].keyboard.type(ada_answer)
    assert pages[0].evaluate("document.activeElement.name") == "answer"
    # Ben has started too: his choice and what he typed survive the board's update.
    pages[1].click('.cw-option:has(input[value="×"])')
    pages[1].locator("[data-answer-input]").fill("1")
    pages[1].locator("[data-answer-input]").focus()
    pages[0].keyboard.press("Enter")
    wait_step(pages[0], "answered")
    assert "Waiting for Ben" in pages[0].inner_text("#board")
    # Ben sees that Ada answered, not what: in the page and in every frame so far.
    pages[1].wait_for_selector('#cw-seat-0[data-answered="1"]')
    assert pages[1].locator("[data-answer-input]").input_value() == "1"
    assert pages[1].locator('input[value="×"]').is_checked()
    assert pages[1].evaluate("document.activeElement.name") == "answer"
    # Said to screen readers: that Ada answered (never what).
    pages[1].wait_for_function(
        "() => document.getElementById('cw-live').textContent.includes('Ada has answered.')"
    )
    assert_accessible(pages[1], "card war answer step")
    screenshot(pages[1], "cardwar-live-answer-level5")
    seen = "".join(frames[1]) + pages[1].content()
    assert ada_answer not in seen
    assert not [s for s in hidden[1] if s in seen]
    # Ben answers by touch: a sign, then a result that is not a number first (no penalty).
    c, d = rules.face_up_values(game, 1)
    box = pages[1].locator("[data-answer-input]")
    box.fill("seven")
    pages[1].click(".cw-submit")
    assert "as a number" in pages[1].inner_text("[data-answer-check]")
    assert box.get_attribute("aria-invalid") == "true"
    assert game_of(match).entries[1] is None  # nothing was sent
    box.fill(str(c * d))
    pages[1].click(".cw-submit")
    for page in pages.values():
        page.wait_for_selector("#cw-reveal")
    headline = pages[1].inner_text("#cw-reveal .cw-headline")
    pages[1].wait_for_function(
        "h => document.getElementById('cw-live').textContent.includes(h)", arg=headline
    )
    reveal = pages[1].inner_text("#cw-reveal")
    assert f"{a} + {b} = {ada_answer}" in reveal and f"{c} × {d} = {c * d}" in reveal
    assert re.search(r"(Ada|Ben): .* (hits the target|is nearest to 7)|war", reveal)
    assert_accessible(pages[1], "card war reveal")
    screenshot(pages[0], "cardwar-live-reveal")
    # The help: the level's rules and the keys, opened with "?" and closed with Escape.
    pages[1].locator("#board").focus()
    pages[1].keyboard.press("?")
    help_box = pages[1].locator("#help-dialog")
    assert help_box.is_visible()
    assert "Level 5: Elite" in help_box.inner_text() and "Keyboard" in help_box.inner_text()
    assert_accessible(pages[1], "card war help")
    pages[1].keyboard.press("Escape")
    assert not help_box.is_visible()
    # Ada's frames never held Ben's cards before the reveal either (the first round's frames).
    first_round = [f for f in frames[0] if 'id="cw-reveal"' not in f]
    assert not [s for s in hidden[0] for f in first_round if s in f]
    assert not console.unexpected()


def test_four_players_two_students_and_two_computers(
    live, login_page, classroom, make_student, teacher
):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = cardwar(classroom, [ada.user, ben.user, "beginner", "beginner"], level=2)
    pages = [login_page(ada.user), login_page(ben.user)]
    for page in pages:
        open_match(page, live, match)
        wait_step(page, "answer")
    # The teacher watches: every seat's cards face down, counts and who has answered.
    watcher = login_page(teacher)
    open_match(watcher, live, match)
    wait_step(watcher, "watch")
    assert watcher.locator(".cw-seat").count() == 4
    assert not [s for s in secrets(game_of(match), None) if s in watcher.content()]
    screenshot(watcher, "cardwar-live-teacher-watching")
    text = pages[0].inner_text("#board")
    assert "Team A" in text and "Team B" in text
    assert pages[0].locator(".cw-seat").count() == 3
    screenshot(pages[0], "cardwar-live-four-players")
    height = pages[0].evaluate("document.documentElement.scrollHeight")
    assert height <= 768, height
    for seat, page in enumerate(pages):
        a, b = rules.face_up_values(game_of(match), seat)
        page.keyboard.type(str(a * b))  # level 2: no choices, the answer box has the keys
        page.keyboard.press("Enter")
    for page in pages:
        page.wait_for_selector("#cw-reveal", timeout=15_000)
        wait_round(page, 2, timeout=15_000)
    assert pages[1].locator("#cw-reveal .cw-line").count() == 4
    assert_accessible(pages[0], "card war four players")
    screenshot(pages[1], "cardwar-live-four-reveal")


def test_a_reconnect_keeps_my_answer_and_hides_theirs(live, login_page, classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = cardwar(classroom, [ada.user, ben.user], level=3)
    page = login_page(ada.user)
    open_match(page, live, match)
    wait_step(page, "answer")
    a, b = rules.face_up_values(game_of(match), 0)
    page.keyboard.press("o")  # b ÷ a now
    assert page.inner_text("[data-expression]") == f"{b} ÷ {a}"
    page.keyboard.type(f"{b * 10}/{a * 10}")
    page.keyboard.press("Enter")
    wait_step(page, "answered")
    page.reload()
    page.wait_for_selector('#board[data-live="1"]', state="attached")
    wait_step(page, "answered")
    assert f"You answered {b} ÷ {a} = {b * 10}/{a * 10}." in page.inner_text("#board")
    game = game_of(match)
    assert not [s for s in secrets(game, 0) if s in page.content()]
