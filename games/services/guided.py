"""Starting a game's guided first game (its script and prompts: the kind's `tutorial`)."""

from __future__ import annotations

from classrooms.models import Student
from games.kinds import kind_for, registered
from games.models import Match
from games.services.invitations import game_start


def guided_match_create(*, student: Student, game: str | None = None) -> Match:
    """A fresh guided game for the student against the kind's patient computer.

    `game`: the kind whose tutorial to play (None: the first registered kind that has one).
    Raises ValueError when that game has no guided game.
    """
    games = [game] if game is not None else list(registered())
    for name in games:
        tutorial = kind_for(name).tutorial()
        if tutorial is not None:
            return game_start(
                host=student.user,
                game=name,
                classroom=student.classroom,
                players=[student.user, tutorial.bot_level],
                variants=dict(tutorial.variants),
                clocks={"clock_seconds": None},
                options=dict(tutorial.options),
            )
    raise ValueError("no guided game")
