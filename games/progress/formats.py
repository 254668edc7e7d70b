"""How report figures are written on pages (shared by template filters and grid cells)."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext as _


def seconds(ms: int | None) -> str:
    """2750 -> "2.8 s" ("–" when unknown)."""
    if ms is None:
        return "–"
    return _("%(seconds)s s") % {"seconds": number_format(ms / 1000, 1)}
