"""A match as plain JSON-safe data: what every viewer's screen is rendered from.

The services build it once per change and send it with "ply N happened", so each socket
renders its viewer's fragments without going back to the database; pages and reconnects build
it from the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.kinds import kind_for
from games.models import Match, Move, Seat

_BOT_LEVELS = dict(Seat.BotLevel.choices)
# The server options the screens read (the rest stay on the match).
_SCREEN_OPTIONS = ("guided", "bot_delay_ms", "reveal_ms", "preview")


def seat_name(seat: Seat) -> str:
    user = seat.user
    student = getattr(user, "student", None) if user is not None else None
    return seat_label(
        bot_level=seat.bot_level,
        has_user=user is not None,
        student_name=student.display_name if student is not None else None,
        full_name=user.get_full_name() if user is not None else "",
        username=user.username if user is not None else "",
    )


def seat_label(
    *, bot_level: str, has_user: bool, student_name: str | None, full_name: str, username: str
) -> str:
    """A seat's name from its columns (`seat_name` from a Seat, lists from a values query)."""
    if bot_level:
        return _("Computer (%(level)s)") % {"level": _BOT_LEVELS.get(bot_level, bot_level)}
    if not has_user:  # the student was erased; their moves stay for the classmate's replay
        return _("Former student")
    if student_name is not None:
        return student_name
    return full_name or username


def table_names(labels: Sequence[str], bot_levels: Sequence[str]) -> list[str]:
    """The seats' names at one table: with two or more computers each is numbered by its seat
    ("Computer 3 (beginner)"), the same on the board, in the reveal and in the teacher's list."""
    if sum(1 for level in bot_levels if level) < 2:
        return list(labels)
    return [
        _("Computer %(n)s (%(level)s)") % {"n": i + 1, "level": _BOT_LEVELS.get(level, level)}
        if level
        else label
        for i, (label, level) in enumerate(zip(labels, bot_levels, strict=True))
    ]


def move_facts(move: Move) -> dict[str, Any]:
    """The parts of a Move the screen shows (last move, highlight, replay): the shared columns
    and the kind's own facts (Warriors: target_value, rerolled, dice_before …)."""
    return {
        "ply": move.ply,
        "kind": move.kind,
        "seat": move.seat,
        "target": move.target,
        "attacker": move.action.get("attacker", "") if move.action else "",
        "expression": move.expression,
        **move.facts,
    }


def _epoch(value) -> float | None:
    return value.timestamp() if value is not None else None


def snapshot(
    match: Match, seats: list[Seat], last: Move | None, *, awaited: Sequence[int] | None = None
) -> dict[str, Any]:
    """Everything any viewer's live fragments need, without the replay log.

    `state` is the whole rules state, hidden parts included: it goes to the server's sockets
    only, each of which renders its viewer's view through the kind. `awaited`: the seats the
    game waits for (the kind is asked when not given).
    """
    seats = sorted(seats, key=lambda s: s.index)
    if awaited is None:
        kind = kind_for(match.game)
        awaited = kind.awaited(kind.load(match.state)) if match.status == "playing" else ()
    return {
        "id": match.pk,
        "game": match.game,
        "ply": match.ply,
        "created": _epoch(match.created_at),  # with id and ply: the process caches' key
        "step_ply": match.step_ply,
        "awaited": list(awaited),
        "status": match.status,
        "state": match.state,
        "clock_deadline": _epoch(match.clock_deadline),
        "move_deadline": _epoch(match.move_deadline),
        "turn_started_at": _epoch(match.turn_started_at),
        "winner_seat": match.winner_seat,
        "result_reason": match.result_reason,
        "variants": match.variants,
        "options": {k: v for k, v in match.options.items() if k in _SCREEN_OPTIONS},
        "names": table_names([seat_name(s) for s in seats], [s.bot_level for s in seats]),
        "users": [s.user_id for s in seats],
        "bots": [s.bot_level for s in seats],
        "seed": match.seed,
        "last": move_facts(last) if last is not None else None,
    }


def snapshot_from_db(match: Match) -> dict[str, Any]:
    seats = list(match.seats.select_related("user__student"))
    last = match.moves.filter(ply__isnull=False).order_by("-ply").first()
    return snapshot(match, seats, last)
