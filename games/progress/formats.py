"""How report figures are written on pages (shared by template filters and grid cells).

Figures are rounded half up, as people round by hand and as a teacher checks with a
calculator: 10 of 16 is 63 % (62.5), 9.165 s is 9.2 s (Python's round() goes half to even,
and formatting a float cuts at its binary value).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _


def percent(part: int, whole: int) -> int | None:
    """Per cent, rounded half up (None when `whole` is 0): 10 of 16 -> 63."""
    if not whole:
        return None
    return (200 * part + whole) // (2 * whole)


def seconds_text(ms: int | float) -> Decimal:
    """Milliseconds as seconds with one decimal, rounded half up: 9165 -> 9.2."""
    return (Decimal(str(ms)) / 1000).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def seconds(ms: int | None) -> str:
    """2750 -> "2.8 s" ("–" when unknown)."""
    if ms is None:
        return "–"
    return _("%(seconds)s s") % {"seconds": number_format(seconds_text(ms), 1)}
