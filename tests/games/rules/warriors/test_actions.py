"""Maths Warriors action JSON: round trips, and strict refusal of malformed network input."""

import json

import pytest

from games.rules.warriors import (
    ClockExpired,
    IllegalMove,
    Mind,
    MoveTimeout,
    Resign,
    Skip,
    Strength,
    action_from_json,
    action_to_json,
)

ACTIONS = [
    Strength(0, "A-D12", "B-D8"),
    Mind(1, "5 ÷ 3 × 6", "A-D20"),
    Mind(0, "2+3", "B-D6", ("A-D4", "A-D6")),
    Skip(1),
    Resign(0),
    ClockExpired(),
    MoveTimeout(1),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_action_json_round_trips(action):
    data = json.loads(json.dumps(action_to_json(action)))
    assert action_from_json(data) == action


def test_action_json_names_the_kind():
    assert action_to_json(Strength(0, "A-D4", "B-D4")) == {
        "type": "strength",
        "player": 0,
        "attacker": "A-D4",
        "target": "B-D4",
    }
    assert action_to_json(Mind(0, "1+2", "B-D4")) == {
        "type": "mind",
        "player": 0,
        "expression": "1+2",
        "target": "B-D4",
        "dice": None,
    }
    assert action_to_json(ClockExpired()) == {"type": "clock_expired"}


def test_mind_dice_may_be_left_out():
    assert action_from_json(
        {"type": "mind", "player": 1, "expression": "1+2", "target": "A-D4"}
    ) == Mind(1, "1+2", "A-D4")


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "skip",
        {},
        {"type": "teleport", "player": 0},
        {"type": "skip"},
        {"type": "skip", "player": 2},
        {"type": "skip", "player": -1},
        {"type": "skip", "player": True},
        {"type": "skip", "player": "0"},
        {"type": "skip", "player": 0.0},
        {"type": "skip", "player": 0, "extra": 1},
        {"type": "strength", "player": 0, "attacker": "A-D4"},
        {"type": "strength", "player": 0, "attacker": 4, "target": "B-D4"},
        {"type": "strength", "player": 0, "attacker": "", "target": "B-D4"},
        {"type": "strength", "player": 0, "attacker": "A" * 100, "target": "B-D4"},
        {"type": "mind", "player": 0, "expression": 7, "target": "B-D4"},
        {"type": "mind", "player": 0, "expression": "1+" * 200, "target": "B-D4"},
        {"type": "mind", "player": 0, "expression": "1+2", "target": "B-D4", "dice": "A-D4"},
        {"type": "mind", "player": 0, "expression": "1+2", "target": "B-D4", "dice": [1, 2]},
        {"type": "mind", "player": 0, "expression": "1+2", "target": "B-D4", "dice": ["A"] * 50},
        {"type": "clock_expired", "player": 0},
        {"type": ["skip"], "player": 0},
    ],
)
def test_malformed_action_json_is_refused(data):
    with pytest.raises(IllegalMove, match="not understood"):
        action_from_json(data)


def test_action_to_json_refuses_something_that_is_not_an_action():
    with pytest.raises(TypeError):
        action_to_json("skip")  # type: ignore[arg-type]
