"""Playing cards as a screen shows them: rank, suit (named, so colour is never the only signal)
and the value the game's options give the card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

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


def card_face(code: str, value: int) -> dict[str, Any]:
    """One face-up card worth `value` (the game's options decide what A, J, Q, K are worth):
    what the template draws and what a screen reader says."""
    rank, suit = code[:-1], code[-1]
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


def faces(codes: Sequence[str], values: Sequence[int]) -> list[dict[str, Any]]:
    return [card_face(code, value) for code, value in zip(codes, values, strict=True)]
