"""Which skills an act is evidence for (hand-worked examples of every definition)."""

from fractions import Fraction

import pytest

from games.evidence import acts
from games.evidence.cardwar import cardwar_acts
from games.evidence.skills import BAND_EDGES, BANDS, band_of, skills_of

from .factories import board, cardwar_round, refused


def mind(text: str, target: int, *, correct: bool = True) -> acts.Act:
    state = board({4: 2, 6: 3, 8: 4, 10: 5, 12: 6, 20: 9}, {20: target})
    act = refused(state, text, "B-D20", 1000)
    assert act.correct is correct
    return act


def test_a_bracketed_mixed_mind_attack_is_evidence_for_five_skills():
    assert skills_of(mind("(2 + 3) × 4", 20)) == [
        ("addition", True),
        ("multiplication", True),
        ("brackets", True),
        ("mixed", True),
        ("exact_target", True),
    ]


def test_a_wrong_mind_attack_counts_as_a_wrong_attempt_at_each_of_its_skills():
    assert skills_of(mind("9 ÷ 2 × 4", 20, correct=False)) == [
        ("multiplication", False),
        ("division", False),
        ("fractions", False),
        ("mixed", False),
        ("exact_target", False),
    ]


def test_unreadable_attempts_and_decision_rows_count_for_no_skill():
    assert skills_of(mind("2 + + 3", 5, correct=False)) == []
    assert skills_of(acts.Act(seat=0, kind=acts.STRENGTH, operands=(5, 4), target=4)) == []
    assert skills_of(acts.Act(seat=0, kind=acts.SKIP, chose_best=False)) == []
    assert skills_of(acts.Act(seat=0, kind=acts.CARDWAR_TARGET, target=3)) == []


def test_card_war_division_counts_division_fractions_and_the_best_choice():
    events = cardwar_round(3, [["7S", "2S"], ["6S", "3S"]], [("7 ÷ 2", "3.50"), ("3 ÷ 6", "1/2")])
    best, worse = cardwar_acts(events, level=3)
    assert skills_of(best) == [("division", True), ("fractions", True), ("best_choice", True)]
    assert skills_of(worse) == [("division", True), ("fractions", True), ("best_choice", False)]


def test_level_one_has_no_best_choice_to_make():
    events = cardwar_round(1, [["5S", "9S"], ["3S", "4S"]], [("5 + 9", "13"), ("3 + 4", "7")])
    wrong, right = cardwar_acts(events, level=1)
    assert skills_of(wrong) == [("addition", False)]
    assert skills_of(right) == [("addition", True)]


def test_exact_target_counts_at_levels_five_to_seven_only_when_the_target_could_be_made():
    events = cardwar_round(
        5, [["7S", "2S"], ["6S", "3S"]], [("7 − 2", "5"), ("6 + 3", "9")], target=9
    )
    _, missed, hit = cardwar_acts(events, level=5)
    assert skills_of(missed) == [
        ("subtraction", True),
        ("best_choice", False),
        ("exact_target", False),
    ]
    assert skills_of(hit) == [("addition", True), ("best_choice", True), ("exact_target", True)]
    # Target 15 cannot be made from 7 and 2 (best is 14): no exact-target attempt.
    events = cardwar_round(
        5, [["7S", "2S"], ["6S", "3S"]], [("7 × 2", "14"), ("6 × 3", "18")], target=15
    )
    _, nearest, _ = cardwar_acts(events, level=5)
    assert nearest.best_value == 14
    assert skills_of(nearest) == [("multiplication", True), ("best_choice", True)]


def test_an_exact_hit_typed_wrong_is_not_a_hit():
    act = acts.Act(
        seat=0,
        kind=acts.CARDWAR_ANSWER,
        add=True,
        value=Fraction(9),
        target=9,
        correct=False,
        best_value=Fraction(9),
        chose_best=True,
        option_available=True,
        level=6,
    )
    assert ("exact_target", False) in skills_of(act)


def test_squares_and_roots_from_card_war_level_seven():
    events = cardwar_round(
        7, [["9S", "3S"], ["6S", "2S"]], [("√9 × 3", "9"), ("6² + 2", "38")], target=9
    )
    _, rooted, squared = cardwar_acts(events, level=7)
    assert ("roots", True) in skills_of(rooted)
    assert ("squares", True) in skills_of(squared)
    assert ("exact_target", True) in skills_of(rooted)


@pytest.mark.parametrize(
    ("ms", "band"), [(0, 0), (999, 0), (1000, 1), (5999, 5), (8000, 7), (119_999, 13), (10**9, 14)]
)
def test_think_times_fall_into_bands(ms, band):
    assert band_of(ms) == band
    assert BANDS == len(BAND_EDGES) + 1 == 15
