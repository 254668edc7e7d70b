"""A match's game and settings as a line label: "Maths Warriors: Times and Divide"."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.forms import VARIANT_LABELS
from games.models import Match


def game_line_label(game: str, variants: dict[str, Any]) -> str:
    """Warriors with its variants on (or "standard"); the card war with its level."""
    name = Match.Game(game).label if game in Match.Game.values else game
    if game == Match.Game.CARDWAR:
        level = variants.get("level")
        return _("%(game)s, level %(level)s") % {"game": name, "level": level} if level else name
    on = [
        str(VARIANT_LABELS[k]).split(":")[0]
        for k, v in variants.items()
        if v is True and k in VARIANT_LABELS
    ]
    return f"{name}: {', '.join(on)}" if on else _("%(game)s (standard)") % {"game": name}
