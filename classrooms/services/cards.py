"""Login cards: new passwords and QR tokens for students, and revoking QR tokens.

How re-printing works (the trade-off): we never store a student's password or QR secret in a
form we can read back. A card sheet can only be shown at the moment its secrets are made: right
after the students are created, or when the teacher asks for cards again, which *resets* the
passwords and QR tokens of the students printed. Old cards for those students stop working.

Storing the passwords encrypted would let a teacher reprint without resetting, but anyone with
the database and the key (a backup, a leaked settings file) would then hold every child's login.
Resetting costs a teacher nothing they cannot see coming (the button says so), and a lost card
can never be used again once its replacement is printed.
"""

from collections.abc import Iterable, Sequence
from importlib import import_module

from django.conf import settings
from django.db import transaction

from classrooms.credentials import login_token_generate, password_generate
from classrooms.models import CardSession, Student
from classrooms.services.students import StudentCard
from classrooms.signals import access_revoked


def _card_sessions_end(students: Sequence[Student]) -> None:
    """Log out every session the students' QR cards opened; their open sockets check again
    (and so do those of other sessions, which a new password has ended too)."""
    rows = CardSession.objects.filter(student__in=students)
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    for key in rows.values_list("session_key", flat=True):
        store.delete(key)
    rows.delete()
    access_revoked.send(sender=Student, user_ids=[s.user_id for s in students])


@transaction.atomic
def card_session_record(*, student: Student, session_key: str) -> None:
    """Remember that the session `session_key` was opened with the student's QR card."""
    CardSession.objects.update_or_create(session_key=session_key, defaults={"student": student})


@transaction.atomic
def student_cards_issue(*, students: Iterable[Student]) -> list[StudentCard]:
    """New password and QR token for each student; returns the cards to print, in order.

    The old cards stop working, and so do the sessions they (or the old passwords) opened.
    """
    cards = []
    for student in students:
        password = password_generate(student.classroom.language)
        token, token_hash = login_token_generate()
        user = student.user
        user.set_password(password)
        user.save(update_fields=["password"])
        student.login_token_hash = token_hash
        student.save(update_fields=["login_token_hash"])
        cards.append(StudentCard(student=student, password=password, token=token))
    _card_sessions_end([card.student for card in cards])
    return cards


@transaction.atomic
def student_login_token_revoke(*, student: Student) -> Student:
    """The student's QR code stops working, and the sessions it opened end; the password
    still works."""
    student.login_token_hash = ""
    student.save(update_fields=["login_token_hash"])
    _card_sessions_end([student])
    return student


@transaction.atomic
def student_password_set(*, student: Student, password: str) -> Student:
    """Set a chosen password (demo data and support); teachers normally issue new cards."""
    user = student.user
    user.set_password(password)
    user.save(update_fields=["password"])
    return student
