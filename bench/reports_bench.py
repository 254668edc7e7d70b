"""Progress reports on a year of evidence: pages, the fact grid, the CSV log, the rollup's cost.

Generates (once; reused while the row count matches) 1,000,000 calculations for 30 classes of
25 students over the last 365 days (two lessons a week, no July), with their matches, seats
and rollup, loaded with COPY. Then, through Django's test client with DEBUG off (the whole
request: middleware, selectors, templates), it times the class overview, a student's report
and the class fact-family grid for a 30-day and a whole-year window; streams the calculation
log (rows/s, and Python's peak memory for 100,000 and 1,000,000 rows, and for a class through
the ASGI handler Daphne uses); and times a Maths Warriors move with the rollup kept against
the same move without the rollup's upsert, and without any evidence, in the same run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_reports \\
        .venv/bin/python bench/reports_bench.py             # generates on the first run
    ... bench/reports_bench.py --regenerate --rows 1000000 --repeat 20 --moves 200

Wall-clock includes PostgreSQL's work; CPU is this process's (the server's CPU is not in it).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import statistics
import sys
import time
import tracemalloc
import warnings
from collections import defaultdict
from contextlib import ExitStack
from datetime import datetime, timedelta
from fractions import Fraction
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CLASSES, STUDENTS = 30, 25
CODE_PREFIX = "RB"  # the bench's classes; --regenerate deletes them and their students
TEACHER = "reports-bench-teacher"
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DEBUG": "0",  # as in production: no query log, cached templates
    "SECRET_KEY": "reports-bench-only-" + "x" * 40,
    "ALLOWED_HOSTS": "testserver",
    "SECURE_SSL_REDIRECT": "0",
    "DB_POOL": "0",
    "DB_CONN_MAX_AGE": "600",
}
SYMBOLS = {"add": "+", "sub": "−", "mul": "×", "div": "÷"}


def setup() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database of your own (e.g. arena_reports).")
    if url.rstrip("/").rsplit("/", 1)[-1] == "maths_arena":
        sys.exit("Not on maths_arena: that database is CI's.")
    for key, value in ENV.items():
        os.environ.setdefault(key, value)
    # Production serves collected static files; the bench has none, and WhiteNoise says so.
    warnings.filterwarnings("ignore", "No directory at", UserWarning)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


# --- generating a year of evidence -------------------------------------------------------------


def lesson_days(rng: random.Random, today) -> list:
    """Two lessons a week for a year, none in July (the summer holiday)."""
    weekdays = rng.sample(range(5), 2)
    days = [today - timedelta(days=n) for n in range(365)]
    return sorted(d for d in days if d.weekday() in weekdays and d.month != 7)


def warriors_act(rng: random.Random, ability: float, seat: int):
    """A plausible Maths Warriors act: Mind (also refused), Strength or a skip."""
    from games.evidence import acts

    kind = rng.choices([acts.MIND, acts.MIND_REFUSED, acts.STRENGTH, acts.SKIP], [50, 15, 25, 10])
    kind = kind[0]
    common = {
        "seat": seat,
        "kind": kind,
        "best_value": Fraction(rng.randint(4, 20)),
        "best_expression": "4 × 5",
        "option_available": True,
        "think_ms": int(rng.lognormvariate(8.6, 0.6)),
    }
    if kind == acts.SKIP:
        return acts.Act(**common, chose_best=False)
    if kind == acts.STRENGTH:
        captured = rng.randint(1, 20)
        return acts.Act(
            **common,
            operands=(rng.randint(captured, 20), captured),
            target=captured,
            chose_best=captured >= common["best_value"],
        )
    right = (kind == acts.MIND or rng.random() < 0.2) and rng.random() < ability + 0.1
    ops = rng.sample(list(SYMBOLS), rng.choice([1, 1, 2]))
    operands = tuple(rng.randint(1, 12) for _ in range(rng.choice([2, 2, 3])))
    target = rng.randint(2, 20)
    return acts.Act(
        **common,
        expression=f" {SYMBOLS[ops[0]]} ".join(map(str, operands)),
        operands=operands,
        **dict.fromkeys(ops, True),
        brackets=len(operands) == 3 and rng.random() < 0.4,
        non_integer="div" in ops and rng.random() < 0.3,
        value=Fraction(target if right else target + 1),
        target=target,
        correct=right,
        chose_best=target >= common["best_value"] if kind == acts.MIND else None,
    )


def cardwar_act(rng: random.Random, ability: float, seat: int, level: int):
    """A plausible card-war answer at `level`."""
    from games.evidence import acts

    a, b = rng.randint(1, 13), rng.randint(1, 13)
    op = {1: "add", 2: "mul", 3: "div", 4: "sub"}.get(level) or rng.choice(list(SYMBOLS))
    value = {
        "add": Fraction(a + b),
        "sub": Fraction(a - b),
        "mul": Fraction(a * b),
        "div": Fraction(a, b),
    }[op]
    target = rng.randint(-15, 15) if level >= 5 else None
    right = rng.random() < ability
    fact = level <= 4
    return acts.Act(
        seat=seat,
        kind=acts.CARDWAR_ANSWER,
        expression=f"{a} {SYMBOLS[op]} {b}",
        operands=(a, b),
        **{op: True},
        square=level >= 6 and rng.random() < 0.3,
        root=level == 7 and rng.random() < 0.2,
        non_integer=value.denominator != 1,
        value=value,
        target=target,
        answer=str(value if right else value + 1),
        correct=right,
        best_value=Fraction(target) if target is not None and rng.random() < 0.4 else value,
        best_expression=f"{a} × {b}",
        chose_best=rng.random() < ability,
        option_available=level >= 3,
        think_ms=int(rng.lognormvariate(8.3, 0.5)),
        level=level,
        fact_low=min(a, b) if fact else None,
        fact_high=max(a, b) if fact else None,
    )


def make_classes(rng: random.Random) -> list[tuple]:
    """The bench's teacher, classes and students: [(class, [(user id, ability), …]), …]."""
    from classrooms.models import Classroom, Student, User

    teacher, _ = User.objects.get_or_create(username=TEACHER, defaults={"role": "teacher"})
    out = []
    for c in range(CLASSES):
        room = Classroom.objects.create(name=f"{c + 1}{'ABC'[c % 3]}", code=f"{CODE_PREFIX}{c:04d}")
        room.teachers.add(teacher)
        users = User.objects.bulk_create(
            User(username=f"rb{c:02d}s{s:02d}", role=User.Role.STUDENT, first_name=f"Pupil {s}")
            for s in range(STUDENTS)
        )
        for user in users:
            user.set_unusable_password()
        User.objects.bulk_update(users, ["password"])
        Student.objects.bulk_create(
            Student(user=u, classroom=room, display_name=f"Pupil {s:02d}", external_id=f"E{c}{s}")
            for s, u in enumerate(users)
        )
        out.append((room, [(u.pk, 0.45 + 0.5 * rng.random()) for u in users]))
    return out


class Loader:
    """Rows for COPY, and the rollup summed from the same acts with the live path's rules."""

    def __init__(self) -> None:
        from games.evidence.skills import BANDS

        self.matches: list[tuple] = []
        self.seats: list[tuple] = []
        self.rollup: dict[tuple, list[int]] = defaultdict(lambda: [0] * (2 + BANDS))

    def add_act(self, copy, act, user_id: int, room_id: int, match_id: int, game: str, created):
        from games.evidence.skills import band_of, skills_of
        from games.services.evidence import calculation_fields

        fields = calculation_fields(act)
        fields["operands"] = json.dumps(fields["operands"])
        copy.write_row((user_id, room_id, match_id, game, created, *fields.values()))
        for skill, right in skills_of(act):
            cell = self.rollup[(user_id, created.date(), skill)]
            cell[0] += 1
            cell[1] += right
            cell[2 + band_of(act.think_ms)] += 1


def generate(total: int, seed: int = 11) -> None:
    """Classes, students, matches, seats, calculations and their rollup, loaded with COPY."""
    from django.db import connection, transaction
    from django.utils import timezone

    from games.evidence import acts
    from games.evidence.skills import BANDS
    from games.services.evidence import calculation_fields

    rng = random.Random(seed)
    tz = timezone.get_current_timezone()
    today = timezone.localdate()
    started = time.perf_counter()
    columns = [
        "student_id",
        "classroom_id",
        "match_id",
        "game",
        "created",
        *calculation_fields(acts.Act(seat=0, kind=acts.SKIP)),
    ]
    with transaction.atomic(), connection.cursor() as cursor:
        plan = [(room, lesson_days(rng, today), people) for room, people in make_classes(rng)]
        student_days = sum(len(days) * len(people) for _room, days, people in plan)
        per_day, extra = divmod(total, student_days)
        cursor.execute("SELECT coalesce(max(id), 0) FROM games_match")
        match_id = cursor.fetchone()[0]
        load = Loader()
        with cursor.copy(f"COPY games_calculation ({', '.join(columns)}) FROM STDIN") as copy:
            for room, days, people in plan:
                for day in days:
                    start = datetime.combine(day, datetime.min.time(), tz)
                    start += timedelta(hours=8, minutes=rng.randint(30, 300))
                    game = "warriors" if rng.random() < 0.6 else "cardwar"
                    level = rng.randint(1, 7)
                    variants = json.dumps({"level": level} if game == "cardwar" else {})
                    order = rng.sample(people, len(people))
                    for pair in range(0, len(order), 2):
                        match_id += 1
                        players = order[pair : pair + 2]
                        winner = rng.choice([0, 1, None]) if len(players) == 2 else 0
                        end = start + timedelta(minutes=12)
                        match = (match_id, game, room.pk, variants, "{}", match_id, "finished")
                        load.matches.append((*match, 0, "{}", start, end, winner, "bench", 0))
                        for index, (user_id, ability) in enumerate(players):
                            load.seats.append((match_id, index, user_id, ""))
                            count = per_day + (extra > 0)
                            extra -= extra > 0
                            for i in range(count):
                                act = (
                                    warriors_act(rng, ability, index)
                                    if game == "warriors"
                                    else cardwar_act(rng, ability, index, level)
                                )
                                created = start + timedelta(seconds=20 * i + index)
                                load.add_act(copy, act, user_id, room.pk, match_id, game, created)
                        if len(players) == 1:
                            load.seats.append((match_id, 1, None, "beginner"))
        with cursor.copy(
            "COPY games_match (id, game, classroom_id, variants, options, seed, status, ply,"
            " state, created_at, finished_at, winner_seat, result_reason, step_ply) FROM STDIN"
        ) as copy:
            for row in load.matches:
                copy.write_row(row)
        with cursor.copy("COPY games_seat (match_id, index, user_id, bot_level) FROM STDIN") as c:
            for row in load.seats:
                c.write_row(row)
        bands = ", ".join(f"t{i}" for i in range(BANDS))
        with cursor.copy(
            f"COPY games_skillday (student_id, day, skill, attempts, correct, {bands}) FROM STDIN"
        ) as copy:
            for (user_id, day, skill), cell in load.rollup.items():
                copy.write_row((user_id, day, skill, *cell))
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('games_match', 'id'), max(id)) FROM games_match"
        )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE games_calculation")
        cursor.execute("ANALYZE games_skillday, games_match, games_seat")
    print(
        f"generated {total:,} calculations, {len(load.matches):,} matches and "
        f"{len(load.rollup):,} rollup rows in {time.perf_counter() - started:.0f} s"
    )


def ensure_data(total: int, regenerate: bool) -> None:
    from classrooms.models import Classroom, User
    from games.models import Calculation

    rooms = Classroom.objects.filter(code__startswith=CODE_PREFIX)
    have = Calculation.objects.filter(classroom__in=rooms).count()
    if have == total and not regenerate:
        print(f"reusing {have:,} generated calculations")
        return
    if have or rooms.exists():
        print("deleting the bench's earlier data")
        User.objects.filter(student__classroom__in=rooms).delete()  # their evidence goes too
        rooms.delete()  # and the classes' matches and seats
    generate(total)


# --- measuring ---------------------------------------------------------------------------------


def measure(label: str, fn, repeat: int, budget_ms: float | None = None) -> None:
    """Run `fn` `repeat` times (after one warm-up); print median and p95 wall, median CPU."""
    fn()
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    walls.sort()
    median, p95 = statistics.median(walls), walls[min(len(walls) - 1, int(len(walls) * 0.95))]
    verdict = "" if budget_ms is None else ("  ok" if median <= budget_ms else "  OVER BUDGET")
    print(
        f"  {label:<40} wall median {median:6.1f} ms  p95 {p95:6.1f} ms  "
        f"cpu {statistics.median(cpus):6.1f} ms{verdict}"
    )


def year_window():
    from django.utils import timezone

    from games.progress.windows import window_for

    today = timezone.localdate()
    return window_for("custom", today, today - timedelta(days=364), today)


def static_files():
    """Production serves static files from a manifest; the bench has not collected them."""
    from django.conf import settings
    from django.test import override_settings

    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    return override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain})


def pages(repeat: int) -> None:
    from django.test import Client
    from django.urls import reverse

    from classrooms.models import Classroom, Student, User

    rooms = list(Classroom.objects.filter(code__startswith=CODE_PREFIX).order_by("code"))
    students = list(Student.objects.filter(classroom__in=rooms).order_by("pk"))
    client = Client()
    client.force_login(User.objects.get(username=TEACHER))
    rng = random.Random(5)
    window = year_window()
    year = {"window": "custom", "start": window.start, "end": window.end}

    def get(name: str, pk: int, params: dict | None):
        def run():
            response = client.get(reverse(name, args=[pk]), params or {})
            assert response.status_code == 200, response.status_code

        return run

    print("pages (the whole request through the test client, DEBUG off):")
    with static_files():
        for label, params in (("30 days", None), ("a year", year)):
            room, student = rng.choice(rooms), rng.choice(students)
            overview = get("progress:class", room.pk, params)
            measure(f"class overview, {label}", overview, repeat, 100)
            report = get("progress:student", student.pk, params)
            measure(f"student page, {label}", report, repeat, 100)
            grid = get("progress:class_facts", room.pk, params)
            measure(f"class fact-family grid, {label}", grid, repeat, 100)
            summary = get("progress:class_summary_csv", room.pk, params)
            measure(f"class summary CSV, {label}", summary, repeat)


def _stream(students, limit: int | None = None) -> tuple[int, int]:
    """Stream the log of these students for the year (the first `limit` rows); (rows, bytes)."""
    from games.progress import csv_exports

    rows = csv_exports.calculation_rows(students, year_window())
    rows = itertools.islice(rows, None if limit is None else limit + 1)  # + the header
    seen = 0

    def counted(rows):
        nonlocal seen
        for row in rows:
            seen += 1
            yield row

    size = sum(len(piece) for piece in csv_exports.csv_lines(counted(rows), cells_safe=True))
    return seen - 1, size


def _through_asgi(room) -> tuple[int, int]:
    """The class's log through Django's ASGI handler (as under Daphne); (pieces, bytes)."""
    from django.test import AsyncClient
    from django.urls import reverse

    from classrooms.models import User

    async def run() -> tuple[int, int]:
        client = AsyncClient()
        await client.aforce_login(await User.objects.aget(username=TEACHER))
        window = year_window()
        params = {"window": "custom", "start": window.start, "end": window.end}
        url = reverse("progress:class_calculations_csv", args=[room.pk])
        response = await client.get(url, params)
        pieces = size = 0
        async for piece in response.streaming_content:
            pieces += 1
            size += len(piece)
        return pieces, size

    return asyncio.run(run())


def export(small: int) -> None:
    from classrooms.models import Classroom, Student

    rooms = list(Classroom.objects.filter(code__startswith=CODE_PREFIX).order_by("code"))
    everyone = list(Student.objects.filter(classroom__in=rooms).select_related("user"))
    print("calculation log export (calculation_rows through csv_lines, a year; median of 3):")
    for label, students in (("one class", everyone[:STUDENTS]), ("all 30 classes", everyone)):
        runs = []
        for _ in range(3):
            wall, cpu = time.perf_counter(), time.process_time()
            count, size = _stream(students)
            runs.append((time.perf_counter() - wall, time.process_time() - cpu))
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(
            f"  {label:<16} {count:>9,} rows {size / 1e6:6.1f} MB in {wall:5.2f} s "
            f"(cpu {cpu:5.2f} s): {count / wall:>8,.0f} rows/s wall, "
            f"{count / cpu:>8,.0f} rows/s cpu"
        )
    for limit in (small, None):
        tracemalloc.start()
        count, _size = _stream(everyone, limit)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"  peak Python memory streaming {count:>9,} rows: {peak / 2**20:5.1f} MB")
    tracemalloc.start()
    with static_files():
        pieces, size = _through_asgi(rooms[0])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(
        f"  one class through the ASGI handler: {size / 1e6:5.1f} MB in {pieces} pieces, "
        f"peak Python memory {peak / 2**20:5.1f} MB"
    )


def _patched(patches: dict) -> ExitStack:
    stack = ExitStack()
    for target, value in patches.items():
        stack.enter_context(mock.patch(target, value))
    return stack


def move_cost(moves: int) -> None:
    """A Warriors Mind attack through move_submit: evidence with the rollup, without the
    rollup's upsert, and without any evidence; blocks interleaved so drift hits all three."""
    from classrooms.models import Classroom, User
    from classrooms.services.students import students_create
    from games.services import match_create, move_submit

    # A class of its own, deleted afterwards, so the generated year stays as it was.
    Classroom.objects.filter(code="RMOVES").delete()
    room = Classroom.objects.create(name="Moves", code="RMOVES")
    cards = students_create(classroom=room, names=["Ada M.", "Ben M."])
    ada, ben = (card.student.user for card in cards)
    opening = [2, 3, 4, 5, 6, 9, 3, 3, 5, 7, 12, 20] + [1] * 40  # Ada first; 3 × 4 = her D12
    action = {"kind": "mind", "expression": "3 × 4", "target": "B-D12"}
    variants = {
        "with the rollup": {},
        "without the rollup's upsert": {"games.services.evidence.skill_days_add": lambda **_: 0},
        "without evidence": {"games.services.matches.calculations_record": lambda **_: []},
    }
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in variants}
    block = 20
    for _ in range(max(1, moves // block)):
        for name, patches in variants.items():
            ready = [
                match_create(
                    classroom=room, players=[ada, ben], options={"scripted_rolls": opening}
                )
                for _ in range(block)
            ]
            with _patched(patches):
                for match in ready:
                    wall, cpu = time.perf_counter(), time.process_time()
                    move_submit(match=match, player=ada, action=action, ply=0)
                    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                    samples[name].append((wall * 1000, cpu * 1000))
    base_wall = statistics.median(w for w, _ in samples["with the rollup"])
    base_cpu = statistics.median(c for _, c in samples["with the rollup"])
    count = len(samples["with the rollup"])
    print(f"a Warriors move (move_submit, a Mind attack), {count} of each, interleaved:")
    for name, values in samples.items():
        wall = statistics.median(w for w, _ in values)
        cpu = statistics.median(c for _, c in values)
        print(
            f"  {name:<28} wall median {wall:6.2f} ms  cpu {cpu:5.2f} ms   "
            f"the rollup's move costs {base_wall / wall:4.2f}x wall, {base_cpu / cpu:4.2f}x cpu"
        )
    User.objects.filter(student__classroom=room).delete()
    room.delete()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    setup()
    print("load average before:", ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    ensure_data(args.rows, args.regenerate)
    pages(args.repeat)
    export(min(100_000, args.rows // 10))
    move_cost(args.moves)
    print("load average after:", ", ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
