"""The channel layer's drops are visible: logged as WARNINGs and counted, never silent.

Runs against a real Redis (REDIS_URL, or redis://127.0.0.1:6379/5), with a tiny capacity so a
drop is easy to cause; the settings give production 10,000.
"""

import asyncio
import logging
import os
import uuid
from concurrent.futures import ThreadPoolExecutor

from config import channel_layer
from config.channel_layer import CountingRedisChannelLayer

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/5"


def layer(capacity: int) -> CountingRedisChannelLayer:
    return CountingRedisChannelLayer(
        hosts=[REDIS_URL], capacity=capacity, prefix=f"test-{uuid.uuid4().hex}"
    )


def test_a_group_send_past_capacity_is_a_counted_warning(caplog):
    async def scenario() -> list[dict]:
        lay = layer(capacity=2)
        channel = await lay.new_channel()
        await lay.group_add("room", channel)
        for n in range(4):  # nobody reads: the third and fourth do not fit
            await lay.group_send("room", {"type": "m", "n": n})
        got = [await lay.receive(channel) for _ in range(2)]
        await lay.flush()
        return got

    before = channel_layer.dropped()
    # Its own thread and loop: an earlier test may leave a loop running in this one.
    with caplog.at_level(logging.INFO, logger="channels_redis.core"), ThreadPoolExecutor(1) as pool:
        got = pool.submit(asyncio.run, scenario()).result()
    assert [m["n"] for m in got] == [0, 1]
    assert channel_layer.dropped() - before == 2
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2
    assert "channel layer dropped 1 message(s) to group room" in warnings[0].getMessage()


def test_the_settings_filter_turns_the_note_into_a_warning_and_hides_other_info():
    keep = channel_layer.OverCapacityFilter()
    note = logging.LogRecord(
        "channels_redis.core", logging.INFO, __file__, 1,
        "%s of %s channels over capacity in group %s", (3, 5, "match.7"), None,
    )  # fmt: skip
    chatter = logging.LogRecord(
        "channels_redis.core", logging.INFO, __file__, 1, "connected", (), None
    )
    before = channel_layer.dropped()
    assert keep.filter(note) and note.levelno == logging.WARNING
    assert note.getMessage() == (
        "channel layer dropped 3 message(s) to group match.7 (3 of 5 over capacity)"
    )
    assert channel_layer.dropped() - before == 3
    assert not keep.filter(chatter)


def test_a_full_local_buffer_logs_the_message_it_drops(caplog):
    lay = layer(capacity=1)
    queue = lay.receive_buffer["specific.abc!def"]
    queue.put_nowait({"n": 1})
    before = channel_layer.dropped()
    with caplog.at_level(logging.WARNING, logger="config.channel_layer"):
        queue.put_nowait({"n": 2})
    assert queue.get_nowait() == {"n": 2}  # the oldest went, as channels-redis does
    assert channel_layer.dropped() - before == 1
    assert "dropped 1 message(s) to specific.abc!def (buffer full)" in caplog.text
