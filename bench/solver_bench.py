"""Solver benchmark: capture check, full reachable set, proving a target impossible; brute force.

    .venv/bin/python bench/solver_bench.py           # full run (minutes: brute force is slow)
    .venv/bin/python bench/solver_bench.py --quick   # short run

Positions are drawn with a fixed seed: one value from each of D4, D6, D8, D10, D12, D20 per side.
Times are wall-clock and CPU milliseconds: the machine is shared, so wall time includes waiting
for a core (the load average is printed); the naive comparison uses CPU time on both sides.
With 40 positions the p99 is the slowest one; a run of the cyclic garbage collector over the
cached sets (~10⁵-10⁶ entries) can land on any position and add 0.1-0.2 s to it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from fractions import Fraction
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules.solver import capturable, reachable, search, solve

DICE = (4, 6, 8, 10, 12, 20)


def positions(count: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    return [
        ([rng.randint(1, s) for s in DICE], [rng.randint(1, s) for s in DICE]) for _ in range(count)
    ]


def naive_values(values: list[int]) -> set[Fraction]:
    """The obvious approach: every expression tree over every ordered selection, no memo."""

    def trees(seq: tuple[int, ...]) -> set[Fraction]:
        if len(seq) == 1:
            return {Fraction(seq[0])}
        out: set[Fraction] = set()
        for cut in range(1, len(seq)):
            for a in trees(seq[:cut]):
                for b in trees(seq[cut:]):
                    out.add(a + b)
                    out.add(a - b)
                    out.add(a * b)
                    if b:
                        out.add(a / b)
        return out

    made: set[Fraction] = set()
    for size in range(2, len(values) + 1):
        for seq in permutations(values, size):
            made |= trees(seq)
    return made


class Timer:
    """Wall-clock and CPU milliseconds of a block (CPU time shows the cost on a busy machine)."""

    def __enter__(self) -> Timer:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = (time.perf_counter() - self.wall) * 1000
        self.cpu = (time.process_time() - self.cpu) * 1000


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def lines(label: str, timers: list[Timer]) -> str:
    out = []
    for kind in ("wall", "cpu"):
        samples = [getattr(t, kind) for t in timers]
        out.append(
            f"  {label + ', ' + kind:<50} median {statistics.median(samples):8.3f} ms   "
            f"p99 {p99(samples):8.3f} ms   max {max(samples):8.3f} ms"
        )
    return "\n".join(out)


def bench_capture(boards: list[tuple[list[int], list[int]]]) -> tuple[list[Timer], list[Timer]]:
    cold, warm = [], []
    for own, opponent in boards:
        search.clear_caches()
        with Timer() as timer:
            capturable(own, opponent)
        cold.append(timer)
    # Warm: positions repeat in play (a re-rendered view, a bot thinking, the next turn's check).
    for own, opponent in boards:
        capturable(own, opponent)
        with Timer() as timer:
            capturable(own, opponent)
        warm.append(timer)
    return cold, warm


def bench_reachable(boards: list[tuple[list[int], list[int]]]) -> tuple[list[Timer], list[int]]:
    timers, sizes = [], []
    for own, _ in boards:
        search.clear_caches()
        with Timer() as timer:
            made = reachable(own)
        timers.append(timer)
        sizes.append(len(made))
    return timers, sizes


def smallest_missing(values: list[int]) -> int:
    made = reachable(values)
    return next(n for n in range(1, 10**7) if n not in made)


def cold(call: object, *args: object, **kwargs: object) -> tuple[object, Timer]:
    search.clear_caches()
    with Timer() as timer:
        result = call(*args, **kwargs)  # type: ignore[operator]
    return result, timer


def bench_impossible(
    boards: list[tuple[list[int], list[int]]], reach: list[Timer], quick: bool
) -> None:
    timers, ratios = [], []
    for (own, _), reach_timer in zip(boards, reach, strict=True):
        target = smallest_missing(own)
        result, timer = cold(solve, own, target)
        assert result is None
        timers.append(timer)
        ratios.append(timer.cpu / reach_timer.cpu)
    print(lines("solve(6 dice, smallest whole number missed)", timers))
    print(f"  cost relative to the full reachable set (b): median {statistics.median(ratios):.2f}×")
    cases = [
        ("solve([2,3,5,7,11,13], 892)", solve, ([2, 3, 5, 7, 11, 13], 892), {}),
        ("  the same, reachable() for comparison", reachable, ([2, 3, 5, 7, 11, 13],), {}),
        (
            "solve([2,3,5,7,11,13], 22582, powers)",
            solve,
            ([2, 3, 5, 7, 11, 13], 22582),
            {"powers": True},
        ),
        (
            "solve([4,6,8,10,12,20], 99991, powers)",
            solve,
            ([4, 6, 8, 10, 12, 20], 99991),
            {"powers": True},
        ),
        ("capturable([1,1,1,1,2,3], [36])", capturable, ([1, 1, 1, 1, 2, 3], [36]), {}),
        (
            "solve(1..12, 10⁷+1, max_values=6)",
            solve,
            (list(range(1, 13)), 10**7 + 1),
            {"max_values": 6},
        ),
    ]
    if quick:
        cases.pop()  # twelve recruited dice: several seconds
    for label, call, args, kwargs in cases:
        result, timer = cold(call, *args, **kwargs)
        assert call is reachable or not result
        print(f"  {label:<48} {timer.cpu:9.1f} ms CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="fewer positions; brute force on 5 dice"
    )
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()

    capture_count, reach_count, naive_count = (60, 8, 1) if args.quick else (400, 40, 3)
    boards = positions(capture_count, args.seed)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Solver benchmark (seed {args.seed}, {os.cpu_count()} cores, load average {load})")
    print(f"Python {sys.version.split()[0]}; all four operations, at least 2 values, no powers\n")

    print(f"(a) capture check: capturable(6 own dice, 6 opponent dice), {capture_count} positions")
    cold, warm = bench_capture(boards)
    print(lines("cold (caches cleared before each)", cold))
    print(lines("warm (same position again)", warm))
    print("  targets: median <= 1 ms, p99 <= 10 ms\n")

    print(f"(b) full reachable set over all subsets of 6 dice, {reach_count} positions, cold")
    reach_times, sizes = bench_reachable(boards[:reach_count])
    print(lines("reachable(6 dice), texts built lazily", reach_times))
    print(f"  values per position: median {statistics.median(sizes):.0f}, max {max(sizes)}")
    own = boards[0][0]
    made = reachable(own)
    with Timer() as timer:
        for value in list(made)[:200]:
            made[value]
    print(f"  building 200 of its expressions afterwards: {timer.cpu / 200:.3f} ms CPU each")
    print("  target: median <= 50 ms\n")

    print(f"(d) proving a target impossible, cold, {reach_count} positions and fixed cases")
    bench_impossible(boards[:reach_count], reach_times, args.quick)
    print("  (the 6-number set with powers has ~1.6·10⁷ values: ~20 s to build, never built)\n")

    dice = 5 if args.quick else 6
    print(f"(e) naive full enumeration (no memo, ordered selections), {naive_count} position(s)")
    if args.quick:
        print("    --quick: on the first 5 dice of each position, compared with the solver on them")
    naive_times, fast_reach, fast_capture = [], [], []
    for own, opponent in boards[:naive_count]:
        own = own[:dice]
        with Timer() as timer:
            expected = naive_values(own)
        naive_times.append(timer.cpu)
        search.clear_caches()
        with Timer() as timer:
            made = reachable(own)
        fast_reach.append(timer.cpu)
        search.clear_caches()
        with Timer() as timer:
            captures = capturable(own, opponent)
        fast_capture.append(timer.cpu)
        assert set(made) == expected, "solver and brute force disagree"
        assert set(captures) == {t for t in opponent if Fraction(t) in expected}
    naive = statistics.median(naive_times)
    print(
        f"  naive, {dice} dice: median {naive:9.1f} ms CPU (agrees with the solver on every value)"
    )
    print(
        f"  reachable set: solver {statistics.median(fast_reach):.1f} ms CPU, "
        f"{naive / statistics.median(fast_reach):,.0f}× faster than naive"
    )
    print(
        f"  capture check: solver {statistics.median(fast_capture):.3f} ms CPU cold, "
        f"{naive / statistics.median(fast_capture):,.0f}× faster than naive (which must "
        "enumerate everything)"
    )


if __name__ == "__main__":
    main()
