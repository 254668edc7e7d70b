"""Per-process background sweeps: overdue matches, and news a dead process never sent.

Every server process runs both from start-up. The clock sweep expires overdue matches even
when no socket is open; the services' row lock makes the processes' overlap harmless, and when
nothing is due a sweep is one indexed query. `manage.py expire_overdue_matches --every 5` does
the same for servers other than Daphne (see `start_with_server`).

The news sweep (games.services.outbox), every GAMES_NEWS_SWEEP_SECONDS: delete the outbox rows of
the news this process sent, then send the news of any row a process left unsent for longer
than the outbox's grace (it died between its commit and its send). Idle, one indexed query.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from games import services
from games.services.broadcast import class_group, match_group, match_news
from games.services.outbox import outbox_collect, outbox_done, outbox_due, outbox_flush

log = logging.getLogger(__name__)
_tasks: list[asyncio.Task] = []


async def _loop() -> None:
    while True:
        await asyncio.sleep(settings.GAMES_SWEEP_SECONDS)
        try:
            await database_sync_to_async(services.expire_overdue_matches)()
        except Exception:
            log.exception("expiring overdue matches failed")


async def _news_loop() -> None:
    outbox_collect()
    while True:
        await asyncio.sleep(settings.GAMES_NEWS_SWEEP_SECONDS)
        try:
            await news_sweep()
        except Exception:
            log.exception("sending unsent match news failed")


async def news_sweep() -> int:
    """One round of the news sweep; returns how many unsent matches' news it sent."""
    await database_sync_to_async(outbox_flush)()
    due = await database_sync_to_async(outbox_due)()
    layer = get_channel_layer()
    if not due or layer is None:
        return 0
    for news in due:
        # No snapshot: each socket reads its view from the database (and ignores a seen ply).
        await layer.group_send(
            match_group(news.match_id), match_news(match_id=news.match_id, ply=news.ply)
        )
        if news.classroom_id is not None and not news.playing:
            message = {"type": "class.changed", "match": news.match_id}
            await layer.group_send(class_group(news.classroom_id), message)
    await database_sync_to_async(outbox_done)(news=due)
    log.warning("sent the news of %d moves another process committed but never sent", len(due))
    return len(due)


def ensure_running() -> None:
    """Start this process's sweeps on the running event loop, once."""
    loop = asyncio.get_running_loop()
    if _tasks and all(not t.done() and t.get_loop() is loop for t in _tasks):
        return
    for task in _tasks:
        task.cancel()
    _tasks[:] = [loop.create_task(_loop()), loop.create_task(_news_loop())]


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
