"""A per-process background sweep that expires overdue matches even when no socket is open.

Every server process runs one from start-up, and the services' row lock makes their overlap
harmless. When nothing is due a sweep is one indexed query. `manage.py expire_overdue_matches
--every 5` does the same for servers other than Daphne (see `start_with_server`).
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from django.conf import settings

from games import services

log = logging.getLogger(__name__)
_task: asyncio.Task | None = None


async def _loop() -> None:
    while True:
        await asyncio.sleep(settings.GAMES_SWEEP_SECONDS)
        try:
            await database_sync_to_async(services.expire_overdue_matches)()
        except Exception:
            log.exception("expiring overdue matches failed")


def ensure_running() -> None:
    """Start this process's sweep on the running event loop, once."""
    global _task
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_loop())


def start_with_server() -> None:
    """Start the sweep when this process's Daphne server starts serving.

    Daphne sends no ASGI lifespan events (django/daphne#264), so the application has no
    start-up hook of its own. Daphne runs on Twisted's asyncio reactor, which the `daphne` app
    installs when Django loads it; `callWhenRunning` fires as that reactor starts, and the
    `callLater` inside puts the start on the asyncio loop once it runs. A process that never
    runs the reactor (tests, management commands) never starts a sweep.
    """
    from twisted.internet import reactor

    reactor.callWhenRunning(reactor.callLater, 0, ensure_running)
