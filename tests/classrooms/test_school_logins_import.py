"""The school e-mail or user name column of the bulk import: read only where school sign-in is
on, checked like every other cell (hostile, repeated, another pupil's), created all or none."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from classrooms.imports.oneroster import roster_parse
from classrooms.imports.plain import pasted_parse, plain_csv_parse
from classrooms.imports.preview import preview_build
from classrooms.imports.rows import RawRow
from classrooms.models import Student
from classrooms.services.school_accounts import student_school_login_set
from classrooms.services.students import students_create
from tests.classrooms.test_imports import roster_files


def test_pasted_lines_may_end_with_the_school_login():
    text = (
        "Maya K.\tmaya.k@school.no\nBen T., ben@school.no\nAli; ali@school.no\nKowalski, Maya\nZoë"
    )
    rows, issues = pasted_parse(text, school_logins=True)
    assert [(r.name, r.school_login) for r in rows] == [
        ("Maya K.", "maya.k@school.no"),
        ("Ben T.", "ben@school.no"),
        ("Ali", "ali@school.no"),
        ("Kowalski, Maya", ""),  # no "@": a name with a comma, as before
        ("Zoë", ""),
    ]
    assert not issues


def test_without_school_sign_in_the_import_reads_as_before():
    rows, _ = pasted_parse("Maya K.\tmaya.k@school.no", school_logins=False)
    assert rows == [RawRow(1, "Maya K.\tmaya.k@school.no")]
    rows, issues = plain_csv_parse("Maya,K,1001,maya@school.no\nBen,T,ben@school.no\n")
    assert [r.line for r in issues] == [1]  # four columns: refused, as before
    assert rows == [RawRow(2, "Ben T.", "ben@school.no")]  # the third column is the school id
    roster = roster_parse(roster_files())
    assert all(row.school_login == "" for row in roster.rows_for("c1"))


def test_a_csv_has_the_school_login_fourth_or_third_when_it_has_an_at_sign():
    text = (
        "first name,last name,school id,email\n"
        "Maya,K,1001,maya@school.no\nBen,T,ben@school.no\nAli,B,77\n"
    )
    rows, issues = plain_csv_parse(text, school_logins=True)
    assert [(r.name, r.external_id, r.school_login) for r in rows] == [
        ("Maya K.", "1001", "maya@school.no"),
        ("Ben T.", "", "ben@school.no"),
        ("Ali B.", "77", ""),
    ]
    rows, issues = plain_csv_parse("Maya,K,1,m@s.no,extra\n", school_logins=True)
    assert not rows and "found 5 columns" in issues[0].message


def test_oneroster_gives_the_email_or_a_username_that_is_a_sign_in_name():
    users = (
        "sourcedId,status,enabledUser,role,username,givenName,familyName,email\n"
        "u1,active,true,student,maya,Maya,Kowalski,maya@x.org\n"
        "u2,active,true,student,ben@feide.x.org,Ben,Turner,\n"
        "u5,active,true,student,maya2,Maya,Kent,\n"
    )
    roster = roster_parse(roster_files(**{"users.csv": users}), school_logins=True)
    logins = {row.external_id: row.school_login for row in roster.rows_for("c1")}
    assert logins == {"u1": "maya@x.org", "u2": "ben@feide.x.org", "u5": ""}


@pytest.mark.django_db
def test_the_preview_blocks_bad_repeated_and_taken_school_logins(
    classroom, make_student, make_room
):
    other = make_student("Zed", room=make_room("Other class"))
    student_school_login_set(student=other, login="zed@school.no")
    rows = [
        RawRow(1, "Ada", school_login="ADA@school.no"),
        RawRow(2, "Ben", school_login="ada@school.no"),
        RawRow(3, "Cat", school_login="not a login"),
        RawRow(4, "Dan", school_login="zed@school.no"),
        RawRow(5, "Eve", school_login="eve@school.no\x00"),
        RawRow(6, "Fay", school_login='=HYPERLINK("x")@x.no'),
        RawRow(7, "Gus", school_login="x" * 300 + "@school.no"),
        RawRow(8, "Hal"),
    ]
    preview = preview_build(classroom=classroom, rows=rows, issues=[])
    problems = {issue.line: issue.message for issue in preview.blocking_issues}
    assert set(problems) == {2, 3, 4, 5, 7}
    assert "also on line 1" in problems[2]
    assert "another pupil" in problems[4]
    assert "\x00" not in problems[5] and len(problems[7]) < 200
    assert [(r.name, r.school_login) for r in preview.rows] == [
        ("Ada", "ada@school.no"),
        ("Fay", '=hyperlink("x")@x.no'),  # stored as text; every CSV cell is made safe
        ("Hal", ""),
    ]
    assert not preview.ok


@pytest.mark.django_db
def test_creating_pupils_with_school_logins_is_all_or_none(classroom, make_student):
    cards = students_create(
        classroom=classroom, names=["Ada", "Ben"], school_logins=["Ada@S.no", ""]
    )
    assert [c.student.school_login for c in cards] == ["ada@s.no", ""]
    for logins in (["x@s.no", "X@s.no"], ["ada@s.no", ""], ["bad", ""]):
        with pytest.raises(ValidationError):
            students_create(classroom=classroom, names=["Cat", "Dan"], school_logins=logins)
    assert Student.objects.count() == 2


@pytest.mark.django_db
def test_the_import_page_adds_pupils_with_their_school_logins(client, classroom, school_sign_in_on):
    client.force_login(classroom.teachers.get())
    url = reverse("students_import", args=[classroom.pk])
    page = client.get(url).content.decode()
    assert "school e-mail" in page
    response = client.post(url, {"source": "paste", "names": "Ada K.\tada@school.no\nBen T."})
    assert "ada@school.no" in response.content.decode()
    confirm = client.post(
        reverse("students_import_confirm", args=[classroom.pk]),
        {"payload": response.context["payload"]},
    )
    assert confirm.status_code == 302
    assert dict(Student.objects.values_list("display_name", "school_login")) == {
        "Ada K.": "ada@school.no",
        "Ben T.": "",
    }


@pytest.mark.django_db
def test_a_preview_signed_before_school_logins_still_confirms(client, classroom):
    from django.core import signing

    from classrooms.views.imports import SALT

    teacher = classroom.teachers.get()
    client.force_login(teacher)
    payload = signing.dumps({"c": classroom.pk, "u": teacher.pk, "rows": [["Ada", "7"]]}, salt=SALT)
    client.post(reverse("students_import_confirm", args=[classroom.pk]), {"payload": payload})
    assert Student.objects.get().external_id == "7"
