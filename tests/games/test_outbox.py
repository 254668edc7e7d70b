"""The outbox (games.services.outbox): a move's news is stored with the move, cleared once its
process sent it, and sent by any process's sweep when it was left unsent."""

from datetime import timedelta

import pytest
from channels.layers import get_channel_layer
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.live import sweeper
from games.models import Match, MatchOutbox
from games.services import move_submit, outbox
from games.services.broadcast import match_group
from tests.games.conftest import legal_action, mover

pytestmark = pytest.mark.django_db


@pytest.fixture
def collecting(monkeypatch):
    """This process flushes what it sent, as a server does once its sweep runs."""
    monkeypatch.setattr(outbox, "_collecting", True)
    monkeypatch.setattr(outbox, "_sent", {})


def _move(match: Match, now=None) -> Match:
    move_submit(
        match=match, player=mover(match), action=legal_action(match), ply=match.ply, now=now
    )
    match.refresh_from_db()
    return match


@pytest.mark.smoke
def test_a_move_stores_its_news_in_its_own_statement(make_match):
    match = make_match()
    with CaptureQueriesContext(connection) as queries:
        _move(match)
    assert MatchOutbox.objects.get(match=match).ply == match.ply == 1
    if connection.vendor == "postgresql":
        write = next(q["sql"] for q in queries if q["sql"].startswith("WITH"))
        assert "ON CONFLICT (match_id) DO UPDATE" in write


@pytest.mark.smoke
def test_one_row_per_match_holds_its_newest_ply(make_match):
    match = _move(_move(make_match()))
    assert list(MatchOutbox.objects.filter(match=match).values_list("ply", flat=True)) == [2]


@pytest.mark.smoke
def test_news_sent_by_its_own_process_is_cleared_and_never_due(
    make_match, collecting, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = _move(make_match())  # the in-memory layer has sent it: the row may go
    assert outbox.outbox_flush() == 1
    assert not MatchOutbox.objects.exists()
    later = timezone.now() + timedelta(seconds=60)
    assert outbox.outbox_due(now=later) == []
    assert match.ply == 1


@pytest.mark.smoke
def test_a_flush_leaves_a_newer_ply_another_process_committed(
    make_match, collecting, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = _move(make_match())
    MatchOutbox.objects.filter(match=match).update(ply=5)  # another process's newer move
    outbox.outbox_flush()
    assert MatchOutbox.objects.get(match=match).ply == 5


@pytest.mark.smoke
def test_news_left_unsent_is_due_after_the_grace_and_only_then(make_match, monkeypatch):
    monkeypatch.setattr("games.services.broadcast._send", lambda *args, **kwargs: None)
    now = timezone.now()
    match = _move(make_match(), now=now)
    soon = now + timedelta(seconds=outbox.GRACE_SECONDS / 2)
    assert outbox.outbox_due(now=soon) == []
    due = outbox.outbox_due(now=now + timedelta(seconds=outbox.GRACE_SECONDS))
    assert due == [outbox.News(match.pk, 1, match.classroom_id, True)]
    outbox.outbox_done(news=due)
    assert not MatchOutbox.objects.exists()


@pytest.mark.smoke
def test_an_idle_sweep_is_one_query(
    make_match, collecting, django_assert_num_queries, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        _move(make_match())
    assert outbox.outbox_flush() == 1
    with django_assert_num_queries(1):
        assert outbox.outbox_due() == []


@pytest.mark.django_db(transaction=True)
async def test_the_sweep_sends_unsent_news_to_the_matchs_sockets(make_match, monkeypatch):
    from asgiref.sync import sync_to_async

    monkeypatch.setattr("games.services.broadcast._send", lambda *args, **kwargs: None)
    past = timezone.now() - timedelta(seconds=10)
    match = await sync_to_async(make_match)()
    match = await sync_to_async(_move)(match, past)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(match_group(match.pk), channel)
    assert await sweeper.news_sweep() == 1
    message = await layer.receive(channel)
    # No snapshot: each socket reads its view from the database.
    assert message == {"type": "match.changed", "match": match.pk, "ply": 1}
    assert not await MatchOutbox.objects.filter(match=match).aexists()
    assert await sweeper.news_sweep() == 0
