"""Maths Warriors properties over random games: replay, JSON, invariants, legal captures, bots."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.warriors import (
    ClockExpired,
    MoveTimeout,
    Resign,
    Skip,
    Variants,
    action_from_json,
    action_to_json,
    apply,
    legal_captures,
    new_game,
    replay,
    state_from_json,
    state_to_json,
)
from games.rules.warriors.bot import LEVELS, choose_action

MAX_STEPS = 30
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def variants(draw) -> Variants:
    ops = draw(st.sampled_from(["all", "plus_minus", "times_divide"]))
    flags = {
        name: draw(st.booleans())
        for name in (
            "three_captures",
            "recruit",
            "best_of_three",
            "mind_only",
            "power_up",
            "big_brain",
        )
    }
    return Variants(plus_minus=ops == "plus_minus", times_divide=ops == "times_divide", **flags)


def check_invariants(state):
    ids = [d.id for seat in state.dice for d in seat]
    assert len(ids) == len(set(ids))
    assert all(1 <= d.value <= d.sides for seat in state.dice for d in seat)
    assert state.capture_events == (len(state.captured[0]), len(state.captured[1]))
    if state.variants.recruit:
        assert len(ids) == 12
    else:
        for seat in (0, 1):
            assert len(state.dice[seat]) + len(state.captured[1 - seat]) == 6
    if state.finished:
        assert state.winner in (0, 1) and state.reason
    else:
        assert state.winner is None and state.dice[0] and state.dice[1]
    assert state_from_json(state_to_json(state)) == state


def random_action(state, choice: int, rng: random.Random):
    p = state.to_move
    if choice % 53 == 52:
        return rng.choice([Resign(rng.randint(0, 1)), ClockExpired()])
    if choice % 17 == 16:
        return MoveTimeout(p)
    options = [*legal_captures(state), None]
    picked = options[choice % len(options)]
    return Skip(p) if picked is None else picked.action(p)


@PROPERTY
@given(
    seed=st.integers(0, 10**9),
    v=variants(),
    choices=st.lists(st.integers(0, 10**6), max_size=MAX_STEPS),
)
def test_a_random_game_replays_to_the_live_state_and_round_trips_through_json(seed, v, choices):
    rng = random.Random(seed)
    live = new_game(seed, v)
    check_invariants(live)
    actions = []
    for choice in choices:
        if live.finished:
            break
        action = random_action(live, choice, rng)
        assert action_from_json(action_to_json(action)) == action
        actions.append(action)
        outcome = apply(live, action)
        assert json.loads(json.dumps(outcome.events)) == list(outcome.events)
        live = outcome.state
        check_invariants(live)
        assert live.ply == len(actions)
    assert replay(seed, v, actions) == live


@PROPERTY
@given(seed=st.integers(0, 10**9), v=variants(), steps=st.integers(0, 12))
def test_every_capture_from_legal_captures_applies(seed, v, steps):
    rng = random.Random(seed)
    state = new_game(seed, v)
    for _ in range(steps):
        if state.finished:
            return
        state = apply(state, random_action(state, rng.randrange(10**6), rng)).state
    for capture in legal_captures(state):
        after = apply(state, capture.action(state.to_move)).state
        assert (
            capture.target in after.captured[state.to_move] or after.game_number > state.game_number
        )


@PROPERTY
@given(seed=st.integers(0, 10**9), v=variants(), levels=st.tuples(*[st.sampled_from(LEVELS)] * 2))
def test_bots_never_submit_an_illegal_action(seed, v, levels):
    rng = random.Random(seed)
    state = new_game(seed, v)
    for _ in range(MAX_STEPS):
        if state.finished:
            break
        action = choose_action(state, state.to_move, levels[state.to_move], rng)
        state = apply(state, action).state  # raises if the bot chose an illegal action
