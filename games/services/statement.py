"""A move's writes in one round trip: its log rows, its evidence and the match's new state.

Inside the move's transaction, under the match's row lock. On PostgreSQL the inserts are
data-modifying CTEs of the match's UPDATE, so the whole write is one statement (the ORM made
three or four, each built and sent on its own); elsewhere (SQLite, the embedded default) the
same SQL runs as separate statements. Values are always parameters; table and column names come
from the models.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection
from django.db.models import Model


def insert_sql(objs: Sequence[Model]) -> tuple[str, list[object]]:
    """INSERT for unsaved instances of one model (every concrete column but the primary key)."""
    meta = objs[0]._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    params: list[object] = []
    for obj in objs:
        params += [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    values = ", ".join([one] * len(objs))
    return f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES {values}", params  # noqa: S608


def update_sql(obj: Model, fields: Sequence[str]) -> tuple[str, list[object]]:
    """UPDATE of `fields` of a saved instance, by primary key."""
    meta = obj._meta
    quote = connection.ops.quote_name
    chosen = [meta.get_field(name) for name in fields]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in chosen)
    params = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in chosen]
    params.append(obj.pk)
    table, pk = quote(meta.db_table), quote(meta.pk.column)
    return f"UPDATE {table} SET {sets} WHERE {pk} = %s", params  # noqa: S608


def statements_run(first: Sequence[tuple[str, list[object]]], last: tuple[str, list[object]]):
    """Run `first` (inserts, upserts) then `last`: one statement on PostgreSQL."""
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            for sql, params in (*first, last):
                cursor.execute(sql, params)
            return
        parts, params = [], []
        for n, (sql, part_params) in enumerate(first):
            parts.append(f"w{n} AS ({sql})")
            params += part_params
        sql = (f"WITH {', '.join(parts)} " if parts else "") + last[0]
        cursor.execute(sql, params + last[1])
