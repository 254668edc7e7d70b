"""The card-war screen for one viewer: seats, the step they are at, the last reveal, the end.

Input is the kind's per-viewer view (`games.rules.cardwar.public_view` and what the kind adds),
so nothing hidden reaches this module; it still shows other players' current cards face down
only (they are revealed with everyone's answers), and never passes their codes to a template.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.rules.cardwar import Options
from games.screens.cards import faces
from games.screens.cardwar_levels import level_line, level_name
from games.screens.cardwar_story import names_list, number

TEAM_LABELS = ("A", "B")
POT_SHOWN = 8  # face-down cards drawn in a pot; more are counted ("+6")


def team_of(players: int, seat: int) -> str | None:
    """With four players seats 0 and 2 are team A, 1 and 3 team B; otherwise no teams."""
    return TEAM_LABELS[seat % 2] if players == 4 else None


def _seats(view: dict, names: Sequence[str], viewer: int | None) -> list[dict[str, Any]]:
    seats = []
    for seat in range(view["players"]):
        playing = seat in view["playing"]
        shown = len(view["face_up"][seat]) if playing else 0
        seats.append(
            {
                "seat": seat,
                "name": names[seat],
                "is_me": seat == viewer,
                "team": team_of(view["players"], seat),
                "count": view["counts"][seat],
                "pot": view["pot"][seat],
                "out": view["out"][seat],
                "playing": playing,
                "face_down_shown": range(shown) if seat != viewer else range(0),
                "pot_backs": range(min(view["pot"][seat], POT_SHOWN)),
                "pot_more": max(0, view["pot"][seat] - POT_SHOWN),
                "answered": seat in view["submitted"],
                "awaited": seat in view["awaited"],
                "setter": view["phase"] == "target" and view["setter"] == seat,
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


def _answer_form(view: dict, viewer: int, options: Options) -> dict[str, Any]:
    """What the viewer may choose for their two cards at this level, for the answer form."""
    a, b = view["face_up_values"][viewer]
    level = view["level"]
    fixed = {1: "+", 2: "×"}.get(level)
    return {
        "cards": faces(view["face_up"][viewer], options),
        "a": a,
        "b": b,
        "fixed_op": fixed,
        "order": level >= 3,  # levels 3–4 and the − ÷ of 5–7: which card comes first
        "order_op": {3: "÷", 4: "−"}.get(level),
        "ops": level >= 5,
        "squares": level >= 6,
        "powers": [
            {"key": key, "value": value, "root": level >= 7 and _is_square(value)}
            for key, value in (("a", a), ("b", b))
        ],
    }


def _step(view: dict, viewer: int | None) -> str:
    """Which step the viewer is at: the template shows one of these."""
    if view["phase"] == "over":
        return "over"
    if viewer is None or view["out"][viewer]:
        return "watch"
    if view["phase"] == "target":
        return "target" if view["setter"] == viewer else "target_wait"
    if viewer not in view["playing"]:
        return "sitting_out"  # not in this war: their cards stay in the pot
    return "answered" if viewer in view["submitted"] else "answer"


def _ending(result: dict, names: Sequence[str], players: int) -> dict[str, Any]:
    winners = result["winners"]
    if result["draw"]:
        title = _("A draw")
        text = _("%(names)s have the same number of cards.") % {
            "names": names_list(names[s] for s in result["tied"])
        }
    elif players == 4:
        title = _("Team %(team)s wins") % {"team": team_of(4, winners[0])}
        text = names_list(names[s] for s in winners)
    else:
        title = _("%(name)s wins") % {"name": names[winners[0]]}
        text = ""
    why = {
        "last_standing": _("The other side ran out of cards."),
        "clock": _("Time is up: the most cards wins."),
        "nobody_left": _("Nobody had cards left to play: the most cards wins."),
    }[result["reason"]]
    return {
        "title": title,
        "text": f"{text} {why}".strip() if text else why,
        "counts": [
            {"name": names[s], "count": c, "team": team_of(players, s)}
            for s, c in enumerate(result["counts"])
        ],
    }


def board(
    view: dict[str, Any],
    *,
    names: Sequence[str],
    viewer: int | None,
    options: Options,
    story: dict[str, Any] | None = None,
    step_ms: int | None = None,
    history: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Template context for the board.

    `story` is the last reveal (`cardwar_story.round_story`), `step_ms` the time left for the
    target or the answers, `history` every reveal of a finished game (`cardwar_story.stories`).
    """
    step = _step(view, viewer)
    seats = _seats(view, names, viewer)
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
        "me": next((s for s in seats if s["is_me"]), None),
        "others": [s for s in seats if not s["is_me"]],
        "teams": _teams(seats, view["players"]),
        "has_target": options.has_target,
        "target": number(view["target"]),
        "target_by": _target_by(view, names, viewer),
        "setter_name": names[view["setter"]] if view["setter"] is not None else "",
        "waiting_for": names_list(others_awaited),
        "own_answer": view["own_answer"],
        "practice": options.practice,
        "story": story,
        "pot_total": sum(view["pot"]),
        "ending": _ending(view["result"], names, view["players"]) if view["result"] else None,
        "step_ms": step_ms if step != "over" else None,
        "history": history or [],
    }
    if step == "answer":
        context["answer"] = _answer_form(view, viewer, options)
    elif step == "answered" and viewer is not None:
        context["my_cards"] = faces(view["face_up"][viewer], options)
    return context


def _target_by(view: dict, names: Sequence[str], viewer: int | None) -> str:
    """Who named the target in play (the setter stays recorded until the next round)."""
    if view["target"] is None:
        return ""
    if view["setter"] is None:
        return _("named by the computer")
    if view["setter"] == viewer:
        return _("named by you")
    return _("named by %(name)s") % {"name": names[view["setter"]]}
