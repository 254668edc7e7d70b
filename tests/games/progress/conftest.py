"""Evidence fixtures for report tests: acts stored through the real service at chosen times."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from fractions import Fraction

import pytest
from django.utils import timezone

from games.evidence import acts
from games.models import Match, Seat
from games.services.evidence import calculations_record


def at(days_ago: int, hour: int = 10) -> datetime:
    """An aware time `days_ago` local days before today."""
    day = timezone.localdate() - timedelta(days=days_ago)
    return datetime.combine(day, time(hour), tzinfo=timezone.get_current_timezone())


def mind(*, seat: int = 0, ok: bool = True, ms: int = 2500, **flags) -> acts.Act:
    """A Mind attack on a 7 (right) or a refused one making 6 (wrong)."""
    flags = flags or {"add": True}
    return acts.Act(
        seat=seat,
        kind=acts.MIND if ok else acts.MIND_REFUSED,
        expression="3 + 4" if ok else "2 + 4",
        operands=(3, 4) if ok else (2, 4),
        value=Fraction(7 if ok else 6),
        target=7,
        correct=ok,
        think_ms=ms,
        **flags,
    )


def answer(
    level: int,
    a: int,
    b: int,
    *,
    seat: int = 0,
    ok: bool = True,
    best: bool = True,
    ms: int = 3000,
    op: str = "add",
) -> acts.Act:
    """A card-war answer at a fact-family level (no target)."""
    return acts.Act(
        seat=seat,
        kind=acts.CARDWAR_ANSWER,
        operands=(a, b),
        value=Fraction(a + b),
        correct=ok,
        chose_best=best,
        option_available=level >= 3,
        think_ms=ms,
        level=level,
        fact_low=min(a, b),
        fact_high=max(a, b),
        **{op: True},
    )


@pytest.fixture
def record():
    def store(match: Match, items, when: datetime) -> None:
        calculations_record(match=match, seats=list(match.seats.all()), acts=items, now=when)

    return store


@pytest.fixture
def warriors_match(make_match):
    return make_match()


@pytest.fixture
def cardwar_match(classroom, two_students):
    """A card-war match row (the game seam will create these; the rows are what reports read)."""

    def make(level: int = 1) -> Match:
        match = Match.objects.create(
            game="cardwar", classroom=classroom, seed=1, variants={"level": level}
        )
        for index, student in enumerate(two_students):
            Seat.objects.create(match=match, index=index, user=student.user)
        return match

    return make
