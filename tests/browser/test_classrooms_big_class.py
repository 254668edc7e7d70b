"""A full class of 30 still fits a 1366x768 Chromebook screen, for the teacher and the child."""

import pytest

from classrooms.services.classrooms import classroom_create
from classrooms.services.students import students_create
from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser

_FIRST = (
    "Amara Ben Chloe Dev Ella Finn Grace Hugo Isla Jack Kiara Leo Maya Noah Olivia Priya Quinn "
    "Ruby Sam Tara Umar Violet Will Zoe Zara Omar Lena Theo Nia Rosa"
)
NAMES = [
    f"{first} {last}."
    for first, last in zip(_FIRST.split(), "KTWPMOLRDSNBCFGHJAEVYZXQUPKMRT", strict=True)
]


def test_a_class_of_30_fits_the_screen_for_teacher_and_students(live, new_page, make_teacher):
    teacher = make_teacher("ms_thirty")
    room = classroom_create(name="Big class", teacher=teacher)
    students_create(classroom=room, names=NAMES)
    child = new_page()
    child.goto(f"{live}/student/{room.code}/")
    assert child.locator(".name-button").count() == 30
    assert child.evaluate("document.documentElement.scrollHeight") <= 768
    screenshot(child, "classrooms-names-30")
    adult = new_page()
    adult.goto(live + "/accounts/login/")
    adult.get_by_label("Username").fill("ms_thirty")
    adult.get_by_label("Password").fill("correct-horse-battery")
    adult.get_by_role("button", name="Log in").click()
    adult.wait_for_url(live + "/teach/")
    adult.goto(f"{live}/teach/classes/{room.pk}/")
    assert adult.evaluate("document.documentElement.scrollWidth") <= 1366
    assert adult.evaluate("document.documentElement.scrollHeight") <= 768
    screenshot(adult, "classrooms-classroom-30")
