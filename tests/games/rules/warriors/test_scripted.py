"""A whole scripted game (as the guided game plays one), and no global randomness."""

import random

import pytest

from games.rules.warriors import (
    IllegalMove,
    Mind,
    ScriptedRolls,
    Skip,
    Strength,
    apply,
    new_game,
    replay,
)

OPENING = [2, 3, 7, 5, 9, 12, 4, 5, 7, 6, 10, 18]  # A sorted 2,3,… < B sorted 4,…: A first
REROLLS = [6, 5, 6, 3, 3, 4, 11, 1, 2, 5, 5, 1, 1, 1]
LESSONS = [
    Strength(0, "A-D12", "B-D8"),  # 9 ≥ 7, the D12 re-rolls
    Skip(1),
    Mind(0, "3 × 6", "B-D20"),  # 18
    Strength(1, "B-D12", "A-D8"),
    Mind(0, "2 ÷ 6 × 12", "B-D4"),  # a fraction in the middle: 1/3 × 12 = 4
    Skip(1),
    Strength(0, "A-D4", "B-D12"),  # 3 ≥ 3 is fine: not the winning capture
    Strength(1, "B-D10", "A-D12"),
    Strength(0, "A-D20", "B-D6"),
    Strength(1, "B-D10", "A-D4"),
]
FINISH = Mind(0, "5 + 5 − 5", "B-D10")


def test_a_scripted_game_walks_through_every_lesson_of_the_guided_game():
    rolls = ScriptedRolls(OPENING + REROLLS)
    state = new_game("guided", source=rolls)
    assert state.first == state.to_move == 0
    for action in LESSONS:
        state = apply(state, action, source=rolls).state
    assert [d.value for d in state.dice[0]] == [5, 5, 5]
    assert [(d.id, d.value) for d in state.dice[1]] == [("B-D10", 5)]
    with pytest.raises(IllegalMove, match="you went first"):
        apply(state, Strength(0, "A-D20", "B-D10"), source=rolls)
    final = apply(state, FINISH, source=rolls).state
    assert (final.winner, final.reason, final.capture_events) == (0, "all_captured", (6, 3))
    assert replay("guided", None, [*LESSONS, FINISH], source=rolls) == final


def test_the_rules_never_use_the_global_random_generator(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("global random used")

    for name in ("random", "randint", "randrange", "choice", "shuffle", "seed"):
        monkeypatch.setattr(random, name, refuse)
    state = new_game(3)
    for _ in range(10):
        state = apply(state, Skip(state.to_move)).state if not state.finished else state
