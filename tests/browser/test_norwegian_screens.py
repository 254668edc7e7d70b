"""A Norwegian class's screens in Chromium: every page a teacher and a student open reads in
Bokmål (no sentence of the English catalogue left on it), fits the 1366x768 Chromebook and passes
axe; a screenshot of each for a person to look at."""

import re

import polib
import pytest

from classrooms.services.classrooms import classroom_create
from classrooms.services.languages import user_language_set
from classrooms.services.students import students_create
from games.services import match_create
from tests.browser.conftest import ROOT, assert_accessible, screenshot
from tests.browser.test_classrooms_flows import assert_fits_the_screen
from tests.browser.warriors_driver import wait_connected
from tests.games.progress.play import cardwar_match, play_cardwar, play_warriors

pytestmark = pytest.mark.browser

CATALOGUE = ROOT / "locale" / "nb" / "LC_MESSAGES" / "django.po"


def english_sentences() -> list[str]:
    """The catalogue's English strings of three words or more that Norwegian says otherwise,
    without their placeholders and tags (the fixed pieces a page would show)."""
    pieces = set()
    for entry in polib.pofile(str(CATALOGUE)):
        if entry.msgid_plural or entry.msgstr == entry.msgid:
            continue
        for piece in re.split(r"%\(\w+\)[sd]|%[sd]|<[^>]+>|\{\w+\}", entry.msgid):
            if len(piece.split()) >= 3:
                pieces.add(piece.strip())
    return sorted(pieces)


def assert_norwegian(page, name: str, words: str) -> None:
    """The page reads `words`, shows no English sentence of the catalogue, fits and passes axe."""
    text = page.inner_text("body")
    assert page.evaluate("document.documentElement.lang") == "nb", name
    assert words in text, f"{name}: {words!r} not in the page"
    left = [sentence for sentence in english_sentences() if sentence in text]
    assert not left, f"{name} shows English: {left}"
    assert_fits_the_screen(page)
    assert_accessible(page, name)
    screenshot(page, f"nb-{name}")


@pytest.fixture
def norsk_lesson(make_teacher):
    """A Norwegian teacher's class in Norwegian, where two students played both games."""
    teacher = make_teacher()
    user_language_set(user=teacher, language="nb")
    room = classroom_create(name="5B Solsikke", teacher=teacher, language="nb")
    cards = students_create(classroom=room, names=["Åse N.", "Bjørn T.", "Cleo W."])
    ada, ben = (card.student for card in cards[:2])
    play_warriors(match_create(classroom=room, players=[ada.user, ben.user], seed=3), moves=14)
    for level, rounds in ((1, 6), (5, 6)):
        play_cardwar(cardwar_match(room, [ada.user, ben.user], level), level=level, rounds=rounds)
    return teacher, room, ada, ben


def test_a_teachers_screens_read_in_norwegian_and_fit(live, login_page, norsk_lesson):
    teacher, room, ada, _ben = norsk_lesson
    page = login_page(teacher)
    screens = [
        ("dashboard", "/teach/", "Mine klasser"),
        ("classroom", f"/teach/classes/{room.pk}/", "Skriv ut innloggingskort"),
        ("import", f"/teach/classes/{room.pk}/import/", "Lim inn navn"),
        ("student", f"/teach/students/{ada.pk}/", "Nytt passord og kort"),
        ("progress-class", f"/teach/classes/{room.pk}/progress/", "Framgang: 5B Solsikke"),
        ("progress-student", f"/teach/students/{ada.pk}/progress/", "Ferdigheter"),
        ("progress-facts", f"/teach/classes/{room.pk}/progress/facts/", "Tallfakta"),
        ("progress-help", "/teach/progress/help/", "Mestringsnivåer"),
        ("live", f"/play/class/{room.pk}/live/", "Start kamper"),
        ("finished", f"/play/class/{room.pk}/finished/", "ferdige kamper"),
        ("tournaments", f"/teach/classes/{room.pk}/tournaments/", "Ingen turneringer ennå"),
        ("tournament-new", f"/teach/classes/{room.pk}/tournaments/new/", "Opprett turneringen"),
        ("keep-apart", f"/teach/classes/{room.pk}/keep-apart/", "Hold fra hverandre"),
    ]
    for name, path, words in screens:
        page.goto(live + path)
        assert_norwegian(page, name, words)


def test_a_students_screens_read_in_norwegian_and_fit(live, login_page, norsk_lesson):
    _teacher, room, ada, ben = norsk_lesson
    page = login_page(ada.user)
    page.goto(f"{live}/play/")
    page.get_by_role("heading", name="Hei, Åse N.!").wait_for()
    assert_norwegian(page, "lobby", "Spill mot datamaskinen")
    page.goto(f"{live}/play/progress/")
    assert_norwegian(page, "my-progress", "Ferdighetene dine")
    match = match_create(classroom=room, players=[ada.user, ben.user], seed=11)
    page.goto(f"{live}/play/m/{match.pk}/")
    wait_connected(page)
    assert_norwegian(page, "match", "Stå over")
    page.get_by_role("button", name="Hjelp").click()
    page.get_by_role("heading", name="Slik spiller du").wait_for()
    assert_norwegian(page, "match-help", "Den som begynner")
    card_war = match_create(
        game="cardwar", classroom=room, players=[ada.user, ben.user], variants={"level": 5}
    )
    page.goto(f"{live}/play/m/{card_war.pk}/")
    wait_connected(page)
    assert_norwegian(page, "cardwar", "Nivå 5: Elite")
