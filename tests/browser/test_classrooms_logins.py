"""Logins and cards in a real browser: the card sheet's reload, sign-up, the attack banner."""

import pytest

from classrooms.models import User
from classrooms.services.classrooms import classroom_create
from classrooms.services.students import students_create
from classrooms.services.throttle import CLASS, STUDENT, account_key, classroom_key
from classrooms.services.throttle import throttle_reserve as reserve
from tests.browser.conftest import screenshot
from tests.browser.test_classrooms_flows import assert_accessible, assert_fits_the_screen

pytestmark = pytest.mark.browser

NAMES = ["Amara K.", "Ben T.", "Chloe W.", "Dev P.", "Ella M.", "Finn O."]
NAMES.append("Maximilian-Alexander Z.")  # a long name beside a long username


@pytest.fixture
def room(make_teacher):
    teacher = make_teacher("ms_cards")
    room = classroom_create(name="Owls 3C", teacher=teacher)
    students_create(classroom=room, names=NAMES)
    return room


def _shown_passwords(page) -> list[str]:
    return page.locator(".card-password").all_inner_texts()


def test_reloading_the_card_sheet_shows_the_same_cards_and_resets_nobody(live, login_page, room):
    page = login_page(room.teachers.get())
    page.goto(f"{live}/teach/classes/{room.pk}/cards/")
    page.get_by_role("button", name="New cards for all 7 students").click()
    page.locator("#card-sheet").wait_for()
    before = _shown_passwords(page)
    assert len(before) == 7
    hashes = dict(User.objects.filter(student__classroom=room).values_list("pk", "password"))
    page.reload()  # a GET: no "confirm form resubmission", no second reset
    page.locator("#card-sheet").wait_for()
    assert _shown_passwords(page) == before
    assert dict(User.objects.filter(student__classroom=room).values_list("pk", "password")) == (
        hashes
    )
    card = page.locator(".login-card").first
    assert "Owls 3C" in card.inner_text() and "/student/" in card.inner_text()
    assert_accessible(page, "card-sheet")
    screenshot(page, "logins-card-sheet-after-reload")
    page.get_by_role("button", name="Done: forget these passwords").click()
    page.get_by_role("heading", name="Owls 3C").wait_for()
    page.go_back()
    assert page.get_by_role("heading", name="This card sheet is closed").is_visible()
    screenshot(page, "logins-card-sheet-closed")


def test_the_sign_up_form_lines_up_in_two_columns(live, page):
    page.goto(live + "/accounts/signup/")
    rows = [("id_username", "id_email"), ("id_first_name", "id_last_name")]
    rows.append(("id_password1", "id_password2"))
    for left, right in rows:
        a, b = page.locator(f"#{left}").bounding_box(), page.locator(f"#{right}").bounding_box()
        assert abs(a["y"] - b["y"]) < 1, (left, right, a, b)
        assert abs(a["width"] - b["width"]) < 1 and a["x"] < b["x"]
    assert "150 characters" not in page.content()
    assert_accessible(page, "signup")
    assert_fits_the_screen(page)
    screenshot(page, "logins-signup")
    page.get_by_role("button", name="Create account").click()  # all empty: errors line up too
    page.locator("#id_username_error").wait_for()
    screenshot(page, "logins-signup-errors")


def test_the_teacher_sees_the_attack_banner_and_resumes_logins(live, login_page, room):
    students = list(room.students.order_by("display_name"))
    for index in range(CLASS.windows[0][0]):  # 30 wrong passwords, five per account
        student = students[index // STUDENT.free]
        reserve(gates=[(STUDENT, account_key(student.user_id)), (CLASS, classroom_key(room.pk))])
    page = login_page(room.teachers.get())
    page.goto(f"{live}/teach/classes/{room.pk}/")
    banner = page.locator("#login-pause")
    banner.wait_for()
    text = banner.inner_text()
    assert "30 wrong passwords in the last hour" in text
    assert "Amara K. (5)" in text and "QR cards" in text
    assert_accessible(page, "attack-banner")
    assert_fits_the_screen(page)
    screenshot(page, "logins-attack-banner")
    page.get_by_role("button", name="Resume password logins").click()
    page.get_by_text("Password logins are open again for this class.").wait_for()
    assert page.locator("#login-pause").count() == 0
    screenshot(page, "logins-attack-banner-cleared")


def test_usernames_on_the_class_page_stay_on_one_line(live, login_page, room):
    page = login_page(room.teachers.get())
    page.goto(f"{live}/teach/classes/{room.pk}/")
    boxes = [u.bounding_box() for u in page.locator("#student-list .username").all()]
    heights = {round(box["height"]) for box in boxes}
    assert len(boxes) == 7 and len(heights) == 1, heights  # one line each, none wrapped
    right_edges = {round(box["x"] + box["width"]) for box in boxes[:3]}  # the first column
    assert len(right_edges) == 1  # right-aligned, whatever the length of the name
    screenshot(page, "logins-class-page-usernames")
