"""What teachers decide about practice suggestions: pin one, or dismiss it for a while."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.evidence.skills import SKILLS


class PracticeChoice(models.Model):
    """A teacher's pin (always suggest this skill) or dismissal (hide it for a while)."""

    class Kind(models.TextChoices):
        PINNED = "pinned", _("Pinned")
        DISMISSED = "dismissed", _("Dismissed")

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practice_choices"
    )
    skill = models.CharField(max_length=16, choices=[(s, s) for s in SKILLS])
    kind = models.CharField(max_length=16, choices=Kind)
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["student", "skill"], name="practice_one_per_skill")
        ]

    def __str__(self) -> str:
        return f"{self.student_id} {self.skill} {self.kind}"
