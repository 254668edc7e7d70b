"""Kill races: SIGKILL the mover's Daphne right after a move; do the other screens hear of it?

Two Daphne processes share PostgreSQL and Redis, as in production behind nginx. Each race is a
new Maths Warriors match: the player to move has their socket on process A, the other player
and their teacher on process B. The move is sent, and 0-60 ms later (`--window`) process A is
killed with SIGKILL (no clean-up: a crash, an OOM kill, a deploy's hard stop). Whatever A
committed must reach both screens on B: a screen's staleness is the time from the send to its
board showing the move (at least the time since the commit), and a screen is stale when that is
over 2 s. Whether A committed is read as the other screens would: a fresh socket on B, which
renders from the database. A is then started again for the next race.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_kill \\
    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/kill_race.py --races 100

Before the outbox (games/services/outbox.py) the news of a move was sent only by the process
that committed it: 16 of 30 committed moves in 60 races reached no other screen until the
page's own 30-second sync (which these scripted screens never send).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_harness as h

STALE_AFTER = 2.0  # seconds: a screen later than this is stale


@dataclass
class Race:
    """One race: did A commit the move, and when did each screen on B show it (seconds after
    the send; None: not within the patience)."""

    committed: bool
    seen_after: list[float | None] = field(default_factory=list)

    @property
    def stale(self) -> int:
        if not self.committed:
            return 0
        return sum(1 for s in self.seen_after if s is None or s > STALE_AFTER)


async def _seen(player: h.Player, ply: int, sent: float, within: float) -> float | None:
    try:
        async with asyncio.timeout(within):
            return await player.wait_ply(ply) - sent
    except TimeoutError:
        return None


async def _board_ply(base: str, path: str, cookie: str) -> int:
    """The ply the database holds, as a freshly opened socket on `base` shows it."""
    reader = h.Player(await h.connect(base, path, cookie))
    try:
        await h.all_see([reader], 0, within=30)
        return reader.ply
    finally:
        await reader.close()


async def race(
    *,
    mover_base: str,
    watcher_base: str,
    match_id: int,
    mover_cookie: str,
    watcher_cookies: list[str],
    kill: Callable[[], None],
    delay: float,
    patience: float = 10.0,
    move: Callable[[h.WarriorsPlayer], object] | None = None,
) -> Race:
    """Send the mover's move on `mover_base`, `kill()` its server `delay` seconds later, and
    time the watchers' screens on `watcher_base`.

    `move` replaces the socket move (a coroutine function given the mover's screen), for a
    race whose commit happens elsewhere.
    """
    path = f"/ws/match/{match_id}/"
    mover = h.WarriorsPlayer(await h.connect(mover_base, path, mover_cookie))
    watchers = [h.Player(await h.connect(watcher_base, path, c)) for c in watcher_cookies]
    try:
        await h.all_see([mover, *watchers], 0, within=60)
        if not mover.my_turn:
            raise RuntimeError("the mover's screen does not say it is their turn")
        ply = mover.ply
        sent = time.perf_counter()
        if move is None:
            await mover.sock.send(mover.frame())
        else:
            await move(mover)
        await asyncio.sleep(delay)
        kill()
        first = await asyncio.gather(*(_seen(w, ply + 1, sent, STALE_AFTER) for w in watchers))
        if all(s is not None for s in first):
            return Race(True, first)
        committed = await _board_ply(watcher_base, path, watcher_cookies[0]) > ply
        if not committed:
            return Race(False, first)
        left = patience - (time.perf_counter() - sent)
        later = await asyncio.gather(
            *(
                _seen(w, ply + 1, sent, max(0.0, left)) if s is None else asyncio.sleep(0, s)
                for w, s in zip(watchers, first, strict=True)
            )
        )
        return Race(True, later)
    finally:
        for player in (mover, *watchers):
            player.reader.cancel()
            with contextlib.suppress(Exception):  # the killed server's socket is gone already
                async with asyncio.timeout(5):
                    await player.sock.close()


def summary(races: list[Race]) -> list[str]:
    """The figures: races, committed moves, screens stale, staleness."""
    committed = [r for r in races if r.committed]
    seen = [s for r in committed for s in r.seen_after if s is not None]
    never = sum(1 for r in committed for s in r.seen_after if s is None)
    stale = sum(r.stale for r in races)
    lines = [
        f"races {len(races)}, moves committed by the killed process {len(committed)}, "
        f"screens watching them {sum(len(r.seen_after) for r in committed)}",
        f"stale screens (> {STALE_AFTER:.0f} s) {stale}, never updated within the patience {never}",
    ]
    if seen:
        ordered = sorted(seen)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        lines.append(
            f"staleness: median {statistics.median(seen) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {max(seen) * 1000:.0f} ms"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=100)
    parser.add_argument("--window", type=float, default=0.060, help="kill 0..WINDOW s after")
    parser.add_argument("--patience", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL") or not os.environ.get("DATABASE_URL", "").startswith(
        "postgres"
    ):
        raise SystemExit("kill races need PostgreSQL and Redis: set DATABASE_URL and REDIS_URL")
    env = h.bench_env()
    h.setup_django(env)
    from classrooms.models import Classroom, User
    from classrooms.services.classrooms import classroom_create
    from games.models import Match
    from games.rules import warriors

    stamp = int(time.time())
    teacher = User.objects.create_user(username=f"kill{stamp}", role=User.Role.TEACHER)
    room: Classroom = classroom_create(name=f"Kill races {stamp}", teacher=teacher)
    ada, ben = h.students(room, 2, f"kill{stamp}")
    cookies = {u.pk: h.session_cookie(u) for u in (ada, ben, teacher)}
    rng = random.Random(args.seed)
    print(h.load_average(), "at the start", flush=True)
    print(f"{h.stack_label()}, two Daphne processes", flush=True)
    watcher_proc, watcher_base = h.start_daphne(env)
    races: list[Race] = []
    cpu_start = time.process_time()
    wall_start = time.perf_counter()
    try:
        for n in range(args.races):
            match_id = h.start_match(room, [ada, ben], "warriors", seed=args.seed * 1000 + n)
            state = warriors.state_from_json(Match.objects.get(pk=match_id).state)
            mover, other = (ada, ben) if state.to_move == 0 else (ben, ada)
            mover_proc, mover_base = h.start_daphne(env)

            def kill(proc=mover_proc) -> None:
                proc.kill()  # SIGKILL

            result = asyncio.run(
                race(
                    mover_base=mover_base,
                    watcher_base=watcher_base,
                    match_id=match_id,
                    mover_cookie=cookies[mover.pk],
                    watcher_cookies=[cookies[other.pk], cookies[teacher.pk]],
                    kill=kill,
                    delay=rng.uniform(0, args.window),
                    patience=args.patience,
                )
            )
            mover_proc.wait()
            races.append(result)
            shown = ", ".join(
                "never" if s is None else f"{s * 1000:.0f} ms" for s in result.seen_after
            )
            state_text = "committed" if result.committed else "not committed"
            print(f"race {n + 1}: {state_text}; screens {shown}", flush=True)
    finally:
        h.stop_daphne(watcher_proc)
    print()
    for line in summary(races):
        print(line)
    print(
        f"{h.load_average()} at the end; the driver's CPU {time.process_time() - cpu_start:.1f} s "
        f"over {time.perf_counter() - wall_start:.0f} s of wall-clock"
    )


if __name__ == "__main__":
    main()
