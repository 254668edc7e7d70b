"""The match socket for every game kind: the full view on connect, moves reaching every seat,
the computer acting through the socket's timers, a spectator who cannot act."""

import pytest
from asgiref.sync import sync_to_async

from games.models import Match, Move
from games.services import match_create
from tests.games.sockets import connect, receive_until, send
from tests.games.test_match_door import KINDS, awaited, fresh, legal_frame

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.parametrize("game", list(KINDS)),
]


@pytest.fixture
def students(make_student):
    return [make_student(name).user for name in ("Ada", "Ben", "Cy", "Di")]


def create(game, classroom, players, **kwargs) -> Match:
    return match_create(
        game=game, classroom=classroom, players=players, variants=KINDS[game], seed=5, **kwargs
    )


async def test_every_seat_sees_the_move_of_the_awaited_player(game, classroom, students):
    match = await sync_to_async(create)(game, classroom, students[:2])
    comms = [await connect(match, user) for user in students[:2]]
    for comm in comms:
        text = await receive_until(comm, 'id="board"')
        assert f'data-ply="{match.ply}"' in text
    seat = (await sync_to_async(awaited)(match))[0]
    frame = await sync_to_async(legal_frame)(match, seat)
    await send(comms[seat], ply=match.ply, **frame)
    for comm in comms:
        await receive_until(comm, f'data-ply="{match.ply + 1}"')
    for comm in comms:
        await comm.disconnect()


async def test_the_computer_acts_through_the_socket_timers(game, classroom, students):
    match = await sync_to_async(create)(
        game, classroom, [students[0], "beginner"], options={"bot_delay_ms": 50}
    )
    comm = await connect(match, students[0])
    await receive_until(comm, 'id="board"')
    if 0 in await sync_to_async(awaited)(match):
        frame = await sync_to_async(legal_frame)(match, 0)
        await send(comm, ply=match.ply, **frame)
    # The computer's move reaches the socket like anyone's.
    while not await Move.objects.filter(match=match, seat=1, ply__isnull=False).aexists():
        await comm.receive_from(timeout=3)  # the next change the socket is told of
    await comm.disconnect()


async def test_a_spectating_teacher_sees_the_board_but_cannot_act(
    game, classroom, students, teacher
):
    match = await sync_to_async(create)(game, classroom, students[:2])
    comm = await connect(match, teacher)
    await receive_until(comm, 'id="board"')
    await send(comm, "skip", match.ply)
    assert "watching" in await receive_until(comm, 'id="errors"')
    assert (await sync_to_async(fresh)(match)).ply == match.ply
    await comm.disconnect()
