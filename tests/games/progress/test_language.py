"""Report figures as the reader writes numbers: a decimal comma in Norwegian; the CSV files
keep one machine format whatever the teacher's language."""

import re

import pytest
from django.urls import reverse

from classrooms.services.languages import user_language_set

from .conftest import at, mind

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]


@pytest.fixture
def played(warriors_match, two_students, record):
    record(warriors_match, [mind(ms=2750), mind(ms=2750), mind(ok=False, ms=3250)], at(1))
    return two_students[0]


def page(client, teacher, language: str, url: str) -> str:
    user_language_set(user=teacher, language=language)
    client.force_login(teacher)
    return client.get(url).content.decode()


def test_times_on_the_reports_use_the_readers_decimal_sign(client, teacher, played):
    url = reverse("progress:student", args=[played.pk])
    english, norsk = page(client, teacher, "en", url), page(client, teacher, "nb", url)
    assert re.search(r"\b\d+\.\d s\b", english) and not re.search(r"\b\d+,\d s\b", english)
    assert re.search(r"\b\d+,\d s\b", norsk) and not re.search(r"\b\d+\.\d s\b", norsk)


def test_the_results_mean_is_written_with_a_comma_in_norwegian(client, teacher, played):
    url = reverse("progress:student", args=[played.pk])
    english, norsk = page(client, teacher, "en", url), page(client, teacher, "nb", url)
    dice = re.compile(r"<dd>(\d+[.,]\d)</dd>")  # dice per Mind attack, one decimal
    assert dice.findall(english) == ["2.0"]
    assert dice.findall(norsk) == ["2,0"]


def body(response) -> bytes:
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


def test_the_csv_files_are_the_same_in_every_language(client, teacher, classroom, played):
    urls = [
        reverse("progress:class_summary_csv", args=[classroom.pk]),
        reverse("progress:student_calculations_csv", args=[played.pk]),
        reverse("progress:student_skills_csv", args=[played.pk]),
    ]
    client.force_login(teacher)
    for url in urls:
        user_language_set(user=teacher, language="en")
        english = body(client.get(url))
        user_language_set(user=teacher, language="nb")
        assert body(client.get(url)) == english, url


def test_the_help_page_says_the_csv_files_keep_one_format(client):
    english = client.get(reverse("progress:help")).content.decode()
    assert "The files are the same in every language" in english
    norsk = client.get(reverse("progress:help"), headers={"accept-language": "nb"})
    assert "venter semikolon mellom kolonnene" in norsk.content.decode()


def test_dates_on_the_reports_are_written_as_the_reader_writes_them(client, teacher, played):
    url = reverse("progress:student", args=[played.pk])
    english, norsk = page(client, teacher, "en", url), page(client, teacher, "nb", url)
    months = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
    maaneder = "jan|feb|mar|apr|mai|jun|jul|aug|sep|okt|nov|des"
    assert re.search(rf"Showing \d{{1,2}} ({months}) \d{{4}} to", english)
    assert re.search(rf"Viser \d{{1,2}}\. ({maaneder}) \d{{4}} til", norsk)
    assert re.search(rf"<td>\d{{1,2}}\. ({maaneder}) \d\d:\d\d</td>", norsk)  # the recent moves
