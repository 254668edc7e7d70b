"""Real-browser fixtures: Daphne serving the app over HTTP and WebSockets, and Debian's Chromium.

The server is a separate `daphne` process (as in production) pointed at the test database, so
tests that use it need committed data: request `transactional_db` (the `live` fixture does).
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from playwright.sync_api import sync_playwright

from tests.processes import process_stop, wait_until_answering

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
VIEWPORT = {"width": 1366, "height": 768}
SCREENSHOTS = ROOT / "test-artifacts"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _test_database_url() -> str:
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}{port}/{db['NAME']}"


def start_daphne(
    port: int | None = None,
    extra_env: dict[str, str] | None = None,
    extra_args: list[str] | None = None,
):
    """Start one Daphne process on the test database; returns (process, base_url)."""
    port = port or _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": _test_database_url(),
        "DEBUG": "1",
        **(extra_env or {}),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            *(extra_args or []),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base_url = f"http://127.0.0.1:{port}"
    wait_until_answering(proc, f"{base_url}/healthz", name="daphne", seconds=30)
    return proc, base_url


def stop_daphne(proc: subprocess.Popen) -> None:
    process_stop(proc)


@pytest.fixture(scope="session")
def asgi_server(django_db_setup, django_db_blocker):
    """The base URL of a Daphne process serving the app on the test database.

    Its sweeps are off: shared by every test, it would expire the matches an earlier test left
    due while pytest-django truncates the tables after each test, and the sweep's write and the
    TRUNCATE can deadlock (seen in CI). The sweep has tests of its own, on Daphnes of their own
    (tests/games/test_sweeper.py, tests/browser/test_topology.py).
    """
    proc, base_url = start_daphne(
        extra_env={"GAMES_SWEEP_SECONDS": "86400", "GAMES_NEWS_SWEEP_SECONDS": "86400"}
    )
    yield base_url
    stop_daphne(proc)


@pytest.fixture
def live(asgi_server, transactional_db):
    """Base URL of the live server, with committed (transactional) test data and an empty
    cache: the server and the tests share it, and login throttles count there by address."""
    from django.core.cache import cache

    cache.clear()
    yield asgi_server
    cache.clear()
    server_settle()


def server_settle(seconds: float = 3.0) -> None:
    """Wait (a few seconds at most) until the server has finished what the test's closed pages
    left it doing: a lobby socket that closed as the test ended still joins and leaves
    (its presence row), and on PostgreSQL a write of the server's beside the flush's TRUNCATE can
    deadlock (seen in CI: an INSERT's key-share lock against the TRUNCATE's exclusive ones). The
    pages are closed by now (their fixtures were set up after this one); the flush comes next."""
    from django.db import connection

    from games.models import Presence

    deadline = time.monotonic() + seconds
    quiet = 0
    while time.monotonic() < deadline and quiet < 2:
        busy = Presence.objects.exists()
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND pid <> pg_backend_pid() AND state <> 'idle'"
                )
                busy = busy or cursor.fetchone()[0] > 0
        quiet = 0 if busy else quiet + 1
        time.sleep(0.05)


@pytest.fixture(autouse=True)
def _orm_beside_playwright(request, monkeypatch):
    """Let a browser test's own ORM calls run beside Playwright, for that test alone.

    Playwright's sync API runs an event loop in this thread from the first Chromium test to the
    end of the session (so the browser tests run last), and Django refuses synchronous ORM calls
    while a loop runs in their thread. A browser test's body and its database fixtures' flush are
    plain synchronous calls, so Django's guard is switched off while a browser-marked test runs
    (autouse: set up before, and torn down after, its database fixtures), and never for any other
    test. The Daphne processes never have it.
    """
    if request.node.get_closest_marker("browser") is not None:
        monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium package")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-gpu",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


# Chromium logs a violation as a console message whose wording varies by kind; the page's own
# event names the directive and the source, for every kind.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` (${e.sourceFile}:${e.lineNumber})`);
});
"""


# Every frame a page sends over its sockets, in order, kept in the page itself: a test reads
# exactly what was sent (`frames_sent`) instead of waiting to see whether something arrives.
RECORD_FRAMES_SENT = """
(() => {
  const send = WebSocket.prototype.send;
  window.__framesSent = [];
  WebSocket.prototype.send = function (data) {
    window.__framesSent.push(String(data));
    return send.call(this, data);
  };
})();
"""


def frames_sent(page) -> list[dict]:
    """The JSON frames this page has sent over its sockets so far (since it was loaded)."""
    import json

    return [json.loads(text) for text in page.evaluate("window.__framesSent")]


HTTP_ERROR_STATUS = "Failed to load resource: the server responded with a status of"


class ConsoleWatch:
    """Every console error, uncaught page error and CSP violation on the test's pages."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.expected: list[re.Pattern[str]] = []

    def allow(self, pattern: str) -> None:
        """Expect console errors matching `pattern` (a test that stops the server on purpose)."""
        self.expected.append(re.compile(pattern))

    def watch(self, page) -> None:
        def on_console(message) -> None:
            # A failed response is reported below, with its address (the console omits it).
            if message.type == "error" and not message.text.startswith(HTTP_ERROR_STATUS):
                where = message.location.get("url") or page.url
                self.problems.append(f"{where}: console error: {message.text}")

        def on_response(response) -> None:
            # A page the test opens on purpose may answer 403 or 404 (the test checks that);
            # what the page itself loads (a script, a style, the icon, a fetch) must not fail.
            if response.status >= 400 and response.request.resource_type != "document":
                self.problems.append(f"{page.url}: {response.url} answered {response.status}")

        page.on("console", on_console)
        page.on("response", on_response)
        page.on("pageerror", lambda error: self.problems.append(f"{page.url}: page error: {error}"))

    def unexpected(self) -> list[str]:
        return [p for p in self.problems if not any(e.search(p) for e in self.expected)]


@pytest.fixture
def console() -> ConsoleWatch:
    return ConsoleWatch()


@pytest.fixture
def new_page(browser, console):
    """Factory for pages in fresh contexts (separate cookies: one per person).

    The test fails at teardown if any page logged a console error, a page error or a CSP
    violation that the test did not declare with `console.allow(...)`.
    """
    contexts = []

    def make(**kwargs):
        context = browser.new_context(viewport=VIEWPORT, **kwargs)
        context.set_default_timeout(10_000)
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        context.add_init_script(RECORD_FRAMES_SENT)
        context.on("page", console.watch)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
    problems = console.unexpected()
    if problems:
        pytest.fail("the browser reported problems:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def page(new_page):
    return new_page()


def assert_accessible(page, name: str) -> None:
    """No serious or critical axe-core violations on the current page."""
    results = Axe().run(page)
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]
    assert not bad, f"{name}: {bad}"


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ for a person to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def log_in(page, base_url: str, user) -> None:
    """Give the page's context `user`'s session for `base_url` (as after a login)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}]
    )


@pytest.fixture
def login_page(new_page, live):
    """A page in a fresh context, logged in as `user` on the live server."""

    def make(user):
        page = new_page()
        log_in(page, live, user)
        return page

    return make
