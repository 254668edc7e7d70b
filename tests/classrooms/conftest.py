import pytest

from classrooms.services import card_sheets, throttle
from classrooms.services.classrooms import classroom_create
from classrooms.services.students import students_create


@pytest.fixture
def make_room(db, make_teacher):
    """A class made through the service (real class code)."""

    def make(name: str = "Class 4B", teacher=None):
        return classroom_create(name=name, teacher=teacher or make_teacher())

    return make


@pytest.fixture
def make_cards():
    """Students made through the service; returns their cards (with passwords and tokens)."""

    def make(classroom, *names: str):
        return students_create(classroom=classroom, names=list(names or ["Maya K.", "Ben T."]))

    return make


@pytest.fixture
def client_factory():
    """Separate test clients (one per child), optionally with request defaults."""
    from django.test import Client

    return lambda **defaults: Client(**defaults)


class FakeClock:
    """A clock that moves only when told: `advance(seconds)`."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def fake_clock(monkeypatch) -> FakeClock:
    """The throttle's and the card sheets' clock, moved by hand."""
    clock = FakeClock()
    monkeypatch.setattr(throttle, "clock", clock)
    monkeypatch.setattr(card_sheets, "clock", clock)
    return clock
