"""Logging in: teachers by username, students by class code + name + password, or by QR."""

from django.contrib.auth import authenticate
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from classrooms.models import Student, User
from classrooms.services.throttle import (
    ACCOUNT,
    CLASSROOM,
    throttle_failure_record,
    throttle_is_blocked,
    throttle_reset,
)

TOO_MANY_TRIES = _("Too many tries. Wait a minute and try again.")
WRONG_PASSWORD = _("That password is not right. Try again, or ask your teacher.")
CLASS_CLOSED = _("You cannot log in to this class right now. Ask your teacher.")


class LoginRefused(Exception):
    """A login that did not happen, with the message to show."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def teacher_account_key(username: str) -> str:
    return f"teacher:{(username or '').strip().casefold()}"


def teacher_login(*, request: HttpRequest | None, username: str, password: str) -> User:
    """Authenticate a teacher (or staff); throttled per username. Raises LoginRefused."""
    key = teacher_account_key(username)
    if throttle_is_blocked(limit=ACCOUNT, key=key):
        raise LoginRefused(str(TOO_MANY_TRIES))
    user = authenticate(request, username=username, password=password)
    if user is None or user.is_student:
        throttle_failure_record(limit=ACCOUNT, key=key)
        raise LoginRefused(str(_("That username and password do not match. Try again.")))
    throttle_reset(limit=ACCOUNT, key=key)
    return user


def student_login(*, request: HttpRequest | None, student: Student, password: str) -> User:
    """Authenticate a student who tapped their name; throttled per account and per class."""
    if student.archived_at or student.classroom.archived_at:
        raise LoginRefused(str(CLASS_CLOSED))
    account_key = f"student:{student.user_id}"
    class_key = f"class:{student.classroom_id}"
    if throttle_is_blocked(limit=ACCOUNT, key=account_key) or throttle_is_blocked(
        limit=CLASSROOM, key=class_key
    ):
        raise LoginRefused(str(TOO_MANY_TRIES))
    user = authenticate(request, username=student.user.username, password=(password or "").strip())
    if user is None:
        throttle_failure_record(limit=ACCOUNT, key=account_key)
        throttle_failure_record(limit=CLASSROOM, key=class_key)
        raise LoginRefused(str(WRONG_PASSWORD))
    throttle_reset(limit=ACCOUNT, key=account_key)
    return user
