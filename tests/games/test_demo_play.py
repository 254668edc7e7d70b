"""The demo class's past lessons: real play through the door, evidence for both games."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models import Calculation, Match, Move
from games.services.demo import demo_lessons_play


@pytest.fixture
def pupils(make_student):
    return [make_student(f"Pupil {name}") for name in "ABCDEFGH"]


def test_past_lessons_leave_finished_games_of_both_kinds_with_each_students_evidence(
    classroom, pupils
):
    now = timezone.now()
    played = demo_lessons_play(classroom=classroom, lessons=2, now=now)

    matches = Match.objects.filter(classroom=classroom)
    assert played == matches.count() == 8  # per lesson: 2 Warriors pairs and 2 card-war tables
    assert set(matches.values_list("game", flat=True)) == {"warriors", "cardwar"}
    assert not matches.exclude(status=Match.Status.FINISHED).exists()
    assert all(m.created_at < now - timedelta(days=2) for m in matches)
    evidence = Calculation.objects.filter(classroom=classroom)
    assert {row.game for row in evidence} == {"warriors", "cardwar"}
    assert {row.student_id for row in evidence} == {p.user_id for p in pupils}
    assert all(row.created < now - timedelta(days=2) for row in evidence)
    # Every stored move replays: the log is what live play writes.
    assert Move.objects.filter(match__classroom=classroom, ply__isnull=False).count() > 8


def test_a_class_that_has_played_is_left_as_it_is(classroom, pupils):
    assert demo_lessons_play(classroom=classroom, lessons=1) == 4
    before = Calculation.objects.count()
    assert demo_lessons_play(classroom=classroom, lessons=1) == 0
    assert Calculation.objects.count() == before


def test_the_command_says_so_when_there_is_no_demo_class(db, capsys):
    # It playing a month for the demo class is checked where `./dev run` runs it
    # (tests/test_dev_command.py); playing once is checked above.
    call_command("demo_games")
    assert "No demo class: run demo_data first." in capsys.readouterr().out
    assert not Match.objects.exists()
