"""A student's arithmetic evidence for their data export (`settings.STUDENT_DATA_EXPORTERS`)."""

from __future__ import annotations

from typing import Any

from classrooms.models import Student
from games.models import Calculation

EXPORTED = (
    "match_id", "game", "level", "variant", "act", "expression", "operands", "value",
    "target", "answer", "correct", "best_value", "best_expression", "chose_best",
    "option_available", "think_ms", "created",
)  # fmt: skip


def student_evidence_export(student: Student) -> list[dict[str, Any]]:
    """Every calculation the student made, oldest first (the rollup is only their sum)."""
    rows = Calculation.objects.filter(student_id=student.user_id).order_by("created", "id")
    return [
        {**row, "created": row["created"].isoformat()}
        for row in rows.values(*EXPORTED).iterator(chunk_size=2000)
    ]
