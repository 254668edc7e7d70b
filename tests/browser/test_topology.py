"""The production topology on this machine: Debian's nginx (TLS, static files) in front of two
Daphne processes started as deploy/systemd/maths-arena@.service starts them, on the suite's
database and Redis, with DEBUG off and collectstatic's files.

Needs Redis (REDIS_URL, or redis://127.0.0.1:6379/5) and nginx (NGINX, or Debian's package):
without them these tests fail rather than skip, so they are not in the smoke selection.
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import secrets
import ssl
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.cache.backends.redis import RedisCache
from django.test import override_settings

from classrooms.services.throttle import CODES_PER_ADDRESS
from games.models import Match, Move
from games.services import match_create
from tests.browser.conftest import _free_port, log_in, screenshot
from tests.browser.topology import (
    PIN_COOKIE,
    Backend,
    Topology,
    certificate,
    collectstatic,
)
from tests.browser.warriors_driver import (
    by_keyboard,
    by_mouse,
    plan,
    state_of,
    wait_connected,
    wait_for_ply_after,
)

pytestmark = pytest.mark.browser

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/5"


@pytest.fixture(scope="module")
def production_env(tmp_path_factory) -> dict[str, str]:
    """The Daphne processes' environment, as in deploy/maths-arena.env, after collectstatic."""
    static_root = tmp_path_factory.mktemp("staticfiles")
    # A production-grade key (the server refuses the development one with DEBUG=0), which the
    # test uses too: the sessions it makes (log_in) must be valid there.
    key = secrets.token_urlsafe(50)
    env = {
        "DEBUG": "0",
        "SECRET_KEY": key,
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": str(static_root),
        "REDIS_URL": REDIS_URL,
        "GAMES_SWEEP_SECONDS": "0.5",
    }
    collectstatic(static_root, env)
    with override_settings(SECRET_KEY=key):
        yield env


@pytest.fixture(scope="module")
def tls(tmp_path_factory) -> tuple[Path, Path]:
    return certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture
def topology(transactional_db, production_env, tls, tmp_path):
    """nginx running, and backends "a" and "b" ready for the test to start."""
    RedisCache(REDIS_URL, {}).clear()  # the login throttles count in Redis for an hour
    backends = {
        name: Backend(name, _free_port(), tmp_path / f"daphne-{name}.log", production_env)
        for name in ("a", "b")
    }
    topo = Topology(tmp_path, backends)
    try:
        cert, key = tls
        topo.start_nginx(static_root=Path(production_env["STATIC_ROOT"]), cert=cert, key=key)
        yield topo
    finally:
        topo.stop()


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes


class Https:
    """One keep-alive HTTPS connection to nginx from a chosen loopback address: the machine's
    127.0.0.0/8 is all ours, so each address stands for a different client."""

    def __init__(self, topology: Topology, cert: Path, *, source: str = "127.0.0.1") -> None:
        self.conn = http.client.HTTPSConnection(
            "127.0.0.1",
            topology.https_port,
            source_address=(source, 0),
            context=ssl.create_default_context(cafile=cert),
            timeout=15,
        )

    def request(self, method: str, path: str, body: bytes | None = None, **headers) -> Answer:
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        return Answer(response.status, response.headers, response.read())


# What the app sends on every answer (config/settings.py) and nginx on its static files.
SECURITY_HEADERS = (
    "Strict-Transport-Security",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "X-Frame-Options",
    "Cross-Origin-Opener-Policy",
)


def test_nginx_serves_static_files_itself_with_long_cache_headers(topology, production_env, tls):
    topology.start("a")
    client = Https(topology, tls[0])
    home = client.request("GET", "/")
    assert home.status == 200
    css = re.search(rb'href="(/static/css/app\.[0-9a-f]{12}\.css)"', home.body)
    assert css, "the page links collectstatic's hashed stylesheet"
    css = css.group(1).decode()
    on_disk = Path(production_env["STATIC_ROOT"], css.removeprefix("/static/")).read_bytes()

    hashed = client.request("GET", css, **{"Accept-Encoding": "gzip"})
    assert hashed.status == 200
    assert hashed.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert hashed.headers["Content-Type"] == "text/css"
    assert hashed.headers["Content-Encoding"] == "gzip"  # the .gz collectstatic wrote
    assert gzip.decompress(hashed.body) == on_disk
    unhashed = client.request("GET", "/static/css/app.css")
    assert unhashed.status == 200
    assert unhashed.headers["Cache-Control"] == "public, max-age=3600"
    assert unhashed.body == on_disk

    # The app's security headers on nginx's own answers too, the hashed, the plain and a miss.
    missing = client.request("GET", "/static/css/none.css")
    assert missing.status == 404
    for answer in (hashed, unhashed, missing):
        for name in SECURITY_HEADERS:
            assert answer.headers.get_all(name) == [home.headers[name]], name
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]

    # nginx answered the static files itself; Daphne answered the page, and saw none of them.
    assert topology.access_log_lines(rf'"GET {re.escape(css)} HTTP/1\.1" 200 .* upstream=- ')
    assert topology.access_log_lines(r'"GET / HTTP/1\.1" 200 .* upstream=127\.0\.0\.1:\d+ ')
    assert topology.backends["a"].log_lines(r'"GET /" 200 ')
    assert not topology.backends["a"].log_lines("/static/")


def test_nginx_sends_http_to_https_and_the_app_knows_it_is_behind_tls(topology, tls):
    topology.start("a")
    plain = http.client.HTTPConnection("127.0.0.1", topology.http_port, timeout=10)
    plain.request("GET", "/play/?x=1")
    redirect = plain.getresponse()
    assert redirect.status == 301
    assert redirect.headers["Location"] == "https://127.0.0.1/play/?x=1"

    client = Https(topology, tls[0])
    # X-Forwarded-Proto reached Django: no redirect to https, and HSTS on the answer.
    home = client.request("GET", "/")
    assert home.status == 200
    assert home.headers["Strict-Transport-Security"].startswith("max-age=")
    # A class list of 3 MB passes nginx (the app answers: here, no CSRF token); 11 MB does not.
    assert client.request("POST", "/student/", body=b"x" * 3_000_000).status == 403
    assert client.request("POST", "/student/", body=b"x" * 11_000_000).status == 413


def test_the_login_throttle_counts_the_real_client_address_through_nginx_not_a_forged_one(
    topology, tls, classroom
):
    topology.start("a", "b")
    guesser = Https(topology, tls[0], source="127.0.0.2")
    limit = CODES_PER_ADDRESS.windows[0][0]
    for index in range(limit):
        # A different made-up X-Forwarded-For every time: nginx must replace it, not pass it.
        forged = f"198.51.100.{index % 250 + 1}"
        answer = guesser.request("GET", f"/student/ZZ{index:04d}/", **{"X-Forwarded-For": forged})
        assert answer.status == 404, index
    assert guesser.request("GET", f"/student/{classroom.code}/").status == 429
    # Another client (another address) behind the same nginx is not held back.
    classmate = Https(topology, tls[0], source="127.0.0.3")
    assert classmate.request("GET", f"/student/{classroom.code}/").status == 200
    # Daphne passed the real address as the client's; both processes counted into one limit.
    for backend in topology.backends.values():
        assert backend.log_lines(r'^127\.0\.0\.2:\d+ .*"GET /student/ZZ'), backend.name
        assert not backend.log_lines(r"^198\.51\.100\.")


def _finished(match: Match, timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return True
        time.sleep(0.1)
    return False


def test_every_process_sweeps_clocks_that_ran_out_and_each_is_applied_once(
    topology, classroom, make_student
):
    ada, ben = make_student("Ada"), make_student("Ben")

    def clock_runs_out() -> Match:
        players = [ada.user, ben.user]
        return match_create(classroom=classroom, players=players, seed=7, clock_seconds=1)

    topology.start("a")  # alone: only its sweep can finish this one
    by_a = clock_runs_out()
    assert _finished(by_a), "process a did not sweep"
    topology.start("b")
    by_both = clock_runs_out()
    assert _finished(by_both)
    topology.backends["a"].kill()
    by_b = clock_runs_out()
    assert _finished(by_b), "process b did not sweep"
    for match in (by_a, by_both, by_b):
        kinds = list(match.moves.order_by("ply").values_list("kind", flat=True))
        assert kinds.count(Move.Kind.CLOCK) == 1 and kinds[-1] == Move.Kind.CLOCK, kinds
        assert match.ply == len(kinds)


def _online(page) -> None:
    page.wait_for_function(
        "() => document.getElementById('connection').textContent === ''"
        " && !document.getElementById('match').classList.contains('is-offline')",
        timeout=15_000,
    )


def _wait_for(condition, what: str, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_a_match_across_two_processes_goes_on_when_one_is_killed(
    topology, new_page, classroom, make_student
):
    topology.start("a", "b")
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=2024)
    players = {ada.user.pk: "a", ben.user.pk: "b"}  # each student's process
    pages = {}
    for user in (ada.user, ben.user):
        page = new_page(ignore_https_errors=True)
        log_in(page, topology.base, user)
        page.context.add_cookies(
            [{"name": PIN_COOKIE, "value": players[user.pk], "url": topology.base}]
        )
        page.goto(f"{topology.base}/play/m/{match.pk}/")
        wait_connected(page)
        pages[players[user.pk]] = page
    opened = rf'"WSCONNECT /ws/match/{match.pk}/"'
    for name, backend in topology.backends.items():
        assert len(backend.log_lines(opened)) == 1, f"{name} serves its own student's socket"

    made: list[tuple[int, int, str]] = []  # (ply, seat, kind) of every move the students made

    def playing() -> bool:
        match.refresh_from_db()
        return match.status == Match.Status.PLAYING

    def play_one() -> None:
        state = state_of(match)
        move = plan(match, prefer_mind=len(made) % 3 == 1)
        made.append((match.ply, state.to_move, move.kind))
        ply = match.ply
        page = pages["a" if state.to_move == 0 else "b"]
        (by_mouse if len(made) % 2 else by_keyboard)(page, match, move)
        for page in pages.values():
            wait_for_ply_after(page, ply)

    while len(made) < 4 or state_of(match).to_move != 0:  # a few moves in, Ada to move
        play_one()
    assert playing()

    count_closes = "() => { window.closes = 0; "
    count_closes += "document.body.addEventListener('htmx:wsClose', () => window.closes++); }"
    for page in pages.values():
        page.evaluate(count_closes)
    topology.backends["a"].kill()
    b = topology.backends["b"]
    _wait_for(lambda: len(b.log_lines(opened)) == 2, "Ada's page reconnected, to b")
    ada_page = pages["a"]
    _online(ada_page)
    board = ada_page.locator("#board")
    assert int(board.get_attribute("data-ply")) == match.ply
    state = state_of(match)
    shown = ada_page.eval_on_selector_all(
        "#board .die[data-die]", "els => els.map(e => [e.dataset.die, +e.dataset.value])"
    )
    expected = {die.id: die.value for side in state.dice for die in side}
    assert dict(shown) == expected, "the full board came back"
    screenshot(ada_page, "topology-after-failover-ada")
    assert [page.evaluate("window.closes") for page in pages.values()] == [1, 0], "only Ada's"

    while playing():
        play_one()
        assert len(made) < 200
    for page in pages.values():
        page.wait_for_selector("#gameover:not([hidden])")

    applied = list(match.moves.exclude(ply=None).order_by("ply"))
    assert [m.ply for m in applied] == list(range(match.ply)), "no ply missing or doubled"
    chosen = [(m.ply, m.seat, m.kind) for m in applied if m.kind != Move.Kind.FORCED_SKIP]
    assert chosen == made, "every move made was applied, once"
    assert not match.moves.filter(kind=Move.Kind.REJECTED).exists()
