"""Time windows for reports (7, 30, 90 days, this term, custom) and the window before each.

All days are local dates (settings.TIME_ZONE) and both ends are included. "This term" follows
the Norwegian school year in two halves: the autumn term runs from 1 August to 31 December,
the spring term from 1 January to 31 July. The window before "this term" is the whole previous
term; before any other window, the same number of days just before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

DAYS = (7, 30, 90)
DEFAULT = "30"
MAX_CUSTOM_DAYS = 731


@dataclass(frozen=True, slots=True)
class Window:
    key: str  # "7", "30", "90", "term" or "custom"
    start: date
    end: date

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1

    def previous(self) -> Window:
        """The window just before this one (the previous term for "term")."""
        if self.key == "term":
            start = term_start(self.start - timedelta(days=1))
            return Window("term", start, self.start - timedelta(days=1))
        end = self.start - timedelta(days=1)
        return Window(self.key, end - timedelta(days=self.days - 1), end)


def term_start(day: date) -> date:
    """The first day of the term `day` is in (1 August or 1 January)."""
    return date(day.year, 8, 1) if day.month >= 8 else date(day.year, 1, 1)


def window_for(key: str, today: date, start: date | None = None, end: date | None = None):
    """The window a report asks for; raises ValueError for an unknown key or bad custom dates."""
    if key in {str(n) for n in DAYS}:
        return Window(key, today - timedelta(days=int(key) - 1), today)
    if key == "term":
        return Window("term", term_start(today), today)
    if key == "custom":
        if start is None or end is None:
            raise ValueError("a custom window needs both dates")
        if start > end:
            raise ValueError("the window starts after it ends")
        if (end - start).days + 1 > MAX_CUSTOM_DAYS:
            raise ValueError("the window is too long")
        return Window("custom", start, end)
    raise ValueError(f"unknown window {key!r}")
