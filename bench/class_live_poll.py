"""The teacher's live list, which every open teacher page polls every 3 s: cost per request.

A class with P playing matches, 30 finished today and H finished on earlier days is polled
through Django's test client (URL routing, session, permission check, presence, the list's
queries, template), and compared with the same poll of an empty class in the same process:
the ratio is what the list itself adds. CPU time is this process's (Django, psycopg, the
template); PostgreSQL's own work shows only in wall-clock.

The last line polls a class with nothing playing (30 finished today, the history; the line
before it polls it afresh every time) as a browser does: sending back the ETag of the copy it
has (If-None-Match), which a list that did not change answers with 304 and no rendering. The
playing lines never send it: their clocks' text changes between two polls 3 s apart, so every
real poll of theirs is a full answer.

With `--before CHECKOUT` each round polls an older checkout first and then this one, each in a
process of its own on the same database (alternating `--rounds` times; medians of the rounds):

    git worktree add /tmp/before f0f68af  # then:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_live \\
    .venv/bin/python bench/class_live_poll.py [--requests 60] [--history 2000] \\
        [--before /tmp/before] [--rounds 1]

Without DATABASE_URL it uses a fresh temporary SQLite file. The rows it makes are deleted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_django() -> None:
    if not os.environ.get("DATABASE_URL"):
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()  # lets the test client's host in
    call_command("migrate", verbosity=0, interactive=False)
    if not os.environ.get("REDIS_URL"):
        call_command("createcachetable", verbosity=0)


def make_class(tag: str, *, playing: int, today: int, history: int):
    """A class, its teacher and students, and matches copied from one real start."""
    from django.utils import timezone

    from classrooms.models import Classroom, Student, User
    from games.models import Match, Seat
    from games.services import match_create

    room = Classroom.objects.create(name=f"Bench {tag}", code=f"B{tag[-10:]}")
    teacher = User.objects.create(username=f"bench-t{tag}", role=User.Role.TEACHER)
    room.teachers.add(teacher)
    users = []
    for i in range(max(2, 2 * playing)):
        user = User.objects.create(username=f"bench{tag}-{i}", role=User.Role.STUDENT)
        Student.objects.create(user=user, classroom=room, display_name=f"Pupil {i}")
        users.append(user)
    template = match_create(classroom=room, players=users[:2], seed=1)
    now = timezone.now()
    midnight = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    old = midnight - timedelta(days=2)
    rows = []
    for i in range(playing + today + history):
        match = Match(
            classroom=room,
            variants=template.variants,
            options=template.options,
            seed=i,
            state=template.state,
            turn_started_at=now,
            clock_deadline=now + timedelta(minutes=12),
        )
        if i >= playing:
            # Today's within today even just after midnight (the list shows the local date's).
            when = max(now - timedelta(seconds=i), midnight) if i < playing + today else old
            match.status, match.finished_at = Match.Status.FINISHED, when
            match.winner_seat, match.result_reason, match.clock_deadline = 0, "resigned", None
        rows.append(match)
    matches = Match.objects.bulk_create(rows)
    Seat.objects.bulk_create(
        Seat(match=m, index=side, user=users[(2 * n + side) % len(users)])
        for n, m in enumerate(matches)
        for side in (0, 1)
    )
    template.delete()
    return room, teacher


def poll(room, teacher, requests: int, *, revalidate: bool = False) -> dict[str, float]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(teacher)
    url = f"/play/class/{room.pk}/matches/"
    response = client.get(url)  # warm: templates, session
    assert response.status_code == 200
    headers = {}
    if revalidate and response.has_header("ETag"):
        headers["If-None-Match"] = response["ETag"]
    walls, cpus, statuses = [], [], set()
    for _ in range(requests):
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(url, headers=headers)
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
        assert response.status_code in (200, 304)
        statuses.add(response.status_code)
    with CaptureQueriesContext(connection) as queries:
        client.get(url, headers=headers)
    return {
        "wall": statistics.median(walls),
        "p95": sorted(walls)[int(0.95 * (len(walls) - 1))],
        "cpu": statistics.median(cpus),
        "queries": len(queries),
        "bytes": len(response.content),
        "status": "/".join(str(s) for s in sorted(statuses)),
    }


SCENARIOS = [
    # label, playing, finished today, history, revalidate
    ("empty class (baseline)", 0, 0, 0, False),
    ("15 playing, 30 today, {h} older", 15, 30, None, False),
    ("30 playing, 30 today, {h} older", 30, 30, None, False),
    ("0 playing, 30 today, {h} older", 0, 30, None, False),
    ("0 playing, 30 today, {h} older, ETag", 0, 30, None, True),
]


def worker(requests: int, history: int) -> list[dict]:
    """Every scenario in this process, with the checkout it was started in."""
    setup_django()
    from classrooms.models import User

    tag = str(time.time_ns())
    results = []
    for n, (label, playing, today, older, revalidate) in enumerate(SCENARIOS):
        older = history if older is None else older
        room, teacher = make_class(f"{tag}{n}", playing=playing, today=today, history=older)
        try:
            got = poll(room, teacher, requests, revalidate=revalidate)
        finally:
            room.matches.all().delete()
            User.objects.filter(username__startswith=f"bench{tag}{n}-").delete()  # and students
            room.delete()
            teacher.delete()
        results.append(got | {"label": label.format(h=older)})
    return results


def run(root: Path, requests: int, history: int, env: dict) -> list[dict]:
    command = [sys.executable, __file__, "--worker", str(root), "--requests", str(requests)]
    out = subprocess.run(
        [*command, "--history", str(history)],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--history", type=int, default=2000)
    parser.add_argument("--before", metavar="CHECKOUT", help="an older checkout to compare with")
    parser.add_argument("--rounds", type=int, default=1, help="alternating runs per checkout")
    parser.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        sys.path.insert(0, args.worker)
        print(json.dumps(worker(args.requests, args.history)))
        return
    env = dict(os.environ)
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    checkouts = [("before", Path(args.before).resolve())] if args.before else []
    checkouts.append(("this", ROOT))
    vendor = env["DATABASE_URL"].split(":", 1)[0]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{vendor}; {args.requests} polls each; load average {load} at the start\n", flush=True)
    runs: dict[str, list[list[dict]]] = {label: [] for label, _ in checkouts}
    for _ in range(args.rounds):
        for label, root in checkouts:
            runs[label].append(run(root, args.requests, args.history, env))
    print(
        f"{'code':6} {'scenario':40} {'median':>8} {'p95':>8} {'CPU':>8} {'queries':>8} "
        f"{'bytes':>7} {'status':>7} {'ratio':>6}"
    )
    cpu_of: dict[tuple[str, int], float] = {}
    for label, rounds in runs.items():
        for i, first in enumerate(rounds[0]):
            got = {k: statistics.median(r[i][k] for r in rounds) for k in ("wall", "p95", "cpu")}
            cpu_of[label, i] = got["cpu"]
            ratio = got["cpu"] / cpu_of[label, 0]
            print(
                f"{label:6} {first['label']:40} {got['wall']:7.1f}ms {got['p95']:7.1f}ms "
                f"{got['cpu']:7.1f}ms {first['queries']:8d} {first['bytes']:7d} "
                f"{first['status']:>7} {ratio:5.2f}×"
            )
    if args.before:
        print(
            "\nCPU this/before: "
            + ", ".join(
                f"{cpu_of['this', i] / cpu_of['before', i]:.2f}" for i in range(len(SCENARIOS))
            )
        )
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        "\nmedian/p95: wall-clock per poll; CPU: the polling process, median; ratio: CPU v the "
        f"empty class in the same process\nload average {load} at the end"
    )


if __name__ == "__main__":
    main()
