"""What the card-war screen costs a socket: one board fragment rendered for one viewer.

Every change of a match renders the board once per connected viewer (from the broadcast
snapshot, no database), so this is the screen's share of a move's CPU. Card war tables of two
and four seats, mid-round with a reveal shown, against Maths Warriors' board as the baseline,
in the same process and alternating, with CPU time beside wall clock and the load average.

    .venv/bin/python bench/cardwar_render.py --renders 400
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def cardwar_case(players: int):
    """A card war mid-game (a reveal shown) and a function making one viewer's context."""
    from games.kinds.cardwar.view import reveal_after, viewer_view
    from games.rules import cardwar as rules

    options = rules.Options(level=5, computer_targets=True)
    outcome = rules.start(7, players, options)
    state, reveal = outcome.state, None
    for seat in state.playing:  # one round answered by everyone, so a reveal is shown
        value, text = next(iter(rules.choices(state, seat).items()))
        outcome = rules.apply(state, rules.Submit(seat, text, str(value)))
        reveal = reveal_after(reveal, outcome.events, round_number=state.round)
        state = outcome.state
    names = ["Amara", "Ben", "Chloe", "Dev"][:players]

    def context(viewer: int) -> dict:
        return {"board": viewer_view(state, reveal, viewer), "seat_names": names, "ply": 4}

    return "games/cardwar/board.html", context, players


def warriors_case():
    from games.kinds.warriors import engine
    from games.kinds.warriors.screen import screen

    state, _events = engine.start(7, {})
    snap = {"names": ["Amara", "Ben"], "last": None, "status": "playing"}

    def context(viewer: int) -> dict:
        return {**screen(snap, state, viewer), "ply": 0, "my_turn": True, "finished": False}

    return "games/warriors/board.html", context, 2


def measure(case, renders: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds per viewer: the kind's view or screen context, then
    the board rendered, over `renders` renders (the viewers in turn)."""
    from django.template.loader import render_to_string

    template, make_context, viewers = case
    walls, cpus = [], []
    for i in range(renders):
        wall, cpu = time.perf_counter(), time.process_time()
        render_to_string(template, {**make_context(i % viewers), "oob": True})
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3, help="alternations of the three cases")
    args = parser.parse_args()
    import django

    django.setup()
    from django.utils import translation

    translation.activate("en")
    cases = {
        "warriors, 2 seats": warriors_case(),
        "card war, 2 seats": cardwar_case(2),
        "card war, 4 seats": cardwar_case(4),
    }
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
    for case in cases.values():  # warm the template cache
        measure(case, 20)
    for _ in range(args.rounds):
        for name, case in cases.items():
            results[name].append(measure(case, args.renders))
    base_cpu = statistics.median(r[1] for r in results["warriors, 2 seats"])
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("per viewer: the kind's context, then the board rendered (median of each run)")
    print(f"{'case':<20} {'wall ms':>8} {'cpu ms':>8} {'cpu ratio':>10}")
    for name, runs in results.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        print(f"{name:<20} {wall:>8.2f} {cpu:>8.2f} {cpu / base_cpu:>9.2f}x")


if __name__ == "__main__":
    main()
