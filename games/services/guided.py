"""Starting the guided first game (its script and prompts: `games.kinds.warriors.guided`)."""

from __future__ import annotations

from classrooms.models import Student
from games.kinds.warriors.guided import ROLLS, STEPS, VARIANTS
from games.models import Match
from games.services.creation import match_create


def guided_match_create(*, student: Student) -> Match:
    """A fresh guided game for the student against the patient computer."""
    return match_create(
        classroom=student.classroom,
        players=[student.user, "beginner"],
        variants=VARIANTS,
        clock_seconds=None,
        options={
            "guided": True,
            "scripted_rolls": ROLLS,
            "guided_steps": STEPS,
            "bot_script": "skip",
            "bot_delay_ms": 1200,
        },
    )
