"""In Chromium: the teacher archives a student mid-match; the student's page says so at once."""

import pytest

from games.services import match_create
from tests.browser.conftest import screenshot
from tests.browser.warriors_driver import wait_connected

pytestmark = pytest.mark.browser


def test_a_student_archived_mid_match_is_told_on_the_open_page(
    live, login_page, classroom, make_student, teacher
):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=2024)
    pages = [login_page(ada.user), login_page(ben.user)]
    for page in pages:
        page.goto(f"{live}/play/m/{match.pk}/")
        wait_connected(page)

    # The teacher archives Ada from her page, in their own browser, while she plays.
    desk = login_page(teacher)
    desk.goto(f"{live}/teach/students/{ada.pk}/")
    desk.click("button:has-text('Archive student')")
    desk.wait_for_selector(".messages >> text=Ada is archived.")

    pages[0].wait_for_selector("#errors:has-text('You cannot use this page any more.')")
    pages[1].wait_for_selector("#gameover:not([hidden])")
    assert "You won" in pages[1].inner_text("#gameover")
    screenshot(pages[0], "warriors-archived-mid-match")
