"""Which practice against the computer fits each skill: a Warriors variant, a card-war level."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.evidence import skills
from games.services import game_creatable

PRACTICE_BOT = "beginner"  # practice is for the arithmetic, not for losing to a strong bot


@dataclass(frozen=True, slots=True)
class Practice:
    key: str  # stable id sent by the button: "warriors:times_divide", "cardwar:3"
    game: str
    variants: dict[str, Any]
    label: Any

    @property
    def available(self) -> bool:
        """Can a match of this game be started yet (asked of the match service each time)."""
        return game_creatable(self.game)


def _warriors(variant: str | None, label) -> Practice:
    variants = {variant: True} if variant else {}
    return Practice(f"warriors:{variant or 'standard'}", "warriors", variants, label)


def _cardwar_label(level: int) -> str:
    return gettext("Card war, level %(level)d") % {"level": level}


def _cardwar(level: int) -> Practice:
    # The card war's level is the game's setting, as Warriors variants are. The label is lazy
    # as a whole: `%` on a lazy string would fix it in the language of the import.
    label = lazy(_cardwar_label, str)(level)
    return Practice(f"cardwar:{level}", "cardwar", {"level": level}, label)


PLUS_MINUS = _warriors("plus_minus", _("Maths Warriors: Plus and Minus"))
TIMES_DIVIDE = _warriors("times_divide", _("Maths Warriors: Times and Divide"))
BIG_BRAIN = _warriors("big_brain", _("Maths Warriors: Big Brain"))
POWER_UP = _warriors("power_up", _("Maths Warriors: Power Up"))
MIND_ONLY = _warriors("mind_only", _("Maths Warriors: Mind Only"))

PRACTICE_FOR = {
    skills.ADDITION: (_cardwar(1), PLUS_MINUS),
    skills.SUBTRACTION: (_cardwar(4), PLUS_MINUS),
    skills.MULTIPLICATION: (_cardwar(2), TIMES_DIVIDE),
    skills.DIVISION: (_cardwar(3), TIMES_DIVIDE),
    skills.FRACTIONS: (_cardwar(3), TIMES_DIVIDE),
    skills.BRACKETS: (BIG_BRAIN,),
    skills.MIXED: (_cardwar(5), BIG_BRAIN),
    skills.SQUARES: (_cardwar(6), POWER_UP),
    skills.ROOTS: (_cardwar(7), POWER_UP),
    skills.BEST_CHOICE: (_cardwar(5),),
    skills.EXACT_TARGET: (_cardwar(5), MIND_ONLY),
}


def practice_for(skill: str, key: str) -> Practice | None:
    """The practice `key` offered for `skill`, or None when it is not one of them."""
    return next((p for p in PRACTICE_FOR.get(skill, ()) if p.key == key), None)
