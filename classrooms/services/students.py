"""Student accounts: bulk creation, moves, archive and restore, erasure."""

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.credentials import (
    login_token_generate,
    password_generate,
    username_base,
)
from classrooms.models import Classroom, Student, User
from classrooms.names import name_key, student_name_clean
from classrooms.school_accounts.school_logins import school_login_clean, school_login_taken_message
from classrooms.signals import access_revoked, student_archived, student_erasing

MAX_STUDENTS_PER_CREATE = 200


@dataclass(frozen=True)
class StudentCard:
    """What goes on a printed login card: only ever held in memory, never stored in clear."""

    student: Student
    password: str
    token: str


def _username_unused(base: str, taken: set[str]) -> str:
    for width in (2, 3, 4, 6):
        for _attempt in range(10):
            candidate = f"{base}{secrets.randbelow(10**width):0{width}d}"
            if candidate not in taken and not User.objects.filter(username=candidate).exists():
                taken.add(candidate)
                return candidate
    raise RuntimeError("could not find an unused username")


def _names_taken(classroom: Classroom, exclude: Student | None = None) -> set[str]:
    names = classroom.students.exclude(pk=exclude.pk if exclude else None).values_list(
        "display_name", flat=True
    )
    return {name_key(n) for n in names}


@transaction.atomic
def students_create(
    *,
    classroom: Classroom,
    names: Sequence[str],
    external_ids: Sequence[str] | None = None,
    school_logins: Sequence[str] | None = None,
) -> list[StudentCard]:
    """Create one student per name, all or none, and return their new cards.

    `school_logins`: each one's school e-mail or user name ("" for none).
    Raises ValidationError (creating nothing) for a bad or repeated name, a name already in the
    class, a school login that is not one or is taken (here or by another pupil), or more than
    MAX_STUDENTS_PER_CREATE students.
    """
    external_ids = list(external_ids) if external_ids is not None else [""] * len(names)
    school_logins = list(school_logins) if school_logins is not None else [""] * len(names)
    if not len(external_ids) == len(school_logins) == len(names):
        raise ValueError("names, external_ids and school_logins differ in length")
    if not names:
        raise ValidationError(_("There are no names to add."))
    if len(names) > MAX_STUDENTS_PER_CREATE:
        raise ValidationError(
            _("At most %(max)d students at a time.") % {"max": MAX_STUDENTS_PER_CREATE}
        )
    seen = _names_taken(classroom)
    cleaned = []
    for raw in names:
        name = student_name_clean(raw)
        if name_key(name) in seen:
            raise ValidationError(_("“%(name)s” is already in this class.") % {"name": name})
        seen.add(name_key(name))
        cleaned.append(name)
    logins = _school_logins_check(school_logins)
    taken: set[str] = set()
    cards = []
    for name, external_id, login in zip(cleaned, external_ids, logins, strict=True):
        password = password_generate(classroom.language)
        token, token_hash = login_token_generate()
        user = User(
            username=_username_unused(username_base(name), taken),
            first_name=name[:150],
            role=User.Role.STUDENT,
        )
        user.set_password(password)
        user.save()
        student = Student.objects.create(
            user=user,
            classroom=classroom,
            display_name=name,
            external_id=(external_id or "")[:64],
            school_login=login,
            login_token_hash=token_hash,
        )
        cards.append(StudentCard(student=student, password=password, token=token))
    return cards


def _school_logins_check(raw: Sequence[str]) -> list[str]:
    """The school logins cleaned; ValidationError for one that is not, repeats, or is taken."""
    logins = [school_login_clean(login) for login in raw]
    given = [login for login in logins if login]
    taken = Student.objects.filter(school_login__in=given).values_list("school_login", flat=True)
    repeated = {login for login in given if given.count(login) > 1}
    clash = next(iter(sorted({*taken, *repeated})), None)
    if clash is not None:
        raise ValidationError(school_login_taken_message(clash))
    return logins


@transaction.atomic
def student_rename(*, student: Student, name: str) -> Student:
    name = student_name_clean(name)
    if name_key(name) in _names_taken(student.classroom, exclude=student):
        raise ValidationError(_("“%(name)s” is already in this class.") % {"name": name})
    student.display_name = name
    student.save(update_fields=["display_name"])
    User.objects.filter(pk=student.user_id).update(first_name=name[:150])
    return student


@transaction.atomic
def student_move(*, student: Student, to_classroom: Classroom) -> Student:
    """Move a student to another class; the caller checks that the teacher teaches both."""
    if to_classroom.pk == student.classroom_id:
        return student
    if name_key(student.display_name) in _names_taken(to_classroom):
        raise ValidationError(
            _("%(class)s already has a student called “%(name)s”. Rename one of them first.")
            % {"class": to_classroom.name, "name": student.display_name}
        )
    student.classroom = to_classroom
    student.save(update_fields=["classroom"])
    return student


@transaction.atomic
def student_archive(*, student: Student) -> Student:
    """Keep the student's data but stop them logging in and hide them from the class list.

    The apps end what they cannot keep open (games: live matches are forfeited) and the
    student's open sockets close.
    """
    if student.archived_at is None:
        student.archived_at = timezone.now()
        student.save(update_fields=["archived_at"])
    User.objects.filter(pk=student.user_id).update(is_active=False)
    student_archived.send(sender=Student, user=student.user)
    access_revoked.send(sender=Student, user_ids=[student.user_id])
    return student


@transaction.atomic
def student_restore(*, student: Student) -> Student:
    student.archived_at = None
    student.save(update_fields=["archived_at"])
    User.objects.filter(pk=student.user_id).update(is_active=True)
    return student


@transaction.atomic
def student_delete(*, student: Student) -> None:
    """Erase the student: the login goes, and with it (CASCADE) everything hanging off it.

    The apps prepare first (games: live matches are forfeited, the classmate wins, and finished
    ones stay for the classmate with the seat and moves unlinked from the deleted user), and
    the student's open sockets close.
    """
    user = student.user
    student_erasing.send(sender=Student, user=user)
    access_revoked.send(sender=Student, user_ids=[user.pk])
    student.delete()
    user.delete()
