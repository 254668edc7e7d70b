"""CSV exports. Every cell goes through `csv_cell_safe`, so no export can carry a formula."""

import csv
import io
import json
from collections.abc import Iterable, Sequence

from classrooms.models import Classroom, Student
from classrooms.names import csv_cell_safe
from classrooms.selectors import student_data_export


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([csv_cell_safe(h) for h in header])
    for row in rows:
        writer.writerow([csv_cell_safe(cell) for cell in row])
    return out.getvalue()


def classroom_students_csv(*, classroom: Classroom) -> str:
    """One row per student of the class, archived ones included and marked."""
    students = classroom.students.select_related("user").order_by("display_name")
    return _csv(
        ["name", "username", "school_id", "archived", "created_at"],
        (
            [
                s.display_name,
                s.user.username,
                s.external_id,
                "yes" if s.archived_at else "no",
                s.created_at.date().isoformat(),
            ]
            for s in students
        ),
    )


def student_data_csv(*, student: Student) -> str:
    """The student's data export as two columns: field, value."""
    data = student_data_export(student=student)
    rows = []
    for key, value in data.items():
        if isinstance(value, (dict, list)):
            value = json.dumps(value, ensure_ascii=False, default=str)
        rows.append([key, "" if value is None else value])
    return _csv(["field", "value"], rows)
