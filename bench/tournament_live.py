"""Tournament standings live: from a finished match to the projector showing its result.

A Swiss of 30 students has its first round in play (15 matches) with the projector's socket
open on a real Daphne. Then all 15 matches finish together: each match's second player
resigns over their own match socket, the 15 frames sent back to back; each sample is the time
from a resign frame sent to the projector receiving the boards with that match's result (the
whole path: the move, match_finished, the result, the broadcast, the projector's render).
The figure to hold: p95 under 100 ms. Beside it, in the same run: the time to the resigning
player's own screen showing the game over (the game's path, without the tournament), and the
bare floor: 15 messages group_sent through the same layer at once to an echo socket.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_tournaments \\
    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/tournament_live.py [--repeat 5]

Needs Redis (the projector lives in another process) and a database of your own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live_harness import (  # noqa: E402
    Player,
    connect,
    cpu_seconds,
    servers,
    setup_django,
    start_daphne,
)

DONE = re.compile(r'<li class="board-row is-done"><span class="board-no">(\d+)</span>')
MATCHES = 15


def make_round(tag: str):
    """A class of 30 with a Swiss whose first round is in play; (tournament, its games, the
    session cookies of the teacher and then of each game's second player)."""
    from django.test import Client

    from classrooms.models import Classroom, Student, User
    from games.tournaments import services
    from games.tournaments.models import Pairing

    teacher = User.objects.create(username=f"bench-t-{tag}", role=User.Role.TEACHER)
    room = Classroom.objects.create(name=f"Bench {tag}", code=f"T{tag[-10:]}")
    room.teachers.add(teacher)
    students = []
    for i in range(2 * MATCHES):
        user = User(username=f"bench-{tag}-{i}", role=User.Role.STUDENT)
        user.set_unusable_password()
        user.save()
        students.append(Student.objects.create(user=user, classroom=room, display_name=f"S{i}"))
    t = services.tournament_create(
        teacher=teacher, classroom=room, name="Bench", students=students, rounds=1
    )
    services.round_pair(teacher=teacher, tournament=t)
    row = services.round_start(teacher=teacher, tournament=t)
    games = list(
        Pairing.objects.filter(round=row, bye="").select_related("match", "second__student__user")
    )
    cookies = []
    for user in [teacher] + [entry.second.student.user for entry in games]:
        client = Client()
        client.force_login(user)
        cookies.append(client.cookies["sessionid"].value)
    return t, games, cookies


async def finished_at(player: Player) -> float:
    while not player.finished:
        player.changed.clear()
        await player.changed.wait()
    return time.perf_counter()


async def one_round(
    base: str, tag: str, pool: ThreadPoolExecutor
) -> tuple[list[float], list[float]]:
    """(resign -> projector shows the result, resign -> own screen shows the game over), ms."""
    loop = asyncio.get_running_loop()
    t, games, cookies = await loop.run_in_executor(pool, make_round, tag)
    projector = await connect(base, f"/ws/tournament/{t.pk}/projector/", cookies[0])
    await projector.recv()  # the full view
    losers = []
    for entry, cookie in zip(games, cookies[1:], strict=True):
        player = Player(await connect(base, f"/ws/match/{entry.match_id}/", cookie))
        losers.append((entry.board, player))
    async with asyncio.timeout(60):
        await asyncio.gather(*(player.wait_ply(0) for _board, player in losers))
    seen: dict[int, float] = {}

    async def read() -> None:
        while len(seen) < len(games):
            text = await projector.recv()
            now = time.perf_counter()
            for board in DONE.findall(text):
                seen.setdefault(int(board), now)

    reader = asyncio.create_task(read())
    over = {board: asyncio.create_task(finished_at(player)) for board, player in losers}
    starts = {}
    for board, player in losers:  # all 15 at once: sent back to back, then awaited
        starts[board] = time.perf_counter()
        frame = {"kind": "resign", "ply": str(player.ply), "HEADERS": {}}
        await player.sock.send(json.dumps(frame))
    async with asyncio.timeout(30):
        await reader
        ends = {board: await task for board, task in over.items()}
    for _board, player in losers:
        player.reader.cancel()
        await player.sock.close()
    await projector.close()
    projected = [(seen[board] - start) * 1000 for board, start in starts.items()]
    own = [(ends[board] - start) * 1000 for board, start in starts.items()]
    return projected, own


async def echo_round(base: str, room: int) -> list[float]:
    """The floor: 15 messages group_sent together through the layer to one echo socket."""
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    sock = await connect(base, f"/ws/bench/echo/{room}/", None)
    await asyncio.sleep(0.2)  # the group_add has landed
    sent: dict[str, float] = {}
    got: dict[str, float] = {}
    for i in range(MATCHES):
        sent[str(i)] = time.perf_counter()
        await layer.group_send(f"echo.{room}", {"type": "echo.msg", "text": str(i)})
    while len(got) < MATCHES:
        text = await sock.recv()
        got[text] = time.perf_counter()
    await sock.close()
    return [(got[k] - sent[k]) * 1000 for k in sent]


def summary(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[max(0, round(0.95 * len(ordered)) - 1)]


async def measure(base: str, pid: int, repeat: int) -> None:
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with ThreadPoolExecutor(max_workers=MATCHES + 1) as pool:
        await one_round(base, f"warm{time.time_ns()}", pool)  # warm-up, not counted
        own: list[float] = []
        server_cpu = cpu_seconds(pid)
        samples: list[float] = []
        for i in range(repeat):
            projected, own_screen = await one_round(base, f"{time.time_ns()}{i}", pool)
            samples += projected
            own += own_screen
        server_ms = (cpu_seconds(pid) - server_cpu) / len(samples) * 1000
    echo: list[float] = []
    for i in range(repeat):
        echo += await echo_round(base, 9000 + i)
    med, p95 = summary(samples)
    emed, ep95 = summary(echo)
    omed, op95 = summary(own)
    print(f"{len(samples)} results ({repeat} rounds of {MATCHES} matches finishing together)")
    print(f"finished match -> projector: median {med:.1f} ms, p95 {p95:.1f} ms (aim p95 < 100)")
    print(f"resign -> own game over:     median {omed:.1f} ms, p95 {op95:.1f} ms")
    print(f"bare layer -> socket floor:  median {emed:.1f} ms, p95 {ep95:.1f} ms")
    print(f"ratio to own game over: median {med / omed:.2f}x, p95 {p95 / op95:.2f}x")
    print(f"ratio to the floor: median {med / emed:.1f}x, p95 {p95 / ep95:.1f}x")
    print(f"server CPU per finished match (move, result, renders): {server_ms:.1f} ms")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


def main(repeat: int) -> None:
    env = {k: os.environ[k] for k in ("DATABASE_URL", "REDIS_URL") if k in os.environ}
    if "REDIS_URL" not in env:
        sys.exit("needs REDIS_URL: the projector's socket lives in another process")
    env.setdefault("SECRET_KEY", os.environ.get("SECRET_KEY") or secrets.token_hex(32))
    setup_django(env)
    proc, base = start_daphne(env, servers(None)[0])
    try:
        asyncio.run(measure(base, proc.pid, repeat))
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    main(parser.parse_args().repeat)
