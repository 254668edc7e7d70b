"""Maths Warriors' variants as people see them: a switch's label (forms, report lines)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

VARIANT_LABELS = {
    "three_captures": gettext_lazy("Three Captures: first to three captures wins"),
    "recruit": gettext_lazy("Recruit: captured dice join your side"),
    "best_of_three": gettext_lazy("Best of Three: first to win two games"),
    "mind_only": gettext_lazy("Mind Only: no Strength attacks"),
    "plus_minus": gettext_lazy("Plus and Minus only"),
    "times_divide": gettext_lazy("Times and Divide only"),
    "power_up": gettext_lazy("Power Up: squares and square roots"),
    "big_brain": gettext_lazy("Big Brain: Mind attacks use three dice or more"),
}


def options_label(name: str, variants: Mapping[str, Any]) -> str:
    """The game's name with its variants on (the part of each label before a colon), or
    "(standard)"."""
    on = [
        str(VARIANT_LABELS[k]).split(":")[0]
        for k, v in variants.items()
        if v is True and k in VARIANT_LABELS
    ]
    return f"{name}: {', '.join(on)}" if on else _("%(game)s (standard)") % {"game": name}
