"""Single elimination: bracket sizes and byes for 2 to 40, the draw rule, third place, leavers."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments.pairing import bracket, elimination_round, placings
from games.tournaments.records import Bye, Game, Outcome, PairingError
from tests.games.tournaments.simulate import everyone_once, finish

W, D, L = Outcome.FIRST_WON, Outcome.DRAW, Outcome.SECOND_WON


def run(players, rng, *, third_place=False, withdrawn=()):
    rounds = []
    while entries := elimination_round(
        players, rounds, third_place=third_place, withdrawn=withdrawn
    ):
        rounds.append(finish(entries, rng))
    return rounds


@pytest.mark.parametrize("count", range(2, 41))
def test_bracket_size_and_byes_to_the_top_seeds(count):
    players = list(range(1, count + 1))
    places = bracket(players)
    size = len(places)
    assert size >= count > size // 2 and size & (size - 1) == 0
    assert sorted(p for p in places if p is not None) == players
    first = elimination_round(players, [])
    byes = sorted(e.player for e in first if isinstance(e, Bye))
    assert byes == list(range(1, size - count + 1))
    assert everyone_once(first) == players
    assert 1 in places[: size // 2] and 2 in places[size // 2 :]
    if size >= 8:  # seeds 1-4 in four different quarters: they meet from the semi-finals on
        quarters = [places[i : i + size // 4] for i in range(0, size, size // 4)]
        assert sorted(
            next(q for q, part in enumerate(quarters) if s in part) for s in (1, 2, 3, 4)
        ) == [0, 1, 2, 3]
    rounds = run(players, random.Random(count))
    assert len(rounds) == size.bit_length() - 1
    assert all(not isinstance(e, Bye) for entries in rounds[1:] for e in entries)
    decided = placings(players, rounds)
    assert sorted(decided) == players
    assert Counter(decided.values())[1] == 1 and Counter(decided.values())[2] == 1


def test_five_players_three_byes_then_the_semi_finals():
    players = [1, 2, 3, 4, 5]
    assert bracket(players) == (1, None, 4, 5, 2, None, 3, None)
    first = elimination_round(players, [])
    assert first == (Game(5, 4), Bye(1), Bye(2), Bye(3))  # the lower seed goes first on a tie
    second = elimination_round(players, [finish(first, random.Random(0))])
    assert {frozenset(g.players) for g in second} in (
        {frozenset({1, 4}), frozenset({2, 3})},
        {frozenset({1, 5}), frozenset({2, 3})},
    )


@settings(max_examples=60, deadline=None)
@given(count=st.integers(4, 40), rng=st.randoms(use_true_random=False))
def test_with_a_third_place_match_every_place_from_one_to_four_is_given_once(count, rng):
    players = list(range(1, count + 1))
    rounds = run(players, rng, third_place=True)
    assert len(rounds[-1]) == 2  # the final, then the third-place match
    decided = placings(players, rounds)
    assert sorted(decided) == players
    assert [Counter(decided.values())[place] for place in (1, 2, 3, 4)] == [1, 1, 1, 1]


def test_without_a_third_place_match_both_semi_final_losers_share_third():
    rounds = run([1, 2, 3, 4, 5, 6, 7, 8], random.Random(1))
    assert Counter(placings([1, 2, 3, 4, 5, 6, 7, 8], rounds).values()) == {
        1: 1,
        2: 1,
        3: 2,
        5: 4,
    }


def test_a_drawn_game_advances_the_player_in_the_second_seat():
    first = elimination_round([1, 2], [])
    assert first == (Game(2, 1),)
    assert placings([1, 2], [(Game(2, 1, D),)]) == {1: 1, 2: 2}
    assert placings([1, 2], [(Game(1, 2, D),)]) == {2: 1, 1: 2}


def test_the_one_who_had_the_first_seat_less_often_takes_it():
    players = [1, 2, 3, 4]
    rounds = [(Game(4, 1, L), Game(3, 2, L))]  # 1 and 2 went second and won
    assert elimination_round(players, rounds) == (Game(2, 1),)  # equal records: lower seed first
    rounds = [(Game(1, 4, W), Game(3, 2, L))]
    assert elimination_round(players, rounds) == (Game(2, 1),)


def test_a_withdrawn_player_hands_the_opponent_a_walkover():
    players = [1, 2, 3, 4]
    first = elimination_round(players, [], withdrawn={4})
    assert first == (Game(3, 2), Bye(1))
    rounds = [(Game(3, 2, W), Bye(1))]
    # 3 went first in round one, 1 had a bye: 1 goes first
    assert elimination_round(players, rounds, withdrawn={4}) == (Game(1, 3),)
    assert placings(players, rounds, withdrawn={4}) == {4: 3, 2: 3}


def test_when_both_players_of_a_match_withdraw_the_next_opponent_gets_a_bye():
    players = [1, 2, 3, 4]
    first = elimination_round(players, [], withdrawn={1, 4})
    assert first == (Game(3, 2),)
    assert elimination_round(players, [(Game(3, 2, L),)], withdrawn={1, 4}) == (Bye(2),)


def test_a_round_with_a_game_still_to_play_is_refused():
    with pytest.raises(PairingError, match="not finished"):
        elimination_round([1, 2, 3, 4], [(Game(4, 1), Game(3, 2, W))])
    with pytest.raises(PairingError, match="no game between"):
        elimination_round([1, 2, 3, 4], [(Game(4, 1, W),)])
    with pytest.raises(PairingError, match="at least two"):
        bracket([1])


def test_after_the_final_there_is_no_next_round():
    assert elimination_round([1, 2], [(Game(2, 1, W),)]) == ()
    with pytest.raises(PairingError, match="over"):
        elimination_round([1, 2], [(Game(2, 1, W),), (Game(2, 1, W),)])
