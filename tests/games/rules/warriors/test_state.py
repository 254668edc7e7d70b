"""Maths Warriors pieces: dice, first player, roll sources, new games, variants, state JSON."""

import json

import pytest

from games.rules.warriors import (
    DIE_TYPES,
    RollsExhausted,
    ScriptedRolls,
    SeededRolls,
    Variants,
    first_player,
    new_game,
    start_game,
    state_from_json,
    state_to_json,
)

from .factories import board

# A's six, then B's: A sorted (1,2,3,4,5,6) vs B sorted (1,2,3,4,5,7): A goes first.
A_FIRST = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 7]


def test_each_player_has_one_die_of_each_type_with_stable_ids():
    state = new_game(1)
    assert DIE_TYPES == (4, 6, 8, 10, 12, 20)
    assert [d.id for d in state.dice[0]] == ["A-D4", "A-D6", "A-D8", "A-D10", "A-D12", "A-D20"]
    assert [d.id for d in state.dice[1]] == ["B-D4", "B-D6", "B-D8", "B-D10", "B-D12", "B-D20"]
    assert all(1 <= d.value <= d.sides for seat in state.dice for d in seat)


def test_first_player_is_the_one_with_the_smaller_value_at_the_first_differing_pair():
    assert first_player([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 7]) == 0
    assert first_player([1, 2, 3, 9, 5, 6], [1, 2, 3, 4, 5, 6]) == 1


def test_first_player_sorts_each_players_values_before_comparing():
    assert first_player([6, 5, 4, 3, 2, 1], [7, 1, 2, 3, 4, 5]) == 0
    assert first_player([20, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 2]) == 1


def test_first_player_is_none_when_all_six_pairs_are_equal():
    assert first_player([3, 1, 2, 4, 5, 6], [1, 2, 3, 4, 5, 6]) is None


def test_new_game_rolls_a_then_b_in_die_type_order_and_the_opening_roll_is_the_board():
    state = new_game("s", source=ScriptedRolls(A_FIRST))
    assert [d.value for d in state.dice[0]] == A_FIRST[:6]
    assert [d.value for d in state.dice[1]] == A_FIRST[6:]
    assert state.first == state.to_move == 0
    assert state.opening == ((tuple(A_FIRST[:6]), tuple(A_FIRST[6:])),)
    assert state.rolls == 12


def test_new_game_rolls_everything_again_while_all_pairs_are_equal():
    tie = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]
    b_first = [4, 6, 8, 10, 12, 20, 1, 1, 1, 1, 1, 1]
    state = new_game("s", source=ScriptedRolls(tie + tie + b_first))
    assert state.first == state.to_move == 1
    assert len(state.opening) == 3
    assert state.rolls == 36
    assert [d.value for d in state.dice[1]] == [1] * 6


def test_new_game_emits_a_new_game_event_with_the_opening():
    outcome = start_game("s", source=ScriptedRolls(A_FIRST))
    assert outcome.events[0] == {
        "type": "new_game",
        "game_number": 1,
        "first": 0,
        "opening": [[A_FIRST[:6], A_FIRST[6:]]],
    }


def test_seeded_rolls_depend_only_on_seed_and_index():
    rolls = SeededRolls(7)
    values = [rolls.roll(20, i) for i in range(200)]
    assert values == [SeededRolls(7).roll(20, i) for i in range(200)]
    assert values != [SeededRolls(8).roll(20, i) for i in range(200)]
    assert set(values) == set(range(1, 21))
    assert new_game(7) == new_game(7)


def test_scripted_rolls_run_out_with_a_clear_error():
    rolls = ScriptedRolls([3], start=5)
    assert rolls.roll(6, 5) == 3
    with pytest.raises(RollsExhausted, match="no roll number 6"):
        rolls.roll(6, 6)


def test_scripted_rolls_refuse_a_value_the_die_cannot_show():
    with pytest.raises(ValueError, match="D4 cannot show"):
        ScriptedRolls([5]).roll(4, 0)


def test_variants_plus_minus_and_times_divide_exclude_each_other():
    with pytest.raises(ValueError):
        Variants(plus_minus=True, times_divide=True)


def test_variants_ops_and_min_dice():
    assert Variants().ops == "+-*/"
    assert Variants(plus_minus=True).ops == "+-"
    assert Variants(times_divide=True).ops == "*/"
    assert Variants().min_dice == 2
    assert Variants(big_brain=True).min_dice == 3


def test_variants_json_round_trips_and_refuses_unknown_names_and_non_booleans():
    v = Variants(recruit=True, power_up=True, best_of_three=True)
    assert Variants.from_json(json.loads(json.dumps(v.to_json()))) == v
    assert Variants.from_json({}) == Variants()
    with pytest.raises(ValueError):
        Variants.from_json({"turbo": True})
    with pytest.raises(ValueError):
        Variants.from_json({"recruit": 1})
    with pytest.raises(ValueError):
        Variants.from_json([])


def test_state_json_round_trips_exactly():
    state = board(
        {4: 2, "B-D12": 7},
        [1, 2, 3, 4, 5],
        first=1,
        to_move=0,
        variants=Variants(recruit=True),
        captured=(("B-D12",), ()),
        capture_events=(1, 0),
        ply=9,
        rolls=31,
        skips_in_row=1,
        game_number=2,
        games_won=(1, 0),
        opening=(((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 7)),),
        results=((0, "clock"),),
    )
    data = state_to_json(state)
    assert state_from_json(json.loads(json.dumps(data))) == state
    seeded = new_game(12345, Variants(three_captures=True))
    assert state_from_json(state_to_json(seeded)) == seeded


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("version", 99),
        ("seed", 1.5),
        ("status", "paused"),
        ("dice", [[], [], []]),
        ("first", 2),
        ("to_move", True),
        ("ply", -1),
        ("winner", "A"),
        ("capture_events", [0]),
        ("variants", {"plus_minus": True, "times_divide": True}),
    ],
)
def test_state_from_json_refuses_malformed_data(field, bad):
    data = state_to_json(new_game(1))
    data[field] = bad
    with pytest.raises(ValueError):
        state_from_json(data)


def test_state_from_json_refuses_a_die_value_its_type_cannot_show():
    data = state_to_json(new_game(1))
    data["dice"][0][0] = ["A-D4", 4, 5]
    with pytest.raises(ValueError):
        state_from_json(data)
