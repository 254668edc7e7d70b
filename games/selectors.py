"""Reads that feed the play pages: everything a template needs, for one viewer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.permissions import teaches
from games import engine
from games.describe import describe_move, describe_result
from games.guided import prompt_for
from games.models import Match, Move, Seat


@dataclass
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


def seat_name(seat: Seat) -> str:
    if seat.is_bot:
        return _("Computer (%(level)s)") % {"level": seat.get_bot_level_display()}
    user = seat.user
    student = getattr(user, "student", None)
    if student is not None:
        return student.display_name
    return user.get_full_name() or user.username


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
    holds: int = field(default=0)


def _remaining_ms(deadline) -> int | None:
    if deadline is None:
        return None
    return max(0, int((deadline - timezone.now()).total_seconds() * 1000))


def _sides(match: Match, state: engine.State, seats: list[Seat], viewer: Viewer, last: set):
    sides = []
    for index in (0, 1):
        dice = [
            {
                "id": d.id,
                "sides": d.sides,
                "value": d.value,
                "recruited": d.id[0] != "AB"[index],
                "last": d.id in last,
            }
            for d in state.dice[index]
        ]
        sides.append(
            SideView(
                seat=index,
                name=seat_name(seats[index]),
                dice=dice,
                captured=list(state.captured[index]),
                is_me=viewer.seat == index,
                to_move=state.status == "playing" and state.to_move == index,
                is_first=state.first == index,
                games_won=state.games_won[index],
                holds=len(dice),
            )
        )
    return sides


def _last_dice(move: Move | None) -> set[str]:
    if move is None:
        return set()
    ids = {move.target} if move.target else set()
    ids.update(r[0] for r in move.rerolled if r)
    attacker = move.action.get("attacker")
    if attacker:
        ids.add(attacker)
    return ids


def match_view(match: Match, viewer: Viewer, *, with_log: bool | None = None) -> dict[str, Any]:
    """The whole screen's data for one viewer; `with_log` adds the replay (default: when over)."""
    seats = list(match.seats.select_related("user__student").order_by("index"))
    state = engine.load(match.state)
    last = match.moves.filter(ply__isnull=False).order_by("-ply").first()
    sides = _sides(match, state, seats, viewer, _last_dice(last))
    me = viewer.seat if viewer.seat is not None else 0
    finished = match.status == Match.Status.FINISHED
    names = [s.name for s in sides]
    view: dict[str, Any] = {
        "match": match,
        "viewer": viewer,
        "state": state,
        "ply": match.ply,
        "you": sides[me],
        "them": sides[1 - me],
        "sides": sides,
        "my_turn": viewer.seat is not None and not finished and state.to_move == viewer.seat,
        "to_move_name": names[state.to_move],
        "finished": finished,
        "clock_ms": _remaining_ms(match.clock_deadline) if not finished else None,
        "move_ms": _remaining_ms(match.move_deadline) if not finished else None,
        "last_move": describe_move(last, names) if last else "",
        "last_ply": last.ply if last else None,
        "variants": [name for name, on in match.variants.items() if on],
        "best_of_three": bool(match.variants.get("best_of_three")),
        "result": describe_result(match, names, viewer.seat) if finished else "",
        "won": finished and viewer.seat is not None and match.winner_seat == viewer.seat,
        "guided": bool(match.options.get("guided")),
        "prompt": prompt_for(match),
    }
    if with_log if with_log is not None else finished:
        view["log"] = [
            {"ply": m.ply, "text": describe_move(m, names), "dice": _log_dice(m, seats, names)}
            for m in match.moves.filter(ply__isnull=False).order_by("ply")
        ]
    return view


def _log_dice(move: Move, seats: list[Seat], names: list[str]) -> list[dict[str, Any]]:
    out = []
    for index, side in enumerate(move.dice_before or []):
        out.append(
            {
                "name": names[index],
                "dice": [{"id": d[0], "sides": d[1], "value": d[2]} for d in side],
            }
        )
    return out


def matches_for_class(classroom) -> list[dict[str, Any]]:
    """The class's matches, playing first then the latest finished, for the teacher's view."""
    matches = (
        Match.objects.filter(classroom=classroom)
        .prefetch_related("seats__user__student")
        .order_by("status", "-created_at")[:60]
    )
    rows = []
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda s: s.index)
        names = [seat_name(s) for s in seats]
        rows.append(
            {
                "match": match,
                "names": names,
                "playing": match.status == Match.Status.PLAYING,
                "result": describe_result(match, names, None)
                if match.status == Match.Status.FINISHED
                else "",
            }
        )
    return rows
