"""The pure evidence mapping: expression facts, Warriors moves and card-war answers as acts."""

from fractions import Fraction

import pytest

from games.evidence import acts
from games.evidence.cardwar import answer_act, cardwar_acts
from games.evidence.expression import expression_facts
from games.evidence.warriors import best_of, stored_move_act, warriors_act
from games.rules import warriors

from .factories import board, cardwar_round, refused


@pytest.mark.parametrize(
    ("text", "brackets"),
    [
        ("(2 + 3) × 4", True),
        ("12 − (5 − 1)", True),
        ("2 ÷ (3 × 4)", True),
        ("2 + (3 × 4)", False),
        ("(2 + 3) + 4", False),
        ("2 × (3 × 4)", False),
        ("2 × 3 + 4", False),
    ],
)
def test_brackets_count_only_when_they_change_the_order_of_operations(text, brackets):
    assert expression_facts(text, powers=False).brackets is brackets


def test_a_fraction_along_the_way_is_a_non_integer_step():
    facts = expression_facts("5 ÷ 3 × 6", powers=False)
    assert (facts.value, facts.non_integer, facts.div, facts.mul) == (10, True, True, True)
    assert (facts.add, facts.sub, facts.brackets) == (False, False, False)
    assert facts.operands == (5, 3, 6)


def test_whole_steps_only_are_not_a_non_integer_step():
    facts = expression_facts("8 ÷ 4 + 1", powers=False)
    assert (facts.value, facts.non_integer) == (3, False)


def test_a_fractional_final_value_is_a_non_integer_step():
    assert expression_facts("7 ÷ 2", powers=False).non_integer is True


def test_squares_and_roots_are_flagged_and_operands_are_the_typed_numbers():
    facts = expression_facts("4² + √9", powers=True)
    assert (facts.square, facts.root, facts.value, facts.operands) == (True, True, 19, (4, 9))


def test_division_by_zero_has_no_value_and_junk_has_no_facts():
    assert expression_facts("3 ÷ (2 − 2)", powers=False).value is None
    assert expression_facts("3 + + 4", powers=False) is None
    assert expression_facts("4²", powers=False) is None


def applied(state, action, best_capture: str, think_ms: int) -> acts.Act | None:
    """The act of `action` applied to `state` (every re-roll a 1) with a capture on the board."""
    outcome = warriors.apply(state, action, source=warriors.ScriptedRolls([1] * 12))
    return warriors_act(
        state,
        action,
        list(outcome.events),
        capture_available=True,
        best_capture=best_capture,
        think_ms=think_ms,
    )


def test_a_mind_attack_maps_to_a_right_act_with_best_available():
    state = board({6: 3, 8: 6, 20: 1}, {20: 18, 4: 4})
    best = warriors.best_capture(state, 0)
    act = applied(
        state, warriors.Mind(0, "3 × 6", "B-D20"), f"mind {best.expression}={best.target}", 4200
    )
    assert act == acts.Act(
        seat=0,
        kind=acts.MIND,
        expression="3 × 6",
        operands=(3, 6),
        mul=True,
        value=Fraction(18),
        target=18,
        correct=True,
        best_value=Fraction(18),
        best_expression=best.expression,
        chose_best=True,
        option_available=True,
        think_ms=4200,
    )


def test_a_weaker_strength_capture_did_not_choose_the_best():
    state = board({6: 5, 8: 6}, {4: 4, 20: 11})
    best = warriors.best_capture(state, 0)
    assert (best.kind, best.target) == ("mind", "B-D20")
    act = applied(state, warriors.Strength(0, "A-D8", "B-D4"), f"mind {best.expression}=B-D20", 900)
    assert (act.kind, act.operands, act.target, act.correct) == (acts.STRENGTH, (6, 4), 4, None)
    assert (act.best_value, act.best_expression, act.chose_best) == (11, best.expression, False)


def test_best_of_reads_a_strength_capture_as_values():
    assert best_of("strength A-D8>B-D4", {"A-D8": 6, "B-D4": 4}) == (4, "6 ≥ 4")
    assert best_of("", {}) == (None, "")
    assert best_of("mind 2+2=B-D99", {}) == (None, "")


def test_a_skip_with_a_capture_on_the_board_is_a_missed_chance():
    state = board({6: 5}, {4: 4})
    act = warriors_act(
        state,
        warriors.Skip(0),
        [],
        capture_available=True,
        best_capture="strength A-D6>B-D4",
        think_ms=3000,
    )
    assert (act.kind, act.chose_best, act.option_available, act.best_value) == (
        acts.SKIP,
        False,
        True,
        4,
    )


def test_resign_and_the_clock_are_no_acts():
    state = board({6: 5}, {4: 4})
    for action in (warriors.Resign(0), warriors.ClockExpired()):
        assert (
            warriors_act(state, action, [], capture_available=None, best_capture="", think_ms=None)
            is None
        )


def test_a_refused_attack_that_still_made_the_target_counts_as_right_arithmetic():
    # Big Brain needs three dice: 3 + 4 = 7 is refused by the rule, but the sum is right.
    state = board({6: 3, 8: 4, 10: 9}, {8: 7}, variants=warriors.Variants(big_brain=True))
    act = refused(state, "3 + 4", "B-D8")
    assert (act.kind, act.value, act.target, act.correct, act.add) == (
        acts.MIND_REFUSED,
        7,
        7,
        True,
        True,
    )
    assert act.variant == "big_brain"


def test_a_refused_attack_with_the_wrong_value_is_wrong():
    state = board({6: 3, 8: 4}, {8: 8})
    act = refused(state, "3 + 4", "B-D8")
    assert (act.value, act.correct, act.chose_best) == (7, False, None)


def test_an_unreadable_refused_attack_is_kept_without_a_value():
    state = board({6: 3, 8: 4}, {8: 7})
    act = refused(state, "3 ++ 4\x00", "B-D8", 10**12)
    assert (act.value, act.correct, act.expression) == (None, False, "3 ++ 4")
    assert act.think_ms == acts.MAX_THINK_MS


def test_a_stored_move_row_maps_like_the_live_move():
    state = board({6: 3, 8: 6, 20: 1}, {20: 18, 4: 4})
    action = warriors.Mind(0, "3 × 6", "B-D20")
    events = list(warriors.apply(state, action, source=warriors.ScriptedRolls([2, 5])).events)
    live = warriors_act(
        state,
        action,
        events,
        capture_available=True,
        best_capture="mind 3 × 6=B-D20",
        think_ms=1200,
    )
    row = {
        "seat": 0,
        "kind": "mind",
        "action": warriors.action_to_json(action),
        "dice_before": [[[d.id, d.sides, d.value] for d in side] for side in state.dice],
        "expression": "3 × 6",
        "target": "B-D20",
        "success": True,
        "capture_available": True,
        "best_capture": "mind 3 × 6=B-D20",
        "think_ms": 1200,
    }
    assert stored_move_act(row, state.variants.to_json()) == live
    assert stored_move_act({**row, "kind": "forced_skip"}, {}) is None
    assert stored_move_act({**row, "seat": None}, {}) is None


def test_a_card_war_division_answer_maps_with_its_fraction_and_fact_family():
    events = cardwar_round(3, [["7S", "2S"], ["6S", "3S"]], [("7 ÷ 2", "3 1/2"), ("3 ÷ 6", "0.50")])
    first, second = cardwar_acts(events, level=3, think_ms={0: 2500})
    assert first == acts.Act(
        seat=0,
        kind=acts.CARDWAR_ANSWER,
        expression="7 ÷ 2",
        operands=(7, 2),
        div=True,
        non_integer=True,
        value=Fraction(7, 2),
        answer="3 1/2",
        correct=True,
        best_value=Fraction(7, 2),
        best_expression="7 ÷ 2",
        chose_best=True,
        option_available=True,
        think_ms=2500,
        level=3,
        fact_low=2,
        fact_high=7,
    )
    # 3 ÷ 6 is right but the smaller quotient: not the best choice; its time is unknown.
    assert (second.correct, second.chose_best, second.best_value, second.think_ms) == (
        True,
        False,
        2,
        None,
    )
    assert (second.fact_low, second.fact_high) == (3, 6)


def test_level_one_has_no_choice_and_a_wrong_sum_is_wrong():
    events = cardwar_round(1, [["5S", "9S"], ["3S", "4S"]], [("5 + 9", "13"), ("3 + 4", "7")])
    wrong, right = cardwar_acts(events, level=1)
    assert (wrong.correct, wrong.add, wrong.option_available, wrong.value) == (
        False,
        True,
        False,
        14,
    )
    assert (right.correct, right.answer) == (True, "7")


def test_level_five_stores_the_named_target_and_the_exact_hit():
    events = cardwar_round(
        5, [["7S", "2S"], ["6S", "3S"]], [("7 + 2", "9"), ("6 + 3", "9")], target=9
    )
    named, hit, _ = cardwar_acts(events, level=5, think_ms={0: 800})
    assert (named.kind, named.seat, named.target, named.level, named.think_ms) == (
        acts.CARDWAR_TARGET,
        0,
        9,
        5,
        800,
    )
    assert (hit.target, hit.value, hit.best_value, hit.fact_low) == (9, 9, 9, None)


def test_an_unanswered_round_is_no_act_and_the_computers_target_is_not_stored():
    fact = {"player": 1, "answered": False, "level": 2, "card_values": [3, 4]}
    assert answer_act(fact) is None
    computer = [{"type": "target_set", "player": 0, "value": 3, "by": "computer"}]
    assert cardwar_acts(computer, level=5) == []


def test_stored_text_is_clean_and_bounded():
    assert acts.clean_text("a\x00b" * 300, 200) == ("ab" * 100)
    assert acts.clean_text(None, 5) == ""
    assert acts.fraction_text(Fraction(10**50, 3)) is None
    assert acts.fraction_text(Fraction(-13, 3)) == "-13/3"
    assert acts.think_ms_clamped(-5) == 0
    assert acts.think_ms_clamped(True) is None
    assert acts.small_int(40000) is None
