"""Mastery levels, medians from time bands (for many attempts), and what to practise next.

Pure functions over summed figures; every threshold is here and on the teachers' help page.

Mastery of a skill in a window, from its attempts there (first rule that holds, top down):
- not enough yet: fewer than MIN_ATTEMPTS (5) attempts: shown grey, never judged;
- mastered: at least 90 % right over at least 20 attempts on at least 3 different days;
- proficient: at least 80 % right over at least 10 attempts;
- familiar: at least 60 % right;
- attempted: anything less.

Practise next, per student, from all their evidence:
- p, how well they do the skill: right answers over attempts, each week's attempts weighted
  by how recent they are relative to the last time they practised it (halving every two
  weeks), and smoothed as (right + 1) / (attempts + 2) so thin evidence sits near one half;
- r, how well it is likely remembered: 1 up to a week after the last practice, then halving
  every 30 days;
- need = 1 − p × r. Skills with at least MIN_ATTEMPTS attempts and need ≥ 0.4 are suggested,
  the two with most need first. A skill done badly keeps its suggestion after one success
  (p rises slowly); a skill done well comes back as r fades (after about four weeks without
  practice for a skill done 90 % right). A teacher's pin always shows first; a dismissal hides
  a suggestion for 30 days.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import accumulate

from games.evidence.skills import BAND_EDGES

MIN_ATTEMPTS = 5
NOT_ENOUGH = "not_enough"
ATTEMPTED = "attempted"
FAMILIAR = "familiar"
PROFICIENT = "proficient"
MASTERED = "mastered"
LEVELS = (NOT_ENOUGH, ATTEMPTED, FAMILIAR, PROFICIENT, MASTERED)
# (level, least accuracy, least attempts, least different days), checked top down.
RULES = (
    (MASTERED, 0.9, 20, 3),
    (PROFICIENT, 0.8, 10, 1),
    (FAMILIAR, 0.6, MIN_ATTEMPTS, 1),
    (ATTEMPTED, 0.0, MIN_ATTEMPTS, 1),
)

WEEK_HALF_LIFE = 2  # recency weights halve every two weeks (by week of age)
WEIGHTED_WEEKS = 13  # older weeks all weigh as week 13
REMEMBERED_DAYS = 7
RETENTION_HALF_LIFE_DAYS = 30
NEED_THRESHOLD = 0.4
SUGGESTIONS = 2
DISMISS_DAYS = 30


def mastery(attempts: int, correct: int, days: int) -> str:
    """The mastery level for these figures (see the module docstring)."""
    if attempts < MIN_ATTEMPTS:
        return NOT_ENOUGH
    accuracy = correct / attempts
    for level, least, least_attempts, least_days in RULES:
        if accuracy >= least and attempts >= least_attempts and days >= least_days:
            return level
    return ATTEMPTED


def median_ms(bands: Sequence[int]) -> int | None:
    """The median think time from band counts, interpolated within its band (None: no times).

    Accurate to within the band (1 s up to 6 s, wider above), which is fine for many attempts
    (the selectors take the exact median of a few); in the open last band (2 min or more) it
    is that band's lower edge.
    """
    cumulative = list(accumulate(bands))
    if not cumulative or cumulative[-1] == 0:
        return None
    half = cumulative[-1] / 2
    # The first band reaching half the times is never empty (an empty one would repeat the
    # previous sum, which reached half already).
    i = next(i for i, seen in enumerate(cumulative) if seen >= half)
    low = BAND_EDGES[i - 1] if i > 0 else 0
    if i == len(BAND_EDGES):
        return low
    before = cumulative[i] - bands[i]
    return round(low + (half - before) / bands[i] * (BAND_EDGES[i] - low))


def week_weight(week: int) -> float:
    """How much a week of attempts counts, `week` weeks before a reference day."""
    return 0.5 ** (min(week, WEIGHTED_WEEKS) / WEEK_HALF_LIFE)


@dataclass(frozen=True, slots=True)
class History:
    """A student's whole record at one skill: raw totals, recency-weighted sums, last day."""

    attempts: int
    weighted_attempts: float  # weights by week of age counted back from today
    weighted_correct: float
    last_day: date


@dataclass(frozen=True, slots=True)
class Suggestion:
    skill: str
    reason: str  # "pinned", "needs_work" or "fading"
    need: float
    days_since: int | None


def need_of(history: History, today: date) -> tuple[float, float, int]:
    """(need, p, days since last practice) for one skill."""
    days_since = (today - history.last_day).days
    # Weights were counted from today; counted from the last practice they are this much larger.
    scale = 1 / week_weight(days_since // 7)
    p = (history.weighted_correct * scale + 1) / (history.weighted_attempts * scale + 2)
    extra = max(0, days_since - REMEMBERED_DAYS)
    r = 0.5 ** (extra / RETENTION_HALF_LIFE_DAYS)
    return 1 - p * r, p, days_since


def practise_next(
    histories: Mapping[str, History],
    today: date,
    *,
    pinned: Sequence[str] = (),
    dismissed: Sequence[str] = (),
) -> list[Suggestion]:
    """Pinned skills first, then up to SUGGESTIONS skills that most need practice."""
    out = []
    for skill in pinned:
        history = histories.get(skill)
        need, _p, days = need_of(history, today) if history else (1.0, 0.0, None)
        out.append(Suggestion(skill, "pinned", need, days))
    ranked = []
    for skill, history in histories.items():
        if skill in pinned or skill in dismissed or history.attempts < MIN_ATTEMPTS:
            continue
        need, p, days = need_of(history, today)
        if need >= NEED_THRESHOLD:
            reason = "needs_work" if p < 0.7 else "fading"
            ranked.append(Suggestion(skill, reason, need, days))
    ranked.sort(key=lambda s: (-s.need, s.skill))
    return out + ranked[: max(0, SUGGESTIONS - len(out))]
