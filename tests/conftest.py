"""Fixtures shared by every test package: people and classes, made through the models."""

import itertools

import pytest

from classrooms.models import Classroom, Student, User

_seq = itertools.count(1)


@pytest.fixture
def make_teacher(db):
    def make(username: str | None = None, password: str = "correct-horse-battery") -> User:
        n = next(_seq)
        username = username or f"teacher{n}"
        return User.objects.create_user(
            username=username,
            email=f"{username}@school.example",
            password=password,
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
        user = User.objects.create_user(
            username=f"pupil{n}", password=password, role=User.Role.STUDENT, first_name=name
        )
        return Student.objects.create(user=user, classroom=room or classroom, display_name=name)

    return make


def pytest_collection_modifyitems(items):
    """Run the browser tests last: Playwright's sync API keeps an event loop running in the
    main thread for the rest of the session, and async tests cannot start their own there."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
