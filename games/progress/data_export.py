"""A student's arithmetic evidence for their data export (`settings.STUDENT_DATA_EXPORTERS`)."""

from __future__ import annotations

from typing import Any

from classrooms.models import Student
from games.models import Calculation
from games.progress.models import PracticeChoice

# Every column but the row id and the people (the export is the student's own already).
EXPORTED = [
    f.attname
    for f in Calculation._meta.concrete_fields
    if f.name not in ("id", "student", "classroom")
]


def student_evidence_export(student: Student) -> dict[str, list[dict[str, Any]]]:
    """Every calculation the student made, oldest first (the rollup is only their sum), and
    the skills their teachers pinned or dismissed for them."""
    rows = Calculation.objects.filter(student_id=student.user_id).order_by("created", "id")
    choices = PracticeChoice.objects.filter(student_id=student.user_id).order_by("skill")
    return {
        "calculations": [
            {**row, "created": row["created"].isoformat()}
            for row in rows.values(*EXPORTED).iterator(chunk_size=2000)
        ],
        "practice_choices": [
            {"skill": c.skill, "choice": c.kind, "at": c.created.isoformat()} for c in choices
        ],
    }
