import pytest
from django.contrib.auth.models import AnonymousUser

from classrooms.permissions import student_of, teaches

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
