"""A match's game and settings as a line label: "Maths Warriors: Times and Divide"."""

from __future__ import annotations

from typing import Any

from games.kinds import kind_for, registered


def game_line_label(game: str, variants: dict[str, Any]) -> str:
    """The game's kind names it with its options (a game with no kind: its key)."""
    return kind_for(game).options_label(variants) if game in registered() else game
