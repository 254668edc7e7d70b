"""Card-war levels in Chromium: level 7 with a root and a square (practice mode correcting a
wrong result), and a war with its face-down pot."""

import math

import pytest

from games.rules import cardwar as rules
from games.services import match_create
from tests.browser.cardwar_driver import game_of, open_match, wait_step
from tests.browser.conftest import assert_accessible, screenshot

pytestmark = pytest.mark.browser


def first_cards(seed: int, players: int, options: rules.Options) -> list[tuple[int, int]]:
    """The values each seat turns up first in a game with this seed (the deal is seeded)."""
    state = rules.new_game(seed, players, options)
    return [
        tuple(
            rules.card_value(c, options)
            for c in (hand.draw[:2] if not state.face_up[s] else state.face_up[s])
        )
        for s, hand in enumerate(state.hands)
    ]


def seed_where(players: int, options: rules.Options, good) -> int:
    return next(seed for seed in range(1, 5000) if good(first_cards(seed, players, options)))


def is_square(n: int) -> bool:
    return math.isqrt(n) ** 2 == n


def play(classroom, students, seed, **options):
    return match_create(
        game="cardwar",
        classroom=classroom,
        players=[s.user for s in students],
        variants=options,
        seed=seed,
    )


def test_level_seven_a_root_and_a_square_and_practice_mode_corrects(
    live, login_page, classroom, make_student
):
    options = rules.Options(level=7, practice=True)
    # Ada turns up a square number (other than 1) and a card that is not one; Ben anything.
    seed = seed_where(
        2, options, lambda c: is_square(c[0][0]) and c[0][0] > 1 and not is_square(c[0][1])
    )
    (a, b), (c, d) = first_cards(seed, 2, options)
    ada, ben = make_student("Ada"), make_student("Ben")
    match = play(classroom, [ada, ben], seed, level=7, practice=True)
    pages = [login_page(ada.user), login_page(ben.user)]
    for page in pages:
        open_match(page, live, match)
    wait_step(pages[0], "target")
    pages[0].keyboard.press("Control+a")  # the target box has the keys: a negative target
    pages[0].keyboard.type("-3")
    pages[0].keyboard.press("Enter")
    for page in pages:
        wait_step(page, "answer")
        assert page.inner_text(".cw-target-value") == "−3"
    # Ada, by keyboard: root her square card, then add: √a + b.
    root = math.isqrt(a)
    pages[0].keyboard.press("r")
    pages[0].keyboard.press("+")
    assert pages[0].inner_text("[data-expression]") == f"√{a} + {b}"
    pages[0].keyboard.type(str(root + b))
    pages[0].keyboard.press("Enter")
    wait_step(pages[0], "answered")
    # Ben, by touch: square his first card, multiply, and type a wrong result.
    pages[1].click('.cw-option:has(input[name="power_a"][value="²"])')
    pages[1].click('.cw-option:has(input[value="×"])')
    assert pages[1].inner_text("[data-expression]") == f"{c}² × {d}"
    screenshot(pages[1], "cardwar-live-level7-answer")
    assert_accessible(pages[1], "level 7 answer step")
    right = c * c * d
    pages[1].locator("[data-answer-input]").fill(str(right + 1))
    pages[1].click(".cw-submit")
    for page in pages:
        page.wait_for_selector("#cw-reveal")
    reveal = pages[0].inner_text("#cw-reveal")
    assert f"√{a} + {b} = {root + b}" in reveal
    assert (
        f"Ben wrote {right + 1}, but {c}² × {d} = {right}. Practice mode: {right} counts." in reveal
    )
    screenshot(pages[0], "cardwar-live-level7-reveal")
    assert match.moves.filter(kind="answer").count() == 2  # the wrong one is kept too


def test_a_tie_is_a_war_with_cards_face_down(live, login_page, classroom, make_student):
    options = rules.Options(level=1)
    seed = seed_where(2, options, lambda c: sum(c[0]) == sum(c[1]))
    (a, b), (c, d) = first_cards(seed, 2, options)
    ada, ben = make_student("Ada"), make_student("Ben")
    match = play(classroom, [ada, ben], seed, level=1)
    pages = [login_page(ada.user), login_page(ben.user)]
    for page in pages:
        open_match(page, live, match)
        wait_step(page, "answer")
    for page, total in ((pages[0], a + b), (pages[1], c + d)):
        page.keyboard.type(str(total))  # level 1: the answer box has the keys
        page.keyboard.press("Enter")
    for page in pages:
        page.wait_for_selector(".cw-war")
        wait_step(page, "answer")
    war = pages[0].inner_text(".cw-war")
    assert "War!" in war and "Each lays 6 cards face down" in war
    assert pages[0].locator(".cw-pot .card-back").count() == 8  # two up, six down
    assert "Ada and Ben have the same value: war!" in pages[1].inner_text("#cw-reveal")
    assert game_of(match).war_depth == 1
    screenshot(pages[1], "cardwar-live-war")
    assert_accessible(pages[1], "war")
