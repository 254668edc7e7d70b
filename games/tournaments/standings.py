"""Standings: points, tie-breaks and a ranking with a stable final tie-break; team averages.

Round robin and Swiss (`standings`): a win 1, a draw ½, a loss 0; a pairing bye 1 (FIDE's
pairing-allocated bye), a late arrival's half-point bye ½; a round with no entry (not yet joined,
withdrawn) 0. Games against the bot count like any game for the student.

Tie-breaks follow FIDE's tie-break regulations (C.07, 2024), article 16 on unplayed rounds, with
its amendment of February 2026 (as FIDE's own TieBreakServer computes it):
- Buchholz: the sum of the opponents' scores. Sonneborn-Berger: the sum over games of the
  player's points in that game times that opponent's score.
- An opponent's score is taken with the rounds after their last round "available to play"
  (a game or a pairing bye) counted as draws: a withdrawn opponent's missing rounds give ½ each,
  their past results stay as they were.
- A player's own unplayed round (any bye, a round they were absent) counts as a game against a
  dummy opponent whose score is the player's own score, at most half the rounds played (the
  2026 cap): Buchholz adds that score; SB adds the bye's points times it. A game against the
  bot counts the same way: the bot has no tournament score.
- A game still in play counts nowhere yet.
The ranking: points, then the tie-breaks in the order given (Swiss: Buchholz, SB, wins; round
robin, where everyone meets everyone and Buchholz says nothing: SB, wins), then the players'
order (the roster or drawn pairing order), so no two players ever share a rank.

Arena (`arena_standings`): win 2, draw 1, loss 0 (Lichess' arena). With the streak bonus on,
two wins in a row put a player on fire: while on fire a game is worth double (win 4, draw 2), and
any game not won puts the fire out. Ranking: points, then fewer games (the same points in fewer
games), then the players' order.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.rules.common import gettext_noop
from games.tournaments.records import (
    BOT,
    Bye,
    ByeKind,
    Entry,
    Game,
    PairingError,
    Result,
    Round,
    draw_order,
)

HALF = Fraction(1, 2)
_GAME_POINTS = {Result.WIN: Fraction(1), Result.DRAW: HALF, Result.LOSS: Fraction(0)}
_BYE_POINTS = {ByeKind.PAIRING: Fraction(1), ByeKind.HALF: HALF}
ARENA_POINTS = {Result.WIN: 2, Result.DRAW: 1, Result.LOSS: 0}
ON_FIRE_AFTER = 2  # wins in a row that light the streak bonus


class TieBreak(enum.StrEnum):
    BUCHHOLZ = "buchholz"
    SONNEBORN_BERGER = "sonneborn_berger"
    WINS = "wins"


SWISS_TIE_BREAKS = (TieBreak.BUCHHOLZ, TieBreak.SONNEBORN_BERGER, TieBreak.WINS)
ROUND_ROBIN_TIE_BREAKS = (TieBreak.SONNEBORN_BERGER, TieBreak.WINS)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in a round robin or Swiss; `rank` is 1 for the leader, never shared."""

    rank: int
    player: int
    points: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    games: int
    wins: int
    draws: int
    losses: int
    byes: int


@dataclass(frozen=True, slots=True)
class ArenaStanding:
    """One player's line in an arena; `streak` is the current run of wins."""

    rank: int
    player: int
    points: int
    games: int
    wins: int
    draws: int
    losses: int
    streak: int
    on_fire: bool


def entry_points(entry: Entry | None, player: int) -> Fraction:
    """Round robin and Swiss points of one player's entry in a round (None: no entry)."""
    if entry is None:
        return Fraction(0)
    if isinstance(entry, Bye):
        return _BYE_POINTS[entry.kind]
    result = entry.result_for(player)
    return Fraction(0) if result is None else _GAME_POINTS[result]


def standings(
    players: Sequence[int],
    rounds: Sequence[Round],
    *,
    tie_breaks: Sequence[TieBreak] = SWISS_TIE_BREAKS,
    seed: int | None = None,
) -> tuple[Standing, ...]:
    """Everyone's standing after `rounds`, best first.

    `players` is everyone in the tournament (withdrawn players too: their results stay), in the
    order that breaks the last ties; `seed` draws that order as the pairing does. An entry for a
    player not listed, or a player twice in one round, is refused.
    """
    order = draw_order(players, seed)
    rows = _rows(order, rounds)
    score = {
        player: sum((entry_points(entry, player) for entry in row), Fraction(0))
        for player, row in rows.items()
    }
    adjusted = {player: _adjusted_score(player, row) for player, row in rows.items()}
    lines = {}
    for player, row in rows.items():
        dummy = min(score[player], HALF * len(rounds))
        buchholz = sonneborn = Fraction(0)
        for entry in row:
            if isinstance(entry, Game) and entry.outcome is None:
                continue
            if isinstance(entry, Game) and BOT not in (entry.first, entry.second):
                opponent_score = adjusted[entry.opponent(player)]
            else:
                opponent_score = dummy
            buchholz += opponent_score
            sonneborn += entry_points(entry, player) * opponent_score
        results = [e.result_for(player) for e in row if isinstance(e, Game)]
        lines[player] = {
            "player": player,
            "points": score[player],
            "buchholz": buchholz,
            "sonneborn_berger": sonneborn,
            "games": sum(result is not None for result in results),
            "wins": results.count(Result.WIN),
            "draws": results.count(Result.DRAW),
            "losses": results.count(Result.LOSS),
            "byes": sum(isinstance(entry, Bye) for entry in row),
        }
    place = {player: i for i, player in enumerate(order)}

    def key(player: int) -> tuple:
        line = lines[player]
        return (
            -line["points"],
            *(-line[tie_break.value] for tie_break in tie_breaks),
            place[player],
        )

    ranked = sorted(order, key=key)
    return tuple(Standing(rank=i, **lines[player]) for i, player in enumerate(ranked, start=1))


def arena_standings(
    players: Sequence[int], games: Sequence[Game], *, streaks: bool = True, seed: int | None = None
) -> tuple[ArenaStanding, ...]:
    """Everyone's arena standing after `games` (in the order they finished), best first.

    Games still in play are skipped. A game naming a player not listed is refused.
    """
    order = draw_order(players, seed)
    tally = {
        player: dict.fromkeys(("points", "games", "wins", "draws", "losses", "streak"), 0)
        for player in order
    }
    for game in games:
        if game.outcome is None:
            continue
        for player in game.players:
            if player not in tally:
                raise PairingError(
                    gettext_noop("a game names player %(player)s, who is not in the tournament"),
                    player=player,
                )
            line = tally[player]
            result = game.result_for(player)
            on_fire = streaks and line["streak"] >= ON_FIRE_AFTER
            line["points"] += ARENA_POINTS[result] * (2 if on_fire else 1)
            line["games"] += 1
            line[{Result.WIN: "wins", Result.DRAW: "draws", Result.LOSS: "losses"}[result]] += 1
            line["streak"] = line["streak"] + 1 if result is Result.WIN else 0
    place = {player: i for i, player in enumerate(order)}
    ranked = sorted(order, key=lambda p: (-tally[p]["points"], tally[p]["games"], place[p]))
    return tuple(
        ArenaStanding(
            rank=i,
            player=player,
            on_fire=streaks and tally[player]["streak"] >= ON_FIRE_AFTER,
            **tally[player],
        )
        for i, player in enumerate(ranked, start=1)
    )


def team_averages[K: Hashable](
    teams: Mapping[K, Iterable[int]], points: Mapping[int, Fraction | int]
) -> dict[K, Fraction]:
    """Each team's points per student who took part, so teams of unequal size compare fairly.

    A member missing from `points` (absent from the tournament) is not counted; a team with no
    member who took part averages 0.
    """
    averages = {}
    for team, members in teams.items():
        scored = [Fraction(points[member]) for member in members if member in points]
        averages[team] = sum(scored, Fraction(0)) / len(scored) if scored else Fraction(0)
    return averages


def _rows(order: Sequence[int], rounds: Sequence[Round]) -> dict[int, list[Entry | None]]:
    """Each player's entry in each round (None where they had none)."""
    rows: dict[int, list[Entry | None]] = {player: [None] * len(rounds) for player in order}
    for number, entries in enumerate(rounds):
        for entry in entries:
            for player in entry.players:
                if player not in rows:
                    raise PairingError(
                        gettext_noop(
                            "round %(round)s names player %(player)s, who is not in the tournament"
                        ),
                        round=number + 1,
                        player=player,
                    )
                if rows[player][number] is not None:
                    raise PairingError(
                        gettext_noop("player %(player)s is in round %(round)s twice"),
                        round=number + 1,
                        player=player,
                    )
                rows[player][number] = entry
    return rows


def _adjusted_score(player: int, row: Sequence[Entry | None]) -> Fraction:
    """The score as an opponent's tie-breaks see it: rounds after the last one the player was
    available for (a game or a pairing bye) count as draws (FIDE C.07 article 16)."""
    available = [
        number
        for number, entry in enumerate(row, start=1)
        if isinstance(entry, Game) or (isinstance(entry, Bye) and entry.kind is ByeKind.PAIRING)
    ]
    last = available[-1] if available else 0
    played = sum((entry_points(entry, player) for entry in row[:last]), Fraction(0))
    return played + HALF * (len(row) - last)
