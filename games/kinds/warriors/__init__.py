"""Maths Warriors as a game kind: `engine` wraps the rules, `kind` adapts them to the seam."""

from games.kinds.base import register
from games.kinds.warriors.kind import KIND

register(KIND)

__all__ = ["KIND"]
