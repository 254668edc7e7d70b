"""Teacher accounts."""

from django.db import transaction

from classrooms.models import User


@transaction.atomic
def teacher_create(
    *, username: str, email: str, password: str, first_name: str = "", last_name: str = ""
) -> User:
    """A new teacher account; the caller has validated the fields (see `TeacherSignupForm`)."""
    user = User(
        username=username,
        email=User.objects.normalize_email(email),
        first_name=first_name,
        last_name=last_name,
        role=User.Role.TEACHER,
    )
    user.set_password(password)
    user.full_clean(exclude=["password"])
    user.save()
    return user
