"""PostgreSQL refuses NUL in text: no classrooms URL or form lets one reach it (no HTTP 500)."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db
NUL = "\x00"


@pytest.fixture
def teaching(client, teacher, make_room, make_cards):
    room = make_room(teacher=teacher)
    [card] = make_cards(room, "Maya K.")
    client.force_login(teacher)
    return client, room, card.student


def _posts(room, student):
    yield reverse("classroom_create"), {"name": f"Owls{NUL}"}
    yield reverse("classroom_rename", args=[room.pk]), {"name": f"Owls{NUL}"}
    yield reverse("classroom_teacher_add", args=[room.pk]), {"identifier": f"ms{NUL}x"}
    yield reverse("students_import", args=[room.pk]), {"source": "paste", "names": f"Ben{NUL}T."}
    yield (
        reverse("students_import", args=[room.pk]),
        {"source": f"file{NUL}", "roster_class": f"c{NUL}1"},
    )
    yield reverse("students_import_confirm", args=[room.pk]), {"payload": f"x{NUL}y"}
    yield reverse("student_rename", args=[student.pk]), {"name": f"Maya{NUL}"}
    yield reverse("student_move", args=[student.pk]), {"to_classroom": f"{room.pk}{NUL}"}
    yield reverse("password_change"), {"old_password": NUL, "new_password1": NUL}


def test_nul_in_every_teacher_form_is_refused_with_a_message(teaching):
    client, room, student = teaching
    for url, data in _posts(room, student):
        response = client.post(url, data)
        assert response.status_code in {200, 302, 400}, (url, data, response.status_code)
    room.refresh_from_db()
    student.refresh_from_db()
    assert room.name == "Class 4B" and student.display_name == "Maya K."


def test_nul_in_teacher_urls_is_a_404(teaching):
    client, _room, student = teaching
    for path in (
        f"/teach/students/{student.pk}/export.js%00on",
        "/teach/cards/ab%00cd/",
        "/teach/classes/1%00/",
    ):
        assert client.get(path).status_code == 404, path


def test_nul_in_the_account_forms_is_refused(client):
    for url, data in (
        (reverse("signup"), {"username": f"a{NUL}", "email": f"a{NUL}@x.org", "password1": NUL}),
        (reverse("password_reset"), {"email": f"a{NUL}@x.org"}),
        (reverse("login"), {"username": f"a{NUL}", "password": NUL}),
    ):
        assert client.post(url, data).status_code in {200, 400}, url
