"""Clocks run out with nobody connected: every server process sweeps from start-up, cheaply."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, Move
from games.services import expire_overdue_matches
from tests.browser.conftest import start_daphne, stop_daphne


@pytest.mark.django_db
@pytest.mark.smoke
def test_a_sweep_with_nothing_due_is_one_query(make_match, django_assert_num_queries):
    make_match(clock_seconds=600)
    make_match(clock_seconds=None, move_seconds=30)
    with django_assert_num_queries(1):
        assert expire_overdue_matches() == 0


@pytest.mark.django_db
@pytest.mark.smoke
def test_a_sweep_applies_both_the_game_clock_and_the_per_move_limit_once(make_match):
    clock, per_move = make_match(clock_seconds=60), make_match(clock_seconds=None, move_seconds=5)
    later = timezone.now() + timedelta(seconds=61)
    assert expire_overdue_matches(now=later) == 2
    assert expire_overdue_matches(now=later) == 0
    clock.refresh_from_db()
    assert clock.status == Match.Status.FINISHED
    assert clock.moves.filter(kind=Move.Kind.CLOCK).count() == 1
    assert per_move.moves.filter(kind=Move.Kind.TIMEOUT).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_server_finishes_a_match_whose_clock_ran_out_with_no_socket_open(make_match):
    match = make_match(clock_seconds=60)
    # A minute has passed with nobody connected: the clock ran out a second ago.
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now() - timedelta(seconds=1))
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    proc, _base_url = start_daphne(extra_env={"GAMES_SWEEP_SECONDS": "0.5"})
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            match.refresh_from_db()
            if match.status == Match.Status.FINISHED:
                break
            time.sleep(0.2)
    finally:
        stop_daphne(proc)
    assert match.status == Match.Status.FINISHED
    assert match.moves.filter(kind=Move.Kind.CLOCK).count() == 1
