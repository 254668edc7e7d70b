"""Card war bots: best or near-best legal choices, deliberate slips, targets, think time."""

import random

import pytest

from games.rules import cardwar as cw
from games.rules.cardwar.bot import (
    BotProfile,
    bot_rng,
    choose_submission,
    choose_target,
    profile_for,
    think_time_ms,
)
from tests.games.rules.cardwar.factory import table


def facts_after(state, submit):
    outcome = cw.apply(state, submit)
    return outcome.events[0]["private"]


def test_a_perfect_bot_picks_a_best_choice_and_types_the_right_result():
    state = cw.apply(table("9 2 5 5", "8 3 6 6", level=5).state, cw.SetTarget(0, 4)).state
    for seed in range(20):
        facts = facts_after(state, choose_submission(state, 0, "perfect", random.Random(seed)))
        assert facts["best"] and facts["correct"]


def test_a_bot_that_always_slips_still_chooses_a_legal_expression():
    state = table("9 2 5 5", "8 3 6 6", level=3).state
    sloppy = BotProfile(error_rate=1.0, best_rate=1.0)
    for seed in range(20):
        facts = facts_after(state, choose_submission(state, 0, sloppy, random.Random(seed)))
        assert facts["best"] and not facts["correct"]


def test_a_bot_that_never_picks_best_picks_a_near_best_value():
    state = table("9 2 5 5", "8 3 6 6", level=4).state
    submit = choose_submission(state, 0, BotProfile(error_rate=0, best_rate=0), random.Random(1))
    assert submit.expression == "2 − 9"
    # With one possible value the best is the only choice.
    state = table("9 2 5 5", "8 3 6 6", level=1).state
    submit = choose_submission(state, 0, BotProfile(best_rate=0, error_rate=0), random.Random(1))
    assert submit.expression == "9 + 2"


def test_a_bot_names_a_target_only_when_it_is_the_setter():
    state = table("9 2 5 5", "8 3 6 6", level=6).state
    target = choose_target(state, 0, random.Random(3))
    assert target.player == 0 and -15 <= target.value <= 15
    with pytest.raises(cw.IllegalMove):
        choose_target(state, 1, random.Random(3))
    with pytest.raises(cw.IllegalMove):
        choose_submission(state, 0, "average", random.Random(3))


def test_think_time_is_within_the_profile_range_and_randomness_is_repeatable():
    profile = BotProfile(think_ms=(100, 200))
    assert all(100 <= think_time_ms(profile, random.Random(i)) <= 200 for i in range(20))
    state = cw.new_game(5, 2, cw.Options())
    assert bot_rng(state, 0).random() == bot_rng(state, 0).random() != bot_rng(state, 1).random()
    assert profile_for(4) == profile_for("perfect")
    for bad in ("grandmaster", 0, 5, True):
        with pytest.raises(ValueError, match="unknown bot skill"):
            profile_for(bad)
