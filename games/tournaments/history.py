"""The stored tournament as the pure modules' records, and what they make of it.

One place turns rows into `records` values (player ids are student ids, a NULL entrant the
bot) and asks the pure functions for the next round, the standings or the arena's pairings,
so services and selectors never disagree on how a format is run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.tournaments import pairing, records, standings
from games.tournaments.models import Entrant, KeepApart, Pairing, Round, Tournament

Format = Tournament.Format


@dataclass(frozen=True)
class History:
    """Everything stored about a tournament that pairing and standings read."""

    tournament: Tournament
    entrants: list[Entrant]
    rounds: list[Round]
    pairings: dict[int, list[Pairing]]  # by round id, board order

    @property
    def players(self) -> tuple[int, ...]:
        """Everyone who entered (withdrawn too: their results stay), in entry order."""
        return tuple(e.student_id for e in self.entrants)

    @property
    def starters(self) -> tuple[int, ...]:
        """Those ticked present at the start (a round robin's schedule and a knockout's
        bracket are drawn from them alone)."""
        return tuple(e.student_id for e in self.entrants if not e.late)

    @property
    def present(self) -> tuple[int, ...]:
        return tuple(e.student_id for e in self.entrants if not e.withdrawn)

    @property
    def withdrawn(self) -> frozenset[int]:
        return frozenset(e.student_id for e in self.entrants if e.withdrawn)

    def entrant(self, student_id: int) -> Entrant:
        return next(e for e in self.entrants if e.student_id == student_id)

    def records(self) -> list[records.Round]:
        """Every stored round as pure records, in order."""
        return [tuple(entry_of(p) for p in self.pairings.get(r.pk, [])) for r in self.rounds]

    def scored_records(self) -> list[records.Round]:
        """The rounds the standings count: a round only paired (the teacher may still undo it)
        changes nobody's points or tie-breaks."""
        return [
            tuple(entry_of(p) for p in self.pairings.get(r.pk, []))
            for r in self.rounds
            if r.status != Round.Status.PAIRED
        ]

    def keep_apart(self) -> list[tuple[int, int]]:
        return list(
            KeepApart.objects.filter(classroom_id=self.tournament.classroom_id).values_list(
                "low_id", "high_id"
            )
        )


def history_of(tournament: Tournament) -> History:
    entrants = list(tournament.entrants.select_related("student").order_by("pk"))
    rounds = list(tournament.round_set.order_by("number"))
    pairings: dict[int, list[Pairing]] = {}
    by_id = {e.pk: e for e in entrants}
    rows = Pairing.objects.filter(round__tournament=tournament).order_by("round__number", "board")
    for row in rows:
        # The entrants (with their students) are loaded already: no join, no query per board.
        row.first = by_id.get(row.first_id)
        row.second = by_id.get(row.second_id)
        pairings.setdefault(row.round_id, []).append(row)
    return History(tournament, entrants, rounds, pairings)


def entry_of(row: Pairing) -> records.Entry:
    if row.is_bye:
        return records.Bye(row.first.student_id, records.ByeKind(row.bye))
    return records.Game(
        _seat(row.first),
        _seat(row.second),
        records.Outcome(row.outcome) if row.outcome else None,
    )


def _seat(entrant: Entrant | None) -> records.Seat:
    return records.BOT if entrant is None else entrant.student_id


def next_round(history: History) -> records.Round:
    """The next round's pairing for a round format; empty when the tournament is complete.

    Raises `records.PairingError` (e.g. a round still in play, too few players).
    """
    t = history.tournament
    played = history.records()
    odd = records.Odd(t.odd)
    if t.format == Format.ROUND_ROBIN:
        schedule = pairing.round_robin(history.starters, double=t.double, odd=odd, seed=t.seed)
        if len(played) >= len(schedule):
            return ()
        return pairing.withdraw(schedule[len(played)], history.withdrawn, odd=odd)
    if t.format == Format.KNOCKOUT:
        return pairing.elimination_round(
            history.starters,
            played,
            third_place=t.third_place,
            withdrawn=history.withdrawn,
            seed=t.seed,
        )
    if len(played) >= (t.rounds or 0):
        return ()
    return pairing.swiss_round(
        history.present, played, keep_apart=history.keep_apart(), odd=odd, seed=t.seed
    )


def round_robin_length(history: History) -> int:
    t = history.tournament
    return len(pairing.round_robin(history.starters, double=t.double, seed=t.seed))


def table(history: History) -> Sequence[standings.Standing | standings.ArenaStanding]:
    """The standings, best first (arena lines for an arena)."""
    t = history.tournament
    if t.format == Format.ARENA:
        return standings.arena_standings(
            history.players, arena_games(history), streaks=t.streaks, seed=t.seed
        )
    breaks = (
        standings.ROUND_ROBIN_TIE_BREAKS
        if t.format == Format.ROUND_ROBIN
        else standings.SWISS_TIE_BREAKS
    )
    return standings.standings(
        history.players, history.scored_records(), tie_breaks=breaks, seed=t.seed
    )


def knockout_places(history: History) -> dict[int, int]:
    """The knockout places decided so far (played rounds only)."""
    t = history.tournament
    finished = [
        entries
        for r, entries in zip(history.rounds, history.records(), strict=True)
        if r.status == Round.Status.FINISHED
    ]
    return pairing.placings(history.starters, finished, withdrawn=history.withdrawn, seed=t.seed)


def arena_games(history: History) -> list[records.Game]:
    """The arena's games in the order they finished, those still in play last."""
    rows = [p for rows in history.pairings.values() for p in rows if not p.is_bye]
    finished = sorted((p for p in rows if p.outcome), key=lambda p: (p.finished_at, p.board))
    playing = [p for p in rows if not p.outcome]
    return [entry_of(p) for p in (*finished, *playing)]  # type: ignore[misc]


def arena_waiting(history: History) -> list[int]:
    """The students present and not in a game, longest-waiting first."""
    rows = [p for rows in history.pairings.values() for p in rows if not p.is_bye]
    busy = {e.student_id for p in rows if not p.outcome for e in (p.first, p.second) if e}
    last_finished: dict[int, object] = {}
    for p in rows:
        for e in (p.first, p.second):
            if e is not None and p.finished_at is not None:
                last_finished[e.student_id] = max(
                    last_finished.get(e.student_id, p.finished_at), p.finished_at
                )
    waiting = [e for e in history.entrants if not e.withdrawn and e.student_id not in busy]
    # Never played: waiting since they entered; else since their last game ended.
    waiting.sort(key=lambda e: (last_finished.get(e.student_id, e.joined_at), e.pk))
    return [e.student_id for e in waiting]
