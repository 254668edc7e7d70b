"""A Warriors move's server CPU, this checkout against an older one, in the same run.

What one move costs the server outside Channels: the service call (lock, checks, rules, log,
evidence, snapshot) and the two players' sockets rendering their fragments from the broadcast
snapshot. Each checkout runs in a process of its own on a test database of its own (created
and dropped), playing the same seeded matches; the runs alternate, so load changes hit both.

    git worktree add /tmp/before f62154d
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_bench \\
        .venv/bin/python bench/move_cpu.py --before /tmp/before --matches 30 --moves 20
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker(root: Path, matches: int, moves: int) -> dict[str, float]:
    sys.path.insert(0, str(root))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("REDIS_URL", None)  # no sockets: the in-memory layer
    import django

    django.setup()
    from django.test.utils import setup_databases, teardown_databases

    old = setup_databases(verbosity=0, interactive=False)
    try:
        return _play(matches, moves)
    finally:
        teardown_databases(old, verbosity=0)


# Where each checkout has the render, viewer and snapshot modules (the rebuild moved them).
LAYOUTS = (
    ("games.live.render", "games.selectors.matches", "games.selectors.snapshot"),
    ("games.rendering", "games.selectors", "games.snapshot"),
)


def _modules():
    for names in LAYOUTS:
        try:
            return [importlib.import_module(name) for name in names]
        except ModuleNotFoundError:
            continue
    raise RuntimeError("no render module found")


def _frame(state) -> dict:
    from games.rules import warriors

    best = warriors.best_capture(state, state.to_move)
    if best is None:
        return {"kind": "skip"}
    if best.kind == "strength":
        return {"kind": "strength", "attacker": best.attacker, "target": best.target}
    return {"kind": "mind", "expression": best.expression, "target": best.target}


def _play(matches: int, moves: int) -> dict[str, float]:
    from classrooms.models import Classroom, Student, User
    from games.models import Match
    from games.rules import warriors
    from games.services import match_create, move_submit

    render, viewers, snapshots = _modules()
    room = Classroom.objects.create(name="Bench", code="BENCHM")
    service, rendering, count = 0.0, 0.0, 0
    for i in range(matches):
        users = []
        for side in "ab":
            user = User.objects.create_user(username=f"b{i}{side}", role=User.Role.STUDENT)
            Student.objects.create(user=user, classroom=room, display_name=f"{i}{side}")
            users.append(user)
        match = match_create(classroom=room, players=users, seed=i, clock_seconds=3600)
        for _ in range(moves):
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.PLAYING:
                break
            state = warriors.state_from_json(match.state)
            frame = _frame(state)
            player = users[state.to_move]
            start = time.process_time()
            move_submit(match=match, player=player, action=frame, ply=match.ply)
            service += time.process_time() - start
            snap = snapshots.snapshot_from_db(Match.objects.get(pk=match.pk))
            start = time.process_time()
            for seat in (0, 1):
                render.render_snapshot(snap, viewers.Viewer(seat, False))
            rendering += time.process_time() - start
            count += 1
    return {
        "moves": count,
        "service_ms": service * 1000 / count,
        "render_ms": rendering * 1000 / count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="CHECKOUT", help="an older checkout to compare with")
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per checkout")
    parser.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(Path(args.worker), args.matches, args.moves)))
        return
    env = dict(os.environ)
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    env.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)
    env["DEBUG"] = "0"
    checkouts = ([("before", Path(args.before).resolve())] if args.before else []) + [
        ("this", ROOT)
    ]
    results: dict[str, list[dict[str, float]]] = {label: [] for label, _ in checkouts}
    print(f"load average {os.getloadavg()[0]:.2f} at the start", flush=True)
    for _ in range(args.rounds):
        for label, root in checkouts:
            out = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--worker",
                    str(root),
                    "--matches",
                    str(args.matches),
                    "--moves",
                    str(args.moves),
                ],
                cwd=root,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
            results[label].append(json.loads(out.stdout.strip().splitlines()[-1]))
    print(
        f"{'code':>6} {'moves':>6} | {'service CPU/move':>17} "
        f"{'render CPU/move (2 seats)':>26} {'total':>8}"
    )
    totals = {}
    for label, runs in results.items():
        service = statistics.median(r["service_ms"] for r in runs)
        render = statistics.median(r["render_ms"] for r in runs)
        totals[label] = service + render
        print(
            f"{label:>6} {runs[0]['moves']:>6} | {service:>14.2f} ms {render:>23.2f} ms "
            f"{service + render:>5.2f} ms"
        )
    if "before" in totals:
        print(f"ratio this/before: {totals['this'] / totals['before']:.2f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end", flush=True)


if __name__ == "__main__":
    main()
