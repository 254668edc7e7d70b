"""Maths Warriors variants, each on its own and composed."""

import pytest

from games.rules.expressions import ExpressionError
from games.rules.warriors import (
    ClockExpired,
    IllegalMove,
    Mind,
    Resign,
    ScriptedRolls,
    Skip,
    Strength,
    Variants,
    apply,
    clock_outcome,
    legal_captures,
)

from .factories import board

A_FIRST = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 7]
B_FIRST = [1, 2, 3, 4, 5, 7, 1, 2, 3, 4, 5, 6]
ONES = ScriptedRolls([1] * 40)


def play(state, action, rolls=ONES):
    return apply(state, action, source=rolls)


# --- Three Captures ---------------------------------------------------------------------------

THREE = Variants(three_captures=True)


def test_three_captures_the_third_capture_wins():
    state = board(
        [1, 2, 3, 4, 5, 20],
        [1, 2, 3, 4],
        first=1,
        to_move=0,
        variants=THREE,
        capture_events=(2, 0),
        captured=(("B-D12", "B-D20"), ()),
    )
    after = play(state, Strength(0, "A-D20", "B-D10")).state
    assert (after.status, after.winner, after.reason) == ("finished", 0, "three_captures")


def test_three_captures_the_penalty_applies_to_the_third_capture():
    state = board([1, 2, 3, 4, 3, 4], [4, 2, 3, 4], first=0, variants=THREE, capture_events=(2, 0))
    with pytest.raises(IllegalMove, match="must be bigger"):
        play(state, Strength(0, "A-D20", "B-D4"))
    assert all(c.target != "B-D4" or c.kind == "mind" for c in legal_captures(state))


def test_three_captures_no_penalty_before_the_third_capture():
    state = board([1, 2, 3, 4, 5, 4], [4, 2, 3, 4], first=0, variants=THREE, capture_events=(1, 0))
    assert play(state, Strength(0, "A-D20", "B-D4")).state.capture_events == (2, 0)


# --- Recruit ----------------------------------------------------------------------------------

RECRUIT = Variants(recruit=True)


def test_recruit_a_captured_die_joins_the_captor_rerolled_and_keeps_its_id():
    state = board({12: 9, 4: 1}, {8: 7, 20: 20}, variants=RECRUIT)
    outcome = play(state, Strength(0, "A-D12", "B-D8"), ScriptedRolls([4, 6]))
    after = outcome.state
    assert {d.id: d.value for d in after.dice[0]} == {"A-D4": 1, "B-D8": 6, "A-D12": 4}
    assert [d.id for d in after.dice[1]] == ["B-D20"]
    assert after.captured == (("B-D8",), ())
    assert outcome.events[1:] == (
        {"type": "reroll", "die": "A-D12", "old": 9, "new": 4},
        {"type": "recruit", "die": "B-D8", "from": 1, "to": 0, "old": 7, "new": 6},
    )


def test_recruit_a_recruited_die_can_attack_and_be_captured_back():
    state = board({"B-D8": 8, 4: 1}, {8: 7, 6: 6}, variants=RECRUIT)
    after = play(state, Strength(0, "B-D8", "B-D6")).state
    assert {d.id for d in after.dice[0]} == {"A-D4", "B-D8", "B-D6"}
    back = play(
        board({4: 1, "B-D8": 1}, {20: 20, 4: 1}, variants=RECRUIT, first=1),
        Strength(1, "B-D20", "B-D8"),
    ).state
    assert "B-D8" in {d.id for d in back.dice[1]} and back.captured[1] == ("B-D8",)


def test_recruit_you_win_when_the_opponent_holds_no_dice():
    state = board({4: 1, 20: 9}, {8: 7}, variants=RECRUIT, first=1, to_move=0)
    after = play(state, Strength(0, "A-D20", "B-D8")).state
    assert (after.winner, after.reason) == (0, "all_captured")
    assert len(after.dice[0]) == 3


def test_recruit_the_penalty_applies_to_the_capture_of_the_opponents_last_die():
    state = board({4: 1, 20: 7}, {8: 7}, variants=RECRUIT, first=0)
    with pytest.raises(IllegalMove, match="must be bigger"):
        play(state, Strength(0, "A-D20", "B-D8"))


def test_recruit_at_clock_expiry_more_dice_held_wins_and_equal_goes_to_the_second_player():
    more = board([1] * 6, [1] * 4, variants=RECRUIT, first=1, capture_events=(0, 3))
    assert clock_outcome(more) == 0
    assert play(more, ClockExpired()).state.winner == 0
    equal = board([1] * 5, [1] * 5, variants=RECRUIT, first=1)
    assert clock_outcome(equal) == 0


def test_recruit_a_mind_attack_uses_at_most_six_dice():
    seven = {4: 1, 6: 1, 8: 1, 10: 1, 12: 1, 20: 1, "B-D4": 1}
    state = board(seven, {20: 7, 8: 4}, variants=RECRUIT)
    with pytest.raises(IllegalMove, match="at most 6"):
        play(state, Mind(0, "1+1+1+1+1+1+1", "B-D20"))
    assert play(state, Mind(0, "1+1+1+1", "B-D8")).state.captured[0] == ("B-D8",)


# --- Best of Three ----------------------------------------------------------------------------

BO3 = Variants(best_of_three=True)


def test_best_of_three_a_won_game_starts_the_next_with_its_own_opening_roll():
    state = board({20: 9}, {8: 7}, variants=BO3, first=1, to_move=0, ply=7, rolls=20)
    outcome = play(state, Strength(0, "A-D20", "B-D8"), ScriptedRolls([5, *B_FIRST], start=20))
    after = outcome.state
    assert [e["type"] for e in outcome.events] == ["capture", "reroll", "game_over", "new_game"]
    assert outcome.events[2] == {
        "type": "game_over",
        "winner": 0,
        "reason": "all_captured",
        "game_number": 1,
        "match_over": False,
    }
    assert outcome.events[3] == {
        "type": "new_game",
        "game_number": 2,
        "first": 1,
        "opening": [[B_FIRST[:6], B_FIRST[6:]]],
    }
    assert after.status == "playing" and after.winner is None
    assert (after.game_number, after.games_won, after.results) == (
        2,
        (1, 0),
        ((0, "all_captured"),),
    )
    assert [d.value for d in after.dice[0]] == B_FIRST[:6]
    assert [d.id for d in after.dice[1]] == ["B-D4", "B-D6", "B-D8", "B-D10", "B-D12", "B-D20"]
    assert after.captured == ((), ()) and after.capture_events == (0, 0)
    assert after.first == after.to_move == 1
    assert (after.ply, after.rolls) == (8, 33)


def test_best_of_three_the_first_to_win_two_games_wins_the_match():
    state = board(
        {20: 9}, {8: 7}, variants=BO3, first=1, to_move=0, games_won=(1, 0), game_number=2
    )
    outcome = play(state, Strength(0, "A-D20", "B-D8"))
    assert (outcome.state.status, outcome.state.winner, outcome.state.games_won) == (
        "finished",
        0,
        (2, 0),
    )
    assert outcome.events[-1]["match_over"] is True


def test_best_of_three_resigning_forfeits_the_match():
    state = board([1] * 6, [1] * 6, variants=BO3, games_won=(1, 0), game_number=2)
    after = play(state, Resign(0)).state
    assert (after.status, after.winner, after.reason) == ("finished", 1, "resigned")


def test_best_of_three_the_clock_ends_only_the_current_game():
    state = board([1] * 6, [1] * 5, variants=BO3, capture_events=(1, 0))
    outcome = play(state, ClockExpired(), ScriptedRolls(A_FIRST))
    assert outcome.state.game_number == 2 and outcome.state.games_won == (1, 0)
    assert outcome.events[0]["reason"] == "clock"


def test_best_of_three_each_game_has_its_own_penalty():
    state = board({20: 9}, {8: 7}, variants=BO3, first=1, to_move=0)
    after = play(state, Strength(0, "A-D20", "B-D8"), ScriptedRolls([5, *A_FIRST])).state
    assert after.first == 0  # game 2's opening roll decides, whoever went first before


# --- Mind Only, Plus and Minus, Times and Divide ----------------------------------------------


def test_mind_only_strength_attacks_are_not_allowed():
    state = board({20: 20, 4: 1, 6: 2}, {8: 3}, variants=Variants(mind_only=True))
    with pytest.raises(IllegalMove, match="Mind Only"):
        play(state, Strength(0, "A-D20", "B-D8"))
    assert play(state, Mind(0, "1 + 2", "B-D8")).state.captured[0] == ("B-D8",)


def test_plus_and_minus_allows_only_plus_and_minus():
    state = board({4: 2, 6: 3, 8: 4}, {8: 6, 20: 1}, variants=Variants(plus_minus=True))
    with pytest.raises(IllegalMove, match="only use \\+ −"):
        play(state, Mind(0, "2 × 3", "B-D8"))
    assert play(state, Mind(0, "2 + 4", "B-D8")).state.captured[0] == ("B-D8",)


def test_times_and_divide_allows_only_times_and_divide():
    state = board({4: 2, 6: 3, 8: 4}, {8: 6, 20: 1}, variants=Variants(times_divide=True))
    with pytest.raises(IllegalMove, match="only use × ÷") as info:
        play(state, Mind(0, "2 + 4", "B-D8"))
    assert info.value.position == 2
    assert play(state, Mind(0, "2 × 3", "B-D8")).state.captured[0] == ("B-D8",)


# --- Power Up, Big Brain ----------------------------------------------------------------------

POWER = Variants(power_up=True)


def test_power_up_a_mind_attack_may_square_a_die():
    state = board({4: 3, 6: 1}, {10: 10, 20: 1}, variants=POWER)
    assert play(state, Mind(0, "3² + 1", "B-D10")).state.captured[0] == ("B-D10",)


def test_power_up_a_mind_attack_may_take_the_square_root_of_a_square_die():
    state = board({10: 9, 6: 1}, {4: 4, 20: 1}, variants=POWER)
    assert play(state, Mind(0, "√9 + 1", "B-D4")).state.captured[0] == ("B-D4",)


def test_power_up_no_square_root_of_a_die_that_is_not_a_square():
    state = board({10: 8, 6: 1}, {4: 4, 20: 1}, variants=POWER)
    with pytest.raises(ExpressionError):
        play(state, Mind(0, "√8 + 1", "B-D4"))


def test_power_up_never_on_a_bracket_and_at_most_one_per_die():
    state = board({4: 4, 6: 1}, {20: 17, 4: 1}, variants=POWER)
    with pytest.raises(ExpressionError, match="bracket"):
        play(state, Mind(0, "(4 + 1)²", "B-D20"))
    with pytest.raises(ExpressionError, match="only one"):
        play(state, Mind(0, "√4² + 1", "B-D20"))


def test_power_up_still_needs_two_dice():
    state = board({4: 3, 6: 1}, {10: 9, 20: 1}, variants=POWER)
    with pytest.raises(IllegalMove, match="at least 2"):
        play(state, Mind(0, "3²", "B-D10"))


def test_without_power_up_squares_are_not_allowed():
    state = board({4: 3, 6: 1}, {10: 10, 20: 1})
    with pytest.raises(ExpressionError, match="not allowed"):
        play(state, Mind(0, "3² + 1", "B-D10"))


def test_big_brain_a_mind_attack_needs_three_dice():
    state = board({4: 2, 6: 3, 8: 1}, {8: 5, 10: 6}, variants=Variants(big_brain=True))
    with pytest.raises(IllegalMove, match="at least 3"):
        play(state, Mind(0, "2 + 3", "B-D8"))
    assert play(state, Mind(0, "2 + 3 + 1", "B-D10")).state.captured[0] == ("B-D10",)


# --- Compositions -----------------------------------------------------------------------------


def test_mind_only_big_brain_times_and_divide_compose():
    v = Variants(mind_only=True, big_brain=True, times_divide=True)
    state = board({4: 2, 6: 3, 8: 1, 20: 20}, {8: 6, 20: 1}, variants=v)
    with pytest.raises(IllegalMove, match="Mind Only"):
        play(state, Strength(0, "A-D20", "B-D8"))
    with pytest.raises(IllegalMove, match="at least 3"):
        play(state, Mind(0, "2 × 3", "B-D8"))
    with pytest.raises(IllegalMove, match="only use × ÷"):
        play(state, Mind(0, "2 + 3 + 1", "B-D8"))
    assert play(state, Mind(0, "2 × 3 ÷ 1", "B-D8")).state.captured[0] == ("B-D8",)


def test_recruit_with_three_captures_the_third_capture_wins_while_dice_remain():
    v = Variants(recruit=True, three_captures=True)
    state = board(
        [1, 2, 3, 4, 5, 20], [1, 2, 3], variants=v, first=1, to_move=0, capture_events=(2, 0)
    )
    after = play(state, Strength(0, "A-D20", "B-D8")).state
    assert (after.winner, after.reason) == (0, "three_captures")


def test_best_of_three_with_recruit_starts_each_game_with_six_dice_each_again():
    v = Variants(recruit=True, best_of_three=True)
    state = board({20: 9, "B-D4": 2}, {8: 7}, variants=v, first=1, to_move=0)
    after = play(state, Strength(0, "A-D20", "B-D8"), ScriptedRolls([5, 5, *A_FIRST])).state
    assert [d.id for d in after.dice[0]] == ["A-D4", "A-D6", "A-D8", "A-D10", "A-D12", "A-D20"]
    assert len(after.dice[1]) == 6


def test_power_up_with_plus_and_minus():
    v = Variants(power_up=True, plus_minus=True)
    state = board({4: 4, 6: 2}, {20: 18, 4: 1}, variants=v)
    assert play(state, Mind(0, "4² + 2", "B-D20")).state.captured[0] == ("B-D20",)


def test_best_of_three_a_stalled_game_counts_as_a_game_judged_as_at_clock_expiry():
    v = Variants(best_of_three=True, mind_only=True)
    state = board({4: 3}, {6: 2}, variants=v, first=0, to_move=1)
    outcome = play(state, Skip(1), ScriptedRolls(A_FIRST))
    assert outcome.state.results == ((1, "stalled"),)
    assert outcome.state.games_won == (0, 1) and outcome.state.game_number == 2
