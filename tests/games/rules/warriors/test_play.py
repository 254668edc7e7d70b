"""Maths Warriors turns: Strength attacks, the penalty, skips, winning, clock, resigning."""

import pytest

from games.rules.warriors import (
    ClockExpired,
    IllegalMove,
    MoveTimeout,
    Resign,
    ScriptedRolls,
    SeededRolls,
    Skip,
    Strength,
    Variants,
    apply,
    clock_outcome,
    legal_captures,
    new_game,
    replay,
)

from .factories import board

ROLLS = ScriptedRolls([1] * 40)


def play(state, action, rolls=ROLLS):
    return apply(state, action, source=rolls)


def test_strength_attack_captures_with_a_bigger_die_and_rerolls_the_attacker():
    state = board({12: 9, 6: 1}, {8: 7, 20: 20})
    outcome = play(state, Strength(0, "A-D12", "B-D8"), ScriptedRolls([4]))
    after = outcome.state
    assert [d.id for d in after.dice[1]] == ["B-D20"]
    assert after.captured == (("B-D8",), ())
    assert after.capture_events == (1, 0)
    assert {d.id: d.value for d in after.dice[0]} == {"A-D6": 1, "A-D12": 4}
    assert after.to_move == 1 and after.ply == 1 and after.rolls == 1
    assert outcome.events == (
        {
            "type": "capture",
            "by": 0,
            "die": "B-D8",
            "value": 7,
            "kind": "strength",
            "expression": "9 ≥ 7",
            "exact": "7",
            "attacker": "A-D12",
        },
        {"type": "reroll", "die": "A-D12", "old": 9, "new": 4},
    )


def test_strength_attack_with_an_equal_die_captures():
    state = board({12: 7, 6: 1}, {8: 7, 20: 20})
    assert play(state, Strength(0, "A-D12", "B-D8")).state.captured[0] == ("B-D8",)


def test_strength_attack_with_a_smaller_die_is_refused():
    state = board({4: 3}, {6: 5, 8: 1})
    with pytest.raises(IllegalMove, match="your 3 is smaller than their 5"):
        play(state, Strength(0, "A-D4", "B-D6"))


def test_strength_attack_needs_an_own_attacker_and_an_opponent_target():
    state = board({4: 3, 6: 6}, {4: 1, 6: 2})
    with pytest.raises(IllegalMove, match="not yours"):
        play(state, Strength(0, "B-D4", "B-D6"))
    with pytest.raises(IllegalMove, match="your own"):
        play(state, Strength(0, "A-D6", "A-D4"))
    with pytest.raises(IllegalMove, match="not on the board"):
        play(state, Strength(0, "A-D20", "B-D4"))
    with pytest.raises(IllegalMove, match="not on the board"):
        play(state, Strength(0, "A-D6", "B-D12"))


def test_only_the_player_to_move_may_attack_or_skip():
    state = board([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], to_move=1)
    with pytest.raises(IllegalMove, match="it's not your turn"):
        play(state, Strength(0, "A-D20", "B-D4"))
    with pytest.raises(IllegalMove, match="it's not your turn"):
        play(state, Skip(0))
    with pytest.raises(IllegalMove, match="it's not your turn"):
        play(state, MoveTimeout(0))


def test_first_player_strength_win_needs_strictly_greater():
    state = board({20: 5}, {8: 5}, first=0)
    with pytest.raises(IllegalMove, match="must be bigger: 5 is not bigger than 5"):
        play(state, Strength(0, "A-D20", "B-D8"))
    assert legal_captures(state) == []
    bigger = board({20: 6}, {8: 5}, first=0)
    assert play(bigger, Strength(0, "A-D20", "B-D8")).state.winner == 0


def test_first_player_penalty_applies_only_to_the_capture_that_would_win():
    state = board({20: 5}, {8: 5, 4: 4}, first=0)
    assert play(state, Strength(0, "A-D20", "B-D8")).state.captured[0] == ("B-D8",)


def test_second_player_may_win_with_an_equal_strength_attack():
    state = board({8: 5}, {20: 5}, first=0, to_move=1)
    after = play(state, Strength(1, "B-D20", "A-D8")).state
    assert (after.status, after.winner, after.reason) == ("finished", 1, "all_captured")


def test_capturing_all_six_opponent_dice_wins():
    state = board({20: 20}, {4: 1}, first=1, to_move=0, capture_events=(5, 0))
    outcome = play(state, Strength(0, "A-D20", "B-D4"))
    assert (outcome.state.status, outcome.state.winner, outcome.state.reason) == (
        "finished",
        0,
        "all_captured",
    )
    assert outcome.events[-1] == {
        "type": "game_over",
        "winner": 0,
        "reason": "all_captured",
        "game_number": 1,
        "match_over": True,
    }


def test_no_action_is_accepted_after_the_game_is_over():
    state = board({20: 20}, {4: 1}, first=1, to_move=0)
    over = play(state, Strength(0, "A-D20", "B-D4")).state
    for action in (Skip(1), Resign(0), ClockExpired(), Strength(0, "A-D20", "A-D20")):
        with pytest.raises(IllegalMove, match="the game is over"):
            play(over, action)


def test_clock_expiry_more_captures_wins():
    state = board([1] * 5, [1] * 4, first=0, capture_events=(2, 1))
    after = play(state, ClockExpired()).state
    assert (after.winner, after.reason) == (0, "clock")


def test_clock_expiry_with_equal_captures_the_player_who_went_second_wins():
    for first in (0, 1):
        state = board([1] * 5, [1] * 5, first=first, capture_events=(1, 1))
        assert clock_outcome(state) == 1 - first
        assert play(state, ClockExpired()).state.winner == 1 - first


def test_resigning_gives_the_other_player_the_win_on_either_turn():
    state = board([1] * 6, [1] * 6, first=0, to_move=0)
    after = play(state, Resign(1)).state
    assert (after.winner, after.reason, after.status) == (0, "resigned", "finished")
    assert play(state, Resign(0)).state.winner == 1


def test_a_voluntary_skip_passes_the_turn_even_when_a_capture_exists():
    state = board([1, 2, 3, 4, 5, 20], [1, 2, 3, 4, 5, 6], first=0)
    outcome = play(state, Skip(0))
    assert outcome.events == ({"type": "skip", "player": 0, "forced": False, "timeout": False},)
    assert (outcome.state.to_move, outcome.state.skips_in_row) == (1, 1)
    assert outcome.state.forced_skips_in_row == 0


def test_move_timeout_counts_as_a_voluntary_skip():
    state = board([1, 2, 3, 4, 5, 20], [1, 2, 3, 4, 5, 6], first=0)
    outcome = play(state, MoveTimeout(0))
    assert outcome.events == ({"type": "skip", "player": 0, "forced": False, "timeout": True},)
    assert outcome.state.skips_in_row == 1 and outcome.state.forced_skips_in_row == 0


def test_four_skips_in_a_row_of_any_kind_end_the_game_as_at_clock_expiry():
    state = board([1, 2, 3, 4, 5, 20], [1, 2, 3, 4, 5, 6], first=0, capture_events=(0, 1))
    for player in (0, 1, 0):
        state = play(state, Skip(player)).state
    assert state.status == "playing" and state.skips_in_row == 3
    outcome = play(state, MoveTimeout(1))
    assert (outcome.state.status, outcome.state.winner, outcome.state.reason) == (
        "finished",
        1,
        "skips",
    )


def test_a_player_with_no_legal_capture_is_skipped_automatically():
    # Mind Only and a single die: A cannot make any Mind attack.
    state = board({4: 3}, {4: 1, 6: 2}, first=0, to_move=1, variants=Variants(mind_only=True))
    outcome = play(state, Skip(1))
    assert outcome.events[-1] == {"type": "skip", "player": 0, "forced": True, "timeout": False}
    assert outcome.state.to_move == 1
    assert (outcome.state.skips_in_row, outcome.state.forced_skips_in_row) == (2, 1)


def test_two_forced_skips_in_a_row_end_the_game_as_at_clock_expiry():
    # Mind Only, one die each: nobody can ever capture.
    lone = board({4: 3}, {6: 2}, first=0, to_move=1, variants=Variants(mind_only=True))
    outcome = play(lone, Skip(1))
    forced = [e for e in outcome.events if e["type"] == "skip" and e["forced"]]
    assert [e["player"] for e in forced] == [0, 1]
    assert (outcome.state.winner, outcome.state.reason) == (1, "stalled")
    assert outcome.events[-1]["type"] == "game_over"


def test_a_capture_resets_the_skip_counts():
    state = board([1, 2, 3, 4, 5, 20], [1, 2, 3, 4, 5, 6], first=0, skips_in_row=3)
    after = play(state, Strength(0, "A-D20", "B-D20")).state
    assert after.skips_in_row == 0 and after.forced_skips_in_row == 0


def test_an_illegal_action_rolls_nothing_and_changes_nothing():
    state = board({4: 3}, {6: 5, 8: 1})
    with pytest.raises(IllegalMove):
        apply(state, Strength(0, "A-D4", "B-D6"), source=ScriptedRolls([]))
    assert state.rolls == 0


def test_ply_counts_applied_actions():
    state = board([1, 2, 3, 4, 5, 20], [1, 2, 3, 4, 5, 6], first=0)
    state = play(state, Skip(0)).state
    state = play(state, Skip(1)).state
    assert state.ply == 2


def test_replay_rebuilds_a_game_from_its_seed_and_actions():
    live = new_game(99)
    actions = []
    for _ in range(6):
        if live.finished:
            break
        captures = legal_captures(live)
        action = captures[0].action(live.to_move) if captures else Skip(live.to_move)
        actions.append(action)
        live = apply(live, action).state
    assert replay(99, None, actions) == live


def test_a_voluntary_skip_between_forced_skips_restarts_the_forced_count():
    # Mind Only: A (one die) can never capture; B (two dice) could but skips each time.
    state = board({4: 3}, {4: 1, 6: 2}, first=0, to_move=1, variants=Variants(mind_only=True))
    outcome = play(state, Skip(1))
    assert (outcome.state.skips_in_row, outcome.state.forced_skips_in_row) == (2, 1)
    outcome = play(outcome.state, Skip(1))  # skip 3 (B), skip 4 (A, forced): four skips
    # B could have captured: the game ended by the skip rule, not because nobody could.
    assert (outcome.state.reason, outcome.state.winner) == ("skips", 1)


def test_the_rolls_counter_lets_a_saved_state_continue_with_the_same_seed():
    state = new_game(5)
    captures = legal_captures(state)
    action = captures[0].action(state.to_move) if captures else Skip(state.to_move)
    assert apply(state, action).state == apply(state, action, source=SeededRolls(5)).state
