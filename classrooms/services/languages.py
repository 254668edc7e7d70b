"""A person's own language (the order it is applied in: classrooms.languages)."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from classrooms.languages import SUPPORTED, of_class
from classrooms.models import User


@transaction.atomic
def user_language_set(*, user: User, language: str) -> User:
    """Store `user`'s own language ("" to follow their class or browser).

    A student who picks their class's language follows the class from then on, so a later
    change of the class's language reaches them too; any other pick overrides the class."""
    if language and language not in SUPPORTED:
        raise ValidationError(_("That language is not available."))
    if user.is_student and language and language == of_class(user):
        language = ""
    user.language = language
    user.save(update_fields=["language"])
    return user
