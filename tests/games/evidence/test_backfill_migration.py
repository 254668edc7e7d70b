"""The data migration fills the evidence from Warriors moves stored before it existed.

Students play through the services (which write evidence live); the database then goes back to
before the evidence tables and forward again, and the backfill must rebuild the same rows and
rollup from the moves alone, in several batches.
"""

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Calculation, Match, Move, SkillDay
from games.services import MoveRejected, move_submit
from tests.games.conftest import legal_action, mover

from .test_recording import OPENING

BEFORE = [("games", "0004_move_attempt_limits")]
BACKFILL = importlib.import_module("games.migrations.0006_calculation_backfill")
# The columns 0006 made ("assisted" came with 0009).
COMPARED = [f.name for f in Calculation._meta.fields if f.name not in ("id", "created", "assisted")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def _evidence():
    rows = sorted(tuple(str(v) for v in row) for row in Calculation.objects.values_list(*COMPARED))
    rollup = sorted(
        SkillDay.objects.values_list(
            "student", "day", "skill", "attempts", "correct", *[f"t{i}" for i in range(15)]
        )
    )
    return rows, rollup


def _play(make_match, two_students) -> None:
    ada = two_students[0].user
    match = make_match(options={"scripted_rolls": OPENING})
    with pytest.raises(MoveRejected):
        move_submit(
            match=match,
            player=ada,
            ply=0,
            action={"kind": "mind", "expression": "2 + 3", "target": "B-D12"},
        )
    with pytest.raises(MoveRejected):
        move_submit(
            match=match,
            player=ada,
            ply=0,
            action={"kind": "mind", "expression": "2 +", "target": "B-D12"},
        )
    move_submit(
        match=match,
        player=ada,
        ply=0,
        action={"kind": "mind", "expression": "(9 − 5) × 3", "target": "B-D12"},
    )
    other = make_match(seed=5)
    for _ in range(12):
        other.refresh_from_db()
        if other.status != Match.Status.PLAYING:
            break
        move_submit(match=other, player=mover(other), action=legal_action(other), ply=other.ply)


@pytest.mark.django_db(transaction=True)
def test_the_backfill_rebuilds_the_live_evidence_from_stored_moves(
    make_match, two_students, monkeypatch
):
    _play(make_match, two_students)
    live = _evidence()
    assert len(live[0]) >= 8 and live[1]
    latest = _latest()
    monkeypatch.setattr(BACKFILL, "BATCH", 3)
    try:
        _migrate(BEFORE)
        with connection.cursor() as cursor:
            assert "games_calculation" not in connection.introspection.table_names(cursor)
        _migrate([("games", "0006_calculation_backfill")])
        assert _evidence() == live
        refused = Calculation.objects.filter(act="mind_refused").order_by("id").only("created")
        # Only the columns 0006 knew (the model today has more).
        moves = Move.objects.filter(kind="rejected").order_by("id").only("created_at")
        assert [c.created for c in refused] == [m.created_at for m in moves]
        # Run again (as after a failed deploy): nothing is added twice.
        _migrate([("games", "0005_calculation")])
        _migrate([("games", "0006_calculation_backfill")])
        assert _evidence() == live
    finally:
        _migrate(latest)
