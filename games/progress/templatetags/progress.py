"""Filters for report pages: times, exact values, labels."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.safestring import mark_safe

from games.progress.formats import seconds
from games.progress.labels import LEVEL_CHEERS, LEVEL_LABELS, REASON_LABELS, SKILL_LABELS
from games.progress.variants import game_line_label

register = template.Library()


register.filter("seconds", seconds)


@register.filter
def exact(value: str | None) -> str:
    """A stored "n/d" as shown: "7", "7/2", "-13/3" ("–" when none)."""
    if not value:
        return "–"
    fraction = Fraction(value)
    if fraction.denominator == 1:
        return str(fraction.numerator)
    return f"{fraction.numerator}/{fraction.denominator}"


@register.filter
def skill_label(skill: str) -> str:
    return SKILL_LABELS.get(skill, skill)


@register.filter
def level_label(level: str) -> str:
    return LEVEL_LABELS.get(level, level)


@register.filter
def level_cheer(level: str) -> str:
    return LEVEL_CHEERS.get(level, "")


@register.filter
def reason_label(reason: str) -> str:
    return REASON_LABELS.get(reason, reason)


@register.filter
def game_label(line) -> str:
    return game_line_label(line.game, line.variants)


@register.filter
def signed(points: int | None) -> str:
    """+12 / −5 / ±0 percentage points ("–" when not comparable)."""
    if points is None:
        return "–"
    if points > 0:
        return f"+{points}"
    return "±0" if points == 0 else f"−{-points}"


@register.simple_tag
def svg_bars(bars) -> str:
    """The <rect>s of a chart's bars (hundreds per page: one tag, not a template loop).

    Every attribute is a number `charts` formatted, so there is nothing to escape."""
    return mark_safe(  # noqa: S308
        "".join(
            f'<rect class="bar" x="{b.x}" y="{b.y}" width="{b.width}" height="{b.height}"/>'
            for b in bars
        )
    )


@register.simple_tag
def fact_cells(cells) -> str:
    """One grid row's <td>s (a page can hold 700 cells: one tag, not a template loop).

    Band names, counts and times come from `facts.fact_grids` (no user text), so there is
    nothing to escape."""
    return mark_safe(  # noqa: S308
        "".join(
            f'<td class="fact-{band}">{text}<span class="fact-time">{time}</span></td>'
            for band, text, time in cells
        )
    )
