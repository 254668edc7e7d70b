"""Checking parsed rows against the class before anything is created."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from classrooms.imports.rows import MAX_ROWS, ImportPreview, ImportRefused, RawRow, RowIssue
from classrooms.models import Classroom, Student
from classrooms.names import name_key, student_name_clean
from classrooms.school_accounts.school_logins import (
    school_login_clean,
    school_login_normalise,
    school_login_taken_message,
)


def _logins_taken(rows: list[RawRow]) -> set[str]:
    """The rows' school logins that are some pupil's already (one query)."""
    logins = {school_login_normalise(row.school_login) for row in rows if row.school_login}
    logins.discard(None)
    return set(
        Student.objects.filter(school_login__in=logins).values_list("school_login", flat=True)
    )


def _login_issue(login: str, taken: set[str], first_line: dict[str, int]) -> str:
    """What is wrong with this row's (clean) school login, or ""."""
    if login in first_line:
        return _("The school account “%(login)s” is also on line %(line)d.") % {
            "login": login,
            "line": first_line[login],
        }
    if login in taken:
        return school_login_taken_message(login)
    return ""


def preview_build(
    *, classroom: Classroom, rows: list[RawRow], issues: list[RowIssue]
) -> ImportPreview:
    """Valid new rows, plus every problem by line: bad names and repeats block the import, and
    so do school logins that are not one, repeat, or are another pupil's; empty lines and
    students already in the class are skipped."""
    if len(rows) > MAX_ROWS:
        raise ImportRefused(
            _("That is %(count)d students; at most %(max)d can be added at a time. Split the list.")
            % {"count": len(rows), "max": MAX_ROWS}
        )
    existing = classroom.students.values_list("display_name", "external_id")
    class_names = {name_key(name) for name, _id in existing}
    class_ids = {ext for _name, ext in existing if ext}
    preview = ImportPreview(issues=list(issues))
    first_line: dict[str, int] = {}
    first_id_line: dict[str, int] = {}
    first_login_line: dict[str, int] = {}
    logins_taken = _logins_taken(rows)
    for row in rows:
        try:
            name = student_name_clean(row.name)
        except ValidationError as error:
            preview.issues.append(RowIssue(row.line, error.messages[0]))
            continue
        key = name_key(name)
        if (row.external_id and row.external_id in class_ids) or key in class_names:
            preview.issues.append(
                RowIssue(
                    row.line,
                    _("“%(name)s” is already in this class, skipped.") % {"name": name},
                    blocking=False,
                )
            )
            continue
        if key in first_line:
            preview.issues.append(
                RowIssue(
                    row.line,
                    _(
                        "“%(name)s” is the same name as line %(line)d. "
                        "Add a letter to tell them apart."
                    )
                    % {"name": name, "line": first_line[key]},
                )
            )
            continue
        if row.external_id and row.external_id in first_id_line:
            preview.issues.append(
                RowIssue(
                    row.line,
                    _("School id “%(id)s” is also on line %(line)d.")
                    % {"id": row.external_id, "line": first_id_line[row.external_id]},
                )
            )
            continue
        try:
            login = school_login_clean(row.school_login)
        except ValidationError as error:
            preview.issues.append(RowIssue(row.line, error.messages[0]))
            continue
        problem = login and _login_issue(login, logins_taken, first_login_line)
        if problem:
            preview.issues.append(RowIssue(row.line, problem))
            continue
        first_line[key] = row.line
        if row.external_id:
            first_id_line[row.external_id] = row.line
        if login:
            first_login_line[login] = row.line
        preview.rows.append(RawRow(row.line, name, row.external_id, login))
    preview.issues.sort(key=lambda issue: issue.line)
    return preview
