"""Teachers, classes and students."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """Everyone who logs in: teachers (with email) and students (without)."""

    class Role(models.TextChoices):
        TEACHER = "teacher", _("Teacher")
        STUDENT = "student", _("Student")

    role = models.CharField(_("role"), max_length=16, choices=Role, default=Role.TEACHER)

    @property
    def is_teacher(self) -> bool:
        return self.role == self.Role.TEACHER

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

    class Meta:
        ordering = ["name"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return self.name


class Student(models.Model):
    """A student's place in a class; the login itself is `user` (role STUDENT, no email)."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="student")
    classroom = models.ForeignKey(
        Classroom, on_delete=models.PROTECT, related_name="students", verbose_name=_("class")
    )
    display_name = models.CharField(_("name"), max_length=80)
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)

    class Meta:
        ordering = ["display_name"]

    def __str__(self) -> str:
        return self.display_name
