"""Property: whatever frames a client sends, both sockets answer, stay open, log no failure, and
change nothing unless a frame was a well-formed request (a move the rules may then accept, or a
challenge to someone real)."""

import contextlib
import json
import logging

import pytest
from asgiref.sync import async_to_sync
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.live.messages import BadMessage, parse, parse_lobby
from games.models import Invitation, Match, Move
from tests.games.conftest import mover
from tests.games.sockets import connect, receive_until
from tests.games.test_lobby import lobby_socket

KINDS = ["strength", "mind", "skip", "resign", "preview", "challenge", "accept", "decline"]
KINDS += ["start", "cancel", "fly"]
KEYS = ["kind", "ply", "attacker", "target", "expression", "dice", "to", "invitation", "HEADERS"]
AWKWARD = [
    "0",
    "1",
    "²",
    "①",
    "٣",
    "-1",
    " 1",
    "1e3",
    "9" * 30,
    "A-D6",
    "B-D4",
    "A-D6,B-D4",
    "9" * 39,
    "×".join(["987654321"] * 12),
    "1 + 2\x00",
    "\ud800",
    "((((((((((((((((((((((1))))))))))))))))))))))",
    "√4²",
]
texts = st.one_of(st.sampled_from(AWKWARD), st.text(max_size=40))
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
)
objects = st.builds(
    lambda kind, rest: {"kind": kind, **rest} if kind else rest,
    st.one_of(st.none(), st.sampled_from(KINDS)),
    st.dictionaries(st.sampled_from(KEYS), st.one_of(texts, values), max_size=5),
)
frames = st.one_of(
    st.builds(json.dumps, objects, ensure_ascii=st.booleans()),
    st.text(min_size=1, max_size=300),
    st.integers(1, 5000).map(lambda n: "[" * n),
    st.builds(lambda n, body: "{" * n + body, st.integers(1, 2000), st.text(max_size=20)),
)
PROPERTY = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def accepted(parser, text: str) -> bool:
    try:
        parser(text)
    except BadMessage:
        return False
    return True


@settings(max_examples=2000, deadline=None)
@given(frames)
def test_the_edge_turns_any_frame_into_a_message_or_bad_message(text):
    for parser in (parse, parse_lobby):
        with contextlib.suppress(BadMessage):
            parser(text)


async def feed(open_socket, texts: list[str]) -> None:
    """Open a socket, send every frame, and see each answered (not closed); then the socket
    still understands that it did not understand."""
    comm = await open_socket()
    for text in texts:
        await comm.send_to(text_data=text)
        output = await comm.receive_output(timeout=5)
        assert output["type"] == "websocket.send", output
    await comm.send_to(text_data="{}")
    await receive_until(comm, "not understood")
    await comm.disconnect()


def failures(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def match_facts(match: Match) -> tuple:
    match.refresh_from_db()
    applied = Move.objects.filter(match=match, ply__isnull=False).count()
    return match.ply, match.status, match.state, applied


@pytest.mark.django_db(transaction=True)
@PROPERTY
@given(st.lists(frames, min_size=1, max_size=5))
def test_any_frames_leave_the_match_socket_open_and_the_match_unchanged(make_match, caplog, texts):
    caplog.clear()
    match = make_match(seed=11)
    before = match_facts(match)
    player = mover(match)

    async def match_socket():
        comm = await connect(match, player)
        await receive_until(comm, 'id="board"')
        return comm

    async_to_sync(feed)(match_socket, texts)
    assert failures(caplog) == []
    moves = [t for t in texts if accepted(parse, t) and parse(t).kind != "preview"]
    if not moves:
        assert match_facts(match) == before


@pytest.mark.django_db(transaction=True)
@PROPERTY
@given(st.lists(frames, min_size=1, max_size=5))
def test_any_frames_leave_the_lobby_socket_open_and_the_challenges_unchanged(
    two_students, caplog, texts
):
    caplog.clear()
    ada = two_students[0]

    async def lobby():
        comm = await lobby_socket(ada.user)
        await receive_until(comm, 'id="challenges"')
        return comm

    before = list(Invitation.objects.values_list("pk", "status"))
    async_to_sync(feed)(lobby, texts)
    assert failures(caplog) == []
    if not any(accepted(parse_lobby, t) for t in texts):
        assert list(Invitation.objects.values_list("pk", "status")) == before
