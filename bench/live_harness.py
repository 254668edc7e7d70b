"""What the live benchmarks share: Django set-up, Daphne processes, sockets, CPU from /proc.

Not a benchmark itself: `live_latency.py` (pairs playing fast) and `classroom_load.py`
(classes of 30 at children's pace) import it.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOG = Path(tempfile.gettempdir()) / "live_bench_daphne.log"
# channels-redis (and our layer, config/channel_layer.py) log every dropped message here.
DROPPED = re.compile(r"channel layer dropped (\d+)")

BOARD = re.compile(r'<div id="board"[^>]*>')
PLY = re.compile(r'data-ply="(\d+)"')
MY_TURN = re.compile(r'data-my-turn="(\d)"')
FINISHED = re.compile(r'data-finished="(\d)"')
DIE = re.compile(r'data-die="([AB]-D\d+)" data-value="(\d+)" data-sides="\d+" data-side="(\w+)"')
# The card war's answer form (games/cardwar/_step.html): the two card values and the sign the
# level fixes (levels 1-4); and the target form, present when this seat names the target.
ANSWER_FORM = re.compile(r'<form id="answer-form[^>]*>')
FORM_DATA = re.compile(r'data-(a|b|level|fixed-op|order-op)="([^"]*)"')
TARGET_FORM = re.compile(r'<form id="target-form')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bench_env() -> dict[str, str]:
    """The environment every benchmark Daphne and the set-up share (embedded when unset)."""
    env = {"SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-only-" + "x" * 40}
    if not os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    return env


def stack_label() -> str:
    if os.environ.get("REDIS_URL"):
        return "PostgreSQL + Redis"
    return "embedded (SQLite, in-memory layer)"


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    if not os.environ.get("REDIS_URL"):
        call_command("createcachetable", verbosity=0)


def students(room, count: int, prefix: str) -> list:
    """`count` new students of `room` (users with no password), named `prefix` and a number."""
    from classrooms.models import Student, User

    out = []
    for i in range(count):
        user = User(username=f"{prefix}x{i}", role=User.Role.STUDENT)
        user.set_unusable_password()
        user.save()
        Student.objects.create(user=user, classroom=room, display_name=f"Pupil {i + 1}")
        out.append(user)
    return out


# Card-war timers out of the way of a benchmark (a slow server must not make the answer timer
# play for a child); the teacher's longest allowed (games/kinds/cardwar/options.py).
CARDWAR_TIMERS = {"answer_seconds": 300, "target_seconds": 120, "clock_minutes": 90}


def start_match(room, players, game: str, seed: int, variants: dict | None = None) -> int:
    """A match of `game` between `players` (two for Warriors, two to four for a card-war
    table), through the same service the lobby and the tables use; its id."""
    from games.services import match_create

    return match_create(
        game=game, classroom=room, players=players, seed=seed, clock_seconds=3600, variants=variants
    ).pk


def session_cookie(user) -> str:
    """A logged-in session for `user`, as the browser's `sessionid` cookie."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


@dataclass(frozen=True)
class Server:
    """Which code a Daphne runs: this checkout, or an older one (`--before`) for the figure
    before a change, on the same database and in the same run."""

    label: str
    root: Path
    app: str
    env: dict[str, str]


def servers(before: str | None) -> list[Server]:
    """This checkout's server, after an older checkout's when `before` names one."""
    now = Server("after" if before else "this", ROOT, "bench.asgi:application", {})
    if not before:
        return [now]
    root = Path(before).resolve()
    if (root / "bench" / "asgi.py").exists():
        return [Server("before", root, now.app, {}), now]
    # Checkouts before the game seam routed the echo from inside the app on ARENA_BENCH_ECHO=1.
    return [Server("before", root, "config.asgi:application", {"ARENA_BENCH_ECHO": "1"}), now]


def start_daphne(env: dict[str, str], server: Server | None = None) -> tuple[subprocess.Popen, str]:
    """One Daphne process as production runs it (DEBUG off), with the echo consumer routed."""
    server = server or servers(None)[0]
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), server.app],
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


def stop_daphne(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def log_offset() -> int:
    return LOG.stat().st_size if LOG.exists() else 0


def dropped_since(offset: int) -> int:
    """Messages the channel layer reported dropping in the Daphne log since `offset`."""
    if not LOG.exists():
        return 0
    with LOG.open("rb") as handle:
        handle.seek(offset)
        text = handle.read().decode(errors="replace")
    return sum(int(n) for n in DROPPED.findall(text))


# Handshakes in flight at once: a burst of hundreds overflows the server's listen backlog
# (connections reset before any HTTP answer), which real classes, logging in over a minute,
# never do.
_handshakes: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}


async def connect(base: str, path: str, cookie: str | None, tries: int = 10):
    import websockets

    headers = {"Origin": base}
    if cookie:
        headers["Cookie"] = f"sessionid={cookie}"
    for attempt in range(tries):
        try:
            loop = asyncio.get_running_loop()
            async with _handshakes.setdefault(loop, asyncio.Semaphore(16)):
                return await websockets.connect(
                    base.replace("http", "ws") + path,
                    additional_headers=headers,
                    open_timeout=120,
                    max_size=2**22,
                    ping_interval=None,  # a busy server must not look dead to the benchmark
                )
        except (OSError, websockets.InvalidMessage):
            if attempt == tries - 1:
                raise
            await asyncio.sleep(min(5.0, 0.5 * 2**attempt))
    raise AssertionError("unreachable")


class Player:
    """One scripted browser on a match: reads every message, keeps the latest board it was sent.

    Like static/js/live.js it can ask "still this ply?" (`sync`) when it heard nothing. With no
    socket it reads only what it is handed (`see`), as the harness's test does."""

    def __init__(self, sock=None) -> None:
        self.sock = sock
        self.ply = -1
        self.my_turn = False
        self.finished = False
        self.board = ""
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self.read()) if sock is not None else None

    def see(self, text: str) -> None:
        """One message from the server: a board, or something else that changes nothing here."""
        tag = BOARD.search(text)
        if tag:
            attrs = tag.group(0)
            self.ply = int(PLY.search(attrs).group(1))
            self.my_turn = MY_TURN.search(attrs).group(1) == "1"
            self.finished = FINISHED.search(attrs).group(1) == "1"
            self.board = text
            self.changed.set()

    async def read(self) -> None:
        try:
            async for text in self.sock:
                self.see(text)
        except Exception:  # a closed socket: the waiters time out and count it
            return

    async def wait_ply(self, ply: int) -> float:
        while self.ply < ply:
            self.changed.clear()
            await self.changed.wait()
        return time.perf_counter()

    def choose(self) -> dict:
        raise NotImplementedError

    def frame(self) -> str:
        return json.dumps({**self.choose(), "ply": str(self.ply), "HEADERS": {}})

    async def sync(self) -> None:
        await self.sock.send(json.dumps({"kind": "sync", "ply": str(self.ply), "HEADERS": {}}))

    async def close(self) -> None:
        await self.sock.close()
        self.reader.cancel()


class WarriorsPlayer(Player):
    """Maths Warriors: the strongest Strength attack that captures, or a skip."""

    def choose(self) -> dict:
        dice = [(d, int(v), s) for d, v, s in DIE.findall(self.board)]
        mine = [(v, d) for d, v, s in dice if s == "mine"]
        theirs = [(v, d) for d, v, s in dice if s == "theirs"]
        options = [(t, a, td, ad) for a, ad in mine for t, td in theirs if a > t]
        if not options:
            return {"kind": "skip"}
        _t, _a, target, attacker = max(options)
        return {"kind": "strength", "attacker": attacker, "target": target}


class CardWarPlayer(Player):
    """Card war: a child who is right, with the sign the level fixes (levels 1-4) or `+`
    (levels 5-7), cards in the order dealt; or a target of 5 when it is this seat's to name.
    The frame is what static/js/cardwar.js sends from the form."""

    def choose(self) -> dict:
        from games.rules.expressions import evaluate

        form = ANSWER_FORM.search(self.board)
        if form is None:
            if TARGET_FORM.search(self.board) is None:
                raise RuntimeError("card war: neither an answer nor a target is asked for")
            return {"kind": "target", "value": "5"}
        data = dict(FORM_DATA.findall(form.group(0)))
        sign = data.get("fixed-op") or data.get("order-op") or "+"
        text = f"{data['a']} {sign} {data['b']}"
        value = evaluate(text, powers=int(data["level"]) >= 6)
        answer = str(value.numerator) if value.denominator == 1 else f"{value}"
        return {"kind": "answer", "expression": text, "answer": answer}


PLAYERS = {"warriors": WarriorsPlayer, "cardwar": CardWarPlayer}


async def seat(base, match_id: int, cookies, game: str) -> list[Player]:
    """Every seat's screen on a match, once each has shown its first board; `base()` is the
    server a socket connects to (one Daphne, or spread over several as nginx would)."""
    players = []
    for cookie in cookies:
        sock = await connect(base(), f"/ws/match/{match_id}/", cookie)
        players.append(PLAYERS[game](sock))
    async with asyncio.timeout(120):
        await asyncio.gather(*(p.wait_ply(0) for p in players))
    return players


async def all_see(players: list[Player], ply: int, within: float) -> float:
    """When the last of the screens showed `ply` (TimeoutError after `within` seconds)."""
    async with asyncio.timeout(within):
        return max(await asyncio.gather(*(p.wait_ply(ply) for p in players)))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc); 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pids_named(name: str) -> list[int]:
    """Processes of this machine whose command is `name` (PostgreSQL's, Redis's)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _backends() -> list[int]:
    from django.db import connection

    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        )
        return [row[0] for row in cursor.fetchall()]


def database_backends() -> list[int]:
    """PostgreSQL backend processes serving this benchmark's database (empty on SQLite).

    In a thread of its own: the measuring code runs on the benchmark's event loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_backends).result()


@dataclass
class CpuMeter:
    """CPU seconds of the servers, PostgreSQL (this database's backends, and all of it) and
    Redis between `start` and `stop`. PostgreSQL and Redis are shared with anything else
    running on the machine: only the backends' figure is ours alone."""

    servers: list[int]
    marks: dict[str, float] = field(default_factory=dict)

    def _read(self) -> dict[str, float]:
        backends = database_backends()
        self._backends = set(backends) | getattr(self, "_backends", set())
        return {
            "server": sum(cpu_seconds(p) for p in self.servers),
            "pg_ours": sum(cpu_seconds(p) for p in self._backends),
            "pg_all": sum(cpu_seconds(p) for p in pids_named("postgres")),
            "redis": sum(cpu_seconds(p) for p in pids_named("redis-server")),
        }

    def start(self) -> None:
        self.marks = self._read()
        self.wall = time.perf_counter()

    def stop(self) -> dict[str, float]:
        # Backends that appeared during the run started from zero; the ones that ended are lost
        # (the pool keeps its connections, so there are few of either).
        end = self._read()
        out = {k: end[k] - self.marks.get(k, 0.0) for k in end}
        out["wall"] = time.perf_counter() - self.wall
        return out


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    """p50, p95, p99 in milliseconds of the finite samples (NaN when there are none)."""
    ok = sorted(s for s in samples if s != float("inf"))
    if not ok:
        return float("nan"), float("nan"), float("nan")

    def at(q: float) -> float:
        return ok[min(len(ok) - 1, round(q * (len(ok) - 1)))] * 1000

    return statistics.median(ok) * 1000, at(0.95), at(0.99)


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


async def echo_group(base: str, room: int, ready, keep_going, think, samples, sockets=2) -> None:
    """`sockets` sockets in one group of the bare echo consumer (two for a pair, as many as a
    table's seats) taking turns to send while `keep_going(n)` says so, once every group has
    connected (`ready`, a barrier); a sample is the time until every socket has the message."""
    socks = [await connect(base, f"/ws/bench/echo/{room}/", None) for _ in range(sockets)]
    await ready.wait()
    n = 0
    while True:
        await asyncio.sleep(think())
        if not keep_going(n):
            break
        start = time.perf_counter()
        await socks[n % sockets].send(json.dumps({"n": n}))
        try:
            async with asyncio.timeout(20):
                got = await asyncio.gather(*(s.recv() for s in socks))
        except TimeoutError:
            samples.append(float("inf"))
            break
        assert all(json.loads(g)["n"] == n for g in got)
        samples.append(time.perf_counter() - start)
        n += 1
    for sock in socks:
        await sock.close()
