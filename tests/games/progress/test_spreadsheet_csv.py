"""The spreadsheet CSV variant, read as Excel reads a double-clicked file in each language:
the list separator of the region (';' where the decimal mark is a comma, ',' otherwise), the
region's decimal mark, UTF-8 only with a byte-order mark. The machine format stays as it is."""

import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse

from .conftest import at, mind

pytestmark = pytest.mark.django_db

# What Excel uses when it opens a .csv by a double-click, per the reader's region.
EXCEL = {"en": {"separator": ",", "decimal": "."}, "nb": {"separator": ";", "decimal": ","}}


def excel_reads(body: bytes, language: str) -> list[list[str]]:
    """The cells as Excel in that region splits them; a file without a BOM would be read as
    the region's ANSI code page (mangling æ ø å), so the BOM is required."""
    assert body.startswith(b"\xef\xbb\xbf")
    text = body.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=EXCEL[language]["separator"]))


def excel_number(cell: str, language: str) -> Decimal:
    """A cell as Excel reads a number in that region (a decimal mark of another region would
    leave it text: this raises)."""
    mark = EXCEL[language]["decimal"]
    other = "," if mark == "." else "."
    assert other not in cell, f"{cell!r} is text in a {language} Excel"
    return Decimal(cell.replace(mark, "."))


def body_of(response) -> bytes:
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


def as_language(client, language: str) -> None:
    client.post(reverse("language_choose"), {"language": language, "next": "/"})


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_progress_export_opens_in_columns_in_excel(
    client, teacher, classroom, warriors_match, two_students, record, language
):
    ada, _ben = two_students
    record(warriors_match, [mind(), mind(ok=False), mind(sub=True)], at(1))
    client.force_login(teacher)
    as_language(client, language)
    urls = [
        reverse("progress:class_summary_csv", args=[classroom.pk]),
        reverse("progress:class_calculations_csv", args=[classroom.pk]),
        reverse("progress:student_skills_csv", args=[ada.pk]),
        reverse("progress:student_calculations_csv", args=[ada.pk]),
    ]
    for url in urls:
        machine = body_of(client.get(url))
        sheet = excel_reads(body_of(client.get(url + "?format=spreadsheet")), language)
        header, *rows = sheet
        assert len(header) > 3 and all(len(row) == len(header) for row in rows), url
        # The same cells as the machine format, only separated as Excel expects.
        assert sheet == list(csv.reader(io.StringIO(machine.decode("utf-8-sig"), newline="")))
        assert machine.decode("utf-8-sig").split("\r\n")[0].count(",") == len(header) - 1
