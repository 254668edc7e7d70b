"""Telling sockets that something happened: only after the transaction commits."""

import asyncio
import threading
from collections.abc import Callable

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.services.outbox import outbox_sent


def match_group(match_id: int) -> str:
    return f"match.{match_id}"


def class_group(classroom_id: int) -> str:
    return f"class.{classroom_id}"


_pending: set[asyncio.Task] = set()


def _spawn(loop: asyncio.AbstractEventLoop, coro, then: Callable[[], None] | None) -> None:
    task = loop.create_task(coro)
    _pending.add(task)  # keep a reference until it is done
    task.add_done_callback(_pending.discard)
    if then is not None:
        task.add_done_callback(lambda done: done.cancelled() or done.exception() or then())


def _send(group: str, message: dict, then: Callable[[], None] | None = None) -> None:
    """Send `message` to `group`; `then` runs once it has gone out (not if the send fails)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
        if loop is not None and loop.is_running():
            # In a server thread (database_sync_to_async): hand the send to the server's loop
            # and return at once instead of waiting for it; sockets drop stale plies anyway.
            loop.call_soon_threadsafe(_spawn, loop, layer.group_send(group, message), then)
            return
        async_to_sync(layer.group_send)(group, message)
    else:
        # Called from a thread that runs an event loop itself (a sync service used from a test
        # driving Playwright, or a script): send from a helper thread instead of blocking it.
        worker = threading.Thread(target=async_to_sync(layer.group_send), args=(group, message))
        worker.start()
        worker.join(5)
    if then is not None:
        then()


def match_news(*, match_id: int, ply: int, snap: dict | None = None, since: int | None = None):
    """The "ply N happened" message for a match's sockets."""
    message = {"type": "match.changed", "match": match_id, "ply": ply}
    if snap is not None:
        message["snap"] = snap
    if since is not None:
        message["since"] = since
    return message


def on_commit_match_changed(
    *,
    match_id: int,
    ply: int,
    classroom_id: int | None,
    snap: dict | None = None,
    since: int | None = None,
) -> None:
    """After commit: "ply N happened" (with the snapshot to render from, and `since`, the ply
    it follows, so a socket can tell it missed one) to the match's sockets; "matches changed"
    to the class when a match starts or ends (the teacher's list polls for the moves). Once
    sent, the match's outbox row may go (games.services.outbox)."""

    def send() -> None:
        message = match_news(match_id=match_id, ply=ply, snap=snap, since=since)
        _send(match_group(match_id), message, lambda: outbox_sent(match_id=match_id, ply=ply))
        playing = snap is not None and snap["status"] == "playing"
        if classroom_id is not None and not playing:
            _send(class_group(classroom_id), {"type": "class.changed", "match": match_id})

    transaction.on_commit(send)


def on_commit_match_retimed(*, match_id: int, snap: dict) -> None:
    """After commit: the step of the snapshot's ply starts at a new time (a player moved on from
    a pause held for them). The match's sockets show its clocks again and plan its bots and
    deadline anew. Nothing else changed, so no ply and no outbox row: were this lost, the
    screens and the computers would keep the pause's old end until the next ply (never later
    than the kind's most), and the sweep still applies the new deadline from the database."""

    def send() -> None:
        message = {"type": "match.retimed", "match": match_id, "ply": snap["ply"], "snap": snap}
        _send(match_group(match_id), message)

    transaction.on_commit(send)


def on_commit_class_event(*, classroom_id: int, message: dict) -> None:
    transaction.on_commit(lambda: _send(class_group(classroom_id), message))


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def on_commit_user_event(*, user_id: int, message: dict) -> None:
    transaction.on_commit(lambda: _send(user_group(user_id), message))


def on_commit_group_event(*, group: str, message: dict) -> None:
    """After commit: `message` to a group of an app above games (a tournament's sockets)."""
    transaction.on_commit(lambda: _send(group, message))
