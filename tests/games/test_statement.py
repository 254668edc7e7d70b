"""A move's writes in one round trip (games.services.statement): the rows and the match's update
land together, in one statement on PostgreSQL, or not at all."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import Calculation, Match, Move
from games.services import move_submit
from games.services.statement import insert_sql, statements_run, update_sql
from tests.games.conftest import legal_action, mover


def test_rows_and_the_match_update_are_written_in_one_statement(make_match):
    match = make_match()
    ply = match.ply
    moves = [
        Move(match=match, ply=ply + n, seat=n % 2, kind=Move.Kind.SKIP, action={"type": "skip"})
        for n in range(2)
    ]
    match.ply = ply + 2
    match.result_reason = 'it\'s "quoted"; DROP TABLE x'
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        statements_run([insert_sql(moves)], update_sql(match, ["ply", "result_reason"]))
    assert len(queries) == (1 if connection.vendor == "postgresql" else 2)
    match.refresh_from_db()
    assert match.ply == ply + 2 and match.result_reason == 'it\'s "quoted"; DROP TABLE x'
    stored = list(match.moves.filter(ply__gte=ply).values_list("ply", "action"))
    assert stored == [(ply, {"type": "skip"}), (ply + 1, {"type": "skip"})]


def test_a_refused_row_leaves_the_match_as_it_was(make_match):
    match = make_match()
    ply = match.ply
    first = Move(match=match, ply=ply, seat=0, kind=Move.Kind.SKIP)
    statements_run([insert_sql([first])], update_sql(match, ["ply"]))
    again = Move(match=match, ply=ply, seat=1, kind=Move.Kind.SKIP)  # the same ply: unique
    match.ply = ply + 5
    with pytest.raises(IntegrityError), transaction.atomic():
        statements_run([insert_sql([again])], update_sql(match, ["ply"]))
    assert Match.objects.get(pk=match.pk).ply == ply
    assert match.moves.filter(ply=ply).count() == 1


def test_a_move_is_two_statements_the_locked_read_and_one_write(make_match):
    match = make_match()
    player, action = mover(match), legal_action(match)
    with CaptureQueriesContext(connection) as queries:
        move_submit(match=match, player=player, action=action, ply=match.ply)
    sent = [q["sql"].split()[0] for q in queries]
    sent = [word for word in sent if word not in ("SAVEPOINT", "RELEASE")]  # the test's own
    if connection.vendor == "postgresql":  # SQLite runs the write's parts one by one
        assert sent == ["SELECT", "WITH"]
        assert "FOR UPDATE OF m" in queries[0]["sql"] or "FOR UPDATE OF m" in queries[1]["sql"]
    match.refresh_from_db()
    assert match.moves.filter(ply__isnull=False).count() >= 1
    assert Calculation.objects.filter(match=match).exists()


def _seat_facts(seats) -> list[tuple]:
    from classrooms.permissions import account_is_current
    from games.selectors.snapshot import seat_name

    return [
        (s.pk, s.index, s.user_id, s.bot_level, seat_name(s), s.user and account_is_current(s.user))
        for s in seats
    ]


@pytest.mark.parametrize("archived", [False, True])
def test_the_locked_read_gives_what_the_orm_gives_with_no_query_after(
    make_match, two_students, archived
):
    """One statement reads the match, its seats and their accounts (a computer's seat too):
    the same values as the ORM's queries, and checking or naming a seat reads nothing more."""
    from django.utils import timezone

    from games.services.lock import match_locked_with_seats

    match = make_match(players=[two_students[0].user, "beginner"])
    if archived:
        two_students[0].archived_at = timezone.now()
        two_students[0].save()
    with transaction.atomic():
        locked = match_locked_with_seats(match.pk)
        orm = Match.objects.get(pk=match.pk)
        seats = list(orm.seats.select_related("user__student__classroom").order_by("index"))
        with CaptureQueriesContext(connection) as queries:
            for field in Match._meta.concrete_fields:
                assert getattr(locked, field.attname) == getattr(orm, field.attname), field
            got = _seat_facts(locked._seats_loaded)
        want = _seat_facts(seats)
    assert got == want
    assert got[0][5] is (not archived) and got[1][2] is None
    assert len(queries) == 0


def test_the_locked_read_of_a_missing_match_raises_does_not_exist(db):
    from games.services.lock import match_locked_with_seats

    with pytest.raises(Match.DoesNotExist), transaction.atomic():
        match_locked_with_seats(987654321)
