"""Languages in Chromium: the login pages' switch, two children on one Chromebook, and a match
whose two players read it each in their own language."""

import pytest

from classrooms.services.classrooms import classroom_create
from classrooms.services.languages import user_language_set
from classrooms.services.students import students_create
from games.services import match_create
from tests.browser.cardwar_driver import my_cards, open_match, wait_step
from tests.browser.conftest import assert_accessible, screenshot
from tests.browser.test_classrooms_flows import assert_fits_the_screen
from tests.browser.warriors_driver import by_mouse, plan, wait_connected, wait_for_ply_after

pytestmark = pytest.mark.browser


@pytest.fixture
def rooms(make_teacher):
    """A Norwegian class with Maya, an English one with Ben (the browser asks for English)."""
    teacher = make_teacher()
    norsk = classroom_create(name="4B Solsikke", teacher=teacher, language="nb")
    english = classroom_create(name="5A Owls", teacher=teacher, language="en")
    [maya] = students_create(classroom=norsk, names=["Maya K."])
    [ben] = students_create(classroom=english, names=["Ben T."])
    return maya, ben


def html_lang(page) -> str:
    return page.evaluate("document.documentElement.lang")


def student_log_in(page, live: str, card, *, next_button: str, name: str, go: str) -> None:
    """Class code, name, password: as a child does it (the buttons in the page's language)."""
    page.goto(f"{live}/student/")
    page.locator("#id_code").fill(card.student.classroom.code)
    page.get_by_role("button", name=next_button).click()
    page.get_by_role("link", name=name).click()
    page.locator("#id_password").fill(card.password)
    page.get_by_role("button", name=go).click()


def log_out(page, label: str) -> None:
    page.get_by_role("button", name=label).click()
    page.wait_for_url("**/")


def test_two_students_on_one_chromebook_each_see_their_own_language(live, page, rooms):
    maya, ben = rooms
    student_log_in(page, live, maya, next_button="Next", name="Maya K.", go="Slipp meg inn")
    page.get_by_role("heading", name="Hei, Maya K.!").wait_for()
    assert html_lang(page) == "nb"
    screenshot(page, "languages-lobby-nb")
    log_out(page, "Logg ut")
    assert html_lang(page) == "en"  # the next child meets the Chromebook's language
    student_log_in(page, live, ben, next_button="Next", name="Ben T.", go="Let me in")
    page.get_by_role("heading", name="Hi, Ben T.!").wait_for()
    log_out(page, "Log out")
    # Maya picks English for herself; Ben, after her, still gets his own.
    student_log_in(page, live, maya, next_button="Next", name="Maya K.", go="Slipp meg inn")
    page.get_by_role("heading", name="Hei, Maya K.!").wait_for()
    page.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="Hi, Maya K.!").wait_for()
    log_out(page, "Log out")
    student_log_in(page, live, ben, next_button="Next", name="Ben T.", go="Let me in")
    page.get_by_role("heading", name="Hi, Ben T.!").wait_for()
    assert html_lang(page) == "en"


LOGIN_PAGES = [
    ("home", "/", {"en": "I'm a student", "nb": "Jeg er elev"}),
    ("teacher-login", "/accounts/login/", {"en": "Teacher log in", "nb": "Innlogging for lærere"}),
    ("student-code", "/student/", {"en": "Type your class code", "nb": "Skriv klassekoden din"}),
]


def test_the_login_pages_switch_works_by_keyboard_and_touch_and_stays_out_of_the_login(
    live, page, rooms
):
    maya, ben = rooms
    page.goto(f"{live}/")
    switch = page.get_by_role("button", name="Norsk bokmål")
    box = switch.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    assert switch.get_attribute("lang") == "nb" and switch.get_attribute("aria-pressed") == "false"
    switch.focus()
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Jeg er lærer").wait_for()
    assert html_lang(page) == "nb"
    assert page.get_by_role("button", name="Norsk bokmål").get_attribute("aria-pressed") == "true"
    for language in ("nb", "en"):
        if language == "en":
            page.get_by_role("button", name="English").click()
            page.wait_for_function("document.documentElement.lang === 'en'")
        for name, path, heading in LOGIN_PAGES:
            page.goto(live + path)
            assert heading[language] in page.inner_text("main")
            assert_accessible(page, f"{name}-{language}")
            assert_fits_the_screen(page)
            screenshot(page, f"languages-{name}-{language}")
    # The names and password pages of the Norwegian class: in Norwegian, unless one chose.
    page.context.clear_cookies()
    page.goto(f"{live}/student/{maya.student.classroom.code}/")
    page.get_by_role("heading", name="Trykk på navnet ditt").wait_for()
    screenshot(page, "languages-student-names-nb")
    page.get_by_role("link", name="Maya K.").click()
    page.get_by_role("heading", name="Hei, Maya K.!").wait_for()
    assert_accessible(page, "student-password-nb")
    screenshot(page, "languages-student-password-nb")
    page.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="Hello, Maya K.!").wait_for()
    screenshot(page, "languages-student-password-en")
    # Chose Norwegian on the login pages, then Ben (English class) logs in: English for him.
    page.get_by_role("button", name="Norsk bokmål").click()
    student_log_in(page, live, ben, next_button="Neste", name="Ben T.", go="Slipp meg inn")
    page.get_by_role("heading", name="Hi, Ben T.!").wait_for()
    log_out(page, "Log out")
    assert html_lang(page) == "en"


def test_a_match_reads_in_each_players_own_language(live, login_page, classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    user_language_set(user=ada.user, language="nb")
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=2024)
    pages = {ada.user.pk: login_page(ada.user), ben.user.pk: login_page(ben.user)}
    for each in pages.values():
        each.goto(f"{live}/play/m/{match.pk}/")
        wait_connected(each)
    to_move = match.seats.get(index=match.state["to_move"]).user
    ply = match.ply
    by_mouse(pages[to_move.pk], match, plan(match))
    for each in pages.values():
        wait_for_ply_after(each, ply)
    norsk, english = pages[ada.user.pk], pages[ben.user.pk]
    assert html_lang(norsk) == "nb" and html_lang(english) == "en"
    assert any(word in norsk.inner_text("#status") for word in ("Din tur", "Venter på"))
    assert any(word in english.inner_text("#status") for word in ("Your turn", "Waiting for"))
    screenshot(norsk, "languages-match-nb")
    screenshot(english, "languages-match-en")


def test_a_card_war_round_reads_in_norwegian_and_takes_a_decimal_comma(
    live, login_page, classroom, make_student
):
    ada = make_student("Ada")
    user_language_set(user=ada.user, language="nb")
    match = match_create(
        game="cardwar",
        classroom=classroom,
        players=[ada.user, "beginner"],
        variants={"level": 1},
        seed=11,
        options={"bot_delay_ms": 300},
    )
    page = login_page(ada.user)
    open_match(page, live, match)
    wait_step(page, "answer")
    assert html_lang(page) == "nb"
    board = page.inner_text("#board")
    assert "Kortene dine" in board and "Your cards" not in board
    a, b = my_cards(match, 0)
    page.keyboard.type(f"{a + b},00")  # the sum with a decimal comma, as Norwegians write it
    page.keyboard.press("Enter")
    page.wait_for_selector("#cw-reveal", timeout=15_000)
    wait_step(page, "answer")  # the next round: the step clock is still the answer's
    assert page.inner_text(".move-clock .clock-label") == "Svar"
    reveal = page.inner_text("#cw-reveal")
    assert "slår" in reveal or "krig" in reveal.lower(), reveal  # a win, or a tie going to war
    assert " beats " not in reveal
    screenshot(page, "languages-cardwar-nb")


def test_a_teacher_sets_the_class_language_and_their_own(live, login_page, rooms):
    _maya, ben = rooms
    room = ben.student.classroom
    page = login_page(room.teachers.get())
    page.goto(f"{live}/teach/classes/{room.pk}/")
    page.get_by_label("Language of the class").select_option("nb")
    page.get_by_role("button", name="Save language").click()
    page.get_by_text("Students of this class now see Norsk bokmål").wait_for()
    assert_accessible(page, "classroom-language")
    assert_fits_the_screen(page)
    screenshot(page, "languages-classroom-settings")
    page.get_by_role("button", name="Norsk bokmål").click()
    page.get_by_role("link", name="Mine klasser").first.wait_for()
    assert html_lang(page) == "nb"
    screenshot(page, "languages-classroom-settings-nb")
