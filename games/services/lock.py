"""A move's first read in one round trip: the match row, locked, with its seats and accounts.

The door needs the match (locked) and its seats with each user's account state (active, the
student row and its class, for `account_is_current`) and names. The ORM made that two queries,
and compiling its four-table join cost more CPU than PostgreSQL spent running it; this is one
statement, built once per process, read into the same model instances the ORM would make.

`FOR UPDATE OF` the match only: the seats are read with it (on PostgreSQL a locked row that
changed while we waited is read again at its newest version). SQLite, the embedded default,
has no row locks: there the statement runs without them, as `select_for_update` does.
"""

from __future__ import annotations

from functools import cache

from django.db import connection
from django.db.models import Model

from classrooms.models import Classroom, Student, User
from games.models import Match, Seat

# The columns read of each account: what the checks and the names use, nothing else (a
# deferred field read later would cost a query; the tests show none is).
USER_FIELDS = ("id", "is_active", "role", "username", "first_name", "last_name")
STUDENT_FIELDS = ("id", "user_id", "classroom_id", "display_name", "archived_at")
CLASSROOM_FIELDS = ("id", "archived_at")


def _fields(model: type[Model], names: tuple[str, ...] | None = None) -> list:
    # In the model's order: `Model.from_db` reads a partial row in that order.
    fields = model._meta.concrete_fields
    return [f for f in fields if names is None or f.attname in names]


@cache
def _plan(vendor: str, lock: bool):
    """The statement, and for each model its fields' attribute names and value converters."""
    quote = connection.ops.quote_name
    parts = [
        ("m", Match, _fields(Match)),
        ("s", Seat, _fields(Seat)),
        ("u", User, _fields(User, USER_FIELDS)),
        ("st", Student, _fields(Student, STUDENT_FIELDS)),
        ("c", Classroom, _fields(Classroom, CLASSROOM_FIELDS)),
    ]
    columns, plan = [], []
    for alias, model, fields in parts:
        readers = []
        for field in fields:
            columns.append(f"{alias}.{quote(field.column)}")
            col = field.get_col(alias)
            converters = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            readers.append((field.attname, col, converters))
        plan.append((model, readers))
    table = {model: quote(model._meta.db_table) for _, model, _ in parts}
    sql = (
        f"SELECT {', '.join(columns)} FROM {table[Match]} m "  # noqa: S608 (names from models)
        f"JOIN {table[Seat]} s ON s.{quote('match_id')} = m.{quote('id')} "
        f"LEFT JOIN {table[User]} u ON u.{quote('id')} = s.{quote('user_id')} "
        f"LEFT JOIN {table[Student]} st ON st.{quote('user_id')} = u.{quote('id')} "
        f"LEFT JOIN {table[Classroom]} c ON c.{quote('id')} = st.{quote('classroom_id')} "
        f"WHERE m.{quote('id')} = %s ORDER BY s.{quote('index')}"
    )
    if lock:
        sql += " FOR UPDATE OF m"
    return sql, plan


def _read(model: type[Model], readers, values) -> Model | None:
    if values[0] is None:  # the outer join found no row (a computer's seat, a teacher)
        return None
    converted = []
    for (_, col, converters), value in zip(readers, values, strict=True):
        for convert in converters:
            value = convert(value, col, connection)
        converted.append(value)
    return model.from_db(connection.alias, [attname for attname, _, _ in readers], converted)


def match_locked_with_seats(pk: int) -> Match:
    """The match, locked for this transaction, with `_seats_loaded`: its seats by index, each
    with its user (and the user's student row and class) as `select_related` would give them.

    Raises Match.DoesNotExist as `get` does.
    """
    lock = connection.features.has_select_for_update_of
    sql, plan = _plan(connection.vendor, lock)
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])
        rows = cursor.fetchall()
    if not rows:
        raise Match.DoesNotExist(f"Match {pk} does not exist (or has no seats).")
    widths = [len(readers) for _, readers in plan]
    match, seats = None, []
    for row in rows:
        chunks, start = [], 0
        for width in widths:
            chunks.append(row[start : start + width])
            start += width
        (m_model, m_readers), (s_model, s_readers), *accounts = plan
        if match is None:
            match = _read(m_model, m_readers, chunks[0])
        seat = _read(s_model, s_readers, chunks[1])
        user, student, classroom = (
            _read(model, readers, chunk)
            for (model, readers), chunk in zip(accounts, chunks[2:], strict=True)
        )
        if student is not None:
            student.classroom = classroom
            user.student = student
        elif user is not None:
            # No student row: the reverse one-to-one reads as missing, as select_related leaves it.
            User.student.related.set_cached_value(user, None)
        seat.match = match
        seat.user = user
        seats.append(seat)
    match._seats_loaded = seats
    return match
