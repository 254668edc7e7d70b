"""Storing arithmetic evidence: `Calculation` rows and the per-day skill rollup, together.

`calculations_statements` gives the move's door the SQL (one INSERT for the rows, one upsert
that adds them to the rollup, whatever the number of acts), which it sends with the move's own
write, so a move and its evidence commit or roll back as one; `calculations_record` runs the
same statements on their own (tests, scripts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from fractions import Fraction

from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.utils import timezone

from games.evidence.acts import Act, fraction_text
from games.evidence.skills import BANDS, band_of, skills_of
from games.models import Calculation, Match, Seat, SkillDay
from games.services.statement import insert_sql

_BAND_COLUMNS = [f"t{i}" for i in range(BANDS)]


# Act attribute -> Calculation column, for the columns stored as they are.
_PLAIN = (
    ("level", "level"),
    ("variant", "variant"),
    ("kind", "act"),
    ("expression", "expression"),
    ("add", "op_add"),
    ("sub", "op_sub"),
    ("mul", "op_mul"),
    ("div", "op_div"),
    ("square", "op_square"),
    ("root", "op_root"),
    ("brackets", "brackets"),
    ("non_integer", "non_integer"),
    ("target", "target"),
    ("answer", "answer"),
    ("correct", "correct"),
    ("best_expression", "best_expression"),
    ("chose_best", "chose_best"),
    ("option_available", "option_available"),
    ("think_ms", "think_ms"),
    ("fact_low", "fact_low"),
    ("fact_high", "fact_high"),
    ("assisted", "assisted"),
)


def calculation_fields(act: Act) -> dict[str, object]:
    """The `Calculation` columns an act fills (all but student, class, match, game, created)."""
    return {column: getattr(act, attr) for attr, column in _PLAIN} | {
        "operands": list(act.operands),
        "operand_count": len(act.operands),
        "value": fraction_text(act.value),
        "best_value": fraction_text(act.best_value),
    }


def stored_act(row: dict[str, object]) -> Act:
    """The act a stored `Calculation` row (its `values()`) was made from, for the rollup."""
    return Act(
        seat=0,
        operands=tuple(row["operands"] or ()),
        value=Fraction(row["value"]) if row["value"] else None,
        best_value=Fraction(row["best_value"]) if row["best_value"] else None,
        **{attr: row[column] for attr, column in _PLAIN},
    )


def _rows(
    match: Match, seats: Sequence[Seat], acts: Iterable[Act | None], now: datetime
) -> tuple[list[Calculation], list[tuple[int, date, Act]]]:
    users = {seat.index: seat.user_id for seat in seats}
    pairs = [(users.get(act.seat), act) for act in acts if act is not None]
    pairs = [(user_id, act) for user_id, act in pairs if user_id is not None]
    rows = [
        Calculation(
            student_id=user_id,
            classroom_id=match.classroom_id,
            match_id=match.pk,
            game=match.game,
            created=now,
            **calculation_fields(act),
        )
        for user_id, act in pairs
    ]
    day = timezone.localdate(now)
    return rows, [(user_id, day, act) for user_id, act in pairs]


def calculations_statements(
    *, match: Match, seats: Sequence[Seat], acts: Iterable[Act | None], now: datetime
) -> list[tuple[str, list[object]]]:
    """The statements that store the acts of one move and add them to the rollup (none, or an
    INSERT and an upsert), for the move's own write (`games.services.statement`).

    `seats` are the match's seats by index; acts of the computer, of an erased student's seat
    and `None`s are dropped.
    """
    rows, entries = _rows(match, seats, acts, now)
    if not rows:
        return []
    rollup = skill_days_statement(entries=entries)
    return [insert_sql(rows), *([rollup] if rollup is not None else [])]


@transaction.atomic(savepoint=False)  # the move's transaction; no savepoint round trips
def calculations_record(
    *, match: Match, seats: Sequence[Seat], acts: Iterable[Act | None], now: datetime
) -> list[Calculation]:
    """Store the acts of one move (any number, any seats) and add them to the rollup, as
    `calculations_statements` says; returns the rows stored (without their ids)."""
    rows, entries = _rows(match, seats, acts, now)
    if not rows:
        return []
    with connection.cursor() as cursor:
        cursor.execute(*insert_sql(rows))
    skill_days_add(entries=entries)
    return rows


def skill_days_add(
    *, entries: Iterable[tuple[int, date, Act]], using: str = DEFAULT_DB_ALIAS
) -> int:
    """Add acts to the rollup (one upsert statement); returns how many rollup rows it touched.

    Also used by the data migration, so it speaks plain SQL on the table (PostgreSQL and
    SQLite both have INSERT … ON CONFLICT … DO UPDATE).
    """
    statement = skill_days_statement(entries=entries, using=using)
    if statement is None:
        return 0
    with connections[using].cursor() as cursor:
        cursor.execute(*statement)
    return len(statement[1]) // (5 + BANDS)  # parameters per rollup row: key, counts, bands


def skill_days_statement(
    *, entries: Iterable[tuple[int, date, Act]], using: str = DEFAULT_DB_ALIAS
) -> tuple[str, list[object]] | None:
    """The rollup's upsert for these acts; None when they touch no skill."""
    attempts: Counter[tuple[int, date, str]] = Counter()
    right: Counter[tuple[int, date, str]] = Counter()
    bands: Counter[tuple[int, date, str, int]] = Counter()
    for user_id, day, act in entries:
        for skill, correct in skills_of(act):
            key = (user_id, day, skill)
            attempts[key] += 1
            right[key] += correct
            if act.think_ms is not None:
                bands[(*key, band_of(act.think_ms))] += 1
    if not attempts:
        return None
    connection = connections[using]
    table = connection.ops.quote_name(SkillDay._meta.db_table)
    counts = ["attempts", "correct", *_BAND_COLUMNS]
    columns = ", ".join(["student_id", "day", "skill", *counts])
    one = "(" + ", ".join(["%s"] * (3 + len(counts))) + ")"
    params: list[object] = []
    for key in attempts:
        params += [*key, attempts[key], right[key], *(bands[(*key, i)] for i in range(BANDS))]
    updates = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in counts)
    # Table and column names come from the model, values are parameters.
    values = ", ".join([one] * len(attempts))
    sql = (
        f"INSERT INTO {table} ({columns}) VALUES {values} "  # noqa: S608
        f"ON CONFLICT (student_id, day, skill) DO UPDATE SET {updates}"
    )
    return sql, params
