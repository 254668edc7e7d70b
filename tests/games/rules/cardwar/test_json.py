"""Card war JSON: actions from the network read strictly, states stored and read back exactly."""

import json

import pytest

from games.rules import cardwar as cw
from tests.games.rules.cardwar.factory import all_best, answer, table

ACTIONS = [
    cw.SetTarget(0, -15),
    cw.Submit(1, "7 × 3", "21"),
    cw.TargetTimeout(),
    cw.AnswerTimeout(),
    cw.ClockExpired(),
    cw.Resign(2),
]


@pytest.mark.parametrize("action", ACTIONS)
def test_every_action_round_trips_through_json(action):
    data = json.loads(json.dumps(cw.action_to_json(action)))
    assert cw.action_from_json(data) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {},
        {"type": "fold"},
        {"type": "set_target", "player": 0},
        {"type": "set_target", "player": 0, "value": 3, "extra": 1},
        {"type": "set_target", "player": True, "value": 3},
        {"type": "set_target", "player": 0, "value": 3.0},
        {"type": "set_target", "player": "0", "value": 3},
        {"type": "submit", "player": 0, "expression": 7, "answer": "7"},
        {"type": "submit", "player": 0, "expression": "1 + 1" * 100, "answer": "2"},
        {"type": "submit", "player": 0, "expression": "1 + 1", "answer": "2" * 41},
        {"type": "resign", "player": 10**9},
    ],
)
def test_malformed_actions_from_the_network_are_refused(data):
    with pytest.raises(cw.IllegalMove):
        cw.action_from_json(data)


def test_a_state_in_the_middle_of_a_war_round_trips():
    state = table("9 8 5 5 6 6 7", "10 7 2 3 4 4 4", level=5, war_size=1).state
    state = cw.apply(state, cw.SetTarget(0, 15)).state
    state, _ = all_best(state)
    assert state.war_depth == 1
    state = answer(state, 0).state
    data = json.loads(json.dumps(cw.state_to_json(state)))
    assert cw.state_from_json(data) == state


def test_a_stored_state_that_lost_a_card_is_refused():
    data = cw.state_to_json(cw.new_game(1, 2, cw.Options()))
    data["hands"][0]["draw"].pop()
    with pytest.raises(ValueError, match="52 cards"):
        cw.state_from_json(data)
    data = cw.state_to_json(cw.new_game(1, 2, cw.Options()))
    data["version"] = 99
    with pytest.raises(ValueError, match="version"):
        cw.state_from_json(data)


def test_a_seeded_state_continues_after_a_json_round_trip():
    state = cw.new_game("s", 2, cw.Options())
    live, _ = all_best(state)
    stored, _ = all_best(cw.state_from_json(json.loads(json.dumps(cw.state_to_json(state)))))
    assert stored == live


def test_the_public_view_never_shows_cards_in_piles_or_face_down():
    state = table("9 8 A A 5 5 6", "10 7 K K 2 3 6", war_size=2).state
    state, _ = all_best(state)  # a war: A A and K K lie face down
    hidden = [c for h in state.hands for c in h.draw + h.collection]
    hidden += [c for pot in state.pot for c in pot if c not in ("9S", "8S", "10S", "7S")]
    text = json.dumps(cw.public_view(state, 0))
    assert hidden and not any(f'"{card}"' in text for card in hidden)
    assert cw.public_view(state)["face_up"] == [["5S", "5H"], ["2S", "3S"]]
