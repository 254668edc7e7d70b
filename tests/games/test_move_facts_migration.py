"""Warriors' own report columns moved into the move's `facts` (migrations 0013 and 0014):
moves stored in the old columns read the same after the move, in the replay and the export.

Students play through the services; the database goes back to before 0013 (the facts go back
into their columns and `facts` is gone: rows as stored before), then forward again, and the
replay and the student's export must be what they were, refused attempts included.
"""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from classrooms.models import Student
from games.exports import student_games_export
from games.models import Match
from games.selectors.matches import match_log
from tests.games.evidence.test_backfill_migration import _play

BEFORE = [("games", "0012_merge_seam")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def _shown(two_students):
    matches = Match.objects.order_by("created_at", "pk")
    replays = [match_log(m, ["Ada", "Ben"]) for m in matches]
    exports = [student_games_export(Student.objects.get(pk=s.pk)) for s in two_students]
    return replays, exports


@pytest.mark.django_db(transaction=True)
def test_moves_stored_in_the_old_columns_replay_and_export_the_same(make_match, two_students):
    _play(make_match, two_students)
    before = _shown(two_students)
    moves = [m for export in before[1] for game in export for m in game["moves"]]
    assert any(m["kind"] == "rejected" for m in moves)
    assert any(m["target_value"] is not None and m["best_capture"] for m in moves)
    latest = _latest()
    try:
        _migrate(BEFORE)
        with connection.cursor() as cursor:
            columns = {
                c.name for c in connection.introspection.get_table_description(cursor, "games_move")
            }
            assert "facts" not in columns and "dice_before" in columns
            cursor.execute("SELECT count(*) FROM games_move WHERE target_value IS NOT NULL")
            assert cursor.fetchone()[0] > 0
        _migrate(latest)
        assert _shown(two_students) == before
    finally:
        _migrate(latest)
