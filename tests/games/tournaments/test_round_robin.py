"""Round robin: the Berger tables, everyone meets everyone once, byes spread, seats alternate."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments.pairing import round_robin, withdraw
from games.tournaments.records import BOT, Bye, Game, Odd, PairingError, draw_order
from tests.games.tournaments.simulate import everyone_once, sitting_out

PROPERTY = settings(max_examples=60, deadline=None)


def test_six_players_follow_fide_berger_table():
    schedule = round_robin([1, 2, 3, 4, 5, 6])
    assert [[(g.first, g.second) for g in entries] for entries in schedule] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_an_odd_number_gives_the_odd_one_out_a_bye_or_the_bot():
    with_byes = round_robin([1, 2, 3])
    assert [sitting_out(entries) for entries in with_byes] == [[1], [3], [2]]  # Berger order
    assert all(isinstance(entries[-1], Bye) for entries in with_byes)
    with_bot = round_robin([1, 2, 3], odd=Odd.BOT)
    assert all(BOT in (entries[-1].first, entries[-1].second) for entries in with_bot)


@PROPERTY
@given(count=st.integers(2, 30), double=st.booleans(), odd=st.sampled_from(Odd))
def test_every_pair_meets_once_per_cycle_and_byes_are_spread(count, double, odd):
    players = list(range(101, 101 + count))
    schedule = round_robin(players, double=double, odd=odd)
    cycles = 2 if double else 1
    places = count + count % 2
    assert len(schedule) == (places - 1) * cycles
    for entries in schedule:
        assert everyone_once(entries) == players
    meetings = Counter(
        frozenset(g.players) for entries in schedule for g in entries if isinstance(g, Game)
    )
    for a, b in combinations(players, 2):
        assert meetings[frozenset((a, b))] == cycles
    for cycle in range(cycles):
        rounds = schedule[cycle * (places - 1) : (cycle + 1) * (places - 1)]
        out = Counter(p for entries in rounds for p in sitting_out(entries))
        assert out == (Counter(players) if count % 2 else Counter())


@PROPERTY
@given(count=st.integers(2, 30), odd=st.sampled_from(Odd))
def test_seats_alternate_nobody_first_three_times_running_and_balanced_within_one(count, odd):
    players = list(range(1, count + 1))
    schedule = round_robin(players, odd=odd)
    seats = {p: [] for p in players}
    for entries in schedule:
        for game in (e for e in entries if isinstance(e, Game)):
            for player in game.players:
                seats[player].append(player == game.first)
    for history in seats.values():
        assert abs(history.count(True) - history.count(False)) <= 1
        assert all(len(set(history[i : i + 3])) == 2 for i in range(len(history) - 2))


def test_a_double_round_robin_swaps_the_seats_in_the_second_cycle():
    schedule = round_robin([1, 2, 3, 4], double=True)
    for first, second in zip(schedule[:3], schedule[3:], strict=True):
        assert [(g.second, g.first) for g in first] == [(g.first, g.second) for g in second]


def test_the_schedule_is_the_same_for_the_same_seed_and_drawn_by_lot_with_one():
    players = list(range(1, 11))
    assert round_robin(players, seed=7) == round_robin(players, seed=7)
    assert round_robin(players, seed=7) != round_robin(players)
    assert sorted(draw_order(players, 7)) == players


def test_a_drawn_order_keeps_everyone_in_place_when_someone_joins_or_leaves():
    order = draw_order(range(1, 21), seed=3)
    assert [p for p in draw_order([*range(1, 21), 99], seed=3) if p != 99] == list(order)
    assert draw_order([p for p in range(1, 21) if p != 5], seed=3) == tuple(
        p for p in order if p != 5
    )


def test_a_withdrawn_players_games_give_the_opponent_the_odd_one_outs_due():
    entries = (Game(1, 2), Game(3, 4), Bye(5))
    assert withdraw(entries, {2, 5}) == (Game(3, 4), Bye(1))
    assert withdraw(entries, {1}, odd=Odd.BOT) == (Game(3, 4), Bye(5), Game(BOT, 2))
    assert withdraw(entries, {3, 4}) == (Game(1, 2), Bye(5))


def test_fewer_than_two_players_or_repeated_ids_are_refused():
    with pytest.raises(PairingError, match="at least two"):
        round_robin([1])
    with pytest.raises(PairingError, match="twice"):
        round_robin([1, 2, 1])
