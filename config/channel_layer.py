"""The Redis channel layer, with every message it drops logged as a WARNING and counted.

channels-redis drops messages in two places without raising: a `group_send` to a process
whose Redis queue is at `capacity` (all sockets of one server process share one queue), which
it logs only at INFO; and a socket's local buffer that is full, which it does not log at all.
Either way a screen misses a move. The capacity is raised in settings; this makes any drop
that still happens visible in the server's log ("channel layer dropped …") and countable.
"""

from __future__ import annotations

import collections
import functools
import logging
import threading

from channels_redis.core import BoundedQueue, RedisChannelLayer

log = logging.getLogger("config.channel_layer")
_lock = threading.Lock()
_dropped = 0


def dropped() -> int:
    """How many messages this process's channel layer has dropped since it started."""
    return _dropped


def _count(n: int) -> None:
    global _dropped
    with _lock:
        _dropped += n


class OverCapacityFilter(logging.Filter):
    """On channels-redis's logger: its "over capacity" note becomes a counted WARNING; its other
    INFO chatter is left out (the root logger shows WARNING and above)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if "over capacity" in str(record.msg) and len(record.args or ()) == 3:
            over, total, group = record.args
            _count(int(over))
            record.msg = "channel layer dropped %s message(s) to group %s (%s of %s over capacity)"
            record.args = (over, group, over, total)
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            return True
        return record.levelno >= logging.WARNING


class _LoggedQueue(BoundedQueue):
    """channels-redis's per-channel buffer, which drops its oldest message when full."""

    def __init__(self, maxsize: int, channel: str = "") -> None:
        super().__init__(maxsize)
        self.channel = channel

    def put_nowait(self, item) -> None:
        if self.full():
            _count(1)
            log.warning("channel layer dropped 1 message(s) to %s (buffer full)", self.channel)
        super().put_nowait(item)


class _Buffers(collections.defaultdict):
    def __missing__(self, channel: str) -> _LoggedQueue:
        queue = self[channel] = self.default_factory(channel=channel)
        return queue


class CountingRedisChannelLayer(RedisChannelLayer):
    """RedisChannelLayer whose silent drops are logged and counted (see the module)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.receive_buffer = _Buffers(functools.partial(_LoggedQueue, self.capacity))
