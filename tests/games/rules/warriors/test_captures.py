"""Maths Warriors capture queries: legal_captures, can_capture, forced skips, best_capture."""

from games.rules.warriors import (
    Capture,
    ScriptedRolls,
    Skip,
    Variants,
    apply,
    best_capture,
    can_capture,
    capture_available,
    legal_captures,
    start_game,
)

from .factories import board

ONES = ScriptedRolls([1] * 40)


def test_legal_captures_lists_every_strength_pair_and_one_mind_attack_per_capturable_die():
    state = board({4: 2, 6: 3, 8: 5}, {4: 4, 20: 15, 12: 13})
    captures = legal_captures(state)
    strength = {(c.attacker, c.target) for c in captures if c.kind == "strength"}
    assert strength == {("A-D8", "B-D4")}
    mind = {c.target: c.expression for c in captures if c.kind == "mind"}
    assert set(mind) == {"B-D4", "B-D20", "B-D12"}  # 4 = 2+... , 15 = 3×5, 13 = 2×5+3
    for capture in captures:
        assert apply(state, capture.action(0), source=ONES).state.captured[0] == (capture.target,)


def test_legal_captures_gives_each_die_with_the_same_value_its_own_mind_capture():
    state = board({4: 2, 6: 3}, {4: 1, 20: 6, 12: 6})
    targets = [c.target for c in legal_captures(state) if c.kind == "mind"]
    assert targets.count("B-D20") == 1 and targets.count("B-D12") == 1


def test_legal_captures_defaults_to_the_side_to_move_and_can_ask_for_the_other():
    state = board({4: 1}, {4: 2}, first=0)
    assert legal_captures(state) == []
    assert legal_captures(state, 1) == [Capture("strength", "A-D4", attacker="B-D4")]
    assert not can_capture(state) and can_capture(state, 1)
    assert capture_available(state, 1) and not capture_available(state, 0)


def test_legal_captures_respects_the_penalty_and_still_offers_an_exact_mind_attack():
    state = board({4: 2, 6: 3, 20: 5}, {20: 5}, first=0)
    assert legal_captures(state) == [Capture("mind", "B-D20", expression="2 + 3")]


def test_a_player_with_no_strength_or_mind_attack_is_skipped_automatically():
    state = board({4: 1, 6: 1}, {20: 20, 12: 12}, first=0, to_move=1)
    assert not can_capture(state, 0)
    outcome = apply(state, Skip(1), source=ONES)
    assert [(e["player"], e["forced"]) for e in outcome.events] == [(1, False), (0, True)]
    assert outcome.state.to_move == 1


def test_new_game_applies_the_forced_skip_when_the_first_player_cannot_capture():
    # Times and Divide: six 1s only ever make 1, and every die of B shows 2.
    outcome = start_game("s", Variants(times_divide=True), source=ScriptedRolls([1] * 6 + [2] * 6))
    state = outcome.state
    assert state.first == 0 and state.to_move == 1
    assert (state.skips_in_row, state.forced_skips_in_row) == (1, 1)
    assert outcome.events[-1] == {"type": "skip", "player": 0, "forced": True, "timeout": False}


def test_recruit_legal_captures_never_need_more_than_six_dice():
    seven_ones = {4: 1, 6: 1, 8: 1, 10: 1, 12: 1, 20: 1, "B-D4": 1}
    # Six 1s make at most (1+1+1) × (1+1+1) = 9; 10 would need a seventh die.
    state = board(seven_ones, {20: 10, 8: 6}, variants=Variants(recruit=True))
    captures = legal_captures(state)
    assert [c.target for c in captures] == ["B-D8"]
    assert apply(state, captures[0].action(0), source=ONES).state.captured[0] == ("B-D8",)


def test_mind_only_legal_captures_has_no_strength():
    state = board({4: 2, 6: 3, 20: 20}, {4: 4, 8: 5}, variants=Variants(mind_only=True))
    assert {c.kind for c in legal_captures(state)} == {"mind"}


def test_big_brain_legal_captures_use_three_dice():
    state = board({4: 2, 6: 3, 8: 1}, {10: 5, 12: 7}, variants=Variants(big_brain=True))
    mind = [c for c in legal_captures(state) if c.kind == "mind"]
    assert {c.target for c in mind} == {"B-D10", "B-D12"}
    assert all(len([ch for ch in c.expression if ch.isdigit()]) == 3 for c in mind)


def test_power_up_legal_captures_can_use_squares():
    state = board({4: 4, 6: 1}, {20: 17, 12: 12}, variants=Variants(power_up=True))
    assert [c.target for c in legal_captures(state) if c.kind == "mind"] == ["B-D20"]


def test_best_capture_takes_the_biggest_value_and_prefers_mind_on_a_tie():
    state = board({4: 3, 6: 6, 20: 18}, {4: 2, 20: 18})
    best = best_capture(state, 0)
    assert best is not None and best.target == "B-D20" and best.kind == "mind"
    assert best_capture(board({4: 1}, {4: 2}), 0) is None


def test_no_captures_once_the_game_is_over():
    state = board({4: 4}, {4: 2}, status="finished", winner=0, reason="resigned")
    assert legal_captures(state) == [] and not can_capture(state)


def test_times_and_divide_a_target_with_a_prime_no_die_has_is_out_of_reach():
    v = Variants(times_divide=True, recruit=True, mind_only=True, power_up=True)
    army = {4: 4, 6: 2, 8: 3, 10: 9, 12: 6, 20: 8, "B-D4": 4, "B-D6": 2}
    state = board(army, {20: 13, 12: 11, 8: 7}, variants=v)
    assert legal_captures(state) == [] and not can_capture(state)
    reachable = board(army, {20: 18, 12: 11}, variants=v)
    assert [c.target for c in legal_captures(reachable)] == ["B-D20"]
