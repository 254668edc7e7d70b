"""Games recorded before the rules moved into packages still load, replay and continue exactly.

`stored_games.json` holds Maths Warriors and card-war games played by the bots of the rules as
they were before `games/rules/` was split (the seeded sources of both games included): the
actions, a state from the middle of each game as the database stores it, the events after it
and the final state. Both games must give the same game from the same seed forever, and the
stored JSON must stay byte for byte what the rules write.
"""

import json
import random
from pathlib import Path

import pytest

from games.rules import cardwar, warriors
from games.rules.cardwar import bot as cardwar_bot
from games.rules.warriors import bot as warriors_bot

STORED = json.loads((Path(__file__).parent / "stored_games.json").read_text(encoding="utf-8"))


def text(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)


@pytest.fixture(params=range(len(STORED["warriors"])), ids=lambda i: f"warriors{i}")
def warriors_game(request):
    return STORED["warriors"][request.param]


@pytest.fixture(params=range(len(STORED["cardwar"])), ids=lambda i: f"cardwar{i}")
def cardwar_game(request):
    return STORED["cardwar"][request.param]


def test_a_warriors_game_replays_from_its_seed_to_the_stored_state(warriors_game):
    g = warriors_game
    variants = warriors.Variants.from_json(g["variants"])
    assert list(warriors.start_game(g["seed"], variants).events) == g["opening_events"]
    actions = [warriors.action_from_json(a) for a in g["actions"]]
    final = warriors.replay(g["seed"], variants, actions)
    assert text(warriors.state_to_json(final)) == text(g["final"])


def test_a_stored_warriors_state_continues_with_the_same_events_and_rolls(warriors_game):
    g = warriors_game
    state = warriors.state_from_json(g["middle"])
    assert text(warriors.state_to_json(state)) == text(g["middle"])
    for data, events in zip(g["actions"][g["middle_ply"] :], g["events_after_middle"], strict=True):
        outcome = warriors.apply(state, warriors.action_from_json(data))
        assert list(outcome.events) == events
        state = outcome.state
    assert text(warriors.state_to_json(state)) == text(g["final"])


def test_warriors_bots_choose_the_stored_moves_again(warriors_game):
    g = warriors_game
    state = warriors.new_game(g["seed"], warriors.Variants.from_json(g["variants"]))
    for ply, (data, level) in enumerate(zip(g["actions"], g["bot_levels"], strict=True)):
        rng = random.Random(f"{g['seed']}:{ply}")
        action = warriors_bot.choose_action(state, state.to_move, level, rng)
        assert warriors.action_to_json(action) == data
        state = warriors.apply(state, action).state


def test_a_card_war_game_replays_from_its_seed_to_the_stored_state(cardwar_game):
    g = cardwar_game
    options = cardwar.Options.from_json(g["options"])
    assert list(cardwar.start(g["seed"], g["players"], options).events) == g["opening_events"]
    actions = [cardwar.action_from_json(a) for a in g["actions"]]
    final = cardwar.replay(g["seed"], g["players"], options, actions)
    assert text(cardwar.state_to_json(final)) == text(g["final"])


def test_a_stored_card_war_state_continues_with_the_same_events_and_draws(cardwar_game):
    g = cardwar_game
    state = cardwar.state_from_json(g["middle"])
    assert text(cardwar.state_to_json(state)) == text(g["middle"])
    for data, events in zip(
        g["actions"][g["middle_step"] :], g["events_after_middle"], strict=True
    ):
        outcome = cardwar.apply(state, cardwar.action_from_json(data))
        assert list(outcome.events) == events
        state = outcome.state
    assert text(cardwar.state_to_json(state)) == text(g["final"])


def test_card_war_bots_choose_the_stored_moves_again(cardwar_game):
    g = cardwar_game
    state = cardwar.new_game(g["seed"], g["players"], cardwar.Options.from_json(g["options"]))
    for data, skill in zip(g["actions"], g["bot_skills"], strict=True):
        if skill == "target":
            action = cardwar_bot.choose_target(
                state, state.setter, cardwar_bot.bot_rng(state, state.setter)
            )
            assert cardwar.action_to_json(action) == data
        elif skill is not None:
            player = data["player"]
            rng = cardwar_bot.bot_rng(state, player)
            action = cardwar_bot.choose_submission(state, player, skill, rng)
            assert cardwar.action_to_json(action) == data
        state = cardwar.apply(state, cardwar.action_from_json(data)).state
