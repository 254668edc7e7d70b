"""The standings' spreadsheet CSV, read as Excel in each language reads it."""

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.games.progress.test_spreadsheet_csv import as_language, excel_number, excel_reads
from tests.games.tournaments.conftest import play_round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "half"), [("en", "0.5"), ("nb", "0,5")])
def test_tournament_points_are_numbers_in_the_readers_excel(
    client, teacher, make_tournament, on_commit, language, half
):
    t = make_tournament(3, rounds=1)  # three: one game and one bye
    play_round(teacher, t, on_commit)
    client.force_login(teacher)
    as_language(client, language)
    url = reverse("tournaments:csv", args=[t.pk])
    header, *rows = excel_reads(client.get(url + "?format=spreadsheet").content, language)
    assert len(rows) == 3 and all(len(row) == len(header) for row in rows)
    points = sorted(excel_number(row[header.index("points")], language) for row in rows)
    assert points == [0, 1, 1]  # the winner and the bye holder
    # The bye counts for Buchholz as an opponent with half a point a round (FIDE's cap).
    buchholz = [row[header.index("buchholz")] for row in rows]
    assert half in buchholz
    assert sorted(excel_number(b, language) for b in buchholz) == [0, Decimal("0.5"), 1]
    # The machine format is unchanged whatever the language: commas and decimal points.
    machine = client.get(url).content.decode("utf-8-sig")
    assert machine.startswith("rank,name,points,") and ";" not in machine.splitlines()[0]
    assert ",0.5," in machine
