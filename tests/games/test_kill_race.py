"""A committed move reaches every screen even if the process that committed it dies.

Two Daphne processes sharing the database and Redis, the mover's socket on one and the other
player's and the teacher's on the other (bench/kill_race.py runs the same races, 100 of them,
and prints the figures). Needs Redis (REDIS_URL, or redis://127.0.0.1:6379/5) and a database
both processes share: not in the smoke selection.
"""

import asyncio
import os
import random

import pytest
from django.db import connections

from bench.kill_race import STALE_AFTER, race, summary
from games.models import Match
from games.services import match_create, move_submit
from tests.browser.conftest import start_daphne, stop_daphne
from tests.browser.live_sockets import cookie_for, on_own_loop
from tests.games.conftest import legal_action, mover

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/5"
RACES = 4  # the CI's size; the benchmark runs 100


def _daphne():
    return start_daphne(extra_env={"REDIS_URL": REDIS_URL})


@pytest.fixture
def watchers_server(transactional_db):
    """Process B: the other player's and the teacher's screens."""
    proc, base = _daphne()
    yield base
    stop_daphne(proc)


@pytest.fixture
def new_match(classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")

    def make(seed: int):
        match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=seed)
        moving = mover(match)
        other = ben.user if moving == ada.user else ada.user
        return match, moving, other

    return make


def test_sigkill_of_the_movers_server_right_after_a_move_leaves_no_screen_stale(
    watchers_server, new_match, teacher
):
    rng = random.Random(24)
    results = []
    for n in range(RACES):
        match, moving, other = new_match(seed=2400 + n)
        cookies = [cookie_for(u) for u in (moving, other, teacher)]
        proc, mover_base = _daphne()  # process A, killed with SIGKILL 0-60 ms after the move
        try:
            result = on_own_loop(
                lambda proc=proc, match=match, cookies=cookies, mover_base=mover_base: race(
                    mover_base=mover_base,
                    watcher_base=watchers_server,
                    match_id=match.pk,
                    mover_cookie=cookies[0],
                    watcher_cookies=cookies[1:],
                    kill=proc.kill,
                    delay=rng.uniform(0, 0.060),
                )
            )
        finally:
            proc.kill()
            proc.wait()
        match.refresh_from_db()
        assert result.committed == (match.ply == 1), n  # the screens tell what the database holds
        results.append(result)
    assert sum(r.stale for r in results) == 0, summary(results)


def test_a_move_whose_process_never_sent_its_news_reaches_every_screen_within_2_s(
    watchers_server, new_match, teacher, monkeypatch
):
    """The worst case, every time: the move commits and its process sends nothing (it died
    between the commit and the send). Only another process's sweep can tell the screens."""
    monkeypatch.setattr("games.services.broadcast._send", lambda *args, **kwargs: None)
    match, moving, other = new_match(seed=2424)
    cookies = [cookie_for(u) for u in (moving, other, teacher)]
    frame = legal_action(match)

    def commit_without_news() -> None:
        try:
            move_submit(match=Match.objects.get(pk=match.pk), player=moving, action=frame, ply=0)
        finally:
            connections.close_all()

    result = on_own_loop(
        lambda: race(
            mover_base=watchers_server,
            watcher_base=watchers_server,
            match_id=match.pk,
            mover_cookie=cookies[0],
            watcher_cookies=cookies[1:],
            kill=lambda: None,
            delay=0,
            move=lambda _screen: asyncio.to_thread(commit_without_news),
        )
    )
    assert result.committed
    assert all(s is not None and s <= STALE_AFTER for s in result.seen_after), summary([result])
