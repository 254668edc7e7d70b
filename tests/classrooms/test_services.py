import pytest
from django.core.exceptions import ValidationError

from classrooms.credentials import CLASS_CODE_ALPHABET, PASSWORD_WORDS
from classrooms.models import Classroom, Student, User
from classrooms.services.cards import student_cards_issue, student_login_token_revoke
from classrooms.services.classrooms import (
    classroom_archive,
    classroom_code_regenerate,
    classroom_create,
    classroom_rename,
    classroom_restore,
    classroom_teacher_add,
    classroom_teacher_remove,
)
from classrooms.services.students import (
    student_archive,
    student_delete,
    student_move,
    student_restore,
    students_create,
)

pytestmark = pytest.mark.django_db


@pytest.mark.smoke
def test_a_new_class_gets_a_readable_code_without_look_alikes(teacher):
    room = classroom_create(name="  Class   4B ", teacher=teacher)
    assert room.name == "Class 4B"
    assert len(room.code) == 6
    assert set(room.code) <= set(CLASS_CODE_ALPHABET)
    assert not set("0O1IL5S2Z8B") & set(CLASS_CODE_ALPHABET)
    assert list(room.teachers.all()) == [teacher]


def test_regenerating_the_code_changes_it(make_room):
    room = make_room()
    old = room.code
    assert classroom_code_regenerate(classroom=room).code != old
    assert Classroom.objects.get(pk=room.pk).code == room.code


def test_rename_archive_and_restore(make_room):
    room = make_room()
    classroom_rename(classroom=room, name="Owls")
    classroom_archive(classroom=room)
    assert Classroom.objects.get(pk=room.pk).archived_at is not None
    classroom_restore(classroom=room)
    room.refresh_from_db()
    assert (room.name, room.archived_at) == ("Owls", None)
    with pytest.raises(ValidationError):
        classroom_rename(classroom=room, name="   ")


def test_a_student_cannot_create_a_class(make_room, make_cards):
    room = make_room()
    student_user = make_cards(room)[0].student.user
    with pytest.raises(ValidationError):
        classroom_create(name="Mine", teacher=student_user)


def test_co_teacher_added_by_username_or_email_and_last_teacher_cannot_leave(
    make_room, teacher, make_teacher
):
    room = make_room(teacher=teacher)
    other = make_teacher("ms_lee")
    classroom_teacher_add(classroom=room, identifier="MS_LEE")
    assert set(room.teachers.all()) == {teacher, other}
    classroom_teacher_remove(classroom=room, teacher=other)
    classroom_teacher_add(classroom=room, identifier="ms_lee@school.example")
    assert room.teachers.count() == 2
    classroom_teacher_remove(classroom=room, teacher=other)
    with pytest.raises(ValidationError):
        classroom_teacher_remove(classroom=room, teacher=teacher)
    with pytest.raises(ValidationError):
        classroom_teacher_add(classroom=room, identifier="nobody")


def test_a_student_account_cannot_become_a_co_teacher(make_room, make_cards):
    room = make_room()
    pupil = make_cards(room, "Maya K.")[0].student
    with pytest.raises(ValidationError):
        classroom_teacher_add(classroom=make_room(), identifier=pupil.user.username)


@pytest.mark.smoke
def test_students_create_makes_readable_usernames_and_word_pair_passwords(make_room):
    room = make_room()
    cards = students_create(classroom=room, names=["Zoë O'Neil", "Ben T."])
    zoe = cards[0]
    assert zoe.student.display_name == "Zoë O'Neil"
    assert zoe.student.user.username.startswith("zoeoneil")
    assert zoe.student.user.role == User.Role.STUDENT
    assert zoe.student.user.email == ""
    first, second = zoe.password.split("-")
    assert first in PASSWORD_WORDS and second in PASSWORD_WORDS
    assert zoe.student.user.check_password(zoe.password)
    assert zoe.student.user.password.startswith("pbkdf2_sha256_student$")
    assert len({c.student.user.username for c in cards}) == 2


def test_students_create_is_all_or_nothing(make_room):
    room = make_room()
    with pytest.raises(ValidationError):
        students_create(classroom=room, names=["Maya K.", "Ben T.", "=HYPERLINK(1)"])
    with pytest.raises(ValidationError):
        students_create(classroom=room, names=["Maya K.", "maya k"])
    assert Student.objects.count() == 0
    assert User.objects.filter(role=User.Role.STUDENT).count() == 0


def test_students_create_refuses_a_name_already_in_the_class(make_room, make_cards):
    room = make_room()
    make_cards(room, "Maya K.")
    with pytest.raises(ValidationError):
        students_create(classroom=room, names=["Maya K"])


def test_cards_issue_resets_password_and_qr_token(make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    [new] = student_cards_issue(students=[card.student])
    user = User.objects.get(pk=card.student.user_id)
    assert not user.check_password(card.password)
    assert user.check_password(new.password)
    assert new.token != card.token
    student_login_token_revoke(student=new.student)
    assert Student.objects.get(pk=card.student.pk).login_token_hash == ""


def test_student_check_password_never_upgrades_to_the_slow_hasher(
    production_hashers, make_room, make_cards
):
    card = make_cards(make_room(), "Maya K.")[0]
    user = User.objects.get(pk=card.student.user_id)
    assert user.check_password(card.password)
    user.refresh_from_db()
    assert user.password.startswith("pbkdf2_sha256_student$")


def test_move_between_classes_and_name_clash(make_room, make_cards, teacher):
    a, b = make_room(teacher=teacher), make_room(teacher=teacher)
    maya = make_cards(a, "Maya K.")[0].student
    student_move(student=maya, to_classroom=b)
    assert Student.objects.get(pk=maya.pk).classroom == b
    other = make_cards(a, "Maya K.")[0].student
    with pytest.raises(ValidationError):
        student_move(student=other, to_classroom=b)


def test_archive_stops_login_and_restore_brings_it_back(make_room, make_cards):
    student = make_cards(make_room(), "Maya K.")[0].student
    student_archive(student=student)
    assert not User.objects.get(pk=student.user_id).is_active
    student_restore(student=student)
    assert User.objects.get(pk=student.user_id).is_active


@pytest.mark.smoke
def test_delete_erases_the_student_and_their_login(make_room, make_cards):
    room = make_room()
    student = make_cards(room, "Maya K.")[0].student
    user_pk = student.user_id
    student_delete(student=student)
    assert not Student.objects.filter(pk=student.pk).exists()
    assert not User.objects.filter(pk=user_pk).exists()
    assert Classroom.objects.filter(pk=room.pk).exists()


def test_with_productions_hashers_a_teacher_gets_djangos_pbkdf2_and_a_student_the_student_hasher(
    production_hashers, make_room, make_cards
):
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    from classrooms.services.teachers import teacher_create

    teacher = teacher_create(
        username="ms_t", email="t@school.example", password="correct-horse-battery"
    )
    algorithm, iterations, *_ = teacher.password.split("$")
    assert (algorithm, int(iterations)) == ("pbkdf2_sha256", PBKDF2PasswordHasher.iterations)
    card = make_cards(make_room(teacher=teacher), "Maya K.")[0]
    assert card.student.user.password.startswith("pbkdf2_sha256_student$20000$")


def test_a_norwegian_class_gets_norwegian_word_passwords_and_old_ones_keep_working(make_room):
    from classrooms.credentials import PASSWORD_WORDS, PASSWORD_WORDS_BY_LANGUAGE
    from classrooms.services.classrooms import classroom_language_set

    room = make_room()
    old = students_create(classroom=room, names=["Maya K."])[0]
    assert set(old.password.split("-")) <= set(PASSWORD_WORDS)
    classroom_language_set(classroom=room, language="nb")
    norwegian = set(PASSWORD_WORDS_BY_LANGUAGE["nb"])
    new = students_create(classroom=room, names=["Ola N.", "Kari M.", "Per S."])
    assert all(set(card.password.split("-")) <= norwegian for card in new)
    # A new card for the pupil made before the change is in Norwegian too; until then, her
    # English password keeps working.
    user = User.objects.get(pk=old.student.user_id)
    assert user.check_password(old.password)
    (again,) = student_cards_issue(students=[old.student])
    assert set(again.password.split("-")) <= norwegian


def test_every_word_list_is_small_ascii_words_and_as_large_as_the_odds_assume():
    from classrooms.credentials import PASSWORD_WORDS, PASSWORD_WORDS_BY_LANGUAGE

    for language, words in PASSWORD_WORDS_BY_LANGUAGE.items():
        assert len(set(words)) == len(words), language
        assert all(w.isascii() and w.isalpha() and w.islower() and len(w) <= 8 for w in words)
        # The README's guessing odds count the English list's pairs: no list may be smaller.
        assert len(words) >= len(PASSWORD_WORDS), language
