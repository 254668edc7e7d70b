"""The card-war board's tags: `{% cardwar_screen as cw %}` (its context from the kind's view in
`board`) and `{% card c size="mini" %}` (one card, face up or `back=True`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.kinds.cardwar.cards import card_face
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


@register.simple_tag
def card(face: dict[str, Any] | None = None, *, size: str = "big", back: bool = False) -> str:
    """One card's HTML: the same card looks the same every time, so each (card, size,
    language) is drawn once per process; a board shows up to 20 of them per viewer per move."""
    if back:
        return _card_html("", 0, size, True, get_language())
    return _card_html(face["code"], face["value"], size, False, get_language())


@lru_cache(maxsize=1024)
def _card_html(code: str, value: int, size: str, back: bool, language: str | None) -> SafeString:
    face = None if back else card_face(code, value)
    html = render_to_string("games/cardwar/_card.html", {"c": face, "size": size, "back": back})
    return mark_safe(html)  # noqa: S308 -- our own template's output, escaped when rendered
