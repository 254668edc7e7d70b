"""Live latency: from a move sent to both players' screens updated, against a real Daphne.

For 1, 50 and 200 simultaneous matches, scripted WebSocket clients (two per match) play
Strength attacks or skips with a think time of 0.5-1.5 s, so 200 matches make about 200 moves
a second. Each sample is the time from sending a move to the later of the two players
receiving the board for the new ply; a move that has not reached both within 20 s is lost.
The same harness then runs against a bare echo consumer (group_send to the pair, no database,
no templates) in the same Daphne process, and the ratios of p50s and p95s, and of the
server's CPU per move to its CPU per echo message, are printed. CPU is read from /proc: the
Daphne process, this database's PostgreSQL backends, and Redis (shared with the machine).
With `--before CHECKOUT` an older checkout's Daphne plays the same size first, on the same
database: the figure before a change and after it.

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
import os
import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_harness as h


def make_matches(count: int) -> list[tuple[int, str, str]]:
    """`count` fresh matches between new students; (match id, cookie A, cookie B)."""
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
        out.append((match.pk, h.session_cookie(users[0]), h.session_cookie(users[1])))
    return out


async def play_pair(base, match_id, cookies, moves, samples, rng, barrier) -> None:
    a, b = [h.WarriorsPlayer(await h.connect(base, f"/ws/match/{match_id}/", c)) for c in cookies]
    async with asyncio.timeout(60):
        await asyncio.gather(a.wait_ply(0), b.wait_ply(0))
    await barrier.wait()  # everyone connected: the measured part starts
    for _ in range(moves):
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        if a.finished or b.finished:
            break
        mover = a if a.my_turn else b
        ply = mover.ply
        start = time.perf_counter()
        await mover.sock.send(mover.frame())
        try:
            async with asyncio.timeout(20):
                done = await asyncio.gather(a.wait_ply(ply + 1), b.wait_ply(ply + 1))
        except TimeoutError:
            samples.append(float("inf"))
            break
        samples.append(max(done) - start)
    await asyncio.gather(a.close(), b.close())


def pace(seed: float):
    """A think time of 0.5-1.5 s, from its own random source."""
    source = random.Random(seed)
    return lambda: source.uniform(0.5, 1.5)


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
    meter = h.CpuMeter([pid])
    meter.start()
    await players
    cpu = meter.stop()
    echo_samples: list[float] = []
    if os.environ.get("BENCH_NO_ECHO"):
        return moves_samples, [float("nan")], cpu, {"server": float("nan")}
    ready = asyncio.Barrier(len(matches) + 1)
    pairs = asyncio.gather(
        *(
            h.echo_pair(base, i, ready, lambda n: n < moves, pace(rng.random()), echo_samples)
            for i in range(len(matches))
        )
    )
    async with asyncio.timeout(120):
        await ready.wait()
    echo_meter = h.CpuMeter([pid])
    echo_meter.start()
    await pairs
    return moves_samples, echo_samples, cpu, echo_meter.stop()


def run_one(sizes: list[int], moves: int, before: str | None) -> None:
    env = h.bench_env()
    h.setup_django(env)
    print(f"== {h.stack_label()}: {moves} moves per match, think 0.5-1.5 s; {h.load_average()}")
    print(
        f"{'code':>6} {'matches':>7} {'moves':>6} {'mv/s':>6} {'p50':>7} {'p95':>7} {'p99':>7} "
        f"{'lost':>4} {'drop':>4} | {'echo50':>6} {'echo95':>6} {'echo99':>6} | "
        f"{'x p50':>5} {'x p95':>5} | "
        f"{'cpu/mv':>6} {'echo/msg':>8} {'x cpu':>5} | {'pg/mv':>5} {'redis/mv':>8}  (ms)"
    )
    for size in sizes:
        for server in h.servers(before):
            matches = make_matches(size)
            offset = h.log_offset()
            proc, base = h.start_daphne(env, server)
            try:
                move_s, echo_s, cpu, ecpu = asyncio.run(run_size(base, matches, moves, proc.pid))
            finally:
                h.stop_daphne(proc)
            report(server.label, size, move_s, echo_s, cpu, ecpu, h.dropped_since(offset))


def report(label: str, size: int, move_s, echo_s, cpu, ecpu, dropped: int) -> None:
    n = max(1, len(move_s))
    p50, p95, p99 = h.percentiles(move_s)
    e50, e95, e99 = h.percentiles(echo_s)
    lost = sum(1 for s in move_s if s == float("inf"))
    move_cpu = cpu["server"] / n * 1000
    echo_cpu = ecpu["server"] / max(1, len(echo_s)) * 1000
    print(
        f"{label:>6} {size:>7} {n:>6} {n / cpu['wall']:>6.1f} {p50:>7.1f} {p95:>7.1f} "
        f"{p99:>7.1f} {lost:>4} {dropped:>4} | {e50:>6.1f} {e95:>6.1f} {e99:>6.1f} | "
        f"{p50 / e50:>5.1f} {p95 / e95:>5.1f} | {move_cpu:>6.2f} {echo_cpu:>8.2f} "
        f"{move_cpu / echo_cpu:>5.1f} | {cpu['pg_ours'] / n * 1000:>5.2f} "
        f"{cpu['redis'] / n * 1000:>8.2f}  {h.load_average()}",
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
