"""The CSV exports: class summary, calculation log (streamed), one student's skills.

Stable, documented columns (`DOCUMENTED`, shown on the help page): new columns may be added at
the end, none is renamed or removed. Files are UTF-8 with a BOM (so Excel reads æ ø å), dates
ISO 8601 in the server's time zone, yes/no for true/false, exact values as two whole-number
columns (numerator, denominator: a "7/2" cell would become a date in a spreadsheet), and every
text cell that a spreadsheet could run as a formula (= + - @, tab, CR) starts with a '.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from fractions import Fraction

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from classrooms.models import Classroom, Student
from classrooms.names import csv_cell_safe
from games.evidence.skills import SKILLS
from games.models import Calculation
from games.progress import reports, selectors
from games.progress.selectors import SkillFigures
from games.progress.windows import Window

BOM = "\ufeff"
CHUNK = 2000
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
            ("median_ms", _("Median think time in milliseconds (from time bands).")),
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
    "operands",
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
)
_UNSAFE_NAME = re.compile(r"[^\w-]+")


def _cell(value: object) -> object:
    """Numbers as they are; text made formula-safe; booleans yes/no; None empty."""
    if value is None:
        return ""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, int):
        return value
    return csv_cell_safe(value)


def _parts(value: str | None) -> tuple[object, object]:
    if not value:
        return "", ""
    fraction = Fraction(value)
    return fraction.numerator, fraction.denominator


def file_name(classroom: Classroom, window: Window, kind: str, student: Student | None = None):
    """`4B_2026-11-01_2026-11-30_summary.csv` (with the username for one student's files)."""
    parts = [classroom.name] + ([student.user.username] if student else [])
    parts += [window.start.isoformat(), window.end.isoformat(), kind]
    return "_".join(_UNSAFE_NAME.sub("-", p).strip("-") or "class" for p in parts) + ".csv"


class _Line:
    """A file-like object whose write returns the text, for csv.writer row by row."""

    def write(self, text: str) -> str:
        return text


def csv_lines(rows: Iterable[Sequence[object]]) -> Iterator[str]:
    """The CSV text of `rows`, a BOM first, one line at a time (for streaming)."""
    writer = csv.writer(_Line())
    yield BOM
    for row in rows:
        yield writer.writerow([_cell(c) for c in row])


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


def calculation_rows(students: Iterable[Student], window: Window) -> Iterator[list[object]]:
    """The calculation log of these students in the window: header, then every row, oldest
    first, read in chunks (memory stays flat whatever the number of rows)."""
    yield [name for name, _text in CALCULATION_COLUMNS]
    people = {s.user_id: (s.display_name, s.user.username, s.external_id) for s in students}
    start, end = selectors.day_range(window)
    rows = (
        Calculation.objects.filter(student_id__in=list(people), created__gte=start, created__lt=end)
        .order_by("created", "id")
        .values_list(*_CALC_FIELDS)
    )
    tz = timezone.get_current_timezone()
    for row in rows.iterator(chunk_size=CHUNK):
        local: datetime = row[0].astimezone(tz)
        yield [
            local.date().isoformat(),
            local.time().isoformat("seconds"),
            *people[row[1]],
            *row[2:8],  # match_id … expression
            " ".join(map(str, row[8])),  # operands
            *_parts(row[9]),  # value
            *row[10:13],  # target, answer, correct
            *_parts(row[13]),  # best_value
            *row[14:],  # best_expression … non_integer
        ]


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
