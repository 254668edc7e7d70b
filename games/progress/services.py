"""The progress app's only writes: teachers' pins and dismissals of practice suggestions."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from classrooms.models import Student, User
from games.progress.models import PracticeChoice


@transaction.atomic
def practice_choice_set(
    *, student: Student, skill: str, kind: str, teacher: User
) -> PracticeChoice:
    """Pin a skill for the student, or dismiss its suggestion (replacing any earlier choice)."""
    choice, _created = PracticeChoice.objects.update_or_create(
        student_id=student.user_id,
        skill=skill,
        defaults={"kind": kind, "teacher": teacher, "created": timezone.now()},
    )
    return choice


@transaction.atomic
def practice_choice_clear(*, student: Student, skill: str) -> None:
    """Forget the teacher's pin or dismissal of this skill."""
    PracticeChoice.objects.filter(student_id=student.user_id, skill=skill).delete()
