"""Standings against hand-computed examples: points, Buchholz, Sonneborn-Berger, byes, leavers."""

from fractions import Fraction as F

import pytest

from games.tournaments.pairing import join_late
from games.tournaments.records import BOT, Bye, ByeKind, Game, Outcome, PairingError
from games.tournaments.standings import (
    ROUND_ROBIN_TIE_BREAKS,
    arena_standings,
    standings,
    team_averages,
)

W, D, L = Outcome.FIRST_WON, Outcome.DRAW, Outcome.SECOND_WON


def by_player(table):
    return {line.player: line for line in table}


# Four players, three rounds, no byes. Worked by hand:
#   scores 1: 2½, 2: 1½, 3: 0, 4: 2
#   Buchholz 1: 0 + 1½ + 2 = 3½; 2: 2 + 2½ + 0 = 4½; 3: 2½ + 2 + 1½ = 6; 4: 1½ + 0 + 2½ = 4
#   SB 1: 0 + 1½ + ½·2 = 2½; 2: ½·2 + 0 + 0 = 1; 3: 0; 4: ½·1½ + 0 + ½·2½ = 2
SMALL_SWISS = (
    (Game(1, 3, W), Game(2, 4, D)),
    (Game(1, 2, W), Game(3, 4, L)),
    (Game(4, 1, D), Game(2, 3, W)),
)


def test_small_swiss_points_and_tie_breaks_match_the_hand_computed_values():
    table = by_player(standings([1, 2, 3, 4], SMALL_SWISS))
    assert {p: table[p].points for p in table} == {1: F(5, 2), 2: F(3, 2), 3: 0, 4: 2}
    assert {p: table[p].buchholz for p in table} == {1: F(7, 2), 2: F(9, 2), 3: 6, 4: 4}
    assert {p: table[p].sonneborn_berger for p in table} == {1: F(5, 2), 2: 1, 3: 0, 4: 2}
    assert (table[1].games, table[1].wins, table[1].draws, table[1].losses) == (3, 2, 1, 0)
    assert (table[3].games, table[3].wins, table[3].draws, table[3].losses) == (3, 0, 0, 3)


def test_ranking_is_by_points_first():
    assert [line.player for line in standings([1, 2, 3, 4], SMALL_SWISS)] == [1, 4, 2, 3]
    assert [line.rank for line in standings([1, 2, 3, 4], SMALL_SWISS)] == [1, 2, 3, 4]


# Five players, three rounds, two pairing byes and a leaver (4 withdraws after round 2):
#   scores 1: 2, 2: 2, 3: ½, 4: 1½, 5: 2
#   4 as an opponent: ½ + 1, then round 3 (after the last round 4 was available for) as a draw: 2
#   a dummy opponent (own unplayed round) has the player's own score, at most 1½ (half of 3 rounds)
#   Buchholz 1: 2 + 2 + ½ = 4½; 2: 2 + ½ + 2 = 4½; 3: 2 (4 adjusted) + 2 + 2 = 6;
#            4: ½ + 1½ (bye: own score) + 1½ (absent: own score) = 3½; 5: 1½ (capped) + 2 + 2 = 5½
#   SB 1: 2 + 0 + ½ = 2½; 2: 0 + ½ + 2 = 2½; 3: ½·2 = 1; 4: ½·½ + 1·1½ + 0 = 1¾; 5: 1½ + 2 + 0 = 3½
BYES_AND_LEAVER = (
    (Game(1, 2, W), Game(3, 4, D), Bye(5)),
    (Game(1, 5, L), Game(2, 3, W), Bye(4)),
    (Game(1, 3, W), Game(2, 5, W)),
)


def test_byes_and_a_withdrawn_opponent_count_as_fide_article_16_says():
    table = by_player(standings([1, 2, 3, 4, 5], BYES_AND_LEAVER))
    assert {p: table[p].points for p in table} == {1: 2, 2: 2, 3: F(1, 2), 4: F(3, 2), 5: 2}
    assert {p: table[p].buchholz for p in table} == {
        1: F(9, 2),
        2: F(9, 2),
        3: 6,
        4: F(7, 2),
        5: F(11, 2),
    }
    assert {p: table[p].sonneborn_berger for p in table} == {
        1: F(5, 2),
        2: F(5, 2),
        3: 1,
        4: F(7, 4),
        5: F(7, 2),
    }
    assert (table[5].games, table[5].byes) == (2, 1)


def test_ties_go_to_buchholz_then_sonneborn_berger_then_wins_then_the_players_order():
    ranked = [line.player for line in standings([1, 2, 3, 4, 5], BYES_AND_LEAVER)]
    # 1, 2 and 5 have 2 points; 5 has the best Buchholz; 1 and 2 tie on everything: order decides
    assert ranked == [5, 1, 2, 4, 3]
    assert [line.player for line in standings([2, 1, 3, 4, 5], BYES_AND_LEAVER)][:3] == [5, 2, 1]


def test_round_robin_ties_are_broken_by_sonneborn_berger():
    rounds = (
        (Game(1, 2, D), Game(3, 4, W)),
        (Game(1, 3, W), Game(2, 4, W)),
        (Game(4, 1, W), Game(2, 3, D)),
    )
    # 1 and 3 have 1½; SB 1: ½·2 + 1½ + 0 = 2½; 3: 1 + 0 + ½·2 = 2 (3 is listed first)
    table = standings([3, 1, 2, 4], rounds, tie_breaks=ROUND_ROBIN_TIE_BREAKS)
    assert [line.player for line in table] == [2, 1, 3, 4]
    assert [line.sonneborn_berger for line in table][1:3] == [F(5, 2), 2]


def test_a_game_against_the_bot_scores_for_the_student_and_counts_as_an_unplayed_round():
    table = by_player(standings([1, 2, 3], ((Game(1, BOT, W), Game(2, 3, W)),)))
    assert (table[1].points, table[1].games, table[1].wins) == (1, 1, 1)
    assert table[1].buchholz == F(1, 2)  # the dummy opponent: 1's own score, at most half a round
    assert table[2].buchholz == 0
    assert [line.player for line in standings([1, 2, 3], ((Game(1, BOT, W), Game(2, 3, W)),))] == [
        1,
        2,
        3,
    ]


def test_a_late_arrival_scores_half_a_point_for_each_round_missed():
    rounds = join_late(((Game(1, 2, W),), (Game(2, 1, D),)), 3)
    assert rounds[0][-1] == Bye(3, ByeKind.HALF) and rounds[1][-1] == Bye(3, ByeKind.HALF)
    table = by_player(standings([1, 2, 3], rounds))
    assert (table[3].points, table[3].games, table[3].byes) == (1, 0, 2)
    assert join_late(rounds, 3) == rounds


def test_a_game_still_in_play_counts_nowhere_yet():
    table = by_player(standings([1, 2], ((Game(1, 2),),)))
    assert (table[1].points, table[1].games, table[1].buchholz) == (0, 0, 0)


def test_an_unknown_player_or_a_player_twice_in_a_round_is_refused():
    with pytest.raises(PairingError, match="not in the tournament"):
        standings([1, 2], ((Game(1, 3, W),),))
    with pytest.raises(PairingError, match="twice"):
        standings([1, 2, 3], ((Game(1, 2, W), Bye(1)),))


def test_arena_scores_two_one_nothing_and_doubles_while_on_fire():
    # 1 wins, wins (on fire), wins (4), draws (2, fire out), wins (2): 12; without streaks 9
    games = [Game(1, 2, W), Game(3, 1, L), Game(1, 4, W), Game(1, 2, D), Game(3, 1, L)]
    with_fire = by_player(arena_standings([1, 2, 3, 4], games))
    assert with_fire[1].points == 12 and not with_fire[1].on_fire and with_fire[1].streak == 1
    assert by_player(arena_standings([1, 2, 3, 4], games, streaks=False))[1].points == 9
    assert with_fire[2].points == 1 and with_fire[3].points == 0


def test_arena_shows_who_is_on_fire_and_breaks_ties_by_fewer_games_then_order():
    games = [Game(1, 2, W), Game(1, 3, W), Game(4, 5, W), Game(4, 2, W), Game(6, 7, D)]
    table = arena_standings([4, 1, 2, 3, 5, 6, 7], games)
    assert [line.player for line in table][:2] == [4, 1]  # 4 points each in 2 games
    assert table[0].on_fire and table[0].streak == 2
    assert [line.player for line in arena_standings([1, 2, 3, 4, 5, 6, 7], games)][:2] == [1, 4]
    fewer = arena_standings([3, 1, 2], [Game(1, 2, D), Game(1, 3, D), Game(2, 3, W), Game(3, 2, D)])
    # 1: 2 points in 2 games; 3: 1 + 0 + 1 = 2 in 3 games; 2: 1 + 2 + 1 = 4
    assert [line.player for line in fewer] == [2, 1, 3]


def test_team_averages_are_points_per_student_who_took_part():
    points = {1: F(3), 2: F(1), 3: F(2), 4: F(5, 2)}
    averages = team_averages({"red": [1, 2, 3], "blue": [4, 9], "green": [8]}, points)
    assert averages == {"red": 2, "blue": F(5, 2), "green": 0}
