"""The card-war screen for one viewer: seats, the step they are at, the last reveal, the end.

Input is the kind's per-viewer view (`games.kinds.cardwar.view.viewer_view`), which holds
nothing this viewer may not see: other players' current cards are face down there too (only
their number is known) until everyone's answers are revealed together.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.kinds.cardwar.cards import faces
from games.kinds.cardwar.levels import level_line, level_name
from games.kinds.cardwar.story import names_list, number, round_story

TEAM_LABELS = ("A", "B")
POT_SHOWN = 8  # face-down cards drawn in a pot; more are counted ("+6")


def team_of(players: int, seat: int) -> str | None:
    """With four players seats 0 and 2 are team A, 1 and 3 team B; otherwise no teams."""
    return TEAM_LABELS[seat % 2] if players == 4 else None


def _seats(view: dict, names: Sequence[str]) -> list[dict[str, Any]]:
    seats = []
    for seat in view["seats"]:
        n = seat["seat"]
        seats.append(
            seat
            | {
                "name": names[n],
                "is_me": seat["mine"],
                "team": team_of(view["players"], n),
                "face_down_shown": range(0 if seat["mine"] else seat["face_up"]),
                "pot_backs": range(min(seat["pot"], POT_SHOWN)),
                "pot_more": max(0, seat["pot"] - POT_SHOWN),
                "setter": view["phase"] == "target" and view["setter"] == n,
            }
        )
    return seats


def _teams(seats: list[dict], players: int) -> list[dict[str, Any]]:
    if players != 4:
        return []
    return [
        {
            "label": label,
            "members": names_list(s["name"] for s in seats if s["team"] == label),
            "total": sum(s["count"] for s in seats if s["team"] == label),
        }
        for label in TEAM_LABELS
    ]


def _is_square(n: int) -> bool:
    return math.isqrt(n) ** 2 == n


def _answer_form(level: int, seat: dict) -> dict[str, Any]:
    """What the viewer may choose for their two cards at this level, for the answer form."""
    a, b = seat["values"]
    return {
        "cards": faces(seat["cards"], seat["values"]),
        "a": a,
        "b": b,
        "fixed_op": {1: "+", 2: "×"}.get(level),
        # Levels 3–4, and the − ÷ of 5–7: which card comes first (equal cards: no choice).
        "order": level >= 3 and a != b,
        "order_op": {3: "÷", 4: "−"}.get(level),
        "ops": level >= 5,
        "squares": level >= 6,
        "powers": [
            {"key": key, "value": value, "root": level >= 7 and _is_square(value)}
            for key, value in (("a", a), ("b", b))
        ],
    }


def _step(view: dict, me: dict | None) -> str:
    """Which step the viewer is at: the template shows one of these."""
    if view["phase"] == "over":
        return "over"
    if me is None or me["out"]:
        return "watch"
    if view["phase"] == "target":
        return "target" if view["naming"] else "target_wait"
    if not me["playing"]:
        return "sitting_out"  # not in this war: their cards stay in the pot
    return "answered" if me["answered"] else "answer"


def _ending(result: dict, names: Sequence[str], players: int) -> dict[str, Any]:
    winners = result["winners"]
    if result["draw"]:
        title = _("A draw")
        text = _("%(names)s have the same number of cards.") % {
            "names": names_list(names[s] for s in result["tied"])
        }
    elif players == 4:
        title = _("Team %(team)s wins") % {"team": team_of(4, winners[0])}
        text = names_list(names[s] for s in winners) + "."
    else:
        title = _("%(name)s wins") % {"name": names[winners[0]]}
        text = ""
    why = {
        "last_standing": _("The other side is out of the game."),
        "clock": _("Time is up: the most cards wins."),
        "nobody_left": _("Nobody had cards left to play: the most cards wins."),
    }.get(result["reason"], "")
    return {
        "title": title,
        "text": f"{text} {why}".strip(),
        "counts": [
            {"name": names[s], "count": c, "team": team_of(players, s)}
            for s, c in enumerate(result["counts"])
        ],
    }


def _story(view: dict, names: Sequence[str], practice: bool, war_size: int) -> dict | None:
    reveal = view["reveal"]
    if not reveal:
        return None
    return round_story(
        reveal["submissions"],
        reveal.get("outcome", []),
        names=names,
        practice=practice,
        war_size=war_size,
        round_number=reveal.get("round"),
    )


def board(
    view: dict[str, Any],
    *,
    names: Sequence[str],
    practice: bool = False,
    war_size: int = 6,
    history: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Template context for the board, from the kind's view for one viewer.

    `names` per seat; `practice` and `war_size` are the teacher's options (the story explains
    corrections and the sacrifice rule);
    `history` every reveal of a finished game (`story.stories`).
    """
    seats = _seats(view, names)
    me = next((s for s in seats if s["is_me"]), None)
    step = _step(view, me)
    viewer = view["me"]
    others_awaited = [names[s] for s in view["awaited"] if s != viewer]
    context: dict[str, Any] = {
        "level": view["level"],
        "level_name": level_name(view["level"]),
        "level_line": level_line(view["level"]),
        "round": view["round"],
        "war_depth": view["war_depth"],
        "phase": view["phase"],
        "step": step,
        "players": view["players"],
        "seats": seats,
        "me": me,
        "others": [s for s in seats if not s["is_me"]],
        "teams": _teams(seats, view["players"]),
        "has_target": view["has_target"],
        "target": number(view["target"]),
        "target_by": _target_by(view, names),
        "setter_name": names[view["setter"]] if view["setter"] is not None else "",
        "waiting_for": names_list(others_awaited),
        "own_answer": view["my_answer"],
        "practice": practice,
        "story": _story(view, names, practice, war_size),
        "pot_total": sum(s["pot"] for s in seats),
        "ending": _ending(view["result"], names, view["players"]) if view["result"] else None,
        "history": history or [],
        "reveal_ms": view.get("reveal_ms", 0),
        "hold_reveal": view.get("hold_reveal", False),
        "hold_ms": view.get("hold_ms", 0),
    }
    if context["ending"] is not None:
        context["ending"]["won"] = me is not None and me["seat"] in view["result"]["winners"]
    if step == "answer":
        context["answer"] = _answer_form(view["level"], me)
    elif me is not None and me["cards"]:
        context["my_cards"] = faces(me["cards"], me["values"])
    return context


def _target_by(view: dict, names: Sequence[str]) -> str:
    """Who named the target in play (the setter stays recorded until the next round)."""
    if view["target"] is None:
        return ""
    if view.get("target_how") == "timeout":
        return _("drawn at random: time ran out")
    if view["setter"] is None:
        return _("named by the computer")
    if view["setter"] == view["me"]:
        return _("named by you")
    return _("named by %(name)s") % {"name": names[view["setter"]]}
