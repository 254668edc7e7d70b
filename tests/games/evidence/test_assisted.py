"""The arithmetic the reports count is the child's own: a Mind attack built with its value
shown (the guided game, a class with the value preview on) is stored as assisted, counts for no
skill, and is counted apart; the preview is off in class play, and the old rows (all made with
the preview on) are marked assisted by a data migration."""

import importlib
from datetime import date
from fractions import Fraction
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.db import connection
from django.urls import reverse

from classrooms.services.classrooms import classroom_show_values_set
from games.evidence.acts import Act
from games.models import Calculation, SkillDay
from games.progress import selectors
from games.progress.windows import Window
from games.services import MoveRejected, move_submit
from games.services.creation import match_create
from games.services.evidence import calculations_record
from tests.games.evidence.test_recording import OPENING, attack

pytestmark = pytest.mark.django_db
backfill = importlib.import_module("games.migrations.0010_calculation_assisted_backfill")
WINDOW = Window("custom", date(2000, 1, 1), date(2100, 1, 1))


def warriors_match(classroom, two_students, **options):
    return match_create(
        classroom=classroom,
        players=[s.user for s in two_students],
        seed=7,
        options={"scripted_rolls": OPENING, **options},
    )


def skill_attempts(user) -> int:
    return sum(SkillDay.objects.filter(student=user).values_list("attempts", flat=True))


def test_in_class_play_the_preview_is_off_and_the_attack_is_the_childs_own(classroom, two_students):
    match = warriors_match(classroom, two_students)
    assert match.options["preview"] is False
    ada = two_students[0].user
    attack(match, ada, "3 × 4")
    calc = Calculation.objects.get()
    assert calc.assisted is False and calc.correct is True
    assert SkillDay.objects.filter(student=ada, skill="multiplication").get().attempts == 1
    assert selectors.assisted_counts([ada.pk], WINDOW) == {}


@pytest.mark.parametrize("how", ["guided", "class"])
def test_with_the_value_shown_the_attack_is_assisted_and_counted_apart(
    classroom, two_students, how
):
    if how == "class":
        classroom_show_values_set(classroom=classroom, on=True)
        match = warriors_match(classroom, two_students)
    else:
        match = warriors_match(classroom, two_students, guided=True)
    assert match.options["preview"] is True
    ada = two_students[0].user
    attack(match, ada, "3 × 4")
    with pytest.raises(MoveRejected):  # a refused one, made with the value in sight too
        move_submit(
            match=match,
            player=two_students[1].user,
            action={"kind": "mind", "expression": "3 + 3", "target": "A-D4"},
            ply=1,
        )
    assert list(Calculation.objects.order_by("act").values_list("act", "assisted")) == [
        ("mind", True),
        ("mind_refused", True),
    ]
    assert skill_attempts(ada) == 0 and skill_attempts(two_students[1].user) == 0
    assert selectors.assisted_counts([ada.pk], WINDOW) == {ada.pk: 1}


def test_old_mind_attacks_are_marked_assisted_and_leave_the_skills(classroom, two_students):
    """Rows from before the preview could be switched off: the data migration."""
    ada = two_students[0].user
    match = warriors_match(classroom, two_students)
    seats = list(match.seats.order_by("index"))
    mind = Act(0, "mind", "3 × 4", (3, 4), mul=True, value=Fraction(12), target=12, correct=True)
    calculations_record(match=match, seats=seats, acts=[mind], now=match.created_at)
    card = match_create(
        game="cardwar",
        classroom=classroom,
        players=[s.user for s in two_students],
        variants={"level": 1},
    )
    answer = Act(
        0, "cardwar_answer", "3 + 4", (3, 4), add=True, value=Fraction(7), correct=True, level=1
    )
    calculations_record(match=card, seats=seats, acts=[answer], now=card.created_at)
    assert skill_attempts(ada) > 1  # the Mind attack's skills and the card war's addition
    backfill.mark_and_rebuild(apps, SimpleNamespace(connection=connection))  # it reads the alias
    assert list(Calculation.objects.order_by("game").values_list("game", "assisted")) == [
        ("cardwar", False),
        ("warriors", True),
    ]
    assert list(SkillDay.objects.filter(student=ada).values_list("skill", "attempts")) == [
        ("addition", 1)
    ]
    assert selectors.assisted_counts([ada.pk], WINDOW) == {ada.pk: 1}


def test_the_reports_say_how_many_were_made_with_the_value_shown(
    client, teacher, classroom, two_students
):
    match = warriors_match(classroom, two_students, preview=True)
    attack(match, two_students[0].user, "3 × 4")
    client.force_login(teacher)
    student = client.get(reverse("progress:student", args=[two_students[0].pk])).content.decode()
    assert "1 calculation was made with its value shown before it was played" in student
    overview = client.get(reverse("progress:class", args=[classroom.pk])).content.decode()
    assert "1 calculation was made with its value shown" in overview
    assert "not counted in the cells" in overview
