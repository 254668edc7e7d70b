"""Card war properties over whole games: cards conserved, replay and JSON exact, bots legal."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import cardwar as cw
from games.rules.cardwar.bot import bot_rng, choose_submission, choose_target

MAX_ROUNDS = 3000

options = st.builds(
    cw.Options,
    level=st.integers(1, 7),
    ace_high=st.booleans(),
    pictures_ten=st.booleans(),
    war_size=st.integers(0, 6),
    practice=st.booleans(),
    computer_targets=st.booleans(),
)
# The action stream comes from a seeded Random: hypothesis' own randoms lean towards 0.0, which
# would make every game stop at once with the clock.
games = st.tuples(
    st.text(max_size=8), st.integers(2, 4), options, st.integers(0, 2**32).map(random.Random)
)


def in_play_cards(state: cw.State) -> int:
    return sum(h.count for h in state.hands) + sum(map(len, state.pot + state.face_up))


def next_action(state: cw.State, rng: random.Random) -> cw.Action:
    """A mostly sensible action with some wrong answers, timeouts, junk and resignations."""
    roll = rng.random()
    if roll < 0.0007:
        return cw.ClockExpired()
    if roll < 0.0014:
        return cw.Resign(rng.choice(cw.in_play(state)))
    if state.phase == "target":
        if roll < 0.1:
            return cw.TargetTimeout()
        return choose_target(state, state.setter, rng)
    if roll < 0.03:
        return cw.AnswerTimeout()
    player = rng.choice(cw.awaited(state))
    if roll < 0.06:
        return cw.Submit(player, rng.choice(["1 + 1", "x", "", "2 × 3 × 4"]), "3")
    return choose_submission(state, player, rng.choice(["beginner", "expert"]), rng)


def play_out(seed, players, opts, rng, check=None):
    """Play to the end; returns the final state and the legal actions taken."""
    state = cw.new_game(seed, players, opts)
    actions = []
    while state.phase != "over":
        assert state.round <= MAX_ROUNDS
        action = next_action(state, rng)
        try:
            outcome = cw.apply(state, action)
        except cw.IllegalMove:
            continue
        actions.append(action)
        if check:
            check(state, outcome)
        state = outcome.state
    return state, actions


@settings(max_examples=25, deadline=None)
@given(games)
def test_cards_are_conserved_through_any_rounds_and_wars(game):
    seed, players, opts, rng = game
    expected = 51 if players == 3 else 52

    def check(before, outcome):
        after = outcome.state
        assert sorted(after.all_cards()) == sorted(cw.DECK)
        assert in_play_cards(after) == expected
        assert len(after.set_aside) == 52 - expected
        json.dumps(outcome.events)  # events are JSON-safe

    play_out(seed, players, opts, rng, check)


@settings(max_examples=15, deadline=None)
@given(games)
def test_replay_equals_the_live_state(game):
    seed, players, opts, rng = game
    state, actions = play_out(seed, players, opts, rng)
    assert cw.replay(seed, players, opts, actions) == state
    stored = [cw.action_from_json(json.loads(json.dumps(cw.action_to_json(a)))) for a in actions]
    assert stored == actions


@settings(max_examples=15, deadline=None)
@given(games)
def test_state_json_round_trips_at_every_step(game):
    seed, players, opts, rng = game

    def check(before, outcome):
        data = json.loads(json.dumps(cw.state_to_json(outcome.state)))
        assert cw.state_from_json(data) == outcome.state
        json.dumps(cw.public_view(outcome.state, 0))

    play_out(seed, players, opts, rng, check)


@settings(max_examples=20, deadline=None)
@given(games, st.sampled_from(["beginner", "average", "expert", "perfect"]))
def test_bots_never_submit_an_illegal_expression_and_their_games_end(game, skill):
    seed, players, opts, _ = game
    state = cw.new_game(seed, players, opts)
    while state.phase != "over":
        assert state.round <= MAX_ROUNDS
        player = cw.awaited(state)[0]
        rng = bot_rng(state, player)
        if state.phase == "target":
            action = choose_target(state, player, rng)
        else:
            action = choose_submission(state, player, skill, rng)
        state = cw.apply(state, action).state  # raises IllegalMove if a bot cheated
    assert state.result is not None
