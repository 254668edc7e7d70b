"""Django's async-safety guard is on for every test but the browser tests: a synchronous ORM
call slipped into a consumer fails here, as it would fail in production."""

import os

import pytest
from asgiref.sync import sync_to_async
from django.core.exceptions import SynchronousOnlyOperation

from games.live import match_consumer
from tests.games.conftest import mover
from tests.games.sockets import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.smoke]


def test_the_guard_is_not_switched_off_for_this_test():
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ


async def test_a_sync_orm_call_slipped_into_the_match_consumer_raises(make_match, monkeypatch):
    match = await sync_to_async(make_match)(seed=11)
    player = await sync_to_async(mover)(match)

    def slipped(call):
        """The slip: the call made in the socket's own coroutine, not on a thread."""

        async def inline(*args, **kwargs):
            return call(*args, **kwargs)

        return inline

    monkeypatch.setattr(match_consumer, "database_sync_to_async", slipped)
    comm = await connect(match, player)  # accepted first; the admission then runs the query
    with pytest.raises(SynchronousOnlyOperation):
        await comm.receive_from()


async def test_the_same_consumer_with_its_calls_on_threads_connects(make_match):
    match = await sync_to_async(make_match)(seed=11)
    comm = await connect(match, await sync_to_async(mover)(match))
    assert 'id="board"' in await receive_until(comm, 'id="board"')
    await comm.disconnect()
