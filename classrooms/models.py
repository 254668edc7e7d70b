"""Teachers, classes and students."""

from django.conf import settings
from django.contrib.auth import hashers
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

STUDENT_HASHER = "pbkdf2_sha256_student"


class User(AbstractUser):
    """Everyone who logs in: teachers (with email) and students (without)."""

    class Role(models.TextChoices):
        TEACHER = "teacher", _("Teacher")
        STUDENT = "student", _("Student")

    role = models.CharField(_("role"), max_length=16, choices=Role, default=Role.TEACHER)
    # Empty: a student follows their class, a teacher their browser (classrooms.languages).
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, blank=True, default=""
    )

    @property
    def is_teacher(self) -> bool:
        return self.role == self.Role.TEACHER

    def set_password(self, raw_password: str | None) -> None:
        """Students get the cheaper hasher (see `classrooms.hashers`); teachers the default."""
        if self.is_student and raw_password is not None:
            self.password = hashers.make_password(raw_password, hasher=STUDENT_HASHER)
            self._password = raw_password
            return
        super().set_password(raw_password)

    def check_password(self, raw_password: str) -> bool:
        """For students, never "upgrade" the hash to the slow default on login."""
        if self.is_student:
            return hashers.check_password(raw_password, self.password)
        return super().check_password(raw_password)

    @property
    def is_student(self) -> bool:
        return self.role == self.Role.STUDENT


class Classroom(models.Model):
    """A class: one or more teachers, many students, a short code students log in with."""

    name = models.CharField(_("name"), max_length=100)
    code = models.CharField(_("class code"), max_length=12, unique=True)
    teachers = models.ManyToManyField(User, related_name="classrooms", verbose_name=_("teachers"))
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)
    # What its students see unless they choose their own (classrooms.languages).
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    # Beginners: a calculation's value is shown while it is built (otherwise the child works it
    # out; the reports count calculations made with the value shown apart).
    show_values = models.BooleanField(
        _("show the value while a calculation is built"), default=False, db_default=False
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return self.name

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None


class Student(models.Model):
    """A student's place in a class; the login itself is `user` (role STUDENT, no email).

    We keep only what the product needs: the name shown to the class, an optional id from the
    school's system (to spot repeats on the next import), the hash of the QR login token, and
    the school e-mail or user name a teacher gave for signing in with the school account
    (`classrooms.school_accounts`). No birth date, no password in clear (see
    `classrooms.services.cards`).
    """

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="student")
    classroom = models.ForeignKey(
        Classroom, on_delete=models.PROTECT, related_name="students", verbose_name=_("class")
    )
    display_name = models.CharField(_("name"), max_length=80)
    external_id = models.CharField(_("school id"), max_length=64, blank=True)
    # Lower-cased; one pupil per school login (classrooms.school_accounts.school_logins). The
    # database's default too: processes still running the code from before can add pupils.
    school_login = models.CharField(
        _("school account"), max_length=254, blank=True, default="", db_default=""
    )
    # sha256 hex of the QR card's secret; empty when revoked. The secret itself is never stored.
    login_token_hash = models.CharField(max_length=64, blank=True, db_index=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)

    class Meta:
        ordering = ["display_name"]
        verbose_name = _("student")
        verbose_name_plural = _("students")
        constraints = [
            models.UniqueConstraint(
                fields=["school_login"],
                condition=~models.Q(school_login=""),
                name="student_school_login_unique",
            )
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None

    @property
    def has_login_token(self) -> bool:
        return bool(self.login_token_hash)


class CardSession(models.Model):
    """A login session opened with a QR login card, so that the card's end can end it too.

    Django's sessions cannot be searched by what they hold; this row names the session a card
    opened (one row per QR login, deleted with the session when the card stops working).
    """

    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="card_sessions")
    session_key = models.CharField(max_length=40, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.student} card session"
