"""Nothing lost: a socket mends a ply gap it can see, and a screen's "sync" brings the full view
when the ply it shows is not the current one (static/js/live.js sends it after a silence)."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games.selectors.snapshot import snapshot_from_db
from games.services.broadcast import match_group
from tests.games.conftest import mover
from tests.games.sockets import connect, receive_until, send, sent_before_probe

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def match(make_match):
    return make_match(seed=11)


async def test_a_message_after_one_the_socket_never_got_brings_the_board_from_the_database(match):
    comm = await connect(match, await sync_to_async(mover)(match))
    await receive_until(comm, 'id="board"')
    snap = await sync_to_async(snapshot_from_db)(match)
    # "Ply N+2 happened, after N+1": N+1 never came (the channel layer dropped it).
    message = {"type": "match.changed", "match": match.pk, "ply": match.ply + 2}
    message |= {"since": match.ply + 1, "snap": {**snap, "ply": match.ply + 2}}
    await get_channel_layer().group_send(match_group(match.pk), message)
    text = await receive_until(comm, 'id="board"')
    assert f'data-ply="{match.ply}"' in text  # the database's board, not the message's
    await comm.disconnect()


@pytest.mark.parametrize("who", ["player", "teacher"])
async def test_a_sync_gets_the_full_view_only_when_its_ply_is_not_the_current_one(match, who):
    if who == "player":
        user = await sync_to_async(mover)(match)
    else:
        user = await sync_to_async(lambda: match.classroom.teachers.get())()
    comm = await connect(match, user)
    await receive_until(comm, 'id="board"')
    await send(comm, "sync", ply=match.ply)
    assert await sent_before_probe(comm) == []
    await send(comm, "sync", ply=match.ply + 1)  # a screen that missed a ply that never was
    text = await receive_until(comm, 'id="board"')
    assert f'data-ply="{match.ply}"' in text
    await comm.disconnect()


async def test_a_sync_without_a_ply_is_not_understood_and_keeps_the_socket(match):
    comm = await connect(match, await sync_to_async(mover)(match))
    await receive_until(comm, 'id="board"')
    await comm.send_to(text_data='{"kind": "sync", "HEADERS": {}}')
    await receive_until(comm, "not understood")
    await send(comm, "sync", ply=match.ply + 1)
    await receive_until(comm, 'id="board"')
    await comm.disconnect()
