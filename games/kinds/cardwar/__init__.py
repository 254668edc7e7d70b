"""The card war's kind: `CardWarKind`, registered for Match.game "cardwar" on import."""

from games.kinds.base import register
from games.kinds.cardwar.kind import CardWarKind, Game

KIND = register(CardWarKind())

__all__ = ["KIND", "CardWarKind", "Game"]
