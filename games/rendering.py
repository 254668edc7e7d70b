"""Rendering the match page's fragments for one viewer, as htmx out-of-band swaps."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.template.loader import render_to_string

from classrooms.models import User
from games import engine
from games.models import Match
from games.selectors import Viewer, match_view, view_for, viewer_of
from games.services.matches import rule_message

TEMPLATE = "games/match.html"
LIVE_FRAGMENTS = ("board", "status", "clock", "guide", "announce", "gameover")


@dataclass(frozen=True)
class Schedule:
    """What a socket should wake up for: the next deadline, or a bot's move."""

    ply: int
    playing: bool
    deadline: datetime | None
    bot_due: datetime | None


def fragments(names: tuple[str, ...], context: dict) -> str:
    context = {**context, "oob": True}
    return "".join(render_to_string(f"{TEMPLATE}#{name}", context) for name in names)


def message(text: str, *, kind: str = "error") -> str:
    """The sender-only live region, replaced."""
    return render_to_string(f"{TEMPLATE}#errors", {"oob": True, "error": text, "kind": kind})


def _when(epoch: float | None) -> datetime | None:
    return datetime.fromtimestamp(epoch, tz=UTC) if epoch is not None else None


def schedule_of(snap: dict) -> Schedule:
    """The next deadline and, when the computer is to move, when it should."""
    playing = snap["status"] == Match.Status.PLAYING
    deadlines = [d for d in (snap["clock_deadline"], snap["move_deadline"]) if d is not None]
    bot_due = None
    if playing and snap["turn_started_at"] is not None:
        to_move = snap["state"]["to_move"]
        level = snap["bots"][to_move]
        if level:
            delay = snap["options"].get("bot_delay_ms")
            if delay is None:
                delay = engine.bot_think_ms(level, f"{snap['seed']}:{snap['ply']}:think")
            bot_due = _when(snap["turn_started_at"]) + timedelta(milliseconds=int(delay))
    return Schedule(
        ply=snap["ply"],
        playing=playing,
        deadline=_when(min(deadlines)) if deadlines else None,
        bot_due=bot_due,
    )


def load_viewer(match_id: int, user: User) -> tuple[Match, Viewer] | None:
    match = Match.objects.filter(pk=match_id).select_related("classroom").first()
    if match is None:
        return None
    return match, viewer_of(match, user)


def render_for(match_id: int, viewer: Viewer, *, full: bool) -> tuple[str, Schedule]:
    """All live fragments for the viewer from the database (connects, the end of a game)."""
    match = Match.objects.get(pk=match_id)
    view = match_view(match, viewer)
    html = fragments(LIVE_FRAGMENTS, view)
    if full:
        html += message("")
    return html, schedule_of(view["snap"])


def render_snapshot(snap: dict, viewer: Viewer) -> tuple[str, Schedule]:
    """All live fragments for the viewer from a broadcast snapshot: no database access."""
    return fragments(LIVE_FRAGMENTS, view_for(snap, viewer)), schedule_of(snap)


def render_preview(match_id: int, viewer: Viewer, action: dict) -> str:
    """The Mind attack being typed: its value, and whether it captures anything now."""
    match = Match.objects.get(pk=match_id)
    state = engine.load(match.state)
    expression = action.get("expression", "")
    context: dict = {"oob": True, "expression": expression}
    if expression and viewer.seat is not None:
        result = engine.preview(state, viewer.seat, expression, action.get("dice"))
        context["value"] = engine.fraction_display(result.value)
        if result.error is not None:
            context["problem"] = rule_message(result.error)
        else:
            context["targets"] = [engine.die_label(t) for t in result.targets]
    return render_to_string(f"{TEMPLATE}#preview", context)
