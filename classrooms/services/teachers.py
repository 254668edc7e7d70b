"""Teacher accounts."""

from django.db import transaction

from classrooms.models import User


@transaction.atomic
def teacher_create(
    *,
    username: str,
    email: str,
    password: str,
    first_name: str = "",
    last_name: str = "",
    language: str = "",
) -> User:
    """A new teacher account; the caller has validated the fields (see `TeacherSignupForm`).

    `language` is theirs ("": their browser's); full_clean refuses one we do not have."""
    user = User(
        username=username,
        email=User.objects.normalize_email(email),
        first_name=first_name,
        last_name=last_name,
        role=User.Role.TEACHER,
        language=language,
    )
    user.set_password(password)
    user.full_clean(exclude=["password"])
    user.save()
    return user
