"""The one socket helper every socket test uses: connect as a user, read until a fragment
arrives, send a move as the browser's form does, and read the close.

The timeouts are bounds on waits for something that must arrive: a passing test never waits
them out, so they are generous enough for a loaded CI machine (two suites on two cores)."""

import asyncio
import json

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.models import Match


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def connect(match: Match, user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    if user is not None:
        cookie = await sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    comm = WebsocketCommunicator(application, f"/ws/match/{match.pk}/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def receive_until(comm: WebsocketCommunicator, needle: str, timeout: float = 10) -> str:
    """Messages until one contains `needle` (fragments arrive one message per change)."""
    seen = []
    while True:
        text = await comm.receive_from(timeout=timeout)
        seen.append(text)
        if needle in text:
            return text


async def closed(comm: WebsocketCommunicator, timeout: float = 10) -> dict:
    """The close the server sends, after any messages still on their way."""
    while True:
        output = await comm.receive_output(timeout=timeout)
        if output["type"] == "websocket.close":
            return output


def send(comm, kind: str, ply: int, **fields) -> asyncio.Future:
    body = {"kind": kind, "ply": str(ply), **fields, "HEADERS": {"HX-Request": "true"}}
    return comm.send_to(text_data=json.dumps(body))


async def rejected(comm, ply_before: int, match: Match) -> str:
    text = await receive_until(comm, 'id="errors"')
    await sync_to_async(match.refresh_from_db)()
    assert match.ply == ply_before
    return text


# A frame every socket answers with "not understood" (a sync without its ply), and keeps open.
PROBE = '{"kind": "sync", "HEADERS": {}}'


async def sent_before_probe(comm: WebsocketCommunicator, timeout: float = 10) -> list[str]:
    """Everything the socket sends before it answers a probe sent now.

    One consumer handles its messages in order, so the probe's answer comes after all it owed
    for what reached it earlier: "nothing was sent" is an empty list, read without a fixed wait.
    """
    await comm.send_to(text_data=PROBE)
    seen = []
    while True:
        text = await comm.receive_from(timeout=timeout)
        if "not understood" in text:
            return seen
        seen.append(text)
