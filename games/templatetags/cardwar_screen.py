"""`{% cardwar_screen as cw %}`: the card-war board's context from the kind's view in `board`."""

from __future__ import annotations

from typing import Any

from django import template

from games.screens.cardwar import board

register = template.Library()


@register.simple_tag(takes_context=True)
def cardwar_screen(context: template.Context) -> dict[str, Any]:
    """The screen for this viewer: `board` (the kind's view), `names` per seat, and the step's
    time left (`move_ms`, the answer or target timer) from the match page's context."""
    view = context["board"]
    names = context.get("names") or [str(n + 1) for n in range(view["players"])]
    return board(
        view,
        names=names,
        practice=view["practice"],
        war_size=view["war_size"],
        step_ms=context.get("move_ms"),
        history=context.get("cardwar_history"),
    )
