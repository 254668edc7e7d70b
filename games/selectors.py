"""Reads that feed the play pages: everything a template needs, for one viewer."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import F, Prefetch, QuerySet
from django.utils import timezone
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classrooms.models import User
from classrooms.permissions import teaches
from games import engine
from games.describe import describe_ending, describe_move, describe_result
from games.guided import prompt_for
from games.models import Match, Seat
from games.snapshot import move_facts, seat_name, snapshot_from_db

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
    """Who is looking: a seated player (seat 0/1), a teacher spectating, or nobody allowed."""

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


@dataclass
class SideView:
    seat: int
    name: str
    dice: list[dict[str, Any]]
    captured: list[str]
    is_me: bool
    to_move: bool
    is_first: bool
    games_won: int
    label: str
    captured_text: str
    dice_html: str = ""


def _remaining_ms(deadline: float | None) -> int | None:
    if deadline is None:
        return None
    return max(0, int((deadline - time.time()) * 1000))


def _last_dice(last: dict | None) -> set[str]:
    if not last:
        return set()
    ids = {last["target"]} if last["target"] else set()
    ids.update(r[0] for r in last["rerolled"] if r)
    if last["attacker"]:
        ids.add(last["attacker"])
    return ids


def _die_label(die, recruited: bool) -> str:
    params = {"sides": die.sides, "value": die.value}
    if recruited:
        return _("recruited D%(sides)s showing %(value)s") % params
    return _("D%(sides)s showing %(value)s") % params


def _dice_html(dice: list[dict[str, Any]], mine: bool, disabled: bool) -> str:
    """The dice buttons, built here rather than in the template: this runs for every socket on
    every move, and string formatting is many times faster than template tags."""
    side = "mine" if mine else "theirs"
    off = " disabled" if disabled else ""
    return format_html_join(
        "\n",
        '<button type="button" class="die d{}{}" data-die="{}" data-value="{}" data-sides="{}"'
        ' data-side="{}" aria-pressed="false" aria-label="{}"{}>'
        '<span class="die-shape" aria-hidden="true"></span>'
        '<span class="die-value" aria-hidden="true">{}</span>'
        '<span class="die-type" aria-hidden="true">D{}</span></button>',
        (
            (
                d["sides"],
                " is-last" if d["last"] else "",
                d["id"],
                d["value"],
                d["sides"],
                side,
                d["label"],
                off,
                d["value"],
                d["sides"],
            )
            for d in dice
        ),
    )


def _sides(state: engine.State, names: list[str], viewer: Viewer, last: set[str]):
    me = viewer.seat if viewer.seat is not None else 0
    sides = _side_views(state, names, viewer, last)
    for side in sides:
        side.dice_html = _dice_html(side.dice, side.seat == me, viewer.seat is None)
    return sides


def _side_views(state: engine.State, names: list[str], viewer: Viewer, last: set[str]):
    # Labels are made here, not with {% blocktranslate %} per die.
    return [
        SideView(
            seat=index,
            name=names[index],
            dice=[
                {
                    "id": d.id,
                    "sides": d.sides,
                    "value": d.value,
                    "last": d.id in last,
                    "label": _die_label(d, d.id[0] != "AB"[index]),
                }
                for d in state.dice[index]
            ],
            captured=list(state.captured[index]),
            is_me=viewer.seat == index,
            to_move=state.status == "playing" and state.to_move == index,
            is_first=state.first == index,
            games_won=state.games_won[index],
            label=_("Your dice")
            if viewer.seat == index
            else _("%(name)s's dice") % {"name": names[index]},
            captured_text=ngettext("%(n)d capture", "%(n)d captures", len(state.captured[index]))
            % {"n": len(state.captured[index])},
        )
        for index in (0, 1)
    ]


def view_for(snap: dict[str, Any], viewer: Viewer, log: list | None = None) -> dict[str, Any]:
    """The live fragments' context for one viewer, from a snapshot (no database access)."""
    state = engine.load(snap["state"])
    names = snap["names"]
    sides = _sides(state, names, viewer, _last_dice(snap["last"]))
    me = viewer.seat if viewer.seat is not None else 0
    finished = snap["status"] == Match.Status.FINISHED
    return {
        "match_id": snap["id"],
        "viewer": viewer,
        "state": state,
        "ply": snap["ply"],
        "you": sides[me],
        "them": sides[1 - me],
        "sides": sides,
        "my_turn": viewer.seat is not None and not finished and state.to_move == viewer.seat,
        "to_move_name": names[state.to_move],
        "finished": finished,
        "clock_ms": None if finished else _remaining_ms(snap["clock_deadline"]),
        "move_ms": None if finished else _remaining_ms(snap["move_deadline"]),
        "last_move": describe_move(snap["last"], names) if snap["last"] else "",
        "ending": describe_ending(state, names, viewer.seat) if finished else None,
        "guided": bool(snap["options"].get("guided")),
        "prompt": prompt_for(snap),
        "log": log,
    }


def match_log(match: Match, names: list[str]) -> list[dict[str, Any]]:
    """The replay: every applied move with the board as it was before it."""
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
        for m in match.moves.filter(ply__isnull=False).order_by("ply")
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
        state = engine.load(match.state)
        left = None
        if match.clock_deadline is not None:
            # Rounded up, as the match screen's clock is: "0:00" only when time is up.
            left = max(0, math.ceil((match.clock_deadline - now).total_seconds()))
        row.update(
            playing=True,
            captures=[len(c) for c in state.captured],
            games_won=list(state.games_won) if state.variants.best_of_three else None,
            clock_text=_clock_text(left),
            to_move=names[state.to_move],
        )
    else:
        row.update(
            playing=False,
            result=describe_result(match.winner_seat, match.result_reason, names),
        )
    return row


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
