"""The card-war board's tags: `{% cardwar_screen as cw %}` (its context from the kind's view in
`board`), `{% card c size="mini" %}` (one card, face up or `back=True`) and `{% drawn "t.html"
name=value %}` (a part that looks the same to every viewer, drawn once)."""

from __future__ import annotations

import pickle
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.kinds.cardwar.cards import card_face
from games.kinds.cardwar.screen import board
from games.kinds.cardwar.story import stories
from games.recent import Recent
from games.rules import cardwar as rules

register = template.Library()


@register.simple_tag
def answer_rules() -> dict[str, Any]:
    """What cardwar.js checks early, from the rules themselves: the answer's forms (patterns),
    the decimal places asked for and the target's range."""
    return {
        **rules.ANSWER_PATTERNS,
        "places": rules.MIN_DECIMAL_PLACES,
        "target_min": rules.TARGET_MIN,
        "target_max": rules.TARGET_MAX,
    }


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


_cards: Recent[tuple, SafeString] = Recent(size=1024, name="card war cards")


def _card_html(code: str, value: int, size: str, back: bool, language: str | None) -> SafeString:
    def draw() -> SafeString:
        face = None if back else card_face(code, value)
        context = {"c": face, "size": size, "back": back}
        html = render_to_string("games/cardwar/_card.html", context)
        return mark_safe(html)  # noqa: S308 -- our own template's output, escaped when rendered

    return _cards.get_or_make((code, value, size, back, language), draw)


# Parts of the board drawn lately in this process, by what they were drawn from.
_drawn: Recent[tuple[str, str | None, bytes], SafeString] = Recent(
    size=2048, name="card war drawn parts"
)


@register.simple_tag
def drawn(template_name: str, **values: Any) -> SafeString:
    """`template_name` rendered with exactly `values` as its context (nothing else of the page's
    context reaches it), so the same values always draw the same HTML: each is drawn once per
    process and language. A table's other players and the last reveal look the same to every
    seat, which would otherwise draw them once each on every move."""
    # Pickled, the key keeps each value's type: Decimal("0.5") and "0.5", or a safe string and
    # a plain one with the same text, are drawn differently and never share an entry.
    key = (template_name, get_language(), pickle.dumps(values, protocol=pickle.HIGHEST_PROTOCOL))
    return _drawn.get_or_make(
        key,
        lambda: mark_safe(render_to_string(template_name, values)),  # noqa: S308
    )
