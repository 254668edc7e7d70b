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
# The days a custom window may cover. Far inside the calendar, so that the window before it,
# the weeks it spans and its ends as aware datetimes all exist (date.min - 1 day would not).
EARLIEST = date(2000, 1, 1)
LATEST = date(2099, 12, 31)


class WindowError(ValueError):
    """A window that cannot be shown; `reason` says why ("dates", "order", "length", "range",
    "key") for the message."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(text)
        self.reason = reason


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
    """The window a report asks for; raises WindowError (a ValueError) for an unknown key or bad
    custom dates (missing, reversed, longer than MAX_CUSTOM_DAYS, outside EARLIEST–LATEST)."""
    if key in {str(n) for n in DAYS}:
        return Window(key, today - timedelta(days=int(key) - 1), today)
    if key == "term":
        return Window("term", term_start(today), today)
    if key == "custom":
        if start is None or end is None:
            raise WindowError("dates", "a custom window needs both dates")
        if not (EARLIEST <= start <= LATEST and EARLIEST <= end <= LATEST):
            raise WindowError("range", "a custom window's dates are outside the calendar we keep")
        if start > end:
            raise WindowError("order", "the window starts after it ends")
        if (end - start).days + 1 > MAX_CUSTOM_DAYS:
            raise WindowError("length", "the window is too long")
        return Window("custom", start, end)
    raise WindowError("key", f"unknown window {key!r}")
