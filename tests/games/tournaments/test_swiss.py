"""Swiss: kept-apart pairs, fair byes, no avoidable repeats, balanced seats, attendance, undo."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.tournaments.pairing import join_late, swiss_round
from games.tournaments.records import BOT, Bye, ByeKind, Game, Odd, Outcome, PairingError, games_of
from games.tournaments.standings import standings
from tests.games.tournaments.simulate import everyone_once, finish, pairings, sitting_out

PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OUT = "sits out"


def balances(rounds):
    balance = Counter()
    for game in games_of(rounds):
        if game.first is not BOT:
            balance[game.first] += 1
        if game.second is not BOT:
            balance[game.second] -= 1
    return balance


def split(entries):
    """The round's player pairs, and who sits out (None if nobody)."""
    pairs = [tuple(e.players) for e in entries if isinstance(e, Game) and len(e.players) == 2]
    out = sitting_out(entries)
    return pairs, (out[0] if out else None)


def scorer(*, apart, rounds, present):
    """How a pairing does on the priorities the brief names, most important first: kept-apart
    pairs meeting, the odd one out's earlier sit-outs, repeated games, how many present players
    rank below the odd one out, first-player balances pushed beyond ±1.

    The round's facts are read once; the returned function scores one candidate pairing."""
    met = Counter(frozenset(g.players) for g in games_of(rounds) if len(g.players) == 2)
    sat_out = Counter(p for entries in rounds for p in sitting_out(entries))
    ranked = [line.player for line in standings(sorted(everyone(rounds, present)), rounds)]
    ranked = [p for p in ranked if p in present]
    balance = balances(rounds)

    def quality(pairs, out):
        beyond = 0
        for a, b in pairs:
            low, high = sorted((balance[a], balance[b]))
            beyond += max(0, abs(low + 1) - 1) + max(0, abs(high - 1) - 1)
        return (
            sum(frozenset(pair) in apart for pair in pairs),
            sat_out[out] if out is not None else 0,
            sum(met[frozenset(pair)] for pair in pairs),
            len(ranked) - 1 - ranked.index(out) if out is not None else 0,
            beyond,
        )

    return quality


def everyone(rounds, present):
    return set(present) | {p for entries in rounds for e in entries for p in e.players}


def best_quality(quality, present):
    """The best score `quality` gives any pairing of `present` (brute force)."""
    nodes = sorted(present)
    nodes += [OUT] if len(nodes) % 2 else []
    best = None
    for candidate in pairings(nodes):
        out = next((a for a, b in candidate if b == OUT), None)
        pairs = [(a, b) for a, b in candidate if OUT not in (a, b)]
        score = quality(pairs, out)
        best = score if best is None else min(best, score)
    return best


@PROPERTY
@given(
    count=st.integers(2, 8),
    length=st.integers(1, 8),
    apart=st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=3),
    odd=st.sampled_from(Odd),
    rng=st.randoms(use_true_random=False),
    data=st.data(),
)
def test_each_round_is_the_best_possible_on_keep_apart_then_byes_then_repeats_then_seats(
    count, length, apart, odd, rng, data
):
    apart = [(a, b) for a, b in apart if a != b and a <= count and b <= count]
    keys = {frozenset(pair) for pair in apart}
    present = list(range(1, count + 1))
    rounds = []
    for number in range(length):
        event = data.draw(st.sampled_from(["play", "play", "leave", "join"]))
        if event == "leave" and len(present) > 2:
            present.remove(data.draw(st.sampled_from(present)))
        elif event == "join" and len(present) < 9:
            present.append(100 + number)
            rounds = list(join_late(rounds, 100 + number))
        entries = swiss_round(present, rounds, keep_apart=apart, odd=odd)
        assert everyone_once(entries) == sorted(present)
        pairs, out = split(entries)
        assert (out is not None) == (len(present) % 2 == 1)
        if out is not None:
            assert isinstance(entries[-1], Game if odd is Odd.BOT else Bye)
        quality = scorer(apart=keys, rounds=rounds, present=set(present))
        assert quality(pairs, out) == best_quality(quality, present)
        rounds.append(finish(entries, rng))


@settings(max_examples=40, deadline=None)
@given(count=st.integers(2, 15).filter(lambda n: n % 2), rng=st.randoms(use_true_random=False))
def test_nobody_sits_out_twice_while_someone_present_has_not(count, rng):
    players = list(range(1, count + 1))
    rounds = []
    for _ in range(count):
        entries = swiss_round(players, rounds)
        sat_out = Counter(p for r in rounds for p in sitting_out(r))
        (out,) = sitting_out(entries)
        assert sat_out[out] == min(sat_out[p] for p in players)
        rounds.append(finish(entries, rng))
    assert Counter(p for r in rounds for p in sitting_out(r)) == Counter(players)


def test_forty_players_seven_rounds_no_repeats_and_first_player_balance_within_one():
    for seed in range(3):
        rng = random.Random(seed)
        players = list(range(1, 41))
        rounds = []
        for _ in range(7):
            rounds.append(finish(swiss_round(players, rounds), rng))
            assert max(abs(b) for b in balances(rounds).values()) <= 1
        meetings = Counter(frozenset(g.players) for g in games_of(rounds))
        assert max(meetings.values()) == 1


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_not_had_one():
    players = [1, 2, 3, 4, 5]
    rounds = [(Game(1, 2, Outcome.FIRST_WON), Game(3, 4, Outcome.FIRST_WON), Bye(5))]
    # 5 has the bye and 1 point; 2 and 4 have 0; 4 ranks last (Buchholz and order)
    assert swiss_round(players, rounds)[-1] == Bye(4)
    assert swiss_round(players, rounds, odd=Odd.BOT)[-1] in (Game(4, BOT), Game(BOT, 4))


def test_round_two_pairs_equal_scores_when_seats_allow():
    rng = random.Random(5)
    players = list(range(1, 9))
    first = swiss_round(players, [])
    rounds = [
        tuple(
            g.ended(Outcome.FIRST_WON) if i % 2 else g.ended(Outcome.SECOND_WON)
            for i, g in enumerate(first)
        )
    ]
    points = {line.player: line.points for line in standings(players, rounds)}
    second = swiss_round(players, rounds)
    assert all(points[g.first] == points[g.second] for g in second)
    assert finish(second, rng)  # the round can be played


def test_kept_apart_players_are_not_paired_in_the_first_round():
    players = list(range(1, 9))
    plain = swiss_round(players, [])
    together = [tuple(g.players) for g in plain]
    entries = swiss_round(players, [], keep_apart=together[:2])
    assert not {frozenset(g.players) for g in entries} & {frozenset(p) for p in together[:2]}


def test_a_late_arrival_joins_on_half_a_point_per_missed_round():
    rng = random.Random(2)
    players = [1, 2, 3, 4, 5, 6]
    rounds = []
    for _ in range(2):
        rounds.append(finish(swiss_round(players, rounds), rng))
    rounds = list(join_late(rounds, 7))
    assert [line.points for line in standings([*players, 7], rounds) if line.player == 7] == [1]
    entries = swiss_round([*players, 7], rounds)
    assert 7 in everyone_once(entries)
    assert [e for e in rounds[0] if e.players == (7,)] == [Bye(7, ByeKind.HALF)]


def test_a_withdrawn_player_is_never_paired_again_and_keeps_their_results():
    rng = random.Random(4)
    players = [1, 2, 3, 4, 5, 6]
    rounds = [finish(swiss_round(players, []), rng)]
    for _ in range(3):
        entries = swiss_round([1, 2, 3, 4, 5], rounds)
        assert 6 not in everyone_once(entries)
        rounds.append(finish(entries, rng))
    table = {line.player: line for line in standings(players, rounds)}
    assert table[6].games == 1


def test_undo_is_dropping_the_round_the_same_inputs_give_the_same_pairing():
    rng = random.Random(8)
    players = list(range(1, 12))
    rounds = []
    for _ in range(4):
        rounds.append(finish(swiss_round(players, rounds, seed=3), rng))
    unplayed = swiss_round(players, rounds, seed=3)
    assert swiss_round(players, rounds, seed=3) == unplayed
    for number in range(1, 4):
        again = swiss_round(players, rounds[:number], seed=3)
        assert [(g.first, g.second) for g in again if isinstance(g, Game)] == [
            (g.first, g.second) for g in rounds[number] if isinstance(g, Game)
        ]


def test_a_seed_draws_the_first_round_order():
    players = list(range(1, 21))
    assert swiss_round(players, [], seed=1) == swiss_round(players, [], seed=1)
    assert swiss_round(players, [], seed=1) != swiss_round(players, [], seed=2)


def test_no_players_no_games_and_one_player_sits_out():
    assert swiss_round([], []) == ()
    assert swiss_round([7], []) == (Bye(7),)


def test_a_round_with_a_game_still_to_play_is_refused():
    with pytest.raises(PairingError, match="round 1 is not finished"):
        swiss_round([1, 2, 3, 4], [(Game(1, 2), Game(3, 4, Outcome.DRAW))])
