"""Playing cards as a screen shows them: rank, suit (named, so colour is never the only signal)
and the value the game's options give the card."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.rules.cardwar import Options, card_value

SUIT_NAMES = {
    "S": lambda: pgettext("card suit", "spades"),
    "H": lambda: pgettext("card suit", "hearts"),
    "D": lambda: pgettext("card suit", "diamonds"),
    "C": lambda: pgettext("card suit", "clubs"),
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    "A": lambda: pgettext("card rank", "ace"),
    "J": lambda: pgettext("card rank", "jack"),
    "Q": lambda: pgettext("card rank", "queen"),
    "K": lambda: pgettext("card rank", "king"),
}


def card_face(code: str, options: Options) -> dict[str, Any]:
    """One face-up card: what the template draws and what a screen reader says."""
    rank, suit = code[:-1], code[-1]
    value = card_value(code, options)
    rank_name = RANK_NAMES[rank]() if rank in RANK_NAMES else rank
    suit_name = SUIT_NAMES[suit]()
    label = _("%(rank)s of %(suit)s") % {"rank": rank_name, "suit": suit_name}
    if rank_name != str(value):
        label = _("%(card)s, worth %(value)s") % {"card": label, "value": value}
    return {
        "code": code,
        "rank": rank,
        "suit": suit.lower(),
        "suit_name": suit_name,
        "symbol": SUIT_SYMBOLS[suit],
        "red": suit in "HD",
        "value": value,
        "picture": rank in "JQK",
        "label": label,
    }


def faces(codes: list[str] | tuple[str, ...], options: Options) -> list[dict[str, Any]]:
    return [card_face(code, options) for code in codes]
