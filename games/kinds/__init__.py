"""The games the platform runs, one `GameKind` each (see `games.kinds.base`).

Importing this package registers every kind: add one import line per game below.
"""

# One line per game: importing its kind registers it.
from games.kinds import cardwar, warriors  # noqa: F401
from games.kinds.base import (
    DEADLINES,
    Deadline,
    GameKind,
    LogRow,
    MoveOn,
    Refusal,
    Result,
    Setup,
    Timing,
    kind_for,
    register,
    registered,
    replay,
    styles,
)

# The game a match or tournament is of when its creator names none (tests, old callers).
DEFAULT_GAME = warriors.KIND.game

__all__ = [
    "DEADLINES",
    "DEFAULT_GAME",
    "Deadline",
    "GameKind",
    "LogRow",
    "MoveOn",
    "Refusal",
    "Result",
    "Setup",
    "Timing",
    "kind_for",
    "register",
    "registered",
    "replay",
    "styles",
]
