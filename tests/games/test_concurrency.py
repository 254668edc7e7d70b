"""Many processes, one truth: concurrent submissions for one ply apply exactly once."""

import threading

import pytest
from django.db import connection

from games.models import Move
from games.services import MoveRejected, match_expire_clock, move_submit
from tests.games.conftest import legal_action, mover

pytestmark = pytest.mark.django_db(transaction=True)


def race(count: int, call) -> list:
    barrier = threading.Barrier(count)
    results: list = []
    lock = threading.Lock()

    def run() -> None:
        barrier.wait()
        try:
            outcome = call()
        except MoveRejected as err:
            outcome = err.code
        finally:
            connection.close()
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def test_fifty_concurrent_submissions_for_one_ply_apply_exactly_one(make_match):
    match = make_match(seed=3)
    player, action, ply = mover(match), legal_action(match), match.ply
    results = race(50, lambda: move_submit(match=match, player=player, action=action, ply=ply))
    applied = [r for r in results if not isinstance(r, str)]
    assert len(results) == 50
    assert len(applied) == 1
    assert set(r for r in results if isinstance(r, str)) <= {"stale", "not_your_turn"}
    assert Move.objects.filter(match=match, ply=ply).count() == 1
    match.refresh_from_db()
    assert match.ply == ply + len(applied[0].moves)


def test_concurrent_clock_expiry_is_applied_once(make_match):
    from datetime import timedelta

    from django.utils import timezone

    match = make_match(seed=3, clock_seconds=30)
    later = timezone.now() + timedelta(seconds=31)
    results = race(10, lambda: match_expire_clock(match=match, now=later))
    assert sum(r is not None for r in results) == 1
    assert Move.objects.filter(match=match, kind=Move.Kind.CLOCK).count() == 1
