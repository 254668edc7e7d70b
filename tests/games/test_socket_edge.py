"""Frames a client can send never close a socket: each is answered, and the match is unchanged.

The over-long value and the NUL character fail only on PostgreSQL (SQLite stores both), so these
tests matter most in the full suite, which runs there.
"""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from config.routing import CLOSE_NOT_FOUND
from games.models import Match, Move
from tests.games.conftest import mover, state_of
from tests.games.sockets import closed, connect, receive_until, rejected, send
from tests.games.test_lobby import lobby_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.smoke]
NOT_UNDERSTOOD = "That message was not understood."


@pytest.fixture
def match(make_match):
    return make_match(seed=11)


async def still_open(comm) -> None:
    """The socket answers another message (a closed one would raise or send a close)."""
    await comm.send_to(text_data="{}")
    await receive_until(comm, NOT_UNDERSTOOD)


async def opponent_die(match: Match) -> str:
    state = await sync_to_async(state_of)(match)
    return state.dice[1 - state.to_move][-1].id


def frame(**fields) -> str:
    return json.dumps({**fields, "HEADERS": {"HX-Request": "true"}})


@pytest.mark.parametrize(
    "text",
    [
        frame(kind="skip", ply="²"),
        frame(kind="skip", ply="①"),
        frame(kind="skip", ply="٣"),  # an Arabic-Indic three: a decimal digit, but not ASCII
        "[" * 4000,
        "{" * 4000,
        '{"kind": "skip", "ply": "0", "HEADERS": ' + "[" * 3000 + "]" * 3000 + "}",
        frame(kind="mind", ply="0", expression="1 + 2\x00", target="B-D4"),
        frame(kind="preview", expression="3\x00"),
        frame(kind="mind", ply="0", expression="1 + \ud800", target="B-D4"),
        frame(kind="skip", ply="0", extra=["nested"]),
        json.dumps({"kind": "skip", "ply": "0", "HEADERS": {"HX-Request": ["x"]}}),
        json.dumps({"kind": "skip", "ply": "9" * 5000}),
        '{"kind": "skip", "ply": 1e999}',
        '{"kind": "skip", "ply": NaN}',
        "null",
        '"just a string"',
        "\ud800",
    ],
)
async def test_a_malformed_match_frame_is_not_understood_and_the_socket_stays_open(match, text):
    comm = await connect(match, await sync_to_async(mover)(match))
    await receive_until(comm, 'id="board"')
    await comm.send_to(text_data=text)
    assert NOT_UNDERSTOOD in await rejected(comm, match.ply, match)
    await still_open(comm)
    await comm.disconnect()


async def test_a_binary_frame_is_not_understood(match):
    comm = await connect(match, await sync_to_async(mover)(match))
    await receive_until(comm, 'id="board"')
    await comm.send_to(bytes_data=b'{"kind": "skip", "ply": "0"}')
    assert NOT_UNDERSTOOD in await rejected(comm, match.ply, match)
    await still_open(comm)
    await comm.disconnect()


@pytest.mark.parametrize(
    "expression",
    [
        "9" * 39,  # 999…9/1 is 41 characters
        "×".join(["987654321"] * 12),  # a 108-digit product
        "1/987654321 + 1/987654323 + 1/987654327 + 1/987654329",  # a 36-digit denominator
    ],
)
async def test_a_refused_attack_with_a_huge_value_gets_the_rules_message_and_is_kept(
    match, expression
):
    comm = await connect(match, await sync_to_async(mover)(match))
    await receive_until(comm, 'id="board"')
    await send(comm, "mind", match.ply, expression=expression, target=await opponent_die(match))
    text = await rejected(comm, match.ply, match)
    assert NOT_UNDERSTOOD not in text and "error-text" in text
    attempt = await Move.objects.aget(match=match, kind=Move.Kind.REJECTED)
    assert attempt.expression == expression
    assert len(attempt.value) <= Move._meta.get_field("value").max_length
    await still_open(comm)
    await comm.disconnect()


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "challenge", "to": "²"},
        {"kind": "challenge", "to": "①"},
        {"kind": "accept", "invitation": "٣"},
        {"kind": "challenge", "to": "9" * 40},
        {"kind": "challenge", "to": "1\x00"},
        {"kind": "challenge", "to": ["1"]},
    ],
)
async def test_a_malformed_lobby_frame_is_not_understood_and_the_socket_stays_open(
    make_student, fields
):
    ada = await sync_to_async(make_student)("Ada")
    comm = await lobby_socket(ada.user)
    await receive_until(comm, 'id="presence"')
    await comm.send_to(text_data=json.dumps(fields))
    await receive_until(comm, NOT_UNDERSTOOD)
    await comm.send_to(text_data="[" * 4000)
    await receive_until(comm, NOT_UNDERSTOOD)
    await comm.send_to(bytes_data=b"{}")
    await receive_until(comm, NOT_UNDERSTOOD)
    await still_open(comm)
    await comm.disconnect()


async def test_a_failure_inside_a_handler_is_answered_and_logged_not_fatal(
    match, monkeypatch, caplog
):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the preview")

    monkeypatch.setattr("games.live.match_consumer.rendering.render_preview", broken)
    comm = await connect(match, await sync_to_async(mover)(match))
    await receive_until(comm, 'id="board"')
    await comm.send_to(text_data=frame(kind="preview", expression="1 + 2"))
    assert "Something went wrong on our side" in await receive_until(comm, 'id="errors"')
    assert "a bug in the preview" in caplog.text  # the traceback reaches the log
    await still_open(comm)
    await comm.disconnect()


async def test_a_failure_inside_a_lobby_handler_is_answered_and_logged_not_fatal(
    two_students, monkeypatch, caplog
):
    def broken(**kwargs):
        raise RuntimeError("a bug in challenges")

    monkeypatch.setattr("games.live.lobby_consumer.invitations.invitation_create", broken)
    ada, ben = two_students
    comm = await lobby_socket(ada.user)
    await receive_until(comm, 'id="presence"')
    await comm.send_to(text_data=json.dumps({"kind": "challenge", "to": str(ben.user_id)}))
    await receive_until(comm, "Something went wrong on our side")
    assert "a bug in challenges" in caplog.text
    await still_open(comm)
    await comm.disconnect()


@pytest.mark.parametrize("path", ["/ws/nothing/", "/ws/match/abc/", "/ws/", "/elsewhere"])
async def test_an_unknown_socket_path_is_closed_at_once_with_not_found(path, caplog):
    comm = WebsocketCommunicator(
        application, path, headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    )
    connected, _subprotocol = await comm.connect(timeout=2)
    assert connected
    assert (await closed(comm, timeout=2))["code"] == CLOSE_NOT_FOUND
    assert "Traceback" not in caplog.text and "No route found" not in caplog.text
