"""Reads that feed the play pages: everything a template needs, for one viewer."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import F, Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.permissions import teaches
from games.kinds import kind_for
from games.kinds.warriors.describe import describe_move
from games.kinds.warriors.guided import prompt_for
from games.models import Match, Seat
from games.selectors.snapshot import move_facts, seat_name, snapshot_from_db

__all__ = [
    "ClassMatches",
    "Viewer",
    "finished_matches_for_class",
    "match_rows",
    "match_view",
    "matches_for_class",
    "seat_name",
    "view_for",
    "viewer_of",
]

# Today's finished matches shown under the playing ones; the rest are a link away.
TODAY_LIMIT = 30


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a seated player (a seat index), a teacher spectating, or nobody allowed."""

    seat: int | None
    spectator: bool

    @property
    def allowed(self) -> bool:
        return self.seat is not None or self.spectator


def viewer_of(match: Match, user: User) -> Viewer:
    """A seated user plays; a teacher of the match's class spectates; anyone else is refused."""
    if not user.is_authenticated:
        return Viewer(None, False)
    for seat in match.seats.all():
        if seat.user_id == user.pk:
            return Viewer(seat.index, False)
    if match.classroom is not None and teaches(user, match.classroom):
        return Viewer(None, True)
    return Viewer(None, False)


def _remaining_ms(deadline: float | None) -> int | None:
    if deadline is None:
        return None
    return max(0, int((deadline - time.time()) * 1000))


def clocks_of(snap: dict[str, Any]) -> dict[str, int | None]:
    """The clocks' time left now, in ms (None: off, or the match is over)."""
    finished = snap["status"] == Match.Status.FINISHED
    return {
        "clock_ms": None if finished else _remaining_ms(snap["clock_deadline"]),
        "move_ms": None if finished else _remaining_ms(snap["move_deadline"]),
        # What the step clock is for: a move, or the card war's target or answer step (read
        # from the stored state, so the clock is rendered per socket without loading the kind).
        "step": (snap["state"].get("rules") or {}).get("phase", "move"),
    }


def view_for(snap: dict[str, Any], viewer: Viewer, log: list | None = None) -> dict[str, Any]:
    """The live fragments' context for one viewer, from a snapshot (no database access).

    The generic part (clocks, whose turn, the guide) here; the board's part from the kind.
    """
    kind = kind_for(snap["game"])
    state = kind.load(snap["state"])
    finished = snap["status"] == Match.Status.FINISHED
    context = {
        "match_id": snap["id"],
        "game": snap["game"],
        "viewer": viewer,
        "ply": snap["ply"],
        "names": snap["names"],
        "board_template": kind.board_template,
        "my_turn": viewer.seat is not None and not finished and viewer.seat in snap["awaited"],
        "awaited_names": [snap["names"][seat] for seat in snap["awaited"]],
        "finished": finished,
        **clocks_of(snap),
        "guided": bool(snap["options"].get("guided")),
        "prompt": prompt_for(snap),
        "log": log,
    }
    return context | kind.screen(snap, state, viewer.seat)


# What a finished card war's replay is told from: every answer as it was revealed, never the
# private facts an answer carried when it arrived (`answer_received`).
CARDWAR_REPLAY_EVENTS = frozenset(
    {"round_started", "answers_revealed", "round_won", "war_started", "bonus", "player_out"}
)


def match_log(match: Match, names: list[str]) -> list[dict[str, Any]]:
    """The replay: every applied move with the board as it was before it (the card war: its
    public events in order, which its screen tells round by round)."""
    moves = match.moves.filter(ply__isnull=False).order_by("ply")
    if match.game == Match.Game.CARDWAR:
        return [e for m in moves for e in m.events if e.get("type") in CARDWAR_REPLAY_EVENTS]
    return [
        {
            "ply": m.ply,
            "text": describe_move(move_facts(m), names),
            "dice": [
                {
                    "name": names[index],
                    "dice": [{"id": d[0], "sides": d[1], "value": d[2]} for d in side],
                }
                for index, side in enumerate(m.dice_before or [])
            ],
        }
        for m in moves
    ]


def match_view(match: Match, viewer: Viewer) -> dict[str, Any]:
    """The whole screen for one viewer, from the database (the replay log when it is over)."""
    snap = snapshot_from_db(match)
    log = match_log(match, snap["names"]) if snap["status"] == Match.Status.FINISHED else None
    return {**view_for(snap, viewer, log), "match": match, "snap": snap}


def _with_seats(matches: QuerySet[Match]) -> QuerySet[Match]:
    """Seats with their users' student names in one more query, whatever the number of rows."""
    return matches.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user__student"))
    )


def _clock_text(seconds: int | None) -> str:
    if seconds is None:
        return _("no clock")
    minutes, seconds = divmod(seconds, 60)
    return f"{minutes}:{seconds:02d}"


def _row(match: Match, now: datetime) -> dict[str, Any]:
    names = [seat_name(s) for s in sorted(match.seats.all(), key=lambda s: s.index)]
    row: dict[str, Any] = {"match": match, "names": names}
    if match.status == Match.Status.PLAYING:
        kind = kind_for(match.game)
        state = kind.load(match.state)
        left = None
        if match.clock_deadline is not None:
            # Rounded up, as the match screen's clock is: "0:00" only when time is up.
            left = max(0, math.ceil((match.clock_deadline - now).total_seconds()))
        row.update(
            playing=True,
            clock_text=_clock_text(left),
            to_move=", ".join(names[seat] for seat in kind.awaited(state)),
            **kind.summary(state),
        )
    else:
        row.update(
            playing=False,
            result=_result_text(match, names),
        )
    return row


def _result_text(match: Match, names: list[str]) -> str:
    kind = kind_for(match.game)
    return kind.result_text(kind.load(match.state), names)


def match_rows(matches, *, now: datetime | None = None) -> list[dict[str, Any]]:
    """Rows for the teacher's lists: names, and captures and time left, or the result."""
    now = now or timezone.now()
    return [_row(match, now) for match in matches]


def _start_of_today(now: datetime) -> datetime:
    """Midnight of the server's local date (settings.TIME_ZONE), as an aware datetime."""
    return timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)


@dataclass(frozen=True)
class ClassMatches:
    playing: list[dict[str, Any]]
    finished_today: list[dict[str, Any]]
    # Finished matches not listed here (earlier days, and today's beyond the limit).
    not_listed: int


def matches_for_class(
    classroom, *, now: datetime | None = None, today_limit: int = TODAY_LIMIT
) -> ClassMatches:
    """The teacher's live list: every playing match, then today's latest finished ones.

    Playing matches are never cut (they used to vanish behind 60 finished ones). Five queries
    whatever the class's history.
    """
    now = now or timezone.now()
    matches = Match.objects.filter(classroom=classroom)
    playing = _with_seats(matches.filter(status=Match.Status.PLAYING).order_by("-created_at"))
    finished = matches.filter(status=Match.Status.FINISHED)
    today = _with_seats(
        finished.filter(finished_at__gte=_start_of_today(now)).order_by("-finished_at", "-pk")
    )[:today_limit]
    finished_today = match_rows(today, now=now)
    return ClassMatches(
        playing=match_rows(playing, now=now),
        finished_today=finished_today,
        not_listed=finished.count() - len(finished_today),
    )


def finished_matches_for_class(classroom) -> QuerySet[Match]:
    """Every finished match of the class, latest first, seats prefetched (for paging)."""
    return _with_seats(
        Match.objects.filter(classroom=classroom, status=Match.Status.FINISHED).order_by(
            F("finished_at").desc(nulls_last=True), "-pk"
        )
    )
