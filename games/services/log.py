"""The match log: a kind's `LogRow`s become Move rows (the replay log and the report columns).

Only the door (`games.services.matches`) calls these, inside its transaction and row lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.db.models import CharField

from games.kinds import LogRow, Refusal
from games.models import Match, Move, Seat

# Refused attempts are evidence for the reports, but one socket can send hundreds a second.
# Stored per player and turn (ply): the same expression at the same target once, at most
# ATTEMPTS_PER_SECOND in any second and at most ATTEMPTS_PER_TURN in all; the first attempts of
# a turn, the ones a report reads, are always kept. The sender gets the rules'
# message for every attempt: only storage is limited.
ATTEMPTS_PER_SECOND = 3
ATTEMPTS_PER_TURN = 20

_TEXT_COLUMNS = [f for f in Move._meta.concrete_fields if isinstance(f, CharField)]


def fitted(move: Move) -> Move:
    """The move with every text column cut to fit (PostgreSQL refuses over-long values).

    An exact value too long for its column is left empty rather than cut into a wrong number:
    the stored expression still evaluates to it exactly.
    """
    for field in _TEXT_COLUMNS:
        text = getattr(move, field.attname)
        if len(text) > field.max_length:
            setattr(move, field.attname, "" if field.name == "value" else text[: field.max_length])
    return move


_FACT_COLUMNS = frozenset(f.name for f in Move._meta.concrete_fields) - {"facts"}


def _move(match: Match, seats: Sequence[Seat], row: LogRow, **columns) -> Move:
    """The row's facts that name a Move column fill it; the kind's own go into `facts`."""
    user_id = seats[row.seat].user_id if row.seat is not None else None
    shared = {k: v for k, v in row.facts.items() if k in _FACT_COLUMNS}
    own = {k: v for k, v in row.facts.items() if k not in _FACT_COLUMNS}
    return Move(
        match=match,
        seat=row.seat,
        user_id=user_id,
        kind=row.kind,
        action=dict(row.action),
        events=list(row.events),
        game_number=row.game_number,
        facts=own,
        **shared,
        **columns,
    )


def move_rows(
    *,
    match: Match,
    seats: Sequence[Seat],
    rows: Sequence[LogRow],
    first_ply: int,
    think_ms: int | None,
    now: datetime,
) -> list[Move]:
    """An applied action's Move rows from `first_ply` on, unsaved (the door writes them with the
    match in one statement); the first row is the action's own (it carries the think time), the
    rest are what the rules did after it (forced skips)."""
    return [
        fitted(
            _move(
                match,
                seats,
                row,
                ply=first_ply + index,
                think_ms=think_ms if index == 0 and row.seat is not None else None,
                created_at=now,
            )
        )
        for index, row in enumerate(rows)
    ]


def moves_append(
    *,
    match: Match,
    seats: Sequence[Seat],
    rows: Sequence[LogRow],
    first_ply: int,
    think_ms: int | None,
    now: datetime,
) -> list[Move]:
    """Store `move_rows` on their own (the opening's forced skips, at creation)."""
    moves = move_rows(
        match=match, seats=seats, rows=rows, first_ply=first_ply, think_ms=think_ms, now=now
    )
    return Move.objects.bulk_create(moves)


def attempt_storable(*, match: Match, seat: int, key: tuple[str, ...], now: datetime) -> bool:
    """Within the attempt limits (above): one query on the (match, seat, ply) index of refused
    attempts, under the match's row lock, reading at most ATTEMPTS_PER_TURN rows."""
    stored = (
        Move.objects.filter(match=match, seat=seat, seen_ply=match.ply, kind=Move.Kind.REJECTED)
        .order_by()  # the log's default order would join the match for nothing
        .values_list("expression", "target", "created_at")
    )
    recent = now - timedelta(seconds=1)
    seconds = 0
    for expression, target, created_at in stored:
        if (expression, target) == tuple(key):
            return False
        seconds += created_at > recent
    return len(stored) < ATTEMPTS_PER_TURN and seconds < ATTEMPTS_PER_SECOND


def attempt_append(
    *, match: Match, seats: Sequence[Seat], refusal: Refusal, think_ms: int | None, now: datetime
) -> Move:
    """Store a refused attempt outside the ply sequence (seen at the match's ply)."""
    attempt = _move(
        match, seats, refusal.row, ply=None, seen_ply=match.ply, think_ms=think_ms, created_at=now
    )
    fitted(attempt).save()
    return attempt
