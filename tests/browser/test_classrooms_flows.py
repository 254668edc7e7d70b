"""Classrooms in a real browser: teacher set-up, card printing, the three ways students log in."""

import re

import pytest

from classrooms.services.classrooms import classroom_create
from classrooms.services.students import students_create
from tests.browser.conftest import assert_accessible, screenshot

pytestmark = pytest.mark.browser

NAMES = [
    "Amara K.", "Ben T.", "Chloe W.", "Dev P.", "Ella M.", "Finn O.", "Grace L.", "Hugo R.",
    "Isla D.", "Jack S.", "Kiara N.", "Leo B.", "Maya C.", "Noah F.", "Olivia G.", "Priya H.",
    "Quinn J.", "Ruby A.", "Sam E.", "Tara V.", "Umar Y.", "Violet Z.", "Will X.", "Zoe Q.",
    "Zara U.",
]  # fmt: skip


def assert_fits_the_screen(page) -> None:
    """Nothing wider than the 1366 px Chromebook screen (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366


@pytest.fixture
def room_with_students(make_teacher):
    teacher = make_teacher()
    room = classroom_create(name="Class 3C", teacher=teacher)
    cards = students_create(classroom=room, names=["Maya K.", "Ben T.", "Ali R."])
    return teacher, room, cards


def test_teacher_signs_up_creates_a_class_pastes_25_names_and_prints_cards(live, page):
    page.goto(live + "/")
    assert_accessible(page, "home")
    screenshot(page, "classrooms-home")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("ms_browser")
    page.get_by_label("Email").fill("ms_browser@school.example")
    page.get_by_label("First name").fill("Bea")
    page.get_by_label("Last name").fill("Browser")
    page.locator("#id_password1").fill("a-long-unusual-phrase-42")
    page.get_by_label("Password again").fill("a-long-unusual-phrase-42")
    assert_accessible(page, "signup")
    screenshot(page, "classrooms-signup")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(live + "/teach/")
    assert_accessible(page, "dashboard")
    page.get_by_label("Class name").fill("Owls")
    page.get_by_role("button", name="Create class").click()
    page.get_by_role("heading", name="Owls").wait_for()
    assert_accessible(page, "classroom")
    assert_fits_the_screen(page)
    page.get_by_role("link", name="Add students").first.click()
    page.get_by_label("Names, one per line").fill("\n".join(NAMES))
    assert_accessible(page, "import")
    page.get_by_role("button", name="Preview").first.click()
    page.get_by_role("heading", name="Check the list").wait_for()
    assert page.locator("#import-preview li").count() == 25
    assert_accessible(page, "preview")
    screenshot(page, "classrooms-import-preview")
    page.get_by_role("button", name="Add 25 students and make their cards").click()
    page.locator("#card-sheet").wait_for()
    assert page.locator(".login-card").count() == 25
    assert page.locator(".card-qr svg").count() == 25
    assert_accessible(page, "cards")
    screenshot(page, "classrooms-cards")
    page.emulate_media(media="print")
    assert not page.get_by_role("button", name="Print cards").is_visible()
    # A printed password is never broken over two lines ("road- / rose"): one line box each.
    lines = page.eval_on_selector_all(
        ".card-password",
        "els => els.map(e => [getComputedStyle(e).whiteSpace, e.getClientRects().length])",
    )
    assert lines == [["nowrap", 1]] * 25
    screenshot(page, "classrooms-cards-print")
    pdf = page.pdf(prefer_css_page_size=True)
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == 4, f"25 cards at 8 per A4 page should print on 4 pages, not {pages}"


def test_student_logs_in_with_class_code_name_and_password(live, page, room_with_students):
    _teacher, room, cards = room_with_students
    page.goto(live + "/")
    page.get_by_role("link", name="I'm a student").click()
    page.get_by_label("Class code").fill(room.code.lower())
    assert_accessible(page, "student-code")
    screenshot(page, "classrooms-student-code")
    page.get_by_role("button", name="Next").click()
    page.get_by_role("heading", name="Tap your name").wait_for()
    assert_accessible(page, "student-names")
    screenshot(page, "classrooms-student-names")
    button = page.get_by_role("link", name="Maya K.")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    button.click()
    page.get_by_label("Your password").fill("wrong-words")
    page.get_by_role("button", name="Let me in").click()
    page.get_by_text("That password is not right").wait_for()
    assert_accessible(page, "student-password-error")
    screenshot(page, "classrooms-student-wrong-password")
    page.get_by_label("Your password").fill(cards[0].password)
    page.get_by_role("button", name="Let me in").click()
    page.get_by_role("heading", name="Hi, Maya K.!").wait_for()
    screenshot(page, "classrooms-student-home")
    assert page.url == live + "/play/"
    assert_accessible(page, "student-home")


def test_student_logs_in_with_the_qr_link(live, page, room_with_students):
    _teacher, _room, cards = room_with_students
    page.goto(f"{live}/q/{cards[1].token}/")
    assert_accessible(page, "qr")
    screenshot(page, "classrooms-qr")
    page.get_by_role("button", name="Yes, that's me!").click()
    page.get_by_role("heading", name="Hi, Ben T.!").wait_for()
    page.goto(f"{live}/q/not-a-real-token/")
    assert page.get_by_role("heading", name="This card does not work any more").is_visible()


def test_another_teacher_cannot_open_the_class(live, new_page, room_with_students, make_teacher):
    _teacher, room, _cards = room_with_students
    make_teacher("mr_other", password="correct-horse-battery")
    page = new_page()
    page.goto(live + "/accounts/login/")
    page.get_by_label("Username").fill("mr_other")
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live + "/teach/")
    assert "Class 3C" not in page.content()
    response = page.goto(f"{live}/teach/classes/{room.pk}/")
    assert response.status == 404  # as for a class that does not exist
    assert "Class 3C" not in page.content()


def test_teacher_pages_for_a_class_with_students_are_accessible(live, page, room_with_students):
    teacher, room, cards = room_with_students
    page.goto(live + "/accounts/login/")
    assert_accessible(page, "login")
    page.get_by_label("Username").fill(teacher.username)
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live + "/teach/")
    screenshot(page, "classrooms-dashboard")
    page.goto(f"{live}/teach/classes/{room.pk}/")
    assert_accessible(page, "classroom-with-students")
    screenshot(page, "classrooms-classroom")
    old_code = room.code
    page.get_by_role("button", name="New code…").click()
    # The first click asks, saying what will happen; nothing has changed yet.
    page.get_by_role("heading", name=f"Make a new class code for {room.name}?").wait_for()
    assert "stops working: print new ones" in page.inner_text("main")
    room.refresh_from_db()
    assert room.code == old_code
    assert_accessible(page, "confirm new class code")
    screenshot(page, "classrooms-confirm-new-code")
    page.get_by_role("button", name="Make a new code").click()
    page.get_by_text("The class has a new code").wait_for()
    assert old_code not in page.locator("#class-code").inner_text()
    page.goto(f"{live}/teach/classes/{room.pk}/import/")
    page.get_by_label("Names, one per line").fill("Zed A.\n\n=HYPERLINK(1)\nzed a\nMaya K.\n")
    page.get_by_role("button", name="Preview").first.click()
    problems = page.locator("#import-problems")
    problems.wait_for()
    assert "Line 3" in problems.inner_text() and "Line 4" in problems.inner_text()
    assert "Line 5" in page.locator("#import-skipped").inner_text()  # Maya is already there
    assert page.get_by_role("button", name="Add 1 student").count() == 0
    assert_accessible(page, "preview-with-problems")
    screenshot(page, "classrooms-import-problems")
    page.goto(f"{live}/teach/students/{cards[0].student.pk}/")
    assert_accessible(page, "student-detail")
    assert_fits_the_screen(page)
    screenshot(page, "classrooms-student-detail")
    page.keyboard.press("Tab")
    focused = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert focused != "none"
