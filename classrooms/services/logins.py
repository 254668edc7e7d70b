"""Logging in: teachers by username, students by class code + name + password, or by QR.

Every password check goes through the throttle (classrooms.services.throttle): a device where
the person logged in before is throttled on its own, any other device per account and, for
students, per class. The design and the guessing odds it allows are written there.
"""

import math
from collections.abc import Callable, Sequence

from django.contrib.auth import authenticate
from django.contrib.auth.hashers import make_password
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from classrooms.credentials import password_normalise
from classrooms.devices import client_network, device_from_request, device_people
from classrooms.models import Classroom, Student, User
from classrooms.selectors import classroom_by_code, classroom_code_is_theirs, student_by_code
from classrooms.services.throttle import (
    CLASS,
    CODES_PER_ACCOUNT,
    CODES_PER_ADDRESS,
    DEVICE,
    STUDENT,
    TEACHER,
    Limit,
    ThrottleBusy,
    Throttled,
    account_key,
    classroom_key,
    device_key,
    teacher_key,
    throttle_forgive,
    throttle_reserve,
    throttle_reset,
)

WRONG_PASSWORD = _(
    "That password is not right. It is two small words joined by a dash, like on your card. "
    "Try again, or ask your teacher."
)
WRONG_TEACHER_LOGIN = _("That username and password do not match. Try again.")
CLASS_CLOSED = _("You cannot log in to this class right now. Ask your teacher.")
CLASS_PAUSED = _(
    "Logging in with a password is paused for your class. Scan the QR code on your card, "
    "or ask your teacher."
)
# A teacher's own laptop is a known device and never waits; on any other, someone guessing at
# their username can keep them waiting, so they are shown the way round it.
TEACHER_WAIT = _(
    "Too many tries with this username. Wait %(time)s, or choose “Forgot your "
    "password?” below: the link we e-mail you logs you in on this device at once."
)
UNKNOWN_CODE = _("We cannot find that class code. Check it and try again.")
BUSY = _("Just a moment, then try again.")


class LoginRefused(Exception):
    """A login that did not happen, with the message to show and the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def wait_text(seconds: float) -> str:
    """A wait as a child reads it: seconds under 90, else whole minutes (rounded up)."""
    seconds = math.ceil(seconds)
    if seconds < 90:
        return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}


def too_many_tries(seconds: float) -> str:
    return str(_("Too many tries. Wait %(time)s and try again.") % {"time": wait_text(seconds)})


def _refused(error: Throttled | ThrottleBusy) -> LoginRefused:
    if isinstance(error, ThrottleBusy):
        return LoginRefused(str(BUSY), status=429)
    if error.limit is CLASS:
        return LoginRefused(str(CLASS_PAUSED), status=429)
    if error.limit is TEACHER:
        text = TEACHER_WAIT % {"time": wait_text(error.retry_after)}
        return LoginRefused(str(text), status=429)
    return LoginRefused(too_many_tries(error.retry_after), status=429)


def _checked(
    gates: Sequence[tuple[Limit, str]], check: Callable[[], User | None], *, wrong: str
) -> User:
    """The user `check` (a password check) returns, if the throttle lets it run at all.

    The attempt is counted before the check, so parallel requests cannot slip past a limit,
    and taken back when the password was right. Raises LoginRefused.
    """
    try:
        held = throttle_reserve(gates=gates)
    except (Throttled, ThrottleBusy) as error:
        raise _refused(error) from None
    user = check()
    if user is None:
        raise LoginRefused(wrong)
    throttle_forgive(reservations=held)
    return user


def teacher_login(*, request: HttpRequest, username: str, password: str) -> User:
    """Authenticate a teacher (or staff). Raises LoginRefused.

    A student's username and an unknown one cost the same hashing as a teacher's wrong
    password, and are refused with the same message: the answer tells nothing about who exists.
    """
    device = device_from_request(request)
    candidate = User._default_manager.filter(username=username).first()
    teacher = candidate if candidate is not None and candidate.is_teacher else None
    if device.trusts(teacher):
        gates = [(DEVICE, device_key(teacher.pk, device.device_id))]
    else:
        gates = [(TEACHER, teacher_key(username))]

    def check() -> User | None:
        if teacher is None:
            # The default hasher's work, as checking a teacher's password costs (Django's
            # ModelBackend does this for unknown usernames, but a student's would be cheap).
            make_password(password)
            return None
        ok = teacher.check_password(password) and teacher.is_active
        return teacher if ok else None

    return _checked(gates, check, wrong=str(WRONG_TEACHER_LOGIN))


def student_login(*, request: HttpRequest, student: Student, password: str) -> User:
    """Authenticate a student who tapped their name. Raises LoginRefused."""
    if student.archived_at or student.classroom.archived_at:
        raise LoginRefused(str(CLASS_CLOSED))
    user = student.user
    device = device_from_request(request)
    if device.trusts(user):
        gates = [(DEVICE, device_key(user.pk, device.device_id))]
    else:
        gates = [
            (STUDENT, account_key(user.pk)),
            (CLASS, classroom_key(student.classroom_id)),
        ]
    return _checked(
        gates,
        lambda: authenticate(
            request, username=user.username, password=password_normalise(password)
        ),
        wrong=str(WRONG_PASSWORD),
    )


def _code_gates(request: HttpRequest, code: str) -> list[tuple[Limit, str]]:
    """What a wrong code from this client counts on: its network address whatever cookies it
    holds, and the account of everyone its device cookie vouches for or who is logged in.

    No gate (nothing counted, never refused) for the code of a class of one of those people:
    typing it is no guess. A new cookie, which every login mints, thus adds no wrong codes.
    """
    people = {person.pk: person for person in device_people(device_from_request(request))}
    if request.user.is_authenticated:
        people[request.user.pk] = request.user
    if classroom_code_is_theirs(code=code, users=list(people.values())):
        return []
    gates: list[tuple[Limit, str]] = [(CODES_PER_ADDRESS, f"network:{client_network(request)}")]
    return gates + [(CODES_PER_ACCOUNT, account_key(pk)) for pk in sorted(people)]


def _code_try[T](request: HttpRequest, code: str, find: Callable[[], T | None]) -> T | None:
    """What `find` finds, the miss counted first (and forgiven on a find), so parallel requests
    cannot slip past a limit; raises LoginRefused, without looking, when a gate is full."""
    try:
        held = throttle_reserve(gates=_code_gates(request, code))
    except (Throttled, ThrottleBusy) as error:
        raise _refused(error) from None
    found = find()
    if found is not None:
        throttle_forgive(reservations=held)
    return found


def classroom_code_try(*, request: HttpRequest, code: str) -> Classroom | None:
    """The open class with this code, or None (counted against the client's wrong codes).

    Raises LoginRefused, without looking the code up, when the client has tried too many
    wrong codes: then a right code and a wrong one get the same answer.
    """
    return _code_try(request, code, lambda: classroom_by_code(code=code))


def student_code_try(*, request: HttpRequest, code: str, student_pk: int) -> Student | None:
    """The current student `student_pk` of the class with this code, or None; a miss counts
    like a wrong code, so a real code with a wrong number tells nothing either."""
    return _code_try(request, code, lambda: student_by_code(code=code, pk=student_pk))


def classroom_logins_resume(*, classroom: Classroom) -> None:
    """The teacher's "resume": forget the class's wrong passwords and its students' delays."""
    throttle_reset(limit=CLASS, keys=[classroom_key(classroom.pk)])
    user_pks = classroom.students.values_list("user_id", flat=True)
    throttle_reset(limit=STUDENT, keys=[account_key(pk) for pk in user_pks])
