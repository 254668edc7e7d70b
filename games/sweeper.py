"""A per-process background sweep that expires overdue matches even when no socket is open.

Started lazily by the first socket in a Daphne process; every process runs one, and the
services' row lock makes their overlap harmless. `manage.py expire_overdue_matches` does the
same from cron or a supervisor.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from django.conf import settings

from games import services

log = logging.getLogger(__name__)
_task: asyncio.Task | None = None


def interval() -> float:
    return float(getattr(settings, "GAMES_SWEEP_SECONDS", 5.0))


async def _loop() -> None:
    while True:
        await asyncio.sleep(interval())
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
