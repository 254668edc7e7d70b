"""Progress reports in Chromium: after two students played both games, a teacher reads the
class overview and a student page and downloads both CSVs; the student reads their own page.

Console errors and CSP violations on these pages fail the test (the browser fixtures' watch)."""

import csv
import io

import pytest

from classrooms.services.classrooms import classroom_create
from classrooms.services.students import students_create
from games.progress.csv_exports import CALCULATION_COLUMNS, SUMMARY_COLUMNS
from games.services import match_create
from tests.browser.conftest import assert_accessible, screenshot
from tests.games.progress.play import cardwar_match, play_cardwar, play_warriors

pytestmark = pytest.mark.browser


def download(page, name: str) -> tuple[str, list[dict]]:
    with page.expect_download() as info:
        page.get_by_role("link", name=name).click()
    data = info.value
    raw = open(data.path(), "rb").read()  # noqa: SIM115
    assert raw.startswith("\ufeff".encode())
    return data.suggested_filename, list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))


@pytest.fixture
def lesson(make_teacher):
    teacher = make_teacher()
    room = classroom_create(name="4B Ås", teacher=teacher)
    cards = students_create(classroom=room, names=["Åse N.", "Bjørn T.", "Cleo W."])
    ada, ben = (card.student for card in cards[:2])
    play_warriors(match_create(classroom=room, players=[ada.user, ben.user], seed=3), moves=14)
    for level, rounds in ((1, 6), (3, 2), (5, 6)):  # two rounds of division: too few to judge
        play_cardwar(cardwar_match(room, [ada.user, ben.user], level), level=level, rounds=rounds)
    return teacher, room, ada, ben


def test_a_teacher_reads_the_reports_and_downloads_both_csvs(live, login_page, lesson):
    teacher, room, _ada, _ben = lesson
    page = login_page(teacher)
    page.goto(f"{live}/teach/classes/{room.pk}/")
    page.get_by_role("link", name="Progress reports").click()
    page.wait_for_selector("#overview")
    assert page.get_by_role("row", name="Åse N.").is_visible()
    assert "Not enough yet" in page.inner_text("#overview")
    assert "No games in this period." in page.get_by_role("row", name="Cleo W.").inner_text()
    assert "Who needs help with what" in page.inner_text("main")
    assert_accessible(page, "class overview")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    screenshot(page, "progress-class-overview")

    page.get_by_role("link", name="Addition").click()
    page.wait_for_url("**sort=addition**")
    assert page.get_attribute("#overview th[aria-sort]", "aria-sort") == "descending"

    name, summary = download(page, "Download class summary (CSV)")
    assert name.startswith("4B-Ås_") and name.endswith("_summary.csv")
    assert list(summary[0]) == [column for column, _text in SUMMARY_COLUMNS]
    by_name = {row["name"]: row for row in summary}
    assert set(by_name) == {"Åse N.", "Bjørn T.", "Cleo W."}
    assert int(by_name["Åse N."]["addition_attempts"]) > 0
    assert by_name["Cleo W."]["addition_mastery"] == "not_enough"
    assert by_name["Åse N."]["games"] == "4"

    name, log = download(page, "Download calculation log (CSV)")
    assert name.endswith("_calculations.csv")
    assert list(log[0]) == [column for column, _text in CALCULATION_COLUMNS]
    assert {row["game"] for row in log} == {"warriors", "cardwar"}
    assert {row["name"] for row in log} == {"Åse N.", "Bjørn T."}
    assert any(row["act"] == "mind_refused" for row in log)

    page.locator("#overview").get_by_role("link", name="Åse N.").click()
    page.wait_for_selector("#skills")
    assert "Practise next" in page.inner_text("main")
    assert page.locator("#recent tbody tr").count() > 0
    assert_accessible(page, "student report")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    screenshot(page, "progress-student-report")

    page.goto(f"{live}/teach/classes/{room.pk}/progress/facts/")
    page.wait_for_selector("#facts-1")
    assert_accessible(page, "fact families")
    screenshot(page, "progress-class-facts")
    page.goto(f"{live}/teach/progress/help/")
    assert_accessible(page, "help")


def test_a_student_reads_their_own_progress(live, login_page, lesson):
    _teacher, _room, ada, _ben = lesson
    page = login_page(ada.user)
    page.goto(f"{live}/play/")
    page.get_by_role("link", name="See my progress").click()
    page.wait_for_selector("h1")
    assert "Your progress" in page.inner_text("h1")
    assert "Bjørn" not in page.inner_text("main")
    assert_accessible(page, "my progress")
    screenshot(page, "progress-my-progress")
