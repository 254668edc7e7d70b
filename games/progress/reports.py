"""Whole report pages as data: the class overview and a student's report (selectors only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from classrooms.models import Classroom, Student
from games.evidence.skills import SKILLS
from games.progress import selectors
from games.progress.charts import Spark, sparkline, week_labels, weekly_chart
from games.progress.mastery import ATTEMPTED, Suggestion
from games.progress.practice import PRACTICE_FOR, Practice
from games.progress.selectors import GameLine, SkillFigures
from games.progress.windows import Window

SORTS = ("name", "games", "wins", *SKILLS)


@dataclass
class StudentRow:
    student: Student
    skills: list[SkillFigures]
    games: list[GameLine] = field(default_factory=list)
    assisted: int = 0  # calculations made with the value shown: counted apart

    @property
    def played(self) -> int:
        return sum(line.games for line in self.games)

    @property
    def wins(self) -> int:
        return sum(line.wins for line in self.games)

    @property
    def empty(self) -> bool:
        """No skill attempt in the window (the row then says why)."""
        return not any(f.attempts for f in self.skills)


HELP_LINES = 10  # the overview's "who needs help with what" list, at most


@dataclass(frozen=True)
class HelpLine:
    """One student and one skill that needs help: the figures that say so, and the practice
    the teacher can pin for them in one click."""

    student: Student
    figures: SkillFigures
    practice: Practice | None


def needs_help(rows: list[StudentRow]) -> list[HelpLine]:
    """Who needs help with what: skills with enough attempts in the window and under the
    "familiar" threshold (fewer than 60 % right), the lowest share right first."""
    lines = [
        HelpLine(row.student, f, next(iter(PRACTICE_FOR.get(f.skill, ())), None))
        for row in rows
        for f in row.skills
        if f.enough and f.level == ATTEMPTED
    ]
    lines.sort(key=lambda x: (x.figures.accuracy, -x.figures.attempts, x.student.display_name))
    return lines[:HELP_LINES]


def _skill_key(skill: str):
    index = SKILLS.index(skill)

    def key(row: StudentRow):
        figures = row.skills[index]
        return (figures.accuracy or 0, figures.attempts)

    return key


def class_rows(
    classroom: Classroom, window: Window, *, sort: str = "name", descending: bool = False
) -> list[StudentRow]:
    """One row per current student: every skill's figures and their games, sorted."""
    students = list(classroom.students.filter(archived_at__isnull=True).select_related("user"))
    ids = [s.user_id for s in students]
    figures = selectors.skill_figures(ids, window)
    games = selectors.game_results(ids, window)
    assisted = selectors.assisted_counts(ids, window)
    rows = [
        StudentRow(
            s,
            selectors.skills_in_order(figures.get(s.user_id, {})),
            games.get(s.user_id, []),
            assisted.get(s.user_id, 0),
        )
        for s in students
    ]
    keys = {
        "name": lambda r: r.student.display_name.casefold(),
        "games": lambda r: r.played,
        "wins": lambda r: r.wins,
    }
    key = keys.get(sort) or (_skill_key(sort) if sort in SKILLS else keys["name"])
    rows.sort(key=key, reverse=descending)
    if sort in SKILLS:
        # Thin evidence goes last either way (a stable sort keeps the order within each part).
        index = SKILLS.index(sort)
        rows.sort(key=lambda r: not r.skills[index].enough)
    return rows


@dataclass(frozen=True)
class PracticeOffer:
    suggestion: Suggestion
    practices: tuple[Practice, ...]


def practice_offers(user_id: int, today: date) -> list[PracticeOffer]:
    """The student's practise-next suggestions, each with the practice that fits it."""
    return [
        PracticeOffer(s, PRACTICE_FOR.get(s.skill, ()))
        for s in selectors.practice_suggestions(user_id, today)
    ]


def student_report(student: Student, window: Window, today: date) -> dict:
    """Everything a student's report page shows (teacher's and the student's own)."""
    uid = student.user_id
    figures = selectors.skill_figures([uid], window).get(uid, {})
    trend = selectors.weekly_trend(uid, window)
    labels = week_labels(trend)
    sparks = _skill_sparks(trend, labels)
    return {
        "skills": [(f, sparks[f.skill]) for f in selectors.skills_in_order(figures)],
        "any_attempts": bool(figures),
        "trend": trend,
        "chart": weekly_chart(trend, labels),
        "strategy": selectors.warriors_strategy(uid, window),
        "best_choice": selectors.cardwar_best_choice(uid, window),
        "games": selectors.game_results([uid], window).get(uid, []),
        "offers": practice_offers(uid, today),
        "assisted": selectors.assisted_counts([uid], window).get(uid, 0),
    }


def _skill_sparks(trend: list[dict], labels: dict[date, str]) -> dict[str, Spark]:
    """Per skill, its week-by-week per cent right as a small chart."""
    return {
        skill: sparkline([(w["week"], *w["skills"].get(skill, (0, 0))) for w in trend], labels)
        for skill in SKILLS
    }
