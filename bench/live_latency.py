"""Live latency: from a move sent to every seat's screen updated, against a real Daphne.

For 1, 50 and 200 simultaneous matches of each game (`--games`, default all three):

- `warriors`: Maths Warriors pairs, each move a Strength attack or a skip;
- `cardwar2`, `cardwar4`: card-war tables of two and of four students (a "match" is a table),
  at level 3 (division: the order of the two cards, answers often fractions), or at each of
  `--levels` (`--levels 3,7` adds the top level: a target each round, squares and roots). A
  move is one player's submission: an answer (the right result of the cards in the order dealt)
  or, from level 5 on, the target when it is that seat's to name. Any seat still owing an
  answer may be the one to move. The timers are set out of the way (300 s to answer).

Every match, pair or table alike, makes one move after a think time of 0.5-1.5 s and waits for
it to reach every seat, so N matches make about N moves a second whatever the game: the card
war's extra cost shows as the fan-out to four screens, not as a faster pace. Each sample is the
time from sending a move to the last seat's screen receiving the board for the next ply; a
move that has not reached every seat within 20 s is lost. The same harness then runs against a
bare echo consumer (group_send to a group of as many sockets as the match has seats, no
database, no templates) in the same Daphne process at the same pace, and the ratios of p50s
and p95s, and of the server's CPU per move to its CPU per echo message, are printed. CPU is read
from /proc: the Daphne process, this database's PostgreSQL backends, and Redis (shared with
the machine). With `--before CHECKOUT` an older checkout's Daphne plays the same size and game
first, on the same database: the figure before a change and after it.

    .venv/bin/python bench/live_latency.py                      # embedded defaults (SQLite)
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_live \\
    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/live_latency.py
    .venv/bin/python bench/live_latency.py --sizes 1,50 --moves 8 --games warriors,cardwar4
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
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_harness as h


@dataclass(frozen=True)
class Game:
    """What one row plays: Maths Warriors pairs, or card-war tables of `seats` at `level`."""

    name: str  # the kind (Match.game)
    seats: int = 2
    level: int | None = None

    @property
    def label(self) -> str:
        return self.name if self.name == "warriors" else f"{self.name}-{self.seats}"

    @property
    def variants(self) -> dict | None:
        return None if self.level is None else {"level": self.level, **h.CARDWAR_TIMERS}


def games_of(names: str, levels: str) -> list[Game]:
    """`warriors,cardwar2,cardwar4` and `3,7` as the games to play, in that order."""
    out = []
    for name in names.split(","):
        if name == "warriors":
            out.append(Game("warriors"))
        elif name.removeprefix("cardwar") in ("2", "3", "4"):
            seats = int(name.removeprefix("cardwar"))
            out += [Game("cardwar", seats, int(level)) for level in levels.split(",")]
        else:
            raise SystemExit(f"unknown game {name!r}: warriors, cardwar2, cardwar3 or cardwar4")
    return out


def make_matches(count: int, game: Game) -> list[tuple[int, list[str]]]:
    """`count` fresh matches of `game` between new students; (match id, a cookie per seat)."""
    from classrooms.models import Classroom

    tag = f"{time.time_ns()}"
    room = Classroom.objects.create(name=f"Bench {tag}", code=f"B{tag[-10:]}")
    out = []
    for i in range(count):
        users = h.students(room, game.seats, f"bench{tag}{i}")
        match = h.start_match(room, users, game.name, seed=i, variants=game.variants)
        out.append((match, [h.session_cookie(u) for u in users]))
    return out


async def play_match(base, match_id, cookies, game, moves, samples, rng, barrier) -> None:
    """One match's seats: `moves` times, think, then one seat the game awaits moves and every
    screen is waited for."""
    players = await h.seat(lambda: base, match_id, cookies, game.name)
    await barrier.wait()  # everyone connected: the measured part starts
    for _ in range(moves):
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        movers = [p for p in players if p.my_turn]
        if not movers or any(p.finished for p in players):
            break
        mover = rng.choice(movers)
        ply = mover.ply
        start = time.perf_counter()
        await mover.sock.send(mover.frame())
        try:
            samples.append(await h.all_see(players, ply + 1, 20) - start)
        except TimeoutError:
            samples.append(float("inf"))
            break
    await asyncio.gather(*(p.close() for p in players))


def pace(seed: float):
    """A think time of 0.5-1.5 s, from its own random source."""
    source = random.Random(seed)
    return lambda: source.uniform(0.5, 1.5)


async def run_size(base: str, matches, game: Game, moves: int, pid: int):
    rng = random.Random(1)
    moves_samples: list[float] = []
    barrier = asyncio.Barrier(len(matches) + 1)
    players = asyncio.gather(
        *(
            play_match(
                base, mid, cookies, game, moves, moves_samples, random.Random(rng.random()), barrier
            )
            for mid, cookies in matches
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
    groups = asyncio.gather(
        *(
            h.echo_group(
                base, i, ready, lambda n: n < moves, pace(rng.random()), echo_samples, game.seats
            )
            for i in range(len(matches))
        )
    )
    async with asyncio.timeout(120):
        await ready.wait()
    echo_meter = h.CpuMeter([pid])
    echo_meter.start()
    await groups
    return moves_samples, echo_samples, cpu, echo_meter.stop()


def run_one(sizes: list[int], games: list[Game], moves: int, before: str | None) -> None:
    env = h.bench_env()
    h.setup_django(env)
    print(
        f"== {h.stack_label()}: {moves} moves per match (a card-war match is a table), "
        f"think 0.5-1.5 s; {h.load_average()}"
    )
    print(
        f"{'code':>6} {'game':<9} {'lvl':>3} {'matches':>7} {'moves':>6} {'mv/s':>6} "
        f"{'p50':>7} {'p95':>7} {'p99':>7} {'lost':>4} {'drop':>4} | "
        f"{'echo50':>6} {'echo95':>6} {'echo99':>6} | {'x p50':>5} {'x p95':>5} | "
        f"{'cpu/mv':>6} {'echo/msg':>8} {'x cpu':>5} | {'pg/mv':>5} {'redis/mv':>8}  (ms)"
    )
    for size in sizes:
        for game in games:
            for server in h.servers(before):
                matches = make_matches(size, game)
                offset = h.log_offset()
                proc, base = h.start_daphne(env, server)
                try:
                    out = asyncio.run(run_size(base, matches, game, moves, proc.pid))
                finally:
                    h.stop_daphne(proc)
                report(
                    f"{server.label:>6} {game.label:<9} {game.level or '-':>3}",
                    size,
                    *out,
                    h.dropped_since(offset),
                )


def report(label: str, size: int, move_s, echo_s, cpu, ecpu, dropped: int) -> None:
    """One row: `label` (the code, the game and its level) and the figures of one run."""
    n = max(1, len(move_s))
    p50, p95, p99 = h.percentiles(move_s)
    e50, e95, e99 = h.percentiles(echo_s)
    lost = sum(1 for s in move_s if s == float("inf"))
    move_cpu = cpu["server"] / n * 1000
    echo_cpu = ecpu["server"] / max(1, len(echo_s)) * 1000
    print(
        f"{label} {size:>7} {n:>6} {n / cpu['wall']:>6.1f} {p50:>7.1f} {p95:>7.1f} "
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
    parser.add_argument(
        "--games",
        default="warriors,cardwar2,cardwar4",
        help="what to play, one row each: warriors, cardwar2, cardwar3, cardwar4 (seats)",
    )
    parser.add_argument("--levels", default="3", help="the card-war level(s), e.g. 3,7")
    args = parser.parse_args()
    games = games_of(args.games, args.levels)
    run_one([int(s) for s in args.sizes.split(",")], games, args.moves, args.before)


if __name__ == "__main__":
    main()
