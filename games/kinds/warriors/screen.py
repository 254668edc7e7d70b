"""Maths Warriors' screen: the board partial's context for one viewer (both sides' dice).

Everything in Warriors is public; what differs per viewer is the side at the bottom, the
labels and whether the dice can be pressed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.kinds.shown import Screen
from games.kinds.warriors import engine
from games.kinds.warriors.describe import describe_ending, describe_move


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
    captured_now: str = ""  # the die this side captured with the last move (marked briefly)


def _last_dice(last: dict | None) -> set[str]:
    if not last:
        return set()
    ids = {last["target"]} if last["target"] else set()
    ids.update(r[0] for r in last.get("rerolled") or () if r)
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


def _sides(state: engine.State, names: list[str], seat: int | None, last: set[str]):
    me = seat if seat is not None else 0
    sides = _side_views(state, names, seat, last)
    for side in sides:
        side.dice_html = _dice_html(side.dice, side.seat == me, seat is None)
    return sides


def _side_views(state: engine.State, names: list[str], seat: int | None, last: set[str]):
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
            is_me=seat == index,
            to_move=state.status == "playing" and state.to_move == index,
            is_first=state.first == index,
            games_won=state.games_won[index],
            label=_("Your dice")
            if seat == index
            else _("%(name)s's dice") % {"name": names[index]},
            captured_text=ngettext("%(n)d capture", "%(n)d captures", len(state.captured[index]))
            % {"n": len(state.captured[index])},
        )
        for index in (0, 1)
    ]


def screen(snap: dict[str, Any], state: engine.State, seat: int | None) -> Screen:
    """The Warriors part of the live fragments' context (see `GameKind.screen`)."""
    names = snap["names"]
    sides = _sides(state, names, seat, _last_dice(snap["last"]))
    last = snap["last"]
    if last and last["kind"] in ("strength", "mind") and last["seat"] in (0, 1):
        sides[last["seat"]].captured_now = last["target"]
    me = seat if seat is not None else 0
    finished = snap["status"] == "finished"
    return Screen(
        last_move=describe_move(snap["last"], names) if snap["last"] else "",
        ending=describe_ending(state, names, seat) if finished else None,
        parts={"state": state, "you": sides[me], "them": sides[1 - me], "sides": sides},
    )
