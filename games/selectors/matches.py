"""Reads that feed the play pages: everything a template needs, for one viewer."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.permissions import teaches
from games.kinds import kind_for
from games.kinds.shown import LoggedMove
from games.models import Match, Seat
from games.recent import Recent, match_key
from games.selectors.snapshot import (
    move_facts,
    seat_label,
    seat_name,
    snapshot_from_db,
    table_names,
)

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


def _step_ms(deadline: float | None, started: float | None) -> int | None:
    if deadline is None or started is None:
        return None
    return max(0, int((deadline - started) * 1000))


def clocks_of(snap: dict[str, Any]) -> dict[str, int | None]:
    """The clocks' time left now, in ms (None: off, or the match is over)."""
    finished = snap["status"] == Match.Status.FINISHED
    deadline, started = snap["move_deadline"], snap.get("turn_started_at")
    return {
        "clock_ms": None if finished else _remaining_ms(snap["clock_deadline"]),
        "move_ms": None if finished else _remaining_ms(deadline),
        # The step's own length: a step still in its pause (the last result being read) shows
        # it whole, and counts down only once it starts (live.js).
        "move_full_ms": _step_ms(deadline, started),
        # What the step clock is for, read from the stored state (the clocks are rendered per
        # socket: the kind reads its JSON without loading a rules state).
        "step_label": kind_for(snap["game"]).step_label(snap["state"]),
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
        "kind": kind,
        "viewer": viewer,
        "ply": snap["ply"],
        "names": snap["names"],
        "board_template": kind.board_template,
        "my_turn": viewer.seat is not None and not finished and viewer.seat in snap["awaited"],
        "awaited_names": [snap["names"][seat] for seat in snap["awaited"]],
        "finished": finished,
        **clocks_of(snap),
        "guided": bool(snap["options"].get("guided")),
        "preview": kind.preview_on(snap["options"]),
        "prompt": kind.prompt(snap),
        "log": log,
    }
    return context | kind.screen(snap, state, viewer.seat).context()


def match_log(match: Match, names: list[str]) -> list[Any]:
    """The replay, as the match's kind tells it from its applied moves in ply order."""
    moves = match.moves.filter(ply__isnull=False).order_by("ply")
    logged = [LoggedMove(m.ply, move_facts(m), m.events) for m in moves]
    return kind_for(match.game).replay_log(logged, names)


def match_view(match: Match, viewer: Viewer) -> dict[str, Any]:
    """The whole screen for one viewer, from the database (the replay log when it is over)."""
    snap = snapshot_from_db(match)
    log = match_log(match, snap["names"]) if snap["status"] == Match.Status.FINISHED else None
    return {**view_for(snap, viewer, log), "match": match, "snap": snap}


def _clock_text(seconds: int | None) -> str:
    if seconds is None:
        return _("no clock")
    minutes, seconds = divmod(seconds, 60)
    return f"{minutes}:{seconds:02d}"


# The columns a row of the teacher's lists reads; the rules state is not among them (see _Facts).
ROW_FIELDS = (
    "id",
    "game",
    "variants",
    "status",
    "ply",
    "created_at",
    "clock_deadline",
    "finished_at",
)


@dataclass(frozen=True)
class _Facts:
    """What a row takes from a match's rules state: the state (for the result, which is
    told in the reader's language with the seats' current names), its summary and who is
    awaited."""

    state: Any
    summary: dict[str, Any]
    awaited: tuple[int, ...]


# The facts of a match at a ply, kept by each server process. A match's rules state at a given
# ply never changes: every change to it adds a ply (the one door, services.matches). So the key
# (match, its creation time, ply) read from the database, which is the truth every process
# shares, names one state for good, and nothing needs invalidating: a move makes a new key, and
# an old one ages out. The creation time guards against a reused id (SQLite reuses the highest
# after a rollback).
ROW_FACTS: Recent[tuple, _Facts] = Recent(size=4096, name="row facts")


def _facts_key(match: Match) -> tuple:
    return match_key(match.pk, match.created_at, match.ply)


def _facts_of(game: str, data: dict[str, Any]) -> _Facts:
    kind = kind_for(game)
    state = kind.load(data)
    return _Facts(state, kind.summary(state), tuple(kind.awaited(state)))


def _row_facts(matches: list[Match]) -> dict[int, _Facts]:
    """Each match's facts, from the cache; the states of those missing in one query (none
    when the state was loaded with the match)."""
    found: dict[int, _Facts] = {}
    missing: dict[int, Match] = {}
    for match in matches:
        facts = ROW_FACTS.get(_facts_key(match))
        if facts is not None:
            found[match.pk] = facts
        elif "state" in match.get_deferred_fields():
            missing[match.pk] = match
        else:
            found[match.pk] = _facts_of(match.game, match.state)
            ROW_FACTS.put(_facts_key(match), found[match.pk])
    if missing:
        states = Match.objects.filter(pk__in=list(missing)).values_list("pk", "ply", "state")
        for pk, ply, data in states:
            match = missing[pk]
            found[pk] = _facts_of(match.game, data)
            # A move between the two reads: the newer state is kept under its own ply.
            ROW_FACTS.put(match_key(pk, match.created_at, ply), found[pk])
    return found


_SEAT_COLUMNS = (
    "match_id",
    "bot_level",
    "user_id",
    "user__student__display_name",
    "user__first_name",
    "user__last_name",
    "user__username",
)


def _seat_names(match_ids: list[int]) -> dict[int, list[str]]:
    """Every listed match's seat names in seat order (computers named as the board names them),
    in one query of plain columns."""
    names: dict[int, list[str]] = {pk: [] for pk in match_ids}
    if not match_ids:
        return names
    seats = (
        Seat.objects.filter(match_id__in=match_ids)
        .order_by("match_id", "index")
        .values_list(*_SEAT_COLUMNS)
    )
    bots: dict[int, list[str]] = {pk: [] for pk in match_ids}
    for match_id, bot_level, user_id, student_name, first, last, username in seats:
        bots[match_id].append(bot_level)
        names[match_id].append(
            seat_label(
                bot_level=bot_level,
                has_user=user_id is not None,
                student_name=student_name,
                full_name=f"{first or ''} {last or ''}".strip(),
                username=username or "",
            )
        )
    return {pk: table_names(labels, bots[pk]) for pk, labels in names.items()}


def _row(match: Match, names: list[str], facts: _Facts, now: datetime) -> dict[str, Any]:
    row: dict[str, Any] = {"match": match, "names": names, "players": " – ".join(names)}
    if match.status == Match.Status.PLAYING:
        left = None
        if match.clock_deadline is not None:
            # Rounded up, as the match screen's clock is: "0:00" only when time is up.
            left = max(0, math.ceil((match.clock_deadline - now).total_seconds()))
        kind = kind_for(match.game)
        to_move = ", ".join(names[seat] for seat in facts.awaited if seat < len(names))
        row.update(
            playing=True,
            clock_text=_clock_text(left),
            to_move=to_move,
            awaited_text=kind.awaited_text(facts.summary, to_move),
            game_label=kind.live_label(match.variants),
            live_template=kind.live_template,
            **facts.summary,
        )
    else:
        row.update(
            playing=False,
            result=kind_for(match.game).result_text(facts.state, names),
        )
    return row


def match_rows(matches, *, now: datetime | None = None) -> list[dict[str, Any]]:
    """Rows for the teacher's lists: names, and captures and time left, or the result.

    Two queries whatever the number of rows (seat names; the states not yet in ROW_FACTS),
    one when every state is known: the matches may come with only ROW_FIELDS.
    """
    now = now or timezone.now()
    matches = list(matches)
    names = _seat_names([m.pk for m in matches])
    facts = _row_facts(matches)
    return [_row(m, names[m.pk], facts[m.pk], now) for m in matches]


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
    matches = Match.objects.filter(classroom=classroom).only(*ROW_FIELDS)
    playing = list(matches.filter(status=Match.Status.PLAYING).order_by("-created_at"))
    finished = matches.filter(status=Match.Status.FINISHED)
    today = list(
        finished.filter(finished_at__gte=_start_of_today(now)).order_by("-finished_at", "-pk")[
            :today_limit
        ]
    )
    rows = match_rows(playing + today, now=now)
    return ClassMatches(
        playing=rows[: len(playing)],
        finished_today=rows[len(playing) :],
        not_listed=finished.count() - len(today),
    )


def finished_matches_for_class(classroom) -> QuerySet[Match]:
    """Every finished match of the class, latest first, with only the columns a row reads
    (for paging; `match_rows` adds the seats)."""
    return (
        Match.objects.filter(classroom=classroom, status=Match.Status.FINISHED)
        .only(*ROW_FIELDS)
        .order_by(F("finished_at").desc(nulls_last=True), "-pk")
    )
