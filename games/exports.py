"""A student's games for their data export (`settings.STUDENT_DATA_EXPORTERS`).

Only what the student did: their matches, and their own moves and rejected attempts. Of the
opponent, just the name shown on the match page; never the opponent's moves or attempts.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Prefetch

from classrooms.models import Student
from games.kinds import kind_for
from games.models import Match, Move, Seat
from games.selectors.snapshot import seat_name


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _result(match: Match, seat: int) -> str:
    """playing, won, lost or draw; a team's win is won for each of its seats."""
    if match.status == Match.Status.PLAYING:
        return "playing"
    kind = kind_for(match.game)
    result = kind.result(kind.load(match.state))
    winners = result.winners if result is not None else ()
    if not winners:
        return "draw"
    return "won" if seat in winners else "lost"


def _move(move: Move) -> dict[str, Any]:
    return {
        "ply": move.ply,
        "kind": move.kind,
        "expression": move.expression,
        "value": move.value,
        "target": move.target,
        "target_value": move.facts.get("target_value"),
        "success": move.success,
        "error": move.error,
        "think_ms": move.think_ms,
        "capture_available": move.facts.get("capture_available"),
        "best_capture": move.facts.get("best_capture", ""),
        "at": _iso(move.created_at),
    }


def student_games_export(student: Student) -> list[dict[str, Any]]:
    """The student's matches, oldest first, each with their own moves (rejected ones included)."""
    user_id = student.user_id
    seats = (
        Seat.objects.filter(user_id=user_id)
        .select_related("match")
        .prefetch_related(
            Prefetch("match__seats", queryset=Seat.objects.select_related("user__student"))
        )
        .order_by("match__created_at", "match_id")
    )
    moves_by_match: dict[int, list[Move]] = defaultdict(list)
    for move in Move.objects.filter(user_id=user_id).order_by("match_id", "created_at", "id"):
        moves_by_match[move.match_id].append(move)
    games = []
    for seat in seats:
        match = seat.match
        others = [seat_name(s) for s in match.seats.all() if s.index != seat.index]
        games.append(
            {
                "match": match.pk,
                "game": match.game,
                "started_at": _iso(match.created_at),
                "finished_at": _iso(match.finished_at),
                "opponent": ", ".join(others),
                "result": _result(match, seat.index),
                "result_reason": match.result_reason,
                "moves": [_move(m) for m in moves_by_match.get(match.pk, [])],
            }
        )
    return games
