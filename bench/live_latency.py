"""Live latency: from a move sent to both players' screens updated, against a real Daphne.

For 1, 50 and 200 simultaneous matches, scripted WebSocket clients (two per match) play
Strength attacks or skips with a think time of 0.5-1.5 s, so 200 matches make about 200 moves
a second. Each sample is the time from sending a move to the later of the two players
receiving the board for the new ply. The same harness then runs against a bare echo consumer
(group_send to the pair, no database, no templates) in the same Daphne process, and the
ratio of medians and p95s is printed. With `--before CHECKOUT` an older checkout's Daphne
plays the same size first, on the same database: the figure before a change and after it.

    .venv/bin/python bench/live_latency.py                      # embedded defaults (SQLite)
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_live \\
    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/live_latency.py
    .venv/bin/python bench/live_latency.py --sizes 1,50 --moves 8
    git worktree add /tmp/before f62154d  # then:
    .venv/bin/python bench/live_latency.py --before /tmp/before

Without DATABASE_URL it uses a fresh temporary SQLite file and the in-memory channel layer.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BOARD = re.compile(
    r'<div id="board"[^>]*?data-ply="(\d+)" data-my-turn="(\d)"\s+data-finished="(\d)"'
)
DIE = re.compile(r'data-die="([AB]-D\d+)" data-value="(\d+)" data-sides="\d+" data-side="(\w+)"')


LOG = Path(tempfile.gettempdir()) / "live_latency_daphne.log"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    if not os.environ.get("REDIS_URL"):
        call_command("createcachetable", verbosity=0)


def make_matches(count: int) -> list[tuple[int, str, str]]:
    """`count` fresh matches between new students; (match id, cookie A, cookie B)."""
    from django.test import Client

    from classrooms.models import Classroom, Student, User
    from games.services import match_create

    tag = f"{time.time_ns()}"
    room = Classroom.objects.create(name=f"Bench {tag}", code=f"B{tag[-10:]}")
    out = []
    for i in range(count):
        users = []
        for side in "ab":
            user = User(username=f"bench{tag}{i}{side}", role=User.Role.STUDENT)
            user.set_unusable_password()
            user.save()
            Student.objects.create(user=user, classroom=room, display_name=f"B{i}{side}")
            users.append(user)
        match = match_create(classroom=room, players=users, seed=i, clock_seconds=3600)
        cookies = []
        for user in users:
            client = Client()
            client.force_login(user)
            cookies.append(client.cookies["sessionid"].value)
        out.append((match.pk, cookies[0], cookies[1]))
    return out


@dataclass(frozen=True)
class Server:
    """Which code a Daphne runs: this checkout, or an older one (`--before`) for the figure
    before a change, on the same database and in the same run."""

    label: str
    root: Path
    app: str
    env: dict[str, str]


def servers(before: str | None) -> list[Server]:
    now = Server("after" if before else "this", ROOT, "bench.asgi:application", {})
    if not before:
        return [now]
    # Older checkouts routed the echo from inside the app when ARENA_BENCH_ECHO=1.
    old = Server(
        "before", Path(before).resolve(), "config.asgi:application", {"ARENA_BENCH_ECHO": "1"}
    )
    return [old, now]


def start_daphne(env: dict[str, str], server: Server) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            server.app,
        ],
        cwd=server.root,
        env={
            **os.environ,
            **env,
            **server.env,
            # As in production: no query logging, no template debugging.
            "DEBUG": "0",
            "SECURE_SSL_REDIRECT": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
        },
        stdout=subprocess.DEVNULL,
        stderr=LOG.open("a"),
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1):  # noqa: S310
                return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("daphne did not start")


class Player:
    """One scripted browser: reads every message, keeps the latest board it was sent."""

    def __init__(self, sock) -> None:
        self.sock = sock
        self.ply = -1
        self.my_turn = False
        self.finished = False
        self.dice: list[tuple[str, int, str]] = []
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for text in self.sock:
            found = BOARD.search(text)
            if found:
                self.ply = int(found.group(1))
                self.my_turn = found.group(2) == "1"
                self.finished = found.group(3) == "1"
                self.dice = [(d, int(v), s) for d, v, s in DIE.findall(text)]
                self.changed.set()

    async def wait_ply(self, ply: int) -> float:
        while self.ply < ply:
            self.changed.clear()
            await self.changed.wait()
        return time.perf_counter()

    def choose(self) -> dict:
        mine = [(v, d) for d, v, s in self.dice if s == "mine"]
        theirs = [(v, d) for d, v, s in self.dice if s == "theirs"]
        options = [(t, a, td, ad) for a, ad in mine for t, td in theirs if a > t]
        if not options:
            return {"kind": "skip"}
        _t, _a, target, attacker = max(options)
        return {"kind": "strength", "attacker": attacker, "target": target}


async def connect(base: str, path: str, cookie: str | None):
    import websockets

    headers = {"Origin": base}
    if cookie:
        headers["Cookie"] = f"sessionid={cookie}"
    return await websockets.connect(
        base.replace("http", "ws") + path,
        additional_headers=headers,
        open_timeout=60,
        max_size=2**22,
    )


async def play_pair(base, match_id, cookies, moves, samples, rng, barrier) -> None:
    a = Player(await connect(base, f"/ws/match/{match_id}/", cookies[0]))
    b = Player(await connect(base, f"/ws/match/{match_id}/", cookies[1]))
    async with asyncio.timeout(60):
        await asyncio.gather(a.wait_ply(0), b.wait_ply(0))
    await barrier.wait()  # everyone connected: the measured part starts
    for _ in range(moves):
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        if a.finished or b.finished:
            break
        mover = a if a.my_turn else b
        ply = mover.ply
        body = {**mover.choose(), "ply": str(ply), "HEADERS": {}}
        start = time.perf_counter()
        await mover.sock.send(json.dumps(body))
        try:
            async with asyncio.timeout(20):
                done = await asyncio.gather(a.wait_ply(ply + 1), b.wait_ply(ply + 1))
        except TimeoutError:
            samples.append(float("inf"))
            break
        samples.append(max(done) - start)
    for p in (a, b):
        await p.sock.close()
        p.reader.cancel()


async def echo_pair(base, room, moves, samples, rng) -> None:
    a = await connect(base, f"/ws/bench/echo/{room}/", None)
    b = await connect(base, f"/ws/bench/echo/{room}/", None)
    for n in range(moves):
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        start = time.perf_counter()
        await (a if n % 2 == 0 else b).send(json.dumps({"n": n}))
        got = await asyncio.gather(a.recv(), b.recv())
        assert all(json.loads(g)["n"] == n for g in got)
        samples.append(time.perf_counter() - start)
    await a.close()
    await b.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def summary(samples: list[float]) -> tuple[float, float, int]:
    ok = sorted(s for s in samples if s != float("inf"))
    if not ok:
        return float("nan"), float("nan"), len(samples)
    p95 = ok[min(len(ok) - 1, round(0.95 * (len(ok) - 1)))]
    return statistics.median(ok) * 1000, p95 * 1000, len(samples) - len(ok)


async def run_size(base: str, matches, moves: int, pid: int):
    rng = random.Random(1)
    moves_samples: list[float] = []
    barrier = asyncio.Barrier(len(matches) + 1)
    players = asyncio.gather(
        *(
            play_pair(
                base, mid, (ca, cb), moves, moves_samples, random.Random(rng.random()), barrier
            )
            for mid, ca, cb in matches
        )
    )
    async with asyncio.timeout(120):
        await barrier.wait()
    cpu = cpu_seconds(pid)
    await players
    cpu_per_move = (cpu_seconds(pid) - cpu) / max(1, len(moves_samples)) * 1000
    echo_samples: list[float] = []
    if os.environ.get("BENCH_NO_ECHO"):
        return moves_samples, [float("nan")], cpu_per_move
    await asyncio.gather(
        *(
            echo_pair(base, i, moves, echo_samples, random.Random(rng.random()))
            for i in range(len(matches))
        )
    )
    return moves_samples, echo_samples, cpu_per_move


def run_one(sizes: list[int], moves: int, before: str | None) -> None:
    env = {"SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-only-" + "x" * 40}
    label = (
        "PostgreSQL + Redis"
        if os.environ.get("REDIS_URL")
        else "embedded (SQLite, in-memory layer)"
    )
    if not os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    setup_django(env)
    print(f"== {label}: {moves} moves per match, think time 0.5-1.5 s")
    print(
        f"{'code':>6} {'matches':>8} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'lost':>5} | "
        f"{'echo med':>9} {'echo p95':>9} | {'ratio med':>9} {'ratio p95':>9} | "
        "server CPU/move | load 1 min"
    )
    for size in sizes:
        for server in servers(before):
            matches = make_matches(size)
            proc, base = start_daphne(env, server)
            try:
                move_s, echo_s, cpu_ms = asyncio.run(run_size(base, matches, moves, proc.pid))
            finally:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
            med, p95, lost = summary(move_s)
            emed, ep95, _ = summary(echo_s)
            print(
                f"{server.label:>6} {size:>8} {len(move_s):>6} {med:>10.1f} {p95:>8.1f} "
                f"{lost:>5} | {emed:>9.1f} {ep95:>9.1f} | {med / emed:>9.1f} "
                f"{p95 / ep95:>9.1f} | {cpu_ms:>12.1f} ms | {os.getloadavg()[0]:.2f}",
                flush=True,
            )


def main() -> None:
    # A plain SIGTERM (e.g. from `timeout`) must still stop the Daphne we started.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,50,200")
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument(
        "--before",
        metavar="CHECKOUT",
        help="also run an older checkout's Daphne first, e.g. a `git worktree` of main",
    )
    args = parser.parse_args()
    run_one([int(s) for s in args.sizes.split(",")], args.moves, args.before)


if __name__ == "__main__":
    main()
