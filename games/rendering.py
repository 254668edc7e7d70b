"""Rendering the match page's fragments for one viewer, as htmx out-of-band swaps."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.template.loader import render_to_string

from classrooms.models import User
from games import engine
from games.models import Match
from games.selectors import Viewer, match_view, viewer_of
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


def _schedule(match: Match) -> Schedule:
    deadlines = [d for d in (match.clock_deadline, match.move_deadline) if d is not None]
    bot_due = None
    if match.status == Match.Status.PLAYING:
        state = engine.load(match.state)
        seat = next(s for s in match.seats.all() if s.index == state.to_move)
        if seat.is_bot and match.turn_started_at is not None:
            delay = match.options.get("bot_delay_ms")
            if delay is None:
                delay = engine.bot_think_ms(seat.bot_level, f"{match.seed}:{match.ply}:think")
            from datetime import timedelta

            bot_due = match.turn_started_at + timedelta(milliseconds=int(delay))
    return Schedule(
        ply=match.ply,
        playing=match.status == Match.Status.PLAYING,
        deadline=min(deadlines) if deadlines else None,
        bot_due=bot_due,
    )


def load_viewer(match_id: int, user: User) -> tuple[Match, Viewer] | None:
    match = Match.objects.filter(pk=match_id).select_related("classroom").first()
    if match is None:
        return None
    return match, viewer_of(match, user)


def render_for(match_id: int, viewer: Viewer, *, full: bool) -> tuple[str, Schedule]:
    """All live fragments for the viewer (plus the error region cleared when `full`)."""
    match = Match.objects.select_related("classroom").prefetch_related("seats").get(pk=match_id)
    view = match_view(match, viewer)
    html = fragments(LIVE_FRAGMENTS, view)
    if full:
        html += message("")
    return html, _schedule(match)


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
