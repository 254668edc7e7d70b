"""`{% cardwar_screen as cw %}`: the card-war board's context from the kind's view in `board`."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from games.kinds.cardwar.screen import board
from games.kinds.cardwar.story import stories

register = template.Library()


def distinct(names: list[str]) -> list[str]:
    """Two computer players have the same name: add their seat so each can be told apart."""
    return [
        _("%(name)s, seat %(n)s") % {"name": name, "n": i + 1} if names.count(name) > 1 else name
        for i, name in enumerate(names)
    ]


@register.simple_tag(takes_context=True)
def cardwar_screen(context: template.Context) -> dict[str, Any]:
    """The screen for this viewer: `board` (the kind's view), `seat_names` (the kind's names,
    computers numbered by seat) and, once the game is over, `log` (every reveal)."""
    view = context["board"]
    names = context.get("seat_names") or context.get("names") or []
    names = distinct(names or [str(n + 1) for n in range(view["players"])])
    return board(
        view,
        names=names,
        practice=view["practice"],
        war_size=view["war_size"],
        history=stories(
            context.get("log") or [],
            names=names,
            practice=view["practice"],
            war_size=view["war_size"],
        )
        if view["phase"] == "over"
        else None,
    )
