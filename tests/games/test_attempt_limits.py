"""Refused Mind attacks are evidence, not a way to fill the database: repeats are stored once,
and at most a few a second and a few dozen a turn per player; every one still gets the rules'
message."""

import math
import time
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from games.models import Move
from games.services import MoveRejected, move_submit
from games.services.log import ATTEMPTS_PER_SECOND, ATTEMPTS_PER_TURN
from tests.games.conftest import mover, state_of
from tests.games.sockets import connect, receive_until, send

pytestmark = pytest.mark.smoke


def attempt(match, expression: str, now) -> str:
    """The player to move tries a Mind attack that no die can match; returns the message."""
    state = state_of(match)
    target = state.dice[1 - state.to_move][-1].id
    with pytest.raises(MoveRejected) as err:
        move_submit(
            match=match,
            player=mover(match),
            action={"kind": "mind", "expression": expression, "target": target},
            ply=match.ply,
            now=now,
        )
    assert err.value.code == "illegal"
    return err.value.message


def stored(match) -> list[str]:
    return list(
        Move.objects.filter(match=match, kind=Move.Kind.REJECTED)
        .order_by("created_at", "pk")
        .values_list("expression", flat=True)
    )


@pytest.mark.django_db
def test_the_same_attempt_at_the_same_ply_is_stored_once_and_answered_every_time(make_match):
    match = make_match(seed=11)
    start = timezone.now()
    messages = [attempt(match, "1000 + 1", start + timedelta(seconds=i)) for i in range(5)]
    assert len(set(messages)) == 1 and messages[0]
    assert stored(match) == ["1000 + 1"]


@pytest.mark.django_db
def test_at_most_a_few_attempts_a_second_are_stored_and_the_first_are_kept(make_match):
    match = make_match(seed=11)
    start = timezone.now()
    for i in range(10):
        attempt(match, f"1000 + {i}", start + timedelta(milliseconds=50 * i))
    assert stored(match) == [f"1000 + {i}" for i in range(ATTEMPTS_PER_SECOND)]
    attempt(match, "2000 + 1", start + timedelta(seconds=1.5))
    assert stored(match)[-1] == "2000 + 1"


@pytest.mark.django_db
def test_at_most_a_few_dozen_attempts_a_turn_are_stored(make_match):
    match = make_match(seed=11)
    start = timezone.now()
    for i in range(ATTEMPTS_PER_TURN + 5):
        attempt(match, f"1000 + {i}", start + timedelta(seconds=i))
    assert stored(match) == [f"1000 + {i}" for i in range(ATTEMPTS_PER_TURN)]


@pytest.mark.django_db(transaction=True)
async def test_a_burst_of_refused_attacks_over_the_socket_is_answered_but_stored_sparingly(
    make_match,
):
    match = await sync_to_async(make_match)(seed=11)
    comm = await connect(match, await sync_to_async(mover)(match))
    await receive_until(comm, 'id="board"')
    state = await sync_to_async(state_of)(match)
    target = state.dice[1 - state.to_move][-1].id
    began = time.monotonic()
    for i in range(30):
        await send(comm, "mind", match.ply, expression=f"1000 + {i}", target=target)
        assert "error-text" in await receive_until(comm, 'id="errors"')
    seconds = time.monotonic() - began
    count = await Move.objects.filter(match=match, kind=Move.Kind.REJECTED).acount()
    assert ATTEMPTS_PER_SECOND <= count <= ATTEMPTS_PER_SECOND * (math.ceil(seconds) + 1)
    await comm.disconnect()
