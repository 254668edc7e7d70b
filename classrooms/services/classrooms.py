"""Classes: create, rename, archive and restore, class codes, co-teachers."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.credentials import class_code_generate
from classrooms.languages import SUPPORTED
from classrooms.models import Classroom, User
from classrooms.signals import access_revoked

_CODE_ATTEMPTS = 20


def _unused_code() -> str:
    for _attempt in range(_CODE_ATTEMPTS):
        code = class_code_generate()
        if not Classroom.objects.filter(code=code).exists():
            return code
    raise RuntimeError("could not find an unused class code")  # 1 in 10^8 per try


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError(_("Give the class a name."))
    if len(name) > 100:
        raise ValidationError(_("A class name can be at most 100 characters."))
    return name


def _checked_language(language: str) -> str:
    if language not in SUPPORTED:
        raise ValidationError(_("That language is not available."))
    return language


@transaction.atomic
def classroom_create(*, name: str, teacher: User, language: str | None = None) -> Classroom:
    """A new class taught by `teacher`, with a fresh class code, in `language` (by default the
    teacher's own, else the site's)."""
    if not teacher.is_teacher:
        raise ValidationError(_("Only teachers can create classes."))
    language = _checked_language(language or teacher.language or settings.LANGUAGE_CODE)
    classroom = Classroom.objects.create(
        name=_clean_name(name), code=_unused_code(), language=language
    )
    classroom.teachers.add(teacher)
    return classroom


@transaction.atomic
def classroom_rename(*, classroom: Classroom, name: str) -> Classroom:
    classroom.name = _clean_name(name)
    classroom.save(update_fields=["name"])
    return classroom


@transaction.atomic
def classroom_language_set(*, classroom: Classroom, language: str) -> Classroom:
    """The language the class's students see unless they chose their own (from their next
    page or connect on)."""
    classroom.language = _checked_language(language)
    classroom.save(update_fields=["language"])
    return classroom


def classroom_show_values_set(*, classroom: Classroom, on: bool) -> Classroom:
    """Show a calculation's value while it is built in the class's new games (beginners), or
    not: then the students work it out (games already started keep their setting)."""
    classroom.show_values = bool(on)
    classroom.save(update_fields=["show_values"])
    return classroom


@transaction.atomic
def classroom_archive(*, classroom: Classroom) -> Classroom:
    """Hide the class from the dashboard; its students cannot log in or play until it is
    restored (their open sockets close)."""
    if classroom.archived_at is None:
        classroom.archived_at = timezone.now()
        classroom.save(update_fields=["archived_at"])
        user_ids = list(classroom.students.values_list("user_id", flat=True))
        access_revoked.send(sender=Classroom, user_ids=user_ids)
    return classroom


@transaction.atomic
def classroom_restore(*, classroom: Classroom) -> Classroom:
    classroom.archived_at = None
    classroom.save(update_fields=["archived_at"])
    return classroom


@transaction.atomic
def classroom_code_regenerate(*, classroom: Classroom) -> Classroom:
    """A new class code; the old one stops working at once (printed cards need reprinting)."""
    for _attempt in range(_CODE_ATTEMPTS):
        classroom.code = class_code_generate()
        try:
            with transaction.atomic():
                classroom.save(update_fields=["code"])
        except IntegrityError:
            continue
        return classroom
    raise RuntimeError("could not find an unused class code")


@transaction.atomic
def classroom_teacher_add(*, classroom: Classroom, identifier: str) -> User:
    """Add a co-teacher found by exact username or email (case-insensitive)."""
    identifier = (identifier or "").strip()
    if not identifier:
        raise ValidationError(_("Type the other teacher's username or email."))
    matches = list(
        User.objects.filter(role=User.Role.TEACHER, is_active=True).filter(
            Q(username__iexact=identifier) | Q(email__iexact=identifier)
        )[:2]
    )
    if len(matches) != 1:
        raise ValidationError(_("No teacher account matches “%(who)s”.") % {"who": identifier})
    classroom.teachers.add(matches[0])
    return matches[0]


@transaction.atomic
def classroom_teacher_remove(*, classroom: Classroom, teacher: User) -> None:
    """Take a teacher off a class; the last teacher cannot leave (the class would be orphaned)."""
    if classroom.teachers.exclude(pk=teacher.pk).count() == 0:
        raise ValidationError(_("A class needs at least one teacher."))
    classroom.teachers.remove(teacher)
    access_revoked.send(sender=Classroom, user_ids=[teacher.pk])
