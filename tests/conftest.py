"""Fixtures shared by every test package: people and classes, made through the models."""

import itertools
import socket

import pytest
from channels.layers import DEFAULT_CHANNEL_LAYER, channel_layers
from django.core.cache import cache
from django.utils import translation

from classrooms.models import Classroom, Student, User
from tests.oidc_provider.process import ProviderClient, ProviderUser, start_provider

_seq = itertools.count(1)


def _user(password: str, **fields) -> User:
    """A user saved with their password set through the model's own path, as the services do.

    (`create_user(password=…)` would call `make_password` directly and skip the student hasher.)
    """
    user = User(**fields)
    user.set_password(password)
    user.save()
    return user


@pytest.fixture(autouse=True)
def _the_default_language_per_test():
    """Each test starts in the default language. A request through the test client runs in the
    test's own thread and the language middleware activates the page's language there (as every
    request does in production); a test that asked for Norwegian pages must not leave the next
    test's services speaking Norwegian (6 tournament tests failed after the spreadsheet CSVs)."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _a_channel_layer_per_test():
    """Each test gets its own channel layer object. Channels caches one per process, and
    channels-redis keeps its receive lock, receive count and connection pools on it, bound to the
    event loop that first used them; every async test runs on a new loop, so a consumer still
    receiving when one test's loop closed would hand the next test a lock bound to a dead loop
    ("is bound to a different event loop", seen in CI under load). Production has one loop per
    process and never meets this."""
    yield
    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)


@pytest.fixture(autouse=True)
def _fresh_cache(request):
    """Throttle counters live in the cache (logins, class codes, what a pupil starts): every
    test that can reach it starts with none.

    Without Redis the cache is a database table, so only a test with database access can reach
    it; a test that needs none (a pure function's) neither needs nor may open the database.
    Browser tests clear it in their `live` fixture, where Playwright's loop allows it.
    """
    if request.node.get_closest_marker("browser") is not None:
        yield
        return
    marked = request.node.get_closest_marker("django_db")
    database = {"db", "transactional_db"} & set(request.fixturenames)
    if database and not marked:  # set up now: it would come after this autouse fixture
        request.getfixturevalue("transactional_db" if "transactional_db" in database else "db")
    uses_database = marked or database
    if uses_database:
        cache.clear()
    yield
    if uses_database:
        cache.clear()


@pytest.fixture
def production_hashers(settings):
    """The password hashers production has (the tests' own default is a cheap one)."""
    from config.settings import PASSWORD_HASHERS

    settings.PASSWORD_HASHERS = PASSWORD_HASHERS


@pytest.fixture
def make_teacher(db):
    def make(username: str | None = None, password: str = "correct-horse-battery") -> User:
        n = next(_seq)
        username = username or f"teacher{n}"
        return _user(
            password,
            username=username,
            email=f"{username}@school.example",
            role=User.Role.TEACHER,
            first_name="Teacher",
            last_name=str(n),
        )

    return make


@pytest.fixture
def teacher(make_teacher) -> User:
    return make_teacher()


@pytest.fixture
def make_classroom(db, make_teacher):
    def make(name: str = "Class 4B", teacher: User | None = None) -> Classroom:
        room = Classroom.objects.create(name=name, code=f"C{next(_seq):05d}")
        room.teachers.add(teacher or make_teacher())
        return room

    return make


@pytest.fixture
def classroom(make_classroom, teacher) -> Classroom:
    return make_classroom(teacher=teacher)


@pytest.fixture
def make_student(db, classroom):
    def make(name: str | None = None, room: Classroom | None = None, password: str = "kite-lamp"):
        n = next(_seq)
        name = name or f"Pupil {n}"
        user = _user(password, username=f"pupil{n}", role=User.Role.STUDENT, first_name=name)
        return Student.objects.create(user=user, classroom=room or classroom, display_name=name)

    return make


def unmarked_browser_tests(items) -> list[str]:
    """The tests that start Chromium (they use the `browser` fixture) without the `browser`
    marker: they would run among `-m "not browser"` runs, before async tests."""
    return [
        item.nodeid
        for item in items
        if "browser" in item.fixturenames and item.get_closest_marker("browser") is None
    ]


def pytest_collection_modifyitems(items):
    """Refuse a test that starts Chromium unmarked, then run the browser tests last.

    Playwright's sync API keeps an event loop running in the main thread for the rest of the
    session, and async tests cannot start their own there."""
    unmarked = unmarked_browser_tests(items)
    if unmarked:
        raise pytest.UsageError(
            "these tests start Chromium but lack the `browser` marker "
            "(add `pytestmark = pytest.mark.browser`):\n  " + "\n  ".join(unmarked)
        )
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


SCHOOL_TENANT = "6f1c0a52-3d1b-4c2e-9a57-0a1b2c3d4e5f"
SCHOOL_ENV = {
    "GOOGLE_CLIENT_ID": "google-client",
    "GOOGLE_CLIENT_SECRET": "google-secret",
    "GOOGLE_DOMAINS": "school.test",
    "MICROSOFT_CLIENT_ID": "microsoft-client",
    "MICROSOFT_CLIENT_SECRET": "microsoft-secret",
    "MICROSOFT_TENANT_ID": SCHOOL_TENANT,
    "FEIDE_CLIENT_ID": "feide-client",
    "FEIDE_CLIENT_SECRET": "feide-secret",
}


def school_env(monkeypatch, **env: str) -> None:
    """The environment a deployment sets for school sign-in: exactly `env`, nothing inherited."""
    for provider in ("GOOGLE", "MICROSOFT", "FEIDE"):
        for key in ("CLIENT_ID", "CLIENT_SECRET", "ISSUER", "DOMAINS", "TENANT_ID"):
            monkeypatch.delenv(f"{provider}_{key}", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)


@pytest.fixture
def school_sign_in_on(settings, monkeypatch):
    """Google (school.test), Microsoft (one tenant) and Feide switched on, as the environment
    would (config/settings.py); returns the configured providers by id."""
    from classrooms.school_accounts.providers import school_providers
    from config.settings import school_account_apps

    school_env(monkeypatch, **SCHOOL_ENV)
    settings.SOCIALACCOUNT_PROVIDERS = {
        "openid_connect": {
            **settings.SOCIALACCOUNT_PROVIDERS["openid_connect"],
            "APPS": school_account_apps(),
        }
    }
    return {provider.id: provider for provider in school_providers()}


# People with an account at the test OpenID Connect provider (tests/oidc_provider/).
SARA = ProviderUser("sara.khan@school.test", "Sara", "Khan")  # a teacher
ADA = ProviderUser("ada.k@school.test", "Ada", "K")
BEN = ProviderUser("ben.t@school.test", "Ben", "T")
CHLOE = ProviderUser("chloe.w@school.test", "Chloe", "W")
STRANGER = ProviderUser("nobody.here@school.test", "No", "Body")
SCHOOL_PEOPLE = [SARA, ADA, BEN, CHLOE, STRANGER]
FEIDE_CLIENT = ProviderClient(
    "maths-arena",
    "feide-secret",
    # The tests' own client (Django's test client) and any port of the loopback address (the
    # Daphnes of the browser tests), as RFC 8252 lets a provider allow.
    [
        "http://testserver/accounts/oidc/feide/login/callback/",
        "http://127.0.0.1/accounts/oidc/feide/login/callback/",
    ],
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def school_provider_server():
    """A real OpenID Connect provider on a local port, playing Feide for the whole session."""
    provider = start_provider(free_port(), users=SCHOOL_PEOPLE, clients=[FEIDE_CLIENT])
    yield provider
    provider.stop()


def feide_env(provider) -> dict[str, str]:
    """The environment that points the app's Feide at the test provider."""
    return {
        "FEIDE_CLIENT_ID": FEIDE_CLIENT.client_id,
        "FEIDE_CLIENT_SECRET": FEIDE_CLIENT.secret,
        "FEIDE_ISSUER": provider.issuer,
    }


@pytest.fixture
def school_sign_in_live(settings, monkeypatch, school_provider_server):
    """Feide switched on and pointed at the real test provider; returns the provider."""
    from config.settings import school_account_apps

    school_env(monkeypatch, **feide_env(school_provider_server))
    settings.SOCIALACCOUNT_PROVIDERS = {
        "openid_connect": {
            **settings.SOCIALACCOUNT_PROVIDERS["openid_connect"],
            "APPS": school_account_apps(),
        }
    }
    return school_provider_server
