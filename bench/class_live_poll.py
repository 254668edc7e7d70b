"""The teacher's live list, which every open teacher page polls every 3 s: cost per request.

A class with P playing matches, 30 finished today and H finished on earlier days is polled
through Django's test client (URL routing, session, permission check, presence, the list's
queries, template), and compared with the same poll of an empty class in the same process:
the ratio is what the list itself adds. CPU time is this process's (Django, psycopg, the
template); PostgreSQL's own work shows only in wall-clock.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_live \\
    .venv/bin/python bench/class_live_poll.py [--requests 60] [--history 2000]

Without DATABASE_URL it uses a fresh temporary SQLite file. The rows it makes are deleted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


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
            when = now - timedelta(minutes=i) if i < playing + today else now - timedelta(days=2)
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


def poll(room, teacher, requests: int) -> dict[str, float]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(teacher)
    url = f"/play/class/{room.pk}/matches/"
    assert client.get(url).status_code == 200  # warm: templates, session
    walls, cpus = [], []
    for _ in range(requests):
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
        assert response.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return {
        "wall": statistics.median(walls),
        "p95": sorted(walls)[int(0.95 * (len(walls) - 1))],
        "cpu": statistics.median(cpus),
        "queries": len(queries),
        "bytes": len(response.content),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--history", type=int, default=2000)
    args = parser.parse_args()
    setup_django()
    from django.db import connection

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{connection.vendor}; {args.requests} polls each; load average {load}\n")
    tag = str(time.time_ns())
    scenarios = [
        ("empty class (baseline)", 0, 0, 0),
        ("15 playing, 30 today, history", 15, 30, args.history),
        ("30 playing, 30 today, history", 30, 30, args.history),
    ]
    base = None
    print(f"{'scenario':36} {'median':>8} {'p95':>8} {'CPU':>8} {'queries':>8} {'ratio':>6}")
    for n, (label, playing, today, history) in enumerate(scenarios):
        room, teacher = make_class(f"{tag}{n}", playing=playing, today=today, history=history)
        try:
            got = poll(room, teacher, args.requests)
        finally:
            from classrooms.models import User

            room.matches.all().delete()
            User.objects.filter(username__startswith=f"bench{tag}{n}-").delete()  # and students
            room.delete()
            teacher.delete()
        base = base or got
        ratio = got["cpu"] / base["cpu"]
        print(
            f"{label.replace('history', f'{history} older'):36} {got['wall']:7.1f}ms "
            f"{got['p95']:7.1f}ms {got['cpu']:7.1f}ms {got['queries']:8d} {ratio:5.2f}×"
        )
    print("\nmedian/p95: wall-clock per poll; CPU: this process, median; ratio: CPU v baseline")


if __name__ == "__main__":
    main()
