"""Arena: paired again at once, near in score, never the last opponent, kept-apart pairs."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.tournaments.pairing import arena_pairs
from games.tournaments.records import BOT, Game, Odd, Outcome, PairingError

W, L = Outcome.FIRST_WON, Outcome.SECOND_WON


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(2, 12),
    apart=st.lists(st.tuples(st.integers(1, 12), st.integers(1, 12)), max_size=4),
    odd=st.sampled_from(Odd),
    streaks=st.booleans(),
    data=st.data(),
)
def test_no_immediate_rematch_and_no_kept_apart_pair_while_someone_else_is_playing(
    count, apart, odd, streaks, data
):
    apart = [(a, b) for a, b in apart if a != b]
    keys = {frozenset(pair) for pair in apart}
    waiting = list(range(1, count + 1))
    finished, playing = [], []
    last = {}
    for _ in range(30):
        new = arena_pairs(waiting, finished + playing, keep_apart=apart, odd=odd, streaks=streaks)
        players = [p for game in new for p in game.players]
        assert len(players) == len(set(players)) and set(players) <= set(waiting)
        for game in new:
            if BOT in (game.first, game.second):
                assert odd is Odd.BOT
                continue
            a, b = game.players
            if playing:
                assert last.get(a) != b and last.get(b) != a
                assert frozenset((a, b)) not in keys
        if not playing:
            assert len(waiting) - len(players) <= 1  # nobody else will come: everyone plays
        waiting = [p for p in waiting if p not in players]
        playing += new
        if not playing:
            break
        done = playing.pop(data.draw(st.integers(0, len(playing) - 1)))
        finished.append(done.ended(data.draw(st.sampled_from(Outcome))))
        for player in done.players:
            last[player] = done.opponent(player)
        waiting += data.draw(st.permutations(done.players))


def test_students_are_paired_with_someone_near_in_score():
    games = [Game(1, 5, W), Game(2, 6, W), Game(7, 3, W), Game(8, 4, W)]
    assert {frozenset(g.players) for g in arena_pairs([1, 3, 2, 4], games)} == {
        frozenset({1, 2}),
        frozenset({3, 4}),
    }


def test_with_an_odd_number_the_latest_arrival_waits_or_plays_the_bot():
    assert arena_pairs([1, 2, 3], []) == (Game(1, 2),)
    pairs = arena_pairs([1, 2, 3], [], odd=Odd.BOT)
    assert (
        pairs[0] == Game(1, 2)
        and set(pairs[1].players) == {3}
        and BOT
        in (
            pairs[1].first,
            pairs[1].second,
        )
    )


def test_last_opponents_wait_for_someone_else_while_others_play():
    games = [Game(1, 2, W), Game(3, 4)]
    assert arena_pairs([1, 2], games) == ()
    assert arena_pairs([1, 2], games[:1]) == (Game(2, 1),)  # nobody else: the rematch is on


def test_kept_apart_students_wait_for_someone_else_while_others_play():
    assert arena_pairs([1, 2], [Game(3, 4)], keep_apart=[(2, 1)]) == ()
    assert set(arena_pairs([1, 2, 5], [Game(3, 4)], keep_apart=[(2, 1)])[0].players) != {1, 2}


def test_the_one_who_went_first_less_goes_first():
    games = [Game(1, 5, W), Game(6, 2, W)]
    assert arena_pairs([1, 2], games) == (Game(2, 1),)


def test_a_waiting_student_still_in_a_game_is_refused():
    with pytest.raises(PairingError, match="still in a game"):
        arena_pairs([1, 2], [Game(1, 3)])
