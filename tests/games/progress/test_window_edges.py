"""Report windows at the ends of the calendar, reversed or unreadable: every report page and
every CSV either shows a valid window or refuses with a clear message, and a download ends."""

import csv
import io
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.urls import reverse

from games.progress.windows import EARLIEST, LATEST

from .conftest import at, mind

pytestmark = pytest.mark.django_db

CALENDAR_ENDS = [
    ("0001-01-01", "0001-01-07"),
    ("0001-01-01", "0001-01-01"),
    ("9999-12-25", "9999-12-31"),
    ("9999-12-31", "9999-12-31"),
    ("0001-01-01", "9999-12-31"),
    ("1999-12-31", "2000-01-06"),
    ("2099-12-31", "2100-01-01"),
]
UNREADABLE = [
    ("9999-12-31", "0001-01-01"),  # reversed
    ("2026-12-01", "2026-01-01"),  # reversed
    ("garbage", "2026-01-01"),
    ("0000-01-01", "0000-01-07"),  # no year 0
    ("10000-01-01", "10000-01-02"),
    ("2026-02-30", "2026-03-01"),
    ("", "2026-03-01"),
]
MESSAGES = {
    "range": "Choose dates from 2000-01-01 to 2099-12-31.",
    "dates": "Choose both dates, the first on or before the second",
}


@pytest.fixture
def urls(classroom, two_students, warriors_match, record):
    record(warriors_match, [mind()] * 3, at(1))
    student = two_students[0]
    pages = [
        reverse("progress:class", args=[classroom.pk]),
        reverse("progress:class_facts", args=[classroom.pk]),
        reverse("progress:student", args=[student.pk]),
    ]
    downloads = [
        reverse("progress:class_summary_csv", args=[classroom.pk]),
        reverse("progress:class_calculations_csv", args=[classroom.pk]),
        reverse("progress:student_skills_csv", args=[student.pk]),
        reverse("progress:student_calculations_csv", args=[student.pk]),
    ]
    return pages, downloads, student


def body(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return content.decode("utf-8-sig")


@pytest.mark.parametrize(("start", "end"), CALENDAR_ENDS + UNREADABLE)
def test_a_window_off_the_calendar_is_refused_on_every_page_with_the_reason(
    client, teacher, urls, start, end
):
    pages, downloads, student = urls
    window = {"window": "custom", "start": start, "end": end}
    client.force_login(teacher)
    for url in pages:
        response = client.get(url, window)
        assert response.status_code == 400, url
        page = response.content.decode()
        assert MESSAGES["range"] in page or MESSAGES["dates"] in page, url
        assert "3 of 3" in page or url.endswith("/facts/"), url  # the default window instead
    for url in downloads:
        response = client.get(url, window)
        assert response.status_code == 400, url
        assert response["Content-Type"].startswith("text/plain"), url
        assert "Content-Disposition" not in response, url
        assert "Choose" in body(response), url
    client.force_login(student.user)
    response = client.get(reverse("progress:mine"), window)
    assert response.status_code == 400
    assert MESSAGES["range"] in response.content.decode() or MESSAGES["dates"] in (
        response.content.decode()
    )


def test_a_window_beyond_the_calendar_says_which_dates_may_be_chosen(client, teacher, urls):
    pages, _downloads, _student = urls
    client.force_login(teacher)
    window = {"window": "custom", "start": "0001-01-01", "end": "0001-01-07"}
    assert MESSAGES["range"] in client.get(pages[0], window).content.decode()
    unknown = client.get(pages[0], {"window": "forever"})
    assert "Choose a period from the list." in unknown.content.decode()


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (EARLIEST, EARLIEST),
        (EARLIEST, EARLIEST + timedelta(days=730)),
        (LATEST - timedelta(days=730), LATEST),
        (LATEST, LATEST),
    ],
)
def test_the_first_and_last_days_that_may_be_chosen_give_every_report(
    client, teacher, urls, start, end
):
    pages, downloads, student = urls
    window = {"window": "custom", "start": start.isoformat(), "end": end.isoformat()}
    client.force_login(teacher)
    for url in pages:
        assert client.get(url, window).status_code == 200, url
    for url in downloads:
        response = client.get(url, window)
        assert response.status_code == 200, url
        assert f"_{start.isoformat()}_{end.isoformat()}_" in response["Content-Disposition"]
        rows = list(csv.DictReader(io.StringIO(body(response), newline="")))
        if "calculations" in url:
            assert rows == [], url  # the header only: nothing was played then
        else:
            assert rows, url
            attempts = {v for row in rows for k, v in row.items() if k.endswith("attempts")}
            assert attempts == {"0"}, url
    client.force_login(student.user)
    assert client.get(reverse("progress:mine"), window).status_code == 200


@pytest.mark.django_db(transaction=True)
async def test_a_log_that_fails_part_way_under_asgi_still_ends_and_says_it_is_cut_short(
    async_client, teacher, urls, monkeypatch, caplog
):
    """Headers are gone before the rows are read: a failure then must end the file, not
    leave the download open (Daphne can no longer answer 500)."""
    _pages, downloads, _student = urls

    def failing(students, window):
        yield ["name"]
        yield ["Ada"]
        raise OverflowError("date value out of range")

    monkeypatch.setattr("games.progress.csv_exports.calculation_rows", failing)
    monkeypatch.setattr("games.progress.csv_exports.LINES_PER_PIECE", 1)
    await async_client.aforce_login(teacher)
    response = await async_client.get(downloads[1])
    try:
        assert response.status_code == 200 and response.is_async
        pieces = [piece async for piece in response.streaming_content]
    finally:
        await sync_to_async(response.close, thread_sensitive=True)()
        await sync_to_async(connections.close_all, thread_sensitive=True)()
    text = b"".join(pieces).decode("utf-8-sig")
    assert text.splitlines() == [
        "name",
        "Ada",
        "The export stopped early because of an error: this file is incomplete.",
    ]
    assert "A CSV export stopped part-way" in caplog.text
