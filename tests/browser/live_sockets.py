"""Sockets to a live Daphne, as a student's page opens them (session cookie, same origin): for
tests that act as a person on the server without a browser page of their own.

Playwright's sync API may run an event loop in the test's thread, so the socket work runs on a
thread of its own (`on_own_loop`).
"""

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

import websockets
from django.conf import settings
from django.test import Client

from games.models import Match

PLY = re.compile(r'id="board"[^>]*data-ply="(\d+)"|data-ply="(\d+)"[^>]*id="board"')


def cookie_for(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def open_socket(base: str, match: Match, user, cookie: str | None = None):
    url = base.replace("http", "ws") + f"/ws/match/{match.pk}/"
    cookie = cookie or cookie_for(user)
    headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}", "Origin": base}
    return await websockets.connect(url, additional_headers=headers)


async def board_ply_at_least(sock, ply: int, timeout: float = 10) -> int:
    async with asyncio.timeout(timeout):
        while True:
            text = await sock.recv()
            for found in PLY.finditer(text):
                seen = int(found.group(1) or found.group(2))
                if seen >= ply:
                    return seen


def on_own_loop(coroutine_function, timeout: float = 300):
    """Run `coroutine_function()` to its end on a new event loop in another thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(coroutine_function())).result(timeout=timeout)


def act_over_socket(base: str, match: Match, user, frame: dict) -> None:
    """`user` sends `frame` on the match's socket, as their page would, once it shows the board;
    returns when the board shows the next ply."""
    import json

    cookie = cookie_for(user)  # in this thread: the test's database connection

    async def act() -> None:
        sock = await open_socket(base, match, user, cookie)
        try:
            seen = await board_ply_at_least(sock, 0)
            await sock.send(json.dumps({**frame, "ply": str(seen), "HEADERS": {}}))
            await board_ply_at_least(sock, seen + 1)
        finally:
            await sock.close()

    on_own_loop(act)
