"""Geometry for the server-drawn SVG charts (numbers only; the templates draw them).

Every chart also gets its figures as text (`summary`, and a table on the page), so it reads
without sight or colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext as _

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 44, 12, 36
SPARK_WIDTH, SPARK_HEIGHT = 112, 28


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    label: str


@dataclass(frozen=True)
class WeeklyChart:
    bars: list[Bar]
    points: str  # the % right line, "x,y x,y …"
    dots: list[tuple[float, float]]
    ticks: list[tuple[float, str]]  # week labels along the bottom
    most: int  # the attempts axis' top
    summary: str
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    base: int = HEIGHT - BOTTOM  # the bottom axis
    label_y: int = HEIGHT - BOTTOM + 20


def _week(day: date) -> str:
    return date_format(day, "j M")


def weekly_chart(trend: list[dict]) -> WeeklyChart:
    """Bars: attempts per week; line: per cent right in the weeks with attempts."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    most = max([w["attempts"] for w in trend] + [1])
    slot = plot_w / max(len(trend), 1)
    bars, dots, ticks, parts = [], [], [], []
    every = max(1, len(trend) // 8)
    for i, week in enumerate(trend):
        n, right = week["attempts"], week["correct"]
        height = plot_h * n / most
        x = LEFT + i * slot
        label = _week(week["week"])
        bars.append(Bar(x + slot * 0.2, TOP + plot_h - height, slot * 0.6, height, label))
        if i % every == 0:
            ticks.append((x + slot / 2, label))
        if n:
            dots.append((x + slot / 2, TOP + plot_h * (1 - right / n)))
            parts.append(
                _("week of %(week)s: %(right)d of %(n)d right")
                % {"week": label, "right": right, "n": n}
            )
    summary = "; ".join(parts) if parts else _("No attempts in this period.")
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in dots)
    return WeeklyChart(bars, points, dots, ticks, most, summary)


@dataclass(frozen=True)
class Spark:
    bars: list[Bar]
    summary: str
    width: int = SPARK_WIDTH
    height: int = SPARK_HEIGHT


def sparkline(weeks: list[tuple[date, int, int]]) -> Spark:
    """Per cent right per week as small bars (a thin stub for weeks without attempts)."""
    slot = SPARK_WIDTH / max(len(weeks), 1)
    bars, parts = [], []
    for i, (week, n, right) in enumerate(weeks):
        height = (SPARK_HEIGHT - 2) * right / n if n else 1
        height = max(height, 1)
        label = _week(week)
        bars.append(Bar(i * slot + 1, SPARK_HEIGHT - height, max(slot - 2, 1), height, label))
        if n:
            parts.append(f"{label}: {right}/{n}")
    return Spark(bars, ", ".join(parts) or _("no attempts"))
