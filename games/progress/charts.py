"""Geometry for the server-drawn SVG charts (numbers only; the templates draw them).

Every chart also gets its figures as text (`summary`, and a table on the page), so it reads
without sight or colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 44, 12, 36
SPARK_WIDTH, SPARK_HEIGHT = 112, 28


@dataclass(frozen=True)
class Bar:
    """A rectangle, its numbers as SVG attribute text (one decimal)."""

    x: str
    y: str
    width: str
    height: str


def bar(x: float, y: float, width: float, height: float) -> Bar:
    return Bar(f"{x:.1f}", f"{y:.1f}", f"{width:.1f}", f"{height:.1f}")


@dataclass(frozen=True)
class WeeklyChart:
    bars: list[Bar]
    points: str  # the % right line, "x,y x,y …"
    dots: list[tuple[str, str]]
    ticks: list[tuple[str, str]]  # week labels along the bottom
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
    return date_format(day, pgettext("date format of Django's date filter", "j M"))


def week_labels(trend: list[dict]) -> dict[date, str]:
    """Each week's label ("3 Nov"), made once for every chart of the page."""
    return {w["week"]: _week(w["week"]) for w in trend}


def weekly_chart(trend: list[dict], labels: dict[date, str]) -> WeeklyChart:
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
        label = labels[week["week"]]
        bars.append(bar(x + slot * 0.2, TOP + plot_h - height, slot * 0.6, height))
        if i % every == 0:
            ticks.append((f"{x + slot / 2:.1f}", label))
        if n:
            dots.append((f"{x + slot / 2:.1f}", f"{TOP + plot_h * (1 - right / n):.1f}"))
            parts.append(
                _("week of %(week)s: %(right)d of %(n)d right")
                % {"week": label, "right": right, "n": n}
            )
    summary = "; ".join(parts) if parts else _("No attempts in this period.")
    points = " ".join(f"{x},{y}" for x, y in dots)
    return WeeklyChart(bars, points, dots, ticks, most, summary)


@dataclass(frozen=True)
class Spark:
    bars: list[Bar]
    summary: str
    width: int = SPARK_WIDTH
    height: int = SPARK_HEIGHT


def sparkline(weeks: list[tuple[date, int, int]], labels: dict[date, str]) -> Spark:
    """Per cent right per week as small bars (a thin stub for weeks without attempts)."""
    slot = SPARK_WIDTH / max(len(weeks), 1)
    bars, parts = [], []
    for i, (week, n, right) in enumerate(weeks):
        height = (SPARK_HEIGHT - 2) * right / n if n else 1
        height = max(height, 1)
        bars.append(bar(i * slot + 1, SPARK_HEIGHT - height, max(slot - 2, 1), height))
        if n:
            parts.append(f"{labels[week]}: {right}/{n}")
    return Spark(bars, ", ".join(parts) or _("no attempts"))
