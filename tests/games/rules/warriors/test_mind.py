"""Maths Warriors Mind attacks: exact arithmetic over own dice, and the live preview."""

from fractions import Fraction

import pytest

from games.rules.expressions import ExpressionError
from games.rules.warriors import (
    IllegalMove,
    Mind,
    ScriptedRolls,
    Variants,
    apply,
    mind_preview,
)

from .factories import board

ROLLS = ScriptedRolls([1] * 20)


def play(state, action, rolls=ROLLS):
    return apply(state, action, source=rolls)


def test_mind_attack_captures_an_exact_value_and_rerolls_every_die_used():
    state = board({6: 3, 8: 6, 20: 1}, {20: 18, 4: 4})
    outcome = play(state, Mind(0, "3 × 6", "B-D20"), ScriptedRolls([2, 5]))
    after = outcome.state
    assert after.captured[0] == ("B-D20",)
    assert {d.id: d.value for d in after.dice[0]} == {"A-D6": 2, "A-D8": 5, "A-D20": 1}
    assert outcome.events == (
        {
            "type": "capture",
            "by": 0,
            "die": "B-D20",
            "value": 18,
            "kind": "mind",
            "expression": "3 × 6",
            "exact": "18",
            "dice": ["A-D6", "A-D8"],
            "entered": "3 × 6",
        },
        {"type": "reroll", "die": "A-D6", "old": 3, "new": 2},
        {"type": "reroll", "die": "A-D8", "old": 6, "new": 5},
    )


def test_mind_attack_follows_the_usual_order_of_operations():
    state = board({4: 2, 6: 5, 8: 3}, {8: 7, 20: 20})
    assert play(state, Mind(0, "2 × 5 − 3", "B-D8")).state.captured[0] == ("B-D8",)
    with pytest.raises(IllegalMove, match="2 × 5 − 3 makes 7, not 20"):
        play(state, Mind(0, "2*5-3", "B-D20"))


def test_mind_attack_with_brackets():
    state = board({4: 2, 6: 5, 8: 3}, {8: 4, 20: 16})
    assert play(state, Mind(0, "2 × (5 + 3)", "B-D20")).state.captured[0] == ("B-D20",)


def test_mind_attack_with_a_fraction_in_the_middle_is_legal():
    state = board({4: 3, 6: 5, 8: 6}, {10: 10, 20: 20})
    assert play(state, Mind(0, "5 ÷ 3 × 6", "B-D10")).state.captured[0] == ("B-D10",)


def test_mind_attack_with_a_negative_in_the_middle_is_legal():
    state = board({4: 2, 6: 5, 8: 8}, {6: 5, 20: 20})
    assert play(state, Mind(0, "2 − 5 + 8", "B-D6")).state.captured[0] == ("B-D6",)


def test_mind_attack_with_the_wrong_value_says_what_it_makes():
    state = board({4: 2, 6: 3}, {6: 6, 20: 20})
    with pytest.raises(IllegalMove, match="2 \\+ 3 makes 5, not 6"):
        play(state, Mind(0, "2+3", "B-D6"))


def test_mind_attack_that_makes_a_fraction_says_so():
    state = board({4: 2, 6: 3}, {6: 6, 20: 20})
    with pytest.raises(IllegalMove, match="makes 2/3, not 6"):
        play(state, Mind(0, "2 ÷ 3", "B-D6"))


def test_mind_attack_dividing_by_zero_is_invalid():
    state = board({4: 2, 6: 2, 8: 3}, {6: 6, 20: 20})
    with pytest.raises(ExpressionError, match="divide by zero"):
        play(state, Mind(0, "3 ÷ (2 − 2)", "B-D6"))


def test_mind_attack_uses_each_die_at_most_once():
    state = board({4: 2, 6: 3}, {6: 4, 20: 20})
    with pytest.raises(ExpressionError, match="only once") as info:
        play(state, Mind(0, "2 + 2", "B-D6"))
    assert info.value.position == 4


def test_mind_attack_numbers_are_die_values_so_digits_cannot_be_joined():
    state = board({4: 3, 6: 4}, {6: 4, 20: 20})
    with pytest.raises(ExpressionError, match="no die showing 34"):
        play(state, Mind(0, "34 − 30", "B-D6"))


def test_mind_attack_has_no_unary_minus():
    state = board({4: 3, 6: 4}, {6: 1, 20: 20})
    with pytest.raises(ExpressionError):
        play(state, Mind(0, "-3 + 4", "B-D6"))


def test_mind_attack_needs_at_least_two_dice():
    state = board({4: 3, 6: 4}, {6: 3, 20: 20})
    with pytest.raises(IllegalMove, match="at least 2"):
        play(state, Mind(0, "3", "B-D6"))


def test_mind_attack_needs_dice_showing_its_numbers():
    state = board({4: 3, 6: 4}, {6: 3, 20: 20})
    with pytest.raises(ExpressionError, match="no die showing 5"):
        play(state, Mind(0, "5 - 2", "B-D6"))


def test_mind_attack_must_target_an_opponent_die():
    state = board({4: 3, 6: 4, 8: 7}, {6: 3, 20: 20})
    with pytest.raises(IllegalMove, match="your own D8"):
        play(state, Mind(0, "3 + 4", "A-D8"))
    with pytest.raises(IllegalMove, match="not on the board"):
        play(state, Mind(0, "3 + 4", "B-D8"))


def test_mind_attack_picks_the_largest_die_type_showing_a_number_by_default():
    state = board({4: 3, 12: 3, 6: 2}, {6: 5, 20: 20})
    outcome = play(state, Mind(0, "3 + 2", "B-D6"))
    assert outcome.events[0]["dice"] == ["A-D12", "A-D6"]


def test_mind_attack_may_name_its_dice():
    state = board({4: 3, 12: 3, 6: 2}, {6: 5, 20: 20})
    outcome = play(state, Mind(0, "3 + 2", "B-D6", ("A-D4", "A-D6")))
    assert outcome.events[0]["dice"] == ["A-D4", "A-D6"]
    assert {d.id for d in outcome.state.dice[0]} == {"A-D4", "A-D6", "A-D12"}


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        (("A-D4",), "2 numbers, 1 dice"),
        (("A-D4", "A-D4"), "only once"),
        (("A-D4", "A-D12"), "your D12 shows 3, not 2"),
        (("A-D4", "B-D4"), "not yours"),
        (("A-D4", "A-D20"), "not on the board"),
    ],
)
def test_mind_attack_with_named_dice_checks_each_one(dice, message):
    state = board({4: 3, 12: 3, 6: 2}, {4: 2, 6: 5, 20: 20})
    with pytest.raises(IllegalMove, match=message):
        play(state, Mind(0, "3 + 2", "B-D6", dice))


def test_first_player_can_finish_with_a_mind_attack_of_equal_value():
    state = board({4: 2, 6: 3}, {20: 5}, first=0)
    after = play(state, Mind(0, "2 + 3", "B-D20")).state
    assert (after.winner, after.reason) == (0, "all_captured")


def test_mind_preview_shows_the_value_and_the_dice_it_would_capture():
    state = board({4: 3, 6: 6, 8: 2}, {4: 4, 10: 9, 20: 9})
    preview = mind_preview(state, 0, "3 + 6")
    assert preview.value == 9 and preview.error is None
    assert preview.targets == ("B-D10", "B-D20")
    assert preview.dice == ("A-D4", "A-D6")
    assert preview.text == "3 + 6"
    assert state.captured == ((), ())


def test_mind_preview_of_an_unfinished_expression_shows_the_value_so_far():
    state = board({4: 3, 6: 6, 8: 2}, {4: 4, 20: 9})
    preview = mind_preview(state, 0, "3 × 6 +")
    assert preview.value == 18 and isinstance(preview.error, ExpressionError)
    assert preview.targets == ()
    assert mind_preview(state, 0, "(3 + 6").value == 9
    assert mind_preview(state, 0, "").value is None


def test_mind_preview_reports_rule_errors_too():
    state = board({4: 3, 6: 6, 8: 2}, {4: 4, 20: 9})
    preview = mind_preview(state, 0, "3")
    assert isinstance(preview.error, IllegalMove) and preview.value == Fraction(3)
    assert mind_preview(state, 0, "3 ÷ 2").value == Fraction(3, 2)
    assert mind_preview(state, 0, "3 ÷ 2").targets == ()


def test_mind_attack_text_is_normalised_in_the_event_but_kept_as_entered():
    state = board({4: 2, 6: 5, 8: 3}, {8: 7, 20: 20})
    event = play(state, Mind(0, "((2*5))-3", "B-D8")).events[0]
    assert (event["expression"], event["entered"]) == ("2 × 5 − 3", "((2*5))-3")


def test_mind_attack_with_variant_operators_only():
    state = board({4: 2, 6: 5, 8: 3}, {8: 7, 20: 20}, variants=Variants(plus_minus=True))
    with pytest.raises(IllegalMove, match="only use \\+ −") as info:
        play(state, Mind(0, "2 × 5 − 3", "B-D8"))
    assert info.value.position == 2
