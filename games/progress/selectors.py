"""Report figures, aggregated in the database (the rollup for skills, Calculation for the rest).

Every function takes students as user ids and a `Window`; reports follow the student (the
class roster decides whose rows a class report shows, not the class a row was recorded in).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from fractions import Fraction
from typing import Any

from django.db.models import (
    Avg,
    BooleanField,
    Case,
    Count,
    F,
    FloatField,
    IntegerField,
    Max,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, TruncWeek
from django.utils import timezone

from games.evidence import acts
from games.evidence import skills as sk
from games.evidence.skills import BANDS, SKILLS, skills_of
from games.models import Calculation, Match, Seat, SkillDay
from games.progress import mastery
from games.progress.formats import percent
from games.progress.models import PracticeChoice
from games.progress.windows import Window

FACT_TIME_CAP_MS = 60_000  # one long pause must not make a whole fact look slow
RECENT = 20
BAND_FIELDS = [f"t{i}" for i in range(BANDS)]
# Up to this many timed attempts a cell's median is the exact middle of the student's own times,
# read from the calculations; above it the rollup's time bands place it (within its band, which
# many attempts make a fair reading) and the report stays a query over the rollup.
EXACT_MEDIAN_UP_TO = 60
GOOD_PERCENT = 80  # a small sample this right is not a worry (proficient's own threshold)


@dataclass(frozen=True, slots=True)
class SkillFigures:
    """One skill's figures in one window; `previous_*` are the window before it."""

    skill: str
    attempts: int = 0
    correct: int = 0
    days: int = 0
    median_ms: int | None = None
    previous_attempts: int = 0
    previous_correct: int = 0

    @property
    def enough(self) -> bool:
        return self.attempts >= mastery.MIN_ATTEMPTS

    @property
    def accuracy(self) -> int | None:
        """Per cent right, rounded half up (None without attempts)."""
        return percent(self.correct, self.attempts)

    @property
    def tone(self) -> str:
        """How the cell reads at a glance: "good" for a small sample done (nearly) all right,
        which the mastery rules call only "familiar" until there are more attempts (so it is
        not coloured as a caution); else the level's own colour."""
        if self.level == mastery.FAMILIAR and (self.accuracy or 0) >= GOOD_PERCENT:
            return "good"
        return ""

    @property
    def level(self) -> str:
        return mastery.mastery(self.attempts, self.correct, self.days)

    @property
    def change(self) -> int | None:
        """Percentage points against the previous window, when both have enough attempts."""
        if not self.enough or self.previous_attempts < mastery.MIN_ATTEMPTS:
            return None
        before = percent(self.previous_correct, self.previous_attempts)
        return self.accuracy - before


def day_range(window: Window) -> tuple[datetime, datetime]:
    """The window as [start, end) aware datetimes in the current time zone."""
    tz = timezone.get_current_timezone()
    start = datetime.combine(window.start, time.min, tzinfo=tz)
    end = datetime.combine(window.end + timedelta(days=1), time.min, tzinfo=tz)
    return start, end


def _in_window(window: Window, field: str = "created") -> Q:
    start, end = day_range(window)
    return Q(**{f"{field}__gte": start, f"{field}__lt": end})


def skill_figures(
    user_ids: Sequence[int], window: Window, *, compare: bool = True
) -> dict[int, dict[str, SkillFigures]]:
    """Per student, per skill: the window's figures (and the previous window's, to compare).

    One query over the rollup, grouped by student, skill and which window the day is in
    (plain sums: filtered ones cost more to build than the database takes to run them).
    Skills without attempts in either window are absent.
    """
    previous = window.previous()
    current = Case(
        When(day__gte=window.start, then=Value(True)),
        default=Value(False),
        output_field=BooleanField(),
    )
    rows = list(
        SkillDay.objects.filter(
            student_id__in=list(user_ids),
            day__gte=previous.start if compare else window.start,
            day__lte=window.end,
        )
        .annotate(current=current)
        .values("student_id", "skill", "current")
        .annotate(
            n=Sum("attempts"),
            right=Sum("correct"),
            days=Count("day"),
            **{f: Sum(f) for f in BAND_FIELDS},
        )
    )
    few: dict[int, set[str]] = defaultdict(set)
    for row in rows:
        timed = sum(row[f] for f in BAND_FIELDS)
        if row["current"] and 0 < timed <= EXACT_MEDIAN_UP_TO:
            few[row["student_id"]].add(row["skill"])
    medians = exact_medians(few, window)
    parts: dict[tuple[int, str], dict[str, Any]] = defaultdict(dict)
    for row in rows:
        key = (row["student_id"], row["skill"])
        figures = parts[key]
        if row["current"]:
            median = medians.get(key)
            if median is None:
                median = mastery.median_ms([row[f] for f in BAND_FIELDS])
            figures |= {
                "attempts": row["n"],
                "correct": row["right"],
                "days": row["days"],
                "median_ms": median,
            }
        else:
            figures |= {"previous_attempts": row["n"], "previous_correct": row["right"]}
    out: dict[int, dict[str, SkillFigures]] = defaultdict(dict)
    for (student_id, skill), figures in parts.items():
        out[student_id][skill] = SkillFigures(skill=skill, **figures)
    return out


# What `skills_of` reads of a stored calculation, to put it back under its skills.
_SKILL_COLUMNS = (
    "act",
    "op_add",
    "op_sub",
    "op_mul",
    "op_div",
    "op_square",
    "op_root",
    "brackets",
    "non_integer",
    "value",
    "target",
    "correct",
    "best_value",
    "chose_best",
    "option_available",
    "level",
)
_SKILL_ACTS = (acts.MIND, acts.MIND_REFUSED, acts.CARDWAR_ANSWER)


def _act_of(row: tuple) -> acts.Act:
    """A stored calculation (`_SKILL_COLUMNS`) as the act it was made from, for `skills_of`."""
    (kind, add, sub, mul, div, square, root, brackets, non_integer, value, target, correct,
     best, chose_best, option_available, level) = row  # fmt: skip
    return acts.Act(
        seat=0,
        kind=kind,
        add=add,
        sub=sub,
        mul=mul,
        div=div,
        square=square,
        root=root,
        brackets=brackets,
        non_integer=non_integer,
        value=None if value is None else Fraction(value),
        target=target,
        correct=correct,
        best_value=None if best is None else Fraction(best),
        chose_best=chose_best,
        option_available=option_available,
        level=level,
    )


# Which calculations can count for a skill (a superset: `skills_of` decides), so the exact
# medians read only the rows of the cells that need them.
_MIXED = [("op_add", "op_sub"), ("op_add", "op_mul"), ("op_add", "op_div"), ("op_sub", "op_mul"),
          ("op_sub", "op_div"), ("op_mul", "op_div")]  # fmt: skip
_SKILL_ROWS = {
    sk.ADDITION: Q(op_add=True),
    sk.SUBTRACTION: Q(op_sub=True),
    sk.MULTIPLICATION: Q(op_mul=True),
    sk.DIVISION: Q(op_div=True),
    sk.FRACTIONS: Q(non_integer=True),
    sk.BRACKETS: Q(brackets=True),
    sk.MIXED: Q(*(Q(**{a: True, b: True}) for a, b in _MIXED), _connector=Q.OR),
    sk.SQUARES: Q(op_square=True),
    sk.ROOTS: Q(op_root=True),
    sk.BEST_CHOICE: Q(act=acts.CARDWAR_ANSWER, option_available=True),
    sk.EXACT_TARGET: Q(act__in=(acts.MIND, acts.MIND_REFUSED))
    | Q(act=acts.CARDWAR_ANSWER, level__in=sk.TARGET_LEVELS),
}


def exact_medians(cells: dict[int, set[str]], window: Window) -> dict[tuple[int, str], int]:
    """For these students' skills (`cells`: student id -> skills): the median of the student's
    own think times in the window, exact (ms, rounded half up; the middle two's mean for an
    even count). The rollup's time bands count well but place a median only within its band
    (20.85 s read as 25 s). One query, for those cells' calculations only."""
    if not cells:
        return {}
    wanted = Q()
    for student_id, skills in cells.items():
        wanted |= Q(Q(*(_SKILL_ROWS[s] for s in skills), _connector=Q.OR), student_id=student_id)
    rows = Calculation.objects.filter(
        wanted,
        _in_window(window),
        act__in=_SKILL_ACTS,
        think_ms__isnull=False,
        value__isnull=False,
    ).values_list("student_id", "think_ms", *_SKILL_COLUMNS)
    times: dict[tuple[int, str], list[int]] = defaultdict(list)
    # Calculations repeat the same few shapes (flags, value, target): read each shape once.
    shapes: dict[tuple, list[str]] = {}
    for student_id, think_ms, *columns in rows.iterator(chunk_size=2000):
        shape = tuple(columns)
        skills = shapes.get(shape)
        if skills is None:
            skills = shapes[shape] = [skill for skill, _right in skills_of(_act_of(shape))]
        for skill in skills:
            if skill in cells[student_id]:
                times[(student_id, skill)].append(think_ms)
    return {key: _median_ms(values) for key, values in times.items()}


def _median_ms(values: list[int]) -> int:
    values.sort()
    middle = len(values) // 2
    if len(values) % 2:
        return values[middle]
    return (values[middle - 1] + values[middle] + 1) // 2  # half up


def weekly_trend(user_id: int, window: Window) -> list[dict[str, Any]]:
    """Week by week (weeks start on Monday): calculations done and right, and per skill.

    [{"week": date, "attempts": n, "correct": n, "skills": {skill: (attempts, correct)}}, …]
    for every week the window touches, empty weeks included. "attempts" counts calculations
    (each sum once, read from the calculations), not skill attempts: `3 × 4 + 2` is one
    calculation and three skill attempts (multiplication, addition, mixed).
    """
    rows = (
        SkillDay.objects.filter(student_id=user_id, day__gte=window.start, day__lte=window.end)
        .annotate(week=TruncWeek("day"))
        .values("week", "skill")
        .annotate(n=Sum("attempts"), right=Sum("correct"))
    )
    first = window.start - timedelta(days=window.start.weekday())
    count = (window.end - first).days // 7 + 1
    weeks: dict[date, dict[str, Any]] = {
        first + timedelta(weeks=i): {"skills": {}, "attempts": 0, "correct": 0}
        for i in range(count)
    }
    for row in rows:
        weeks[_as_date(row["week"])]["skills"][row["skill"]] = (row["n"], row["right"])
    done = (
        Calculation.objects.filter(
            _in_window(window), student_id=user_id, act__in=_SKILL_ACTS, value__isnull=False
        )
        .annotate(week=TruncWeek("created"))
        .values("week")
        .annotate(n=Count("id"), right=Count("id", filter=Q(correct=True)))
    )
    for row in done:
        week = weeks.get(_as_date(row["week"]))
        if week is not None:
            week["attempts"], week["correct"] = row["n"], row["right"]
    return [{"week": week, **figures} for week, figures in weeks.items()]


def _as_date(value: date | datetime) -> date:
    return value.date() if isinstance(value, datetime) else value


_OPERATORS = {
    "add": "op_add",
    "sub": "op_sub",
    "mul": "op_mul",
    "div": "op_div",
    "square": "op_square",
    "root": "op_root",
    "brackets": "brackets",
}


def warriors_strategy(user_id: int, window: Window) -> dict[str, Any]:
    """Maths Warriors strategy in the window (one query, grouped by act and decision facts).

    mind / strength: captures of each kind; refused: refused Mind attacks; dice_per_mind: mean
    dice per applied Mind attack; operators: how many Mind attempts (applied or refused) used
    each operator; chances: decisions with a capture on the board; missed: of those, a skip or
    a capture of a smaller die than the best available; largest: the largest die value a Mind
    attack captured.
    """
    rows = (
        Calculation.objects.filter(
            _in_window(window),
            student_id=user_id,
            act__in=(acts.MIND, acts.MIND_REFUSED, acts.STRENGTH, acts.SKIP),
        )
        .values("act", "option_available", "chose_best")
        .annotate(
            n=Count("id"),
            dice=Sum("operand_count"),
            largest=Max("target"),
            **{op: Sum(Cast(field, IntegerField())) for op, field in _OPERATORS.items()},
        )
    )
    count: dict[str, int] = defaultdict(int)
    operators = dict.fromkeys(_OPERATORS, 0)
    dice, chances, missed, largest = 0, 0, 0, []
    for row in rows:
        act, n = row["act"], row["n"]
        count[act] += n
        if act in (acts.MIND, acts.MIND_REFUSED):
            for op in operators:
                operators[op] += row[op] or 0
        if act == acts.MIND:
            dice += row["dice"] or 0
            largest += [row["largest"]] if row["largest"] is not None else []
        if row["option_available"] and act in (acts.MIND, acts.STRENGTH, acts.SKIP):
            chances += n
            missed += n if act == acts.SKIP or row["chose_best"] is False else 0
    mind = count[acts.MIND]
    return {
        "mind": mind,
        "strength": count[acts.STRENGTH],
        "refused": count[acts.MIND_REFUSED],
        "skips": count[acts.SKIP],
        "dice_per_mind": round(dice / mind, 1) if mind else None,
        "operators": operators,
        "chances": chances,
        "missed": missed,
        "largest": max(largest, default=None),
    }


def cardwar_best_choice(user_id: int, window: Window) -> list[dict[str, Any]]:
    """Per card-war level with a real choice: answers, and how many took the best choice."""
    return list(
        Calculation.objects.filter(
            _in_window(window),
            student_id=user_id,
            act=acts.CARDWAR_ANSWER,
            option_available=True,
        )
        .values("level")
        .annotate(answers=Count("id"), best=Count("id", filter=Q(chose_best=True)))
        .order_by("level")
    )


@dataclass(frozen=True, slots=True)
class FactCell:
    attempts: int
    correct: int
    mean_ms: int | None

    @property
    def accuracy(self) -> int:
        return percent(self.correct, self.attempts)


def fact_families(user_ids: Sequence[int], window: Window) -> dict[int, dict[tuple, FactCell]]:
    """Card-war levels 1–4: per level, per pair of card values (smaller first), the answers.

    {level: {(low, high): FactCell}}; the mean time caps each answer at 60 s.
    """
    capped = Case(
        When(think_ms__gt=FACT_TIME_CAP_MS, then=Value(FACT_TIME_CAP_MS)),
        default=F("think_ms"),
        output_field=IntegerField(),
    )
    rows = (
        Calculation.objects.filter(
            _in_window(window),
            student_id__in=list(user_ids),
            act=acts.CARDWAR_ANSWER,
            level__in=acts.FACT_FAMILY_LEVELS,
        )
        .values("level", "fact_low", "fact_high")
        .annotate(n=Count("id"), right=Count("id", filter=Q(correct=True)), ms=Avg(capped))
    )
    out: dict[int, dict[tuple, FactCell]] = {level: {} for level in acts.FACT_FAMILY_LEVELS}
    for row in rows:
        ms = None if row["ms"] is None else round(row["ms"])
        out[row["level"]][(row["fact_low"], row["fact_high"])] = FactCell(
            row["n"], row["right"], ms
        )
    return out


def assisted_counts(user_ids: Sequence[int], window: Window) -> dict[int, int]:
    """Per student, the calculations in the window made with their value shown before they
    committed (the value preview): not their own arithmetic, so no skill counts them."""
    rows = (
        Calculation.objects.filter(_in_window(window), student_id__in=list(user_ids), assisted=True)
        .values("student_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    return {row["student_id"]: row["n"] for row in rows}


def recent_calculations(user_id: int, window: Window, limit: int = RECENT) -> QuerySet:
    """The student's latest acts in the window, newest first."""
    return Calculation.objects.filter(_in_window(window), student_id=user_id).order_by(
        "-created", "-id"
    )[:limit]


@dataclass(frozen=True, slots=True)
class GameLine:
    game: str
    variants: dict
    games: int
    wins: int
    draws: int

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws


def game_results(user_ids: Iterable[int], window: Window) -> dict[int, list[GameLine]]:
    """Finished matches in the window per student, one line per game and variant or level."""
    rows = (
        Seat.objects.filter(
            _in_window(window, "match__finished_at"),
            user_id__in=list(user_ids),
            match__status=Match.Status.FINISHED,
        )
        .values("user_id", "match__game", "match__variants")
        .annotate(
            n=Count("id"),
            wins=Count("id", filter=Q(match__winner_seat=F("index"))),
            draws=Count("id", filter=Q(match__winner_seat__isnull=True)),
        )
        .order_by("user_id", "match__game", "-n")
    )
    out: dict[int, list[GameLine]] = defaultdict(list)
    for row in rows:
        out[row["user_id"]].append(
            GameLine(
                row["match__game"],
                row["match__variants"] or {},
                row["n"],
                row["wins"],
                row["draws"],
            )
        )
    return out


def _week_weight(today: date) -> Case:
    """Each rollup day's weight for practise-next: by its week of age, counted from today."""
    whens = [
        When(day__gt=today - timedelta(weeks=week + 1), then=Value(mastery.week_weight(week)))
        for week in range(mastery.WEIGHTED_WEEKS)
    ]
    default = Value(mastery.week_weight(mastery.WEIGHTED_WEEKS))
    return Case(*whens, default=default, output_field=FloatField())


def practice_histories(user_id: int, today: date) -> dict[str, mastery.History]:
    """The student's whole record per skill, with recency weights, for practise-next."""
    rows = (
        SkillDay.objects.filter(student_id=user_id, day__lte=today)
        .annotate(weight=_week_weight(today))
        .values("skill")
        .annotate(
            n=Sum("attempts"),
            wn=Sum(F("attempts") * F("weight"), output_field=FloatField()),
            wc=Sum(F("correct") * F("weight"), output_field=FloatField()),
            last=Max("day"),
        )
    )
    return {
        row["skill"]: mastery.History(row["n"], row["wn"], row["wc"], row["last"])
        for row in rows
        if row["n"]
    }


def practice_suggestions(user_id: int, today: date) -> list[mastery.Suggestion]:
    """What this student should practise next, with the teachers' pins and dismissals."""
    choices = PracticeChoice.objects.filter(student_id=user_id)
    pinned, dismissed = [], []
    hide_after = timezone.now() - timedelta(days=mastery.DISMISS_DAYS)
    for choice in choices.order_by("created"):
        if choice.kind == PracticeChoice.Kind.PINNED:
            pinned.append(choice.skill)
        elif choice.created > hide_after:
            dismissed.append(choice.skill)
    return mastery.practise_next(
        practice_histories(user_id, today), today, pinned=pinned, dismissed=dismissed
    )


def skills_in_order(figures: dict[str, SkillFigures]) -> list[SkillFigures]:
    """Every skill in the standard order, with empty figures where there were no attempts."""
    return [figures.get(skill) or SkillFigures(skill) for skill in SKILLS]
