"""Fixtures shared by every test package: people and classes, made through the models."""

import itertools

import pytest

from classrooms.models import Classroom, Student, User

_seq = itertools.count(1)


def _user(password: str, **fields) -> User:
    """A user saved with their password set through the model's own path, as the services do.

    (`create_user(password=…)` would call `make_password` directly and skip the student hasher.)
    """
    user = User(**fields)
    user.set_password(password)
    user.save()
    return user


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
