"""Classroom load: N classes of 30 students playing at children's pace, against real Daphnes.

Each class has 15 matches between its 30 students (`--games`: Maths Warriors and card war
taking turns), each move (a card-war answer or target) made after a
think time of 3-15 s (`--think`), the teacher's live page polling the class's matches every
3 s as the browser does, and one student's lobby open in a second tab. A pair whose match ends
starts another. Measured over `--seconds`:

- moves/s, and p50/p95/p99 from a move sent to both players' screens showing its ply;
- lost updates: a move that did not reach both screens within 10 s; the screens then ask
  "still this ply?" as static/js/live.js does after a silence ("fixed" when that brought the
  move), and reload the page if even that fails;
- the teacher's poll (p50/p95), and messages the channel layer reported dropping;
- CPU per move of the Daphne processes, of PostgreSQL (this database's backends; and all of
  PostgreSQL, shared with the machine) and of Redis (shared), from /proc, with the wall clock
  and the load average.

Then as many pairs on the bare echo consumer in the same Daphnes at the same pace, for the
ratios. With several `--processes`, sockets are spread over them (as nginx would).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_live REDIS_URL=redis://127.0.0.1:6379/5 \\
      .venv/bin/python bench/classroom_load.py --classes 1,4,8 --processes 1,2
    .venv/bin/python bench/classroom_load.py --classes 1 --seconds 20    # embedded, a smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_harness as h

STUDENTS = 30
POLL_SECONDS = 3.0
LOST_AFTER = 10.0
TARGET_P95_MS = 100.0


@dataclass
class Pair:
    classroom_id: int
    users: tuple[int, int]
    cookies: tuple[str, str]
    match_id: int
    game: str


@dataclass
class Klass:
    classroom_id: int
    teacher_cookie: str
    lobby_cookie: str
    pairs: list[Pair]


def make_classes(count: int, seed: int, games: list[str]) -> list[Klass]:
    """`count` classes of 30 new students and their teacher, each with 15 matches started, the
    games taking turns."""
    from classrooms.models import Classroom, User

    tag = f"{time.time_ns()}"
    out = []
    for c in range(count):
        room = Classroom.objects.create(name=f"Load {tag} {c}", code=f"L{tag[-8:]}{c:03d}")
        teacher = User.objects.create(username=f"t{tag}{c}", role=User.Role.TEACHER)
        room.teachers.add(teacher)
        users = h.students(room, STUDENTS, f"s{tag}{c}")
        cookies = [h.session_cookie(u) for u in users]
        pairs = []
        for i in range(0, STUDENTS, 2):
            two, game = users[i : i + 2], games[(i // 2) % len(games)]
            match = h.start_match(room, two, game, seed + c * 100 + i)
            pair = Pair(room.pk, (two[0].pk, two[1].pk), (cookies[i], cookies[i + 1]), match, game)
            pairs.append(pair)
        out.append(Klass(room.pk, h.session_cookie(teacher), cookies[0], pairs))
    return out


def rematch(pair: Pair, seed: int) -> int:
    """The pair's next match, once the last one is over (as the teacher pairs them again)."""
    from classrooms.models import Classroom, User

    users = list(User.objects.filter(pk__in=pair.users).order_by("pk"))
    return h.start_match(Classroom.objects.get(pk=pair.classroom_id), users, pair.game, seed)


@dataclass
class Results:
    moves: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    lost: int = 0
    repaired: int = 0
    games: int = 0
    polls: list[float] = field(default_factory=list)
    poll_errors: int = 0
    lobby_messages: int = 0


class Run:
    """One measured run: the classes on `bases` (one Daphne each) until `until`."""

    def __init__(self, bases: list[str], think: tuple[float, float], until: float, seed: int):
        self.bases = bases
        self.think = think
        self.until = until
        self.rng = random.Random(seed)
        self.results = Results()
        self.sockets = 0

    def base(self) -> str:
        self.sockets += 1
        return self.bases[self.sockets % len(self.bases)]

    def pause(self) -> float:
        return self.rng.uniform(*self.think)

    async def seat(self, pair: Pair) -> list[h.Player]:
        return await h.seat(self.base, pair.match_id, pair.cookies, pair.game)

    async def play(self, pair: Pair, ready: asyncio.Barrier, start: asyncio.Event) -> None:
        try:
            players = await self.seat(pair)
        except BaseException:
            await ready.abort()  # fail the run now, not after the barrier's timeout
            raise
        await ready.wait()
        await start.wait()
        while True:
            await asyncio.sleep(self.pause())
            if time.perf_counter() >= self.until:
                break
            a, b = players
            if a.finished or b.finished:
                self.results.games += 1
                await asyncio.gather(a.close(), b.close())
                pair.match_id = await asyncio.to_thread(rematch, pair, self.rng.randrange(2**31))
                players = await self.seat(pair)
                continue
            movers = [p for p in players if p.my_turn]
            if not movers:  # nobody is awaited just now (a round being revealed)
                continue
            mover = movers[0]
            ply = mover.ply
            sent = time.perf_counter()
            await mover.sock.send(mover.frame())
            samples = self.results.moves[pair.game]
            try:
                samples.append(await self.both_see(players, ply + 1) - sent)
                continue
            except TimeoutError:
                self.results.lost += 1  # a screen that never showed the move in time
                samples.append(float("inf"))
            # As static/js/live.js does after a silence: "still this ply?"; the child reloads
            # the page only if that does not bring the board back either.
            await asyncio.gather(*(p.sync() for p in players))
            try:
                await self.both_see(players, ply + 1)
                self.results.repaired += 1
            except TimeoutError:
                await asyncio.gather(*(p.close() for p in players))
                players = await self.seat(pair)
        await asyncio.gather(*(p.close() for p in players))

    @staticmethod
    async def both_see(players: list[h.Player], ply: int) -> float:
        """When the later of the screens showed `ply` (TimeoutError after LOST_AFTER)."""
        return await h.all_see(players, ply, LOST_AFTER)

    async def teacher(self, klass: Klass, start: asyncio.Event) -> None:
        """The live page's poll: GET the class's matches every 3 s, as htmx does."""
        await start.wait()
        await asyncio.sleep(self.rng.uniform(0, POLL_SECONDS))
        base = self.base()
        host, port = base.removeprefix("http://").split(":")
        request = (
            f"GET /play/class/{klass.classroom_id}/matches/ HTTP/1.1\r\nHost: {host}:{port}\r\n"
            f"Cookie: sessionid={klass.teacher_cookie}\r\nHX-Request: true\r\n"
            "Connection: close\r\n\r\n"
        ).encode()
        while time.perf_counter() < self.until:
            sent = time.perf_counter()
            try:
                reader, writer = await asyncio.open_connection(host, int(port))
                writer.write(request)
                body = await reader.read()
                writer.close()
                ok = body.startswith(b"HTTP/1.1 200")
            except OSError:
                ok = False
            if ok:
                self.results.polls.append(time.perf_counter() - sent)
            else:
                self.results.poll_errors += 1
            await asyncio.sleep(max(0.0, POLL_SECONDS - (time.perf_counter() - sent)))

    async def lobby(self, klass: Klass, ready: asyncio.Barrier, start: asyncio.Event) -> None:
        sock = await h.connect(self.base(), "/ws/lobby/", klass.lobby_cookie)
        await ready.wait()
        await start.wait()
        try:
            while time.perf_counter() < self.until:
                try:
                    async with asyncio.timeout(max(0.1, self.until - time.perf_counter())):
                        await sock.recv()
                    self.results.lobby_messages += 1
                except TimeoutError:
                    break
        finally:
            await sock.close()


async def measure(bases, pids, classes: list[Klass], args) -> dict:
    pairs = [p for k in classes for p in k.pairs]
    ready = asyncio.Barrier(len(pairs) + len(classes) + 1)
    start = asyncio.Event()
    run = Run(bases, args.think, until=float("inf"), seed=args.seed)
    tasks = [asyncio.create_task(run.play(p, ready, start)) for p in pairs]
    tasks += [asyncio.create_task(run.lobby(k, ready, start)) for k in classes]
    tasks += [asyncio.create_task(run.teacher(k, start)) for k in classes]
    async with asyncio.timeout(600):
        await ready.wait()  # every socket connected and shown its board
    # What the servers burn with every socket open and nobody moving (timers, the sweeper,
    # Redis polling), so per-move figures can be read above it.
    idle = h.CpuMeter(pids)
    idle.start()
    await asyncio.sleep(args.idle_seconds)
    idle_cpu = idle.stop()
    meter = h.CpuMeter(pids)
    offset = h.log_offset()
    meter.start()
    run.until = time.perf_counter() + args.seconds
    start.set()
    await asyncio.gather(*tasks)
    cpu = meter.stop()
    res = run.results

    # The echo: as many pairs, the same pace, the same Daphnes.
    echo: list[float] = []
    ready = asyncio.Barrier(len(pairs) + 1)
    until = float("inf")

    def keep_going(_n: int) -> bool:
        return time.perf_counter() < until

    echoes = asyncio.gather(
        *(
            h.echo_group(bases[i % len(bases)], i, ready, keep_going, run.pause, echo)
            for i in range(len(pairs))
        )
    )
    async with asyncio.timeout(600):
        await ready.wait()
    echo_meter = h.CpuMeter(pids)
    echo_meter.start()
    until = time.perf_counter() + args.echo_seconds
    await echoes
    echo_cpu = echo_meter.stop()
    return {
        "res": res,
        "cpu": cpu,
        "idle": idle_cpu["server"] / idle_cpu["wall"],
        "echo": echo,
        "echo_cpu": echo_cpu,
        "dropped": h.dropped_since(offset),
    }


HEADER = (
    "  code procs classes game       moves moves/s    p50     p95     p99  lost fixed drop | "
    "poll50 poll95 perr | cpu/mv  pg/mv pgall/mv redis/mv | echo50 echo95 echo99 ecpu/msg | "
    "p95x  cpux | idle/s games"
)


def report(
    label: str, classes: int, processes: int, out: dict, seconds: float
) -> tuple[float, int]:
    """One line for all moves (with the CPU figures), then one per game; (p95, lost)."""
    res, cpu, echo, ecpu = out["res"], out["cpu"], out["echo"], out["echo_cpu"]
    every = [x for samples in res.moves.values() for x in samples]
    n = max(1, len(every))
    e50, e95, e99 = h.percentiles(echo)
    t50, t95, _ = h.percentiles(res.polls)
    echo_cpu = ecpu["server"] / max(1, len(echo)) * 1000
    move_cpu = cpu["server"] / n * 1000
    idle_ms = out["idle"] * 1000  # server CPU ms per second with nobody moving
    per = (cpu["pg_ours"] / n * 1000, cpu["pg_all"] / n * 1000, cpu["redis"] / n * 1000)
    rows = [("all", every), *(sorted(res.moves.items()) if len(res.moves) > 1 else [])]
    for game, samples in rows:
        p50, p95, p99 = h.percentiles(samples)
        lost = sum(1 for x in samples if x == float("inf"))
        line = (
            f"{label:>6} {processes:>5} {classes:>7} {game:<9} {len(samples):>6} "
            f"{len(samples) / seconds:>7.1f} {p50:>7.1f} {p95:>7.1f} {p99:>7.1f} {lost:>5}"
        )
        if game == "all":
            line += (
                f" {res.repaired:>5} {out['dropped']:>4} | {t50:>6.1f} {t95:>6.1f} "
                f"{res.poll_errors:>4} | {move_cpu:>6.2f} {per[0]:>6.2f} {per[1]:>8.2f} "
                f"{per[2]:>8.2f} | {e50:>6.1f} {e95:>6.1f} {e99:>6.1f} {echo_cpu:>8.2f} | "
                f"{p95 / e95:>5.1f} {move_cpu / echo_cpu:>5.1f} | {idle_ms:>6.1f} {res.games:>5}"
            )
        print(line, flush=True)
    return h.percentiles(every)[1], res.lost


def main() -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", default="1,4,8", help="class counts, one run each")
    parser.add_argument("--processes", default="1", help="Daphne process counts, e.g. 1,2,3")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time per run")
    parser.add_argument("--echo-seconds", type=float, default=30.0)
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument("--think", default="3,15", help="think time range in seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--games", default="warriors,cardwar", help="the games a class plays, taking turns"
    )
    parser.add_argument(
        "--before",
        metavar="CHECKOUT",
        help="also run an older checkout's Daphnes first at each size, on the same database",
    )
    args = parser.parse_args()
    low, high = (float(x) for x in args.think.split(","))
    args.think = (low, high)
    env = h.bench_env()
    h.setup_django(env)
    print(
        f"== {h.stack_label()}: classes of {STUDENTS}, think {low:g}-{high:g} s, "
        f"{args.seconds:g} s per run; {h.load_average()}"
    )
    print(HEADER + "   (ms; CPU ms per move)")
    for processes in (int(x) for x in args.processes.split(",")):
        best: dict[str, int | None] = {}
        for count in (int(x) for x in args.classes.split(",")):
            for server in h.servers(args.before):
                classes = make_classes(count, args.seed, args.games.split(","))
                daphnes = [h.start_daphne(env, server) for _ in range(processes)]
                try:
                    out = asyncio.run(
                        measure([b for _, b in daphnes], [p.pid for p, _ in daphnes], classes, args)
                    )
                finally:
                    for proc, _ in daphnes:
                        h.stop_daphne(proc)
                p95, lost = report(server.label, count, processes, out, args.seconds)
                best.setdefault(server.label, None)
                if p95 <= TARGET_P95_MS and lost == 0:
                    best[server.label] = count
        for label, most in best.items():
            print(
                f"   {label}: {processes} process(es): most classes with p95 <= "
                f"{TARGET_P95_MS:g} ms and nothing lost: "
                f"{most if most is not None else 'none of those tried'}; {h.load_average()}",
                flush=True,
            )


if __name__ == "__main__":
    main()
