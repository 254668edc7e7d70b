"""`{{ key|game_label }}`: a game's name from its kind (the models store only the key)."""

from __future__ import annotations

from django import template

from games.kinds import kind_for, registered

register = template.Library()


@register.filter
def game_label(game: str) -> str:
    """The registered kind's label for a Match.game key; the key itself for a game with none."""
    return str(kind_for(game).label) if game in registered() else game
