"""Swiss pairing benchmark: 40 players, 7 rounds, random results; against a greedy pairing.

    .venv/bin/python bench/tournament_pairing.py           # 20 tournaments
    .venv/bin/python bench/tournament_pairing.py --quick   # 3 tournaments

Each tournament is played twice from the same seed: once paired by `swiss_round` (networkx's
weighted matching), once by the obvious greedy loop (the baseline: rank by the standings, give
the bye to the lowest-ranked without one, pair each player with the next one not met yet, seat
them by the same rule). Both compute the standings first, as a real round would. Times are
wall-clock and CPU milliseconds per round; the machine is shared, so wall time includes waiting
for a core (the load average is printed) and the ratio uses CPU time. Quality lines count, per
tournament, the repeated games, the games between players on different scores, and the worst
first-player balance.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.tournaments.pairing import swiss_round
from games.tournaments.pairing.seats import seat, seat_records
from games.tournaments.records import Bye, Game, Round, games_of
from games.tournaments.standings import standings
from tests.games.tournaments.simulate import finish

PLAYERS = 40
ROUNDS = 7
TARGET_MS = 100


def greedy_round(players: list[int], rounds: list[Round]) -> Round:
    """The baseline: down the standings, each player meets the next one they have not met,
    seated by the same rule as `swiss_round`."""
    ranked = [line.player for line in standings(players, rounds)]
    met = {frozenset(game.players) for game in games_of(rounds)}
    had_bye = {e.player for entries in rounds for e in entries if isinstance(e, Bye)}
    byes: tuple[Bye, ...] = ()
    if len(ranked) % 2:
        odd_one = next((p for p in reversed(ranked) if p not in had_bye), ranked[-1])
        ranked.remove(odd_one)
        byes = (Bye(odd_one),)
    records = seat_records(games_of(rounds))
    games = []
    while ranked:
        a = ranked.pop(0)
        b = next((p for p in ranked if frozenset((a, p)) not in met), ranked[0])
        ranked.remove(b)
        games.append(seat(a, b, records, a_first_on_tie=len(games) % 2 == 0))
    return (*games, *byes)


def play(pair, seed: int) -> tuple[list[tuple[float, float]], dict[str, int]]:
    """One tournament: per-round (wall ms, CPU ms) of the pairing, and its quality counts."""
    rng = random.Random(seed)
    players = list(range(1, PLAYERS + 1))
    rounds: list[Round] = []
    times, mixed = [], 0
    for _ in range(ROUNDS):
        wall, cpu = time.perf_counter(), time.process_time()
        entries = pair(players, rounds)
        times.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        points = {line.player: line.points for line in standings(players, rounds)}
        mixed += sum(points[g.first] != points[g.second] for g in entries if isinstance(g, Game))
        rounds.append(finish(entries, rng))
    balance = Counter()
    for game in games_of(rounds):
        balance[game.first] += 1
        balance[game.second] -= 1
    meetings = Counter(frozenset(game.players) for game in games_of(rounds))
    quality = {
        "repeated games": sum(count - 1 for count in meetings.values()),
        "games across score groups": mixed,
        "worst first-player balance": max(abs(b) for b in balance.values()),
    }
    return times, quality


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered):7.2f}  p95 {p95:7.2f}  max {ordered[-1]:7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 tournaments instead of 20")
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()
    count = 3 if args.quick else 20
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"Swiss pairing: {PLAYERS} players, {ROUNDS} rounds, {count} tournaments "
        f"(seed {args.seed}); {os.cpu_count()} cores, load average {load}"
    )
    print(f"Python {sys.version.split()[0]}\n")

    results = {}
    for label, pair in (("swiss_round (matching)", swiss_round), ("greedy baseline", greedy_round)):
        runs = [play(pair, args.seed + n) for n in range(count)]
        results[label] = runs
        print(label)
        for number in range(ROUNDS):
            walls = [times[number][0] for times, _ in runs]
            cpus = [times[number][1] for times, _ in runs]
            print(
                f"  round {number + 1}: wall median {statistics.median(walls):7.2f} ms, "
                f"CPU median {statistics.median(cpus):7.2f} ms, max {max(cpus):7.2f} ms"
            )
        every_wall = [t[0] for times, _ in runs for t in times]
        every_cpu = [t[1] for times, _ in runs for t in times]
        print(f"  all rounds, wall: {summary(every_wall)}")
        print(f"  all rounds, CPU:  {summary(every_cpu)}")
        for name in runs[0][1]:
            values = [quality[name] for _, quality in runs]
            print(f"  {name}: mean {statistics.mean(values):.1f}, max {max(values)}")
        print()

    matching, greedy = (
        statistics.median(t[1] for times, _ in runs for t in times) for runs in results.values()
    )
    worst = max(t[1] for times, _ in results["swiss_round (matching)"] for t in times)
    print(f"ratio, median CPU per round: matching / greedy = {matching / greedy:.1f}x")
    print(f"target: under {TARGET_MS} ms per round; slowest round here {worst:.1f} ms CPU")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average at the end: {load}")


if __name__ == "__main__":
    main()
