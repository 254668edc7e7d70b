"""In Chromium: the teacher archives a student mid-match; the student's page says so at once."""

import pytest

from classrooms.models import Student
from classrooms.services.students import student_archive
from games.services import match_create
from tests.browser.conftest import screenshot
from tests.browser.warriors_driver import wait_connected

pytestmark = pytest.mark.browser


def test_a_student_archived_mid_match_is_told_on_the_open_page(
    live, login_page, classroom, make_student
):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=2024)
    pages = [login_page(ada.user), login_page(ben.user)]
    for page in pages:
        page.goto(f"{live}/play/m/{match.pk}/")
        wait_connected(page)

    student_archive(student=Student.objects.select_related("user", "classroom").get(pk=ada.pk))

    pages[0].wait_for_selector("#errors:has-text('You cannot use this page any more.')")
    pages[1].wait_for_selector("#gameover:not([hidden])")
    assert "You won" in pages[1].inner_text("#gameover")
    screenshot(pages[0], "warriors-archived-mid-match")
