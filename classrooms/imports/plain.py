"""Pasted names (one per line) and plain CSV files (first name, last name or initial, id)."""

import csv
import io

from django.utils.translation import gettext as _

from classrooms.imports.rows import (
    MAX_PASTE_CHARS,
    MAX_SOURCE_LINES,
    ImportRefused,
    RawRow,
    RowIssue,
)

_HEADER_WORDS = {"first name", "first_name", "firstname", "first", "given name", "givenname"}


def _too_many_lines() -> ImportRefused:
    return ImportRefused(
        _("The list has more than %(max)d lines. Split it and try again.")
        % {"max": MAX_SOURCE_LINES}
    )


def _login_split(line: str) -> tuple[str, str]:
    """`Maya K.<tab>maya@school.no` (or after a comma or semicolon) -> name and school login.

    Only a last part with an "@" is a login, so `Kowalski, Maya` stays a name."""
    for separator in ("\t", ";", ","):
        name, found, login = line.rpartition(separator)
        if found and "@" in login and name.strip():
            return name.strip(), login.strip()
    return line, ""


def pasted_parse(text: str, *, school_logins: bool = False) -> tuple[list[RawRow], list[RowIssue]]:
    """One name per line; blank lines are reported as skipped, with their line numbers.

    With `school_logins`, a line may end with the pupil's school e-mail or user name after a
    tab (a spreadsheet's two columns pasted), a semicolon or a comma."""
    if len(text) > MAX_PASTE_CHARS:
        raise ImportRefused(
            _("That is more than %(max)d characters. Paste fewer names at a time.")
            % {"max": MAX_PASTE_CHARS}
        )
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()  # trailing blank lines are not worth a report
    if len(lines) > MAX_SOURCE_LINES:
        raise _too_many_lines()
    rows, issues = [], []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            issues.append(RowIssue(number, _("Empty line, skipped."), blocking=False))
        elif school_logins:
            name, login = _login_split(line)
            rows.append(RawRow(number, name, school_login=login))
        else:
            rows.append(RawRow(number, line))
    return rows, issues


def display_name(first: str, last: str) -> str:
    """`Maya`, `K` -> `Maya K.`; `Maya`, `Kowalski` -> `Maya Kowalski`; `Maya`, `` -> `Maya`."""
    first, last = " ".join(first.split()), " ".join(last.split())
    if len(last) == 1 and last.isalpha():
        last += "."
    return f"{first} {last}".strip()


def _delimiter(text: str) -> str:
    first_line = text.split("\n", 1)[0]
    for candidate in (",", ";", "\t"):
        if candidate in first_line:
            return candidate
    return ","


def _columns_message(count: int, school_logins: bool) -> str:
    if school_logins:
        return _(
            "Expected first name, last name or initial, an optional school id and an optional "
            "school e-mail or user name; found %(count)d columns."
        ) % {"count": count}
    return _(
        "Expected first name, last name or initial, and an optional school id; found "
        "%(count)d columns."
    ) % {"count": count}


def plain_csv_parse(
    text: str, *, school_logins: bool = False
) -> tuple[list[RawRow], list[RowIssue]]:
    """Rows of `first name, last name or initial[, school id]`; an optional header row.

    With `school_logins`, a fourth column is the school e-mail or user name (or the third, when
    it has an "@" and no fourth follows: school ids have none)."""
    columns = 4 if school_logins else 3
    rows, issues = [], []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    try:
        for record in reader:
            number = reader.line_num
            if number > MAX_SOURCE_LINES:
                raise _too_many_lines()
            cells = [cell.strip() for cell in record]
            while cells and not cells[-1]:
                cells.pop()
            if not cells:
                issues.append(RowIssue(number, _("Empty row, skipped."), blocking=False))
                continue
            if number == 1 and cells[0].casefold() in _HEADER_WORDS:
                continue
            if len(cells) > columns:
                issues.append(RowIssue(number, _columns_message(len(cells), school_logins)))
                continue
            first, last, external_id, login = [*cells, "", "", ""][:4]
            if school_logins and len(cells) == 3 and "@" in external_id:
                external_id, login = "", external_id
            if not first:
                issues.append(RowIssue(number, _("The first name is missing.")))
                continue
            rows.append(RawRow(number, display_name(first, last), external_id, login))
    except csv.Error as error:
        raise ImportRefused(
            _("Line %(line)d cannot be read as CSV (%(error)s).")
            % {"line": reader.line_num, "error": error}
        ) from None
    return rows, issues
