"""School accounts: the school login a teacher types for a pupil, and the links themselves.

A link is allauth's `SocialAccount` (provider id, subject, and the issuer in `extra_data`),
made by allauth's flows or by `school_identity_link` when a pupil's school login matched.
"""

from allauth.socialaccount.models import SocialAccount
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from classrooms.models import Student, User
from classrooms.school_accounts.claims import FAILED, IdentityRefused
from classrooms.school_accounts.school_logins import (
    school_login_clean,
    school_login_taken_message,
)


@transaction.atomic
def student_school_login_set(*, student: Student, login: str) -> Student:
    """Set (or, with "", clear) the school e-mail or user name the pupil signs in with.

    Raises ValidationError for a login that is not one, or is another pupil's already."""
    login = school_login_clean(login)
    if login and Student.objects.filter(school_login=login).exclude(pk=student.pk).exists():
        raise ValidationError(school_login_taken_message(login))
    student.school_login = login
    student.save(update_fields=["school_login"])
    return student


def school_identity_link(*, request, sociallogin, user: User) -> None:
    """Link the identity signing in to `user` (a pupil whose school login it has), once.

    A second sign-in racing this one for the same identity finds it linked: IdentityRefused."""
    try:
        with transaction.atomic():
            sociallogin.connect(request, user)
    except IntegrityError:
        raise IdentityRefused(FAILED) from None


@transaction.atomic
def school_link_remove(*, link: SocialAccount) -> None:
    """Unlink a school account, never the last way into an account.

    A pupil always keeps their password and card; a teacher without a password keeps at least
    one school account (ValidationError: set a password first)."""
    user = User.objects.select_for_update().get(pk=link.user_id)
    if not user.is_student and not user.has_usable_password():
        others = SocialAccount.objects.filter(user=user).exclude(pk=link.pk)
        if not others.exists():
            raise ValidationError(
                _(
                    "This school account is your only way to log in. Set a password first, "
                    "then you can unlink it."
                )
            )
    link.delete()
