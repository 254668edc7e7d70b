import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from classrooms.permissions import manages_student, may_move_student, student_of, teaches

pytestmark = pytest.mark.django_db


def test_a_teacher_teaches_only_their_own_classes(teacher, make_teacher, make_classroom):
    mine = make_classroom(teacher=teacher)
    theirs = make_classroom(teacher=make_teacher())
    assert teaches(teacher, mine)
    assert not teaches(teacher, theirs)


def test_students_and_anonymous_users_teach_nothing(classroom, make_student):
    pupil = make_student()
    assert not teaches(pupil.user, classroom)
    assert not teaches(AnonymousUser(), classroom)


def test_student_of_finds_the_student_behind_a_login_and_nobody_else(teacher, make_student):
    pupil = make_student()
    assert student_of(pupil.user) == pupil
    assert student_of(teacher) is None
    assert student_of(AnonymousUser()) is None


# --- Every teacher URL against the wrong people -------------------------------------------

CLASS_URLS = [
    ("get", "classroom_detail"),
    ("post", "classroom_rename"),
    ("post", "classroom_archive"),
    ("post", "classroom_restore"),
    ("post", "classroom_code_regenerate"),
    ("post", "classroom_teacher_add"),
    ("get", "classroom_export"),
    ("get", "students_import"),
    ("post", "students_import"),
    ("post", "students_import_confirm"),
    ("get", "classroom_cards"),
    ("post", "classroom_cards"),
    ("post", "classroom_logins_resume"),
]
STUDENT_URLS = [
    ("get", "student_detail"),
    ("post", "student_rename"),
    ("post", "student_move"),
    ("post", "student_archive"),
    ("post", "student_restore"),
    ("get", "student_delete"),
    ("post", "student_delete"),
    ("post", "student_card"),
    ("post", "student_qr_revoke"),
]
GLOBAL_TEACHER_URLS = [
    ("get", "teacher_dashboard", ()),
    ("post", "classroom_create", ()),
    ("get", "password_change", ()),
]


@pytest.fixture
def class_b(make_teacher, make_classroom, make_student):
    room = make_classroom(name="Class B", teacher=make_teacher())
    pupil = make_student(name="Pupil B", room=room)
    return room, pupil


def _targets(class_b):
    room, pupil = class_b
    for method, name in CLASS_URLS:
        yield method, reverse(name, args=[room.pk])
    for method, name in STUDENT_URLS:
        yield method, reverse(name, args=[pupil.pk])
    yield "get", reverse("student_export", args=[pupil.pk, "json"])
    yield "get", reverse("student_export", args=[pupil.pk, "csv"])
    yield "post", reverse("classroom_teacher_remove", args=[room.pk, room.teachers.first().pk])


@pytest.mark.smoke
def test_teacher_a_gets_404_on_every_url_of_class_b(client, teacher, class_b):
    """As for ids that do not exist: another teacher learns nothing of class B."""
    room, pupil = class_b
    client.force_login(teacher)
    for method, url in _targets(class_b):
        data = {"name": "Mine now", "identifier": "x", "confirmed": "1"}
        response = getattr(client, method)(url, data)
        assert response.status_code == 404, (method, url, response.status_code)
    room.refresh_from_db()
    pupil.refresh_from_db()
    assert room.name == "Class B" and room.archived_at is None
    assert pupil.archived_at is None


def test_a_student_gets_403_on_every_teacher_page(client, class_b):
    _room, pupil = class_b
    client.force_login(pupil.user)
    targets = [*_targets(class_b)] + [(m, reverse(n, args=a)) for m, n, a in GLOBAL_TEACHER_URLS]
    for method, url in targets:
        response = getattr(client, method)(url)
        assert response.status_code == 403, (method, url, response.status_code)


def test_anonymous_visitors_are_sent_to_log_in(client, class_b):
    targets = [*_targets(class_b)] + [(m, reverse(n, args=a)) for m, n, a in GLOBAL_TEACHER_URLS]
    for method, url in targets:
        response = getattr(client, method)(url)
        assert response.status_code == 302, (method, url)
        assert response["Location"].startswith(reverse("login"))


def test_a_teacher_cannot_move_a_student_into_someone_elses_class(
    client, teacher, make_classroom, make_teacher, make_student
):
    mine = make_classroom(teacher=teacher)
    theirs = make_classroom(teacher=make_teacher())
    pupil = make_student(room=mine)
    client.force_login(teacher)
    response = client.post(reverse("student_move", args=[pupil.pk]), {"to_classroom": theirs.pk})
    assert response.status_code == 400
    pupil.refresh_from_db()
    assert pupil.classroom == mine


def test_manages_student_and_may_move_student(teacher, make_classroom, make_teacher, make_student):
    mine, mine_too = make_classroom(teacher=teacher), make_classroom(teacher=teacher)
    theirs = make_classroom(teacher=make_teacher())
    pupil = make_student(room=mine)
    assert manages_student(teacher, pupil)
    assert may_move_student(teacher, pupil, mine_too)
    assert not may_move_student(teacher, pupil, theirs)
    assert not manages_student(pupil.user, pupil)
