"""Maths Warriors bots: what each level plays, and their thinking time."""

import random

import pytest

from games.rules.warriors import IllegalMove, Mind, Skip, Strength, Variants, apply
from games.rules.warriors.bot import LEVELS, choose_action, think_time_ms

from .factories import board


def moves(state, level, n=60):
    return [choose_action(state, 0, level, random.Random(i)) for i in range(n)]


def test_beginner_mostly_attacks_with_strength_and_sometimes_misses():
    state = board({4: 2, 6: 3, 20: 9}, {8: 5, 10: 8})
    chosen = moves(state, "beginner", 200)
    kinds = [type(a) for a in chosen]
    assert kinds.count(Strength) > kinds.count(Mind) > 0
    assert 0 < kinds.count(Skip) < 80


def test_beginner_makes_mind_attacks_only_as_two_dice_sums():
    state = board({4: 2, 6: 3, 8: 4}, {20: 7, 12: 12})  # 12 = 3 × 4 is not a sum
    chosen = {a for a in moves(state, "beginner", 100) if not isinstance(a, Skip)}
    assert chosen == {Mind(0, "3 + 4", "B-D20", ("A-D6", "A-D8"))}
    hard = board({4: 2, 6: 3, 8: 4}, {20: 20, 12: 11})  # (2 + 3) × 4 and 2 × 4 + 3
    assert set(moves(hard, "beginner", 30)) == {Skip(0)}


def test_intermediate_uses_three_dice_and_prefers_the_biggest_target():
    state = board({4: 2, 6: 3, 8: 4}, {20: 20, 6: 5, 4: 1})
    for action in moves(state, "intermediate", 20):
        assert isinstance(action, Mind) and action.target == "B-D20"
        apply(state, action)


def test_expert_finds_an_exact_mind_attack_needing_division():
    state = board({4: 3, 6: 5, 8: 6, 10: 1}, {20: 10, 4: 4}, variants=Variants(mind_only=True))
    action = choose_action(state, 0, "expert", random.Random(1))
    assert isinstance(action, Mind) and action.target == "B-D20"
    apply(state, action)


def test_expert_keeps_a_high_d20_out_of_a_strength_attack_when_another_attack_exists():
    state = board({4: 2, 6: 5, 20: 19}, {8: 7, 12: 11})
    for action in moves(state, "expert", 10):
        assert isinstance(action, Mind) and action.target == "B-D8"
        assert "19" not in action.expression


def test_expert_takes_the_winning_capture():
    state = board({4: 1, 20: 19}, {12: 12}, first=1, to_move=0)
    assert choose_action(state, 0, "expert", random.Random(0)) == Strength(0, "A-D20", "B-D12")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_skips_when_nothing_can_be_captured(level):
    state = board({4: 1, 6: 1}, {20: 20, 12: 12})
    assert choose_action(state, 0, level, random.Random(0)) == Skip(0)


def test_bots_move_only_on_their_own_turn_and_know_their_levels():
    state = board({4: 1}, {4: 1})
    with pytest.raises(IllegalMove):
        choose_action(state, 1, "expert", random.Random(0))
    with pytest.raises(ValueError):
        choose_action(state, 0, "grandmaster", random.Random(0))


@pytest.mark.parametrize("level", LEVELS)
def test_think_time_is_human_like(level):
    rng = random.Random(3)
    times = [think_time_ms(level, rng) for _ in range(50)]
    assert all(1500 <= t <= 6000 for t in times) and len(set(times)) > 10
