"""Reads that feed pages and exports. No writes here: those are in classrooms.services."""

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from allauth.socialaccount.models import SocialAccount
from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.utils.module_loading import import_string

from classrooms.credentials import class_code_normalise, login_token_hash
from classrooms.models import Classroom, Student, User
from classrooms.school_accounts.providers import school_provider
from classrooms.services.throttle import (
    CLASS,
    HOUR,
    STUDENT,
    account_key,
    classroom_key,
    throttle_failures,
    throttle_retry_after,
)

# What a class code can be. Anything else (a NUL byte, a symbol) is no code, and never reaches
# the database, which refuses NUL in text.
_CODE = re.compile(r"[A-Z0-9]{1,12}")


def classrooms_for_teacher(*, teacher: User, archived: bool = False) -> QuerySet[Classroom]:
    """The teacher's classes (current or archived), each with `student_count` of current ones."""
    return (
        Classroom.objects.filter(teachers=teacher, archived_at__isnull=not archived)
        .annotate(
            student_count=Count("students", filter=Q(students__archived_at__isnull=True)),
        )
        .order_by("name")
    )


def classroom_by_code(*, code: str) -> Classroom | None:
    """The open (not archived) class with this code as a student typed it, or None."""
    code = class_code_normalise(code)
    if not _CODE.fullmatch(code):
        return None
    return Classroom.objects.filter(code=code, archived_at__isnull=True).first()


def classroom_code_is_theirs(*, code: str, users: Sequence[User]) -> bool:
    """True when `code` is the code of an open class that one of `users` teaches or is a
    current student of (typing it is no guess: they know it already)."""
    code = class_code_normalise(code)
    if not users or not _CODE.fullmatch(code):
        return False
    theirs = Q(teachers__in=users) | Q(students__user__in=users, students__archived_at__isnull=True)
    return Classroom.objects.filter(theirs, code=code, archived_at__isnull=True).exists()


def students_for_classroom(*, classroom: Classroom, archived: bool = False) -> QuerySet[Student]:
    return (
        classroom.students.filter(archived_at__isnull=not archived)
        .select_related("user")
        .order_by("display_name")
    )


def student_by_code(*, code: str, pk: int) -> Student | None:
    """The current student `pk` of the open class with this code, or None."""
    classroom = classroom_by_code(code=code)
    if classroom is None:
        return None
    students = students_for_classroom(classroom=classroom).select_related("classroom")
    return students.filter(pk=pk).first()


def student_by_login_token(*, token: str) -> Student | None:
    """The student whose QR card carries `token`, if it is still valid and they may log in."""
    if not token or len(token) > 64:
        return None
    return (
        Student.objects.select_related("user", "classroom")
        .filter(
            login_token_hash=login_token_hash(token),
            archived_at__isnull=True,
            classroom__archived_at__isnull=True,
            user__is_active=True,
        )
        .first()
    )


@dataclass(frozen=True)
class LoginPressure:
    """Wrong passwords typed for a class's students on devices none of them logged in on."""

    last_hour: int
    last_day: int
    resumes_in: float  # seconds until new-device password logins resume by themselves; 0: open
    most_tried: list[tuple[Student, int]]

    @property
    def paused(self) -> bool:
        return self.resumes_in > 0

    @property
    def resumes_in_minutes(self) -> int:
        return math.ceil(self.resumes_in / 60)


def classroom_login_pressure(*, classroom: Classroom, top: int = 5) -> LoginPressure | None:
    """How hard new devices are guessing at the class's passwords; None when nobody is."""
    key = classroom_key(classroom.pk)
    last_day = throttle_failures(limit=CLASS, keys=[key])[key]
    if not last_day:
        return None
    students = list(students_for_classroom(classroom=classroom))
    runs = throttle_failures(limit=STUDENT, keys=[account_key(s.user_id) for s in students])
    tried = [(s, runs[account_key(s.user_id)]) for s in students]
    return LoginPressure(
        last_hour=throttle_failures(limit=CLASS, keys=[key], seconds=HOUR)[key],
        last_day=last_day,
        resumes_in=throttle_retry_after(limit=CLASS, key=key),
        most_tried=sorted((t for t in tried if t[1]), key=lambda t: -t[1])[:top],
    )


@dataclass(frozen=True)
class SchoolLink:
    """A school account linked to a login: which provider, and when it was linked and used."""

    account: SocialAccount

    @property
    def pk(self) -> int:
        return self.account.pk

    @property
    def provider_name(self) -> str:
        """The provider's name, or its id once the deployment no longer has it."""
        provider = school_provider(self.account.provider)
        return provider.name if provider else self.account.provider

    @property
    def issuer(self) -> str:
        return str(self.account.extra_data.get("iss", ""))

    @property
    def subject(self) -> str:
        return self.account.uid

    @property
    def linked_at(self):
        return self.account.date_joined

    @property
    def last_used(self):
        return self.account.last_login


def school_links_of(*, user: User) -> list[SchoolLink]:
    """The school accounts linked to `user`, oldest first."""
    accounts = SocialAccount.objects.filter(user=user).order_by("date_joined", "pk")
    return [SchoolLink(account) for account in accounts]


def student_data_export(*, student: Student) -> dict:
    """Everything we hold about a student, for a subject access request (JSON-ready).

    Other apps add their own sections by listing a callable `f(student) -> JSON-ready data` in
    `settings.STUDENT_DATA_EXPORTERS` as `{"section name": "dotted.path"}`.
    """
    user = student.user
    data = {
        "name": student.display_name,
        "username": user.username,
        "school_id": student.external_id,
        "class": student.classroom.name,
        "class_code": student.classroom.code,
        "created_at": student.created_at.isoformat(),
        "archived_at": student.archived_at.isoformat() if student.archived_at else None,
        "last_login": user.last_login.isoformat() if user.last_login else None,
        "has_qr_login": student.has_login_token,
        "school_login": student.school_login,
        "school_accounts": [
            {
                "provider": link.provider_name,
                "issuer": link.issuer,
                "subject": link.subject,
                "linked_at": link.linked_at.isoformat(),
                "last_used": link.last_used.isoformat(),
            }
            for link in school_links_of(user=user)
        ],
    }
    for section, dotted in getattr(settings, "STUDENT_DATA_EXPORTERS", {}).items():
        data[section] = import_string(dotted)(student)
    return data
