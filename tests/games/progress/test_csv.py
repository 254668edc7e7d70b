"""CSV exports parsed back with `csv`: every column, BOM, names, dates, formula safety."""

import csv
import io
from datetime import UTC, datetime
from fractions import Fraction
from urllib.parse import quote

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.urls import reverse
from django.utils import timezone

from classrooms.models import Student
from games.evidence import acts
from games.evidence.skills import SKILLS
from games.models import Calculation, Match
from games.progress.csv_exports import (
    CALCULATION_COLUMNS,
    STUDENT_SKILL_COLUMNS,
    SUMMARY_COLUMNS,
)

from .conftest import at, mind

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]


def parsed(response) -> list[dict]:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return parsed_bytes(body)


def parsed_bytes(body: bytes) -> tuple[list[dict], list[str]]:
    assert body.startswith(b"\xef\xbb\xbf"), "UTF-8 byte-order mark"
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))
    header, *data = rows
    return [dict(zip(header, row, strict=True)) for row in data], header


@pytest.fixture
def lesson(warriors_match, cardwar_match, two_students, record, classroom):
    """Ada: 4 of 6 additions right (yesterday) and a level-5 card-war answer typed as a mixed
    number; Ben: one subtraction. Ada's school id would be a formula in a spreadsheet."""
    ada, ben = two_students
    Student.objects.filter(pk=ada.pk).update(external_id='=HYPERLINK("http://x")')
    classroom.name = "4B Ørsta"
    classroom.save()
    record(warriors_match, [mind(ms=2100)] * 4 + [mind(ok=False, ms=4400)] * 2, at(1, hour=9))
    record(warriors_match, [mind(seat=1, sub=True)], at(1))
    level5 = acts.Act(
        seat=0,
        kind=acts.CARDWAR_ANSWER,
        expression="13 ÷ 3",
        operands=(13, 3),
        div=True,
        non_integer=True,
        value=Fraction(13, 3),
        target=-4,
        answer="-4 1/3",
        correct=False,
        best_value=Fraction(-10),
        best_expression="3 − 13",
        chose_best=False,
        option_available=True,
        think_ms=6000,
        level=5,
    )
    record(cardwar_match(5), [level5], at(0, hour=8))
    return ada, ben


def test_the_class_summary_has_every_column_for_every_student(client, teacher, classroom, lesson):
    ada, _ben = lesson
    client.force_login(teacher)
    response = client.get(reverse("progress:class_summary_csv", args=[classroom.pk]))
    today = timezone.localdate()
    start = today - timezone.timedelta(days=29)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    name = f"4B-Ørsta_{start.isoformat()}_{today.isoformat()}_summary.csv"
    assert response["Content-Disposition"] == f"attachment; filename*=utf-8''{quote(name)}"
    rows, header = parsed(response)
    assert header == [name for name, _text in SUMMARY_COLUMNS]
    assert len(header) == 7 + 5 * len(SKILLS)
    by_name = {row["name"]: row for row in rows}
    row = by_name["Ada"]
    assert row["username"] == ada.user.username
    assert row["external_id"] == '\'=HYPERLINK("http://x")'
    assert (row["games"], row["wins"], row["losses"], row["draws"]) == ("0", "0", "0", "0")
    expected = {skill: ("0", "0", "", "", "not_enough") for skill in SKILLS}
    # 2.1 s four times and 4.4 s twice: the middle two are both 2.1 s.
    expected["addition"] = ("6", "4", "67", "2100", "familiar")
    expected["exact_target"] = ("6", "4", "67", "2100", "familiar")
    # One answer in 6.0 s (the time band 6–8 s said 7 s).
    expected["division"] = ("1", "0", "0", "6000", "not_enough")
    expected["fractions"] = ("1", "0", "0", "6000", "not_enough")
    expected["best_choice"] = ("1", "0", "0", "6000", "not_enough")
    for skill in SKILLS:
        got = tuple(
            row[f"{skill}_{c}"]
            for c in ("attempts", "correct", "accuracy_pct", "median_ms", "mastery")
        )
        assert got == expected[skill], skill
    assert by_name["Ben"]["subtraction_attempts"] == "1"
    assert by_name["Ben"]["subtraction_mastery"] == "not_enough"


def test_the_calculation_log_streams_every_fact_student_by_student(
    client, teacher, classroom, lesson
):
    client.force_login(teacher)
    response = client.get(reverse("progress:class_calculations_csv", args=[classroom.pk]))
    assert response.streaming
    assert "_calculations.csv" in response["Content-Disposition"]
    rows, header = parsed(response)
    assert header == [name for name, _text in CALCULATION_COLUMNS]
    assert len(rows) == Calculation.objects.count() == 8
    # One student after another (Ada's rows, then Ben's), each oldest first.
    names = [r["name"] for r in rows]
    assert names == sorted(names)
    for name in ("Ada", "Ben"):
        times = [(r["date"], r["time"]) for r in rows if r["name"] == name]
        assert times == sorted(times)
    first = rows[0]
    yesterday = (timezone.localdate() - timezone.timedelta(days=1)).isoformat()
    assert first == {
        "date": yesterday,
        "time": "09:00:00",
        "name": "Ada",
        "username": first["username"],
        "external_id": '\'=HYPERLINK("http://x")',
        "match_id": str(Match.objects.filter(game="warriors").get().pk),
        "game": "warriors",
        "level": "",
        "variant": "",
        "act": "mind",
        "expression": "3 + 4",
        "operands": "3 4",
        "value_numerator": "7",
        "value_denominator": "1",
        "target": "7",
        "answer": "",
        "correct": "yes",
        "best_numerator": "",
        "best_denominator": "",
        "best_expression": "",
        "chose_best": "",
        "option_available": "",
        "think_ms": "2100",
        "addition": "yes",
        "subtraction": "no",
        "multiplication": "no",
        "division": "no",
        "square": "no",
        "root": "no",
        "brackets": "no",
        "non_integer": "no",
        "assisted": "no",
    }
    last = next(r for r in rows if r["game"] == "cardwar")
    assert (last["game"], last["level"], last["act"]) == ("cardwar", "5", "cardwar_answer")
    assert (last["value_numerator"], last["value_denominator"]) == ("13", "3")
    assert (last["best_numerator"], last["best_denominator"]) == ("-10", "1")
    assert last["target"] == "-4"
    assert last["answer"] == "'-4 1/3"  # a leading minus could start a formula
    assert (last["correct"], last["chose_best"], last["non_integer"]) == ("no", "no", "yes")


def test_one_students_files_hold_only_them(client, teacher, lesson):
    _ada, ben = lesson
    client.force_login(teacher)
    rows, header = parsed(client.get(reverse("progress:student_skills_csv", args=[ben.pk])))
    assert header == [name for name, _text in STUDENT_SKILL_COLUMNS]
    assert [r["skill"] for r in rows] == list(SKILLS)
    subtraction = next(r for r in rows if r["skill"] == "subtraction")
    assert subtraction == {
        "skill": "subtraction",
        "attempts": "1",
        "correct": "1",
        "accuracy_pct": "100",
        "median_ms": "2500",
        "mastery": "not_enough",
        "days": "1",
        "previous_attempts": "0",
        "previous_correct": "0",
        "change_points": "",
    }
    response = client.get(reverse("progress:student_calculations_csv", args=[ben.pk]))
    assert ben.user.username in response["Content-Disposition"]
    rows, _header = parsed(response)
    assert {r["name"] for r in rows} == {"Ben"}
    assert len(rows) == 1


def test_the_window_chooses_the_rows(client, teacher, classroom, lesson):
    client.force_login(teacher)
    url = reverse("progress:class_calculations_csv", args=[classroom.pk])
    today = timezone.localdate().isoformat()
    response = client.get(url, {"window": "custom", "start": today, "end": today})
    assert f"_{today}_{today}_calculations.csv" in response["Content-Disposition"]
    rows, _header = parsed(response)
    assert [r["act"] for r in rows] == ["cardwar_answer"]


@pytest.mark.django_db(transaction=True)
async def test_under_asgi_the_log_is_sent_piece_by_piece(
    async_client, teacher, classroom, lesson, monkeypatch
):
    """Daphne serves through the ASGI handler, which would hold a plain iterator's whole
    output in memory: the log must reach it as an async iterator, in pieces."""
    monkeypatch.setattr("games.progress.csv_exports.LINES_PER_PIECE", 2)
    await async_client.aforce_login(teacher)
    response = await async_client.get(
        reverse("progress:class_calculations_csv", args=[classroom.pk])
    )
    assert response.is_async
    pieces = [piece async for piece in response.streaming_content]
    assert len(pieces) == 1 + 5  # the BOM, then 9 lines (header + 8 rows) two at a time
    rows, _header = parsed_bytes(b"".join(pieces))
    assert len(rows) == 8
    # As the ASGI handler does after sending: the response closes, and with it the
    # request thread's database connection.
    await sync_to_async(response.close, thread_sensitive=True)()
    await sync_to_async(connections.close_all, thread_sensitive=True)()


def test_dates_and_times_are_local_to_the_server(
    client, teacher, classroom, two_students, warriors_match, record
):
    late = datetime(2026, 3, 1, 23, 30, tzinfo=UTC)  # 00:30 on 2 March in Oslo
    record(warriors_match, [mind()], late)
    client.force_login(teacher)
    url = reverse("progress:class_calculations_csv", args=[classroom.pk])
    params = {"window": "custom", "start": "2026-02-28", "end": "2026-03-03"}
    rows, _header = parsed(client.get(url, params))
    assert (rows[0]["date"], rows[0]["time"]) == ("2026-03-01", "23:30:00")
    with timezone.override("Europe/Oslo"):
        rows, _header = parsed(client.get(url, params))
    assert (rows[0]["date"], rows[0]["time"]) == ("2026-03-02", "00:30:00")
