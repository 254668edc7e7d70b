"""The project itself: settings, security headers, the rules boundary."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.smoke


@pytest.mark.django_db
def test_home_page_renders_with_htmx_and_ws_extension(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "htmx-2" in html
    assert "hx-ws-2" in html


@pytest.mark.django_db
def test_pages_send_a_content_security_policy_without_inline_scripts(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert "<script>" not in response.content.decode()


@pytest.mark.django_db
def test_frames_and_sniffing_are_refused(client):
    response = client.get("/")
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_rules_library_imports_without_django():
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in {'django', 'channels', 'classrooms', 'config'}:\n"
        "            raise ImportError('forbidden in games.rules: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import pkgutil, importlib, games.rules\n"
        "for m in pkgutil.walk_packages(games.rules.__path__, 'games.rules.'):\n"
        "    importlib.import_module(m.name)\n"
        "print('pure')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "pure"


def test_settings_read_the_environment():
    code = (
        "import os\n"
        "os.environ.update(DATABASE_URL='postgres://u@db.example:5433/arena',"
        " REDIS_URL='redis://cache:6379/2', DEBUG='0', SECRET_KEY='s-'*20 + 'abcdefghij',"
        " ALLOWED_HOSTS='arena.example')\n"
        "from config import settings as s\n"
        "db = s.DATABASES['default']\n"
        "print(db['ENGINE'], db['HOST'], db['PORT'], db['NAME'])\n"
        "print(s.CHANNEL_LAYERS['default']['BACKEND'])\n"
        "print(s.CHANNEL_LAYERS['default']['CONFIG']['hosts'][0]['max_connections'])\n"
        "print(s.DEBUG, s.ALLOWED_HOSTS, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)\n"
        "print(db['OPTIONS']['pool']['max_size'], db['CONN_MAX_AGE'])\n"
    )
    env = {"PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "django.db.backends.postgresql db.example 5433 arena"
    assert lines[1] == "config.channel_layer.CountingRedisChannelLayer"  # counts what it drops
    assert lines[2] == "1000"
    assert lines[3] == "False ['arena.example'] True True"
    assert lines[4] == "20 0"  # production PostgreSQL uses a connection pool


def test_production_settings_refuse_to_start_without_a_secret_key():
    code = "import os\nos.environ['DEBUG']='0'\nimport config.settings\n"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("change-me-to-50-random-characters", "SECRET_KEY is a placeholder"),
        ("change-me-to-50-random-characters" + "x" * 30, "SECRET_KEY is a placeholder"),
        ("dev-only-insecure-key-do-not-use-in-production", "SECRET_KEY is a placeholder"),
        ("django-insecure-" + "a1b2c3d4e5" * 5, "SECRET_KEY is a placeholder"),
        ("Zq8-vL2pXw", "SECRET_KEY is too short"),
        ("ab" * 40, "SECRET_KEY is too short"),  # 80 characters, two different ones
    ],
)
def test_production_settings_refuse_a_placeholder_or_short_secret_key(key, message):
    code = "import config.settings\n"
    env = {"PATH": "/usr/bin:/bin", "DEBUG": "0", "SECRET_KEY": key}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env
    )
    assert result.returncode != 0
    assert message in result.stderr
    assert "secrets.token_urlsafe(50)" in result.stderr  # and how to make a good one


def test_production_settings_pass_djangos_deployment_checks():
    env = {
        "PATH": "/usr/bin:/bin",
        "DEBUG": "0",
        "SECRET_KEY": "k" * 30 + "-production-key-with-enough-variety-1234567890",
        "ALLOWED_HOSTS": "arena.example",
        "DATABASE_URL": "sqlite:////tmp/deploy-check.sqlite3",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_test_settings_are_productions_with_only_a_cheap_hasher_put_first():
    """What the tests run under differs from `config.settings` in the password hashers, which
    are production's with one cheap hasher in front (test users only), and in one app added
    last: the tests' own game (tests/games/make_number)."""
    code = (
        "import json, config.settings as p, tests.settings as t\n"
        "names = {n for n in dir(p) + dir(t) if n.isupper()}\n"
        "differ = [n for n in names if getattr(p, n, None) != getattr(t, n, None)]\n"
        "print(json.dumps(sorted(differ)))\n"
        "print(json.dumps([p.PASSWORD_HASHERS, t.PASSWORD_HASHERS]))\n"
        "print(json.dumps([p.INSTALLED_APPS, t.INSTALLED_APPS]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    differ, hashers, apps = (json.loads(line) for line in result.stdout.splitlines())
    production, tests = hashers
    assert differ == ["INSTALLED_APPS", "PASSWORD_HASHERS", "PRODUCTION_PASSWORD_HASHERS"]
    assert apps[1] == [*apps[0], "tests.games.make_number"]
    assert tests == ["django.contrib.auth.hashers.MD5PasswordHasher", *production]
    assert production[0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_a_test_that_starts_chromium_without_the_browser_marker_is_named():
    from types import SimpleNamespace

    from tests.conftest import unmarked_browser_tests

    def item(nodeid, fixtures, marked):
        marker = object() if marked else None
        return SimpleNamespace(
            nodeid=nodeid, fixturenames=fixtures, get_closest_marker=lambda name: marker
        )

    items = [
        item("a.py::marked", ["page", "new_page", "browser"], True),
        item("b.py::unmarked", ["page", "new_page", "browser"], False),
        item("c.py::no_chromium", ["live", "transactional_db"], False),
    ]
    assert unmarked_browser_tests(items) == ["b.py::unmarked"]
