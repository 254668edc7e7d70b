"""The CSV exports: class summary, calculation log (streamed), one student's skills.

Stable, documented columns (`DOCUMENTED`, shown on the help page): new columns may be added at
the end, none is renamed or removed. Files are UTF-8 with a BOM (so Excel reads æ ø å), dates
ISO 8601 in the server's time zone, yes/no for true/false, exact values as two whole-number
columns (numerator, denominator: a "7/2" cell would become a date in a spreadsheet), and every
text cell that a spreadsheet could run as a formula (= + - @, tab, CR) starts with a '.

That machine format (commas, decimal points) stays as it is. Beside it, each export has a
spreadsheet variant (`?format=spreadsheet`) that Excel opens right by a double-click in the
reader's language: where the language writes a decimal comma (Norwegian), Excel's list
separator is a semicolon, so cells are separated by ';' and decimals written 2,5.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from decimal import Decimal

from django.db import connections, transaction
from django.db.models import TextField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.formats import get_format
from django.utils.translation import gettext_lazy as _

from classrooms.models import Classroom, Student
from classrooms.names import FORMULA_STARTS, csv_cell_safe
from games.evidence.skills import SKILLS
from games.models import Calculation
from games.progress import reports, selectors
from games.progress.selectors import SkillFigures
from games.progress.windows import Window

BOM = "\ufeff"
CHUNK = 2000  # rows fetched from the database at a time
LINES_PER_PIECE = 500  # lines sent to the client at a time
_YES_NO = {True: "yes", False: "no", None: ""}
_FORMULA_FIRST = frozenset(FORMULA_STARTS)
SKILL_COLUMNS = ("attempts", "correct", "accuracy_pct", "median_ms", "mastery")

SUMMARY_COLUMNS = [
    ("name", _("The student's name in the class.")),
    ("username", _("Their login name.")),
    ("external_id", _("The id from the school's system (roster import), if any.")),
    ("games", _("Finished matches in the period (all games).")),
    ("wins", _("Of those, won.")),
    ("losses", _("Of those, lost.")),
    ("draws", _("Of those, drawn.")),
    *[
        (f"{skill}_{column}", text)
        for skill in SKILLS
        for column, text in (
            ("attempts", _("Attempts at the skill in the period.")),
            ("correct", _("Of those, right.")),
            ("accuracy_pct", _("Per cent right, rounded (empty without attempts).")),
            (
                "median_ms",
                _(
                    "Median think time in milliseconds "
                    "(exact up to 60 attempts, else from time bands)."
                ),
            ),
            (
                "mastery",
                _("not_enough, attempted, familiar, proficient or mastered (see above)."),
            ),
        )
    ],
]
CALCULATION_COLUMNS = [
    ("date", _("Local date, YYYY-MM-DD.")),
    ("time", _("Local time, HH:MM:SS.")),
    ("name", _("The student's name.")),
    ("username", _("Their login name.")),
    ("external_id", _("The id from the school's system, if any.")),
    ("match_id", _("The match (the same number on the match page).")),
    ("game", _("warriors or cardwar.")),
    ("level", _("Card-war level 1–7 (empty for Warriors).")),
    ("variant", _("Warriors variants on, comma-separated (empty: standard).")),
    ("act", _("mind, mind_refused, strength, skip, cardwar_answer or cardwar_target.")),
    ("expression", _("The calculation exactly as the student typed it.")),
    ("operands", _("The dice or card values used, separated by spaces.")),
    ("value_numerator", _("Exact value of the calculation: numerator…")),
    ("value_denominator", _("…and denominator (7 and 2 for 7/2; empty if none).")),
    ("target", _("The die's value or the card-war target (or the target named).")),
    ("answer", _("Card war: the result the student typed.")),
    ("correct", _("yes/no: made the target (Mind) or typed the right result (card war).")),
    ("best_numerator", _("The best value available: numerator…")),
    ("best_denominator", _("…and denominator.")),
    ("best_expression", _("A calculation (or Strength comparison) giving the best value.")),
    ("chose_best", _("yes/no: the student's choice was the best there was.")),
    ("option_available", _("yes/no: a capture was on the board, or the cards allowed a choice.")),
    ("think_ms", _("Think time in milliseconds.")),
    ("addition", _("yes/no: used +.")),
    ("subtraction", _("yes/no: used −.")),
    ("multiplication", _("yes/no: used ×.")),
    ("division", _("yes/no: used ÷.")),
    ("square", _("yes/no: squared a number.")),
    ("root", _("yes/no: took a square root.")),
    ("brackets", _("yes/no: brackets that change the order of operations.")),
    ("non_integer", _("yes/no: a step that is not a whole number.")),
    (
        "assisted",
        _("yes/no: the value was shown before the student played it (counted in no skill)."),
    ),
]
STUDENT_SKILL_COLUMNS = [
    ("skill", _("The skill (same names as the summary's column prefixes).")),
    ("attempts", _("Attempts in the period.")),
    ("correct", _("Of those, right.")),
    ("accuracy_pct", _("Per cent right, rounded.")),
    ("median_ms", _("Median think time in milliseconds.")),
    ("mastery", _("not_enough, attempted, familiar, proficient or mastered.")),
    ("days", _("Different days with attempts.")),
    ("previous_attempts", _("Attempts in the period before.")),
    ("previous_correct", _("Of those, right.")),
    (
        "change_points",
        _("Change in per cent right against the period before (when both have enough attempts)."),
    ),
]
DOCUMENTED = [
    (_("Class summary"), "CLASS_FROM_TO_summary.csv", SUMMARY_COLUMNS),
    (_("Calculation log"), "CLASS_FROM_TO_calculations.csv", CALCULATION_COLUMNS),
    (_("One student's skills"), "CLASS_USERNAME_FROM_TO_skills.csv", STUDENT_SKILL_COLUMNS),
]
_CALC_FIELDS = (
    "created",
    "student_id",
    "match_id",
    "game",
    "level",
    "variant",
    "act",
    "expression",
    "operands_text",
    "value",
    "target",
    "answer",
    "correct",
    "best_value",
    "best_expression",
    "chose_best",
    "option_available",
    "think_ms",
    "op_add",
    "op_sub",
    "op_mul",
    "op_div",
    "op_square",
    "op_root",
    "brackets",
    "non_integer",
    "assisted",
)
_UNSAFE_NAME = re.compile(r"[^\w-]+")


@dataclass(frozen=True)
class Spreadsheet:
    """The cell separator and decimal mark a spreadsheet expects in the reader's language."""

    delimiter: str
    decimal: str


MACHINE = Spreadsheet(",", ".")


def spreadsheet_format(wanted: str | None) -> Spreadsheet:
    """The machine format, or (`wanted == "spreadsheet"`) the active language's: a decimal
    comma goes with ';' between cells, as Excel's regional list separator does."""
    if wanted != "spreadsheet":
        return MACHINE
    decimal = str(get_format("DECIMAL_SEPARATOR"))
    return Spreadsheet(";" if decimal == "," else ",", decimal)


def _cell(value: object) -> object:
    """Numbers as they are; text made formula-safe; booleans yes/no; None empty."""
    if value is None or isinstance(value, bool):
        return _YES_NO[value]
    if isinstance(value, int | Decimal):
        return value
    return csv_cell_safe(value)


def file_name(classroom: Classroom, window: Window, kind: str, student: Student | None = None):
    """`4B_2026-11-01_2026-11-30_summary.csv` (with the username for one student's files)."""
    parts = [classroom.name] + ([student.user.username] if student else [])
    parts += [window.start.isoformat(), window.end.isoformat(), kind]
    return "_".join(_UNSAFE_NAME.sub("-", p).strip("-") or "class" for p in parts) + ".csv"


def csv_lines(
    rows: Iterable[Sequence[object]], *, cells_safe: bool = False, sheet: Spreadsheet = MACHINE
) -> Iterator[str]:
    """The CSV text of `rows`, a BOM first, in pieces of about LINES_PER_PIECE lines.

    `cells_safe` says the rows are final cell values already (text made formula-safe,
    booleans as yes/no, no decimals), which the calculation log does itself for speed.
    `sheet`: the separator and decimal mark (Decimal cells are written with it).
    """
    lines: list[str] = []
    writer = csv.writer(_Lines(lines), delimiter=sheet.delimiter)
    decimal = sheet.decimal
    yield BOM
    for row in rows:
        if not cells_safe:
            row = [_cell(c) for c in row]
            if decimal != ".":
                row = [str(c).replace(".", decimal) if type(c) is Decimal else c for c in row]
        writer.writerow(row)
        if len(lines) >= LINES_PER_PIECE:
            yield "".join(lines)
            lines.clear()
    if lines:
        yield "".join(lines)


class _Lines:
    """csv.writer's file: collects the lines in a list (a piece is sent when it is full)."""

    def __init__(self, lines: list[str]) -> None:
        self.write = lines.append


def _skill_cells(figures: SkillFigures) -> list[object]:
    return [figures.attempts, figures.correct, figures.accuracy, figures.median_ms, figures.level]


def summary_rows(classroom: Classroom, window: Window) -> Iterator[list[object]]:
    """The class summary: header, then one row per current student (by name)."""
    yield [name for name, _text in SUMMARY_COLUMNS]
    for row in reports.class_rows(classroom, window):
        student = row.student
        draws = sum(line.draws for line in row.games)
        cells = [student.display_name, student.user.username, student.external_id]
        cells += [row.played, row.wins, row.played - row.wins - draws, draws]
        for figures in row.skills:
            cells += _skill_cells(figures)
        yield cells


def calculation_rows(students: Iterable[Student], window: Window) -> Iterator[tuple]:
    """The calculation log of these students in the window: header, then every row, one
    student after another, each oldest first (the index's order: no sort), read in chunks
    (memory stays flat whatever the number of rows).

    Rows are final cells, for `csv_lines(..., cells_safe=True)`. The loop runs once per
    calculation, so it is written flat: no per-cell calls or unpacking, and in a UTC server
    the time comes as text (decoding a datetime costs more than the rest of the row).
    """
    yield tuple(name for name, _text in CALCULATION_COLUMNS)
    people = {
        s.user_id: tuple(map(csv_cell_safe, (s.display_name, s.user.username, s.external_id)))
        for s in students
    }
    start, end = selectors.day_range(window)
    utc = timezone.get_current_timezone_name() == "UTC"
    # The database keeps UTC: as text, "YYYY-MM-DD HH:MM:SS…" (both PostgreSQL and SQLite).
    rows = (
        Calculation.objects.filter(student_id__in=list(people), created__gte=start, created__lt=end)
        .annotate(
            operands_text=Cast("operands", TextField()),  # no JSON decoding per row
            created_text=Cast("created", TextField()),
        )
        .order_by("student_id", "created", "id")  # the (student, created) index's order
        .values_list("created_text" if utc else "created", *_CALC_FIELDS[1:])
    )
    tz = timezone.get_current_timezone()
    yes, starts = _YES_NO, _FORMULA_FIRST
    with _reading(rows.db):
        for row in rows.iterator(chunk_size=CHUNK):
            stamp = row[0] if utc else row[0].astimezone(tz).isoformat()
            name, username, external_id = people[row[1]]
            expression, answer, best_expression = row[7], row[11], row[14]
            value_n, _, value_d = (row[9] or "").partition("/")
            best_n, _, best_d = (row[13] or "").partition("/")
            yield (
                stamp[:10],
                stamp[11:19],
                name,
                username,
                external_id,
                row[2],  # match_id
                row[3],  # game
                row[4],  # level
                row[5],  # variant
                row[6],  # act
                expression if expression[:1] not in starts else "'" + expression,
                row[8][1:-1].replace(",", ""),  # operands: "[3, 4]" -> "3 4"
                value_n,
                value_d,
                row[10],  # target
                answer if answer[:1] not in starts else "'" + answer,
                yes[row[12]],  # correct
                best_n,
                best_d,
                best_expression if best_expression[:1] not in starts else "'" + best_expression,
                yes[row[15]],  # chose_best
                yes[row[16]],  # option_available
                row[17],  # think_ms
                yes[row[18]],  # the operator flags …
                yes[row[19]],
                yes[row[20]],
                yes[row[21]],
                yes[row[22]],
                yes[row[23]],
                yes[row[24]],
                yes[row[25]],
                yes[row[26]],  # assisted
            )


def _reading(alias: str):
    """On PostgreSQL, a transaction: its server-side cursor then streams rows as the query
    runs (outside one, psycopg's cursor WITH HOLD first copies the whole result). SQLite
    needs none, and its IMMEDIATE transactions would hold up every move meanwhile."""
    if connections[alias].vendor == "postgresql":
        return transaction.atomic(using=alias)
    return nullcontext()


def student_skill_rows(student: Student, window: Window) -> Iterator[list[object]]:
    """One student's skills in the window, one row per skill."""
    yield [name for name, _text in STUDENT_SKILL_COLUMNS]
    figures = selectors.skill_figures([student.user_id], window).get(student.user_id, {})
    for skill in selectors.skills_in_order(figures):
        yield [
            skill.skill,
            *_skill_cells(skill),
            skill.days,
            skill.previous_attempts,
            skill.previous_correct,
            skill.change,
        ]
