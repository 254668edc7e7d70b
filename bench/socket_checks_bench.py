"""What the sockets' permission checks and the attempt limit cost, per message.

- A move: the player check reads the account from the seats query, which now also joins the
  class; measured against the same query without that join (the baseline).
- A refused Mind attack: the attempt limit adds one aggregate query before storing; measured
  against the same attempt without the limit, for a new attack (stored either way) and for a
  repeat (stored again without the limit, not with it).
- A revocation: each affected socket checks its session and access again, once; measured as
  is (no per-message baseline: it runs only when a service revokes access).

    .venv/bin/python bench/socket_checks_bench.py                 # a temporary SQLite file
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena_bench .venv/bin/python \\
        bench/socket_checks_bench.py --rounds 2000

It runs in a test database of its own (created and dropped here).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(call: Callable[[], object], rounds: int) -> tuple[float, float]:
    """Median-free totals: (CPU ms per call, wall ms per call)."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(rounds):
        call()
    return (
        (time.process_time() - cpu) * 1000 / rounds,
        (time.perf_counter() - wall) * 1000 / rounds,
    )


def compare(name: str, baseline: Callable, checked: Callable, rounds: int) -> None:
    """Interleave five runs of each so load changes hit both alike; print medians and ratios."""
    runs: dict[str, list[tuple[float, float]]] = {"baseline": [], "checked": []}
    for _ in range(5):
        runs["baseline"].append(timed(baseline, rounds // 5))
        runs["checked"].append(timed(checked, rounds // 5))
    base_cpu = statistics.median(r[0] for r in runs["baseline"])
    base_wall = statistics.median(r[1] for r in runs["baseline"])
    cpu = statistics.median(r[0] for r in runs["checked"])
    wall = statistics.median(r[1] for r in runs["checked"])
    print(
        f"{name}: baseline {base_cpu:.3f} ms CPU / {base_wall:.3f} ms wall, "
        f"with the check {cpu:.3f} ms CPU / {wall:.3f} ms wall, "
        f"ratio CPU {cpu / base_cpu:.2f}, wall {wall / base_wall:.2f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL"):
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("REDIS_URL", None)  # no sockets here: the in-memory layer will do
    import django

    django.setup()
    from django.test.utils import setup_databases, teardown_databases

    print(f"load average {os.getloadavg()[0]:.2f}; {args.rounds} rounds each", flush=True)
    old = setup_databases(verbosity=0, interactive=False)
    try:
        run(args.rounds)
    finally:
        teardown_databases(old, verbosity=0)


def run(rounds: int) -> None:
    from django.db import transaction
    from django.test import Client
    from django.utils import timezone

    from classrooms.models import Classroom, Student, User
    from classrooms.permissions import account_is_current
    from games.kinds import kind_for
    from games.kinds.warriors import engine
    from games.live.match_consumer import MatchConsumer
    from games.models import Move
    from games.services import match_create
    from games.services import matches as door

    room = Classroom.objects.create(name="Bench", code="BENCH1")
    users = []
    for side in "ab":
        user = User.objects.create_user(username=f"bench{side}", role=User.Role.STUDENT)
        Student.objects.create(user=user, classroom=room, display_name=side)
        users.append(user)
    match = match_create(classroom=room, players=users, seed=3, clock_seconds=3600)

    def seats_without_class() -> None:
        seats = list(match.seats.select_related("user__student").order_by("index"))
        assert seats[0].user.student

    def seats_with_class_and_check() -> None:
        seats = list(match.seats.select_related("user__student__classroom").order_by("index"))
        assert account_is_current(seats[0].user)

    compare("move: the seats query", seats_without_class, seats_with_class_and_check, rounds)

    state = engine.load(match.state)
    seat = match.seats.get(index=state.to_move)
    target = state.dice[1 - state.to_move][-1].id
    error = engine.RuleError("bench")
    counter = iter(range(10**9))
    kind = kind_for(match.game)

    def refuse(expression: str, *, keep: bool = False) -> None:
        with transaction.atomic():
            action = engine.mind(seat.index, expression, target)
            door._refuse_rule(match, kind, state, action, error, timezone.now())
            transaction.set_rollback(not keep)

    def unlimited(call: Callable[[], None]) -> Callable[[], None]:
        def baseline() -> None:
            check, door.attempt_storable = door.attempt_storable, lambda **kwargs: True
            try:
                call()
            finally:
                door.attempt_storable = check

        return baseline

    def distinct() -> None:
        refuse(f"1000 + {next(counter)}")

    compare("refused attack, stored", unlimited(distinct), distinct, rounds)
    refuse("1000 + 1", keep=True)  # from now on, the same attack is a repeat at this ply
    assert Move.objects.filter(kind=Move.Kind.REJECTED).count() == 1

    def repeat() -> None:
        refuse("1000 + 1")

    compare("refused attack, a repeat", unlimited(repeat), repeat, rounds)

    client = Client()
    client.force_login(users[0])
    consumer = MatchConsumer()
    consumer.match_id, consumer.user = match.pk, users[0]
    consumer.scope = {"session": client.session}
    consumer.admitted = consumer.admission(users[0])
    cpu, wall = timed(lambda: consumer._admitted_again() or sys.exit("re-check refused"), rounds)
    print(f"revocation: one socket's re-check {cpu:.3f} ms CPU / {wall:.3f} ms wall", flush=True)


if __name__ == "__main__":
    main()
