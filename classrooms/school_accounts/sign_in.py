"""Who a school account signs in as, decided when the provider has answered.

Called by the social account adapter before allauth logs anyone in, links an account or signs
a teacher up; a refusal raises IdentityRefused, which the adapter turns into a page.

- A linked identity signs its owner in, unless the account is switched off, or a pupil or
  their class is archived.
- An unlinked one signs in the pupil whose teacher typed a school login the provider asserts
  for it (the link is made then, once); one school identity belongs to at most one pupil.
- Otherwise, from the teacher pages, it signs a new teacher up (with an e-mail no account has);
  from the pupils' page it is refused: a pupil account is made only by a teacher.
- Linking (from a logged-in account's page) refuses an identity someone else has, or whose
  school login a teacher gave to another pupil.
"""

from allauth.account.models import EmailAddress
from django.contrib.auth.models import AnonymousUser
from django.utils.crypto import constant_time_compare

from classrooms.models import Student, User
from classrooms.permissions import account_is_current, student_is_current
from classrooms.school_accounts.claims import (
    CLOSED,
    EMAIL_TAKEN,
    FAILED,
    INACTIVE,
    LINKED_ELSEWHERE,
    NO_EMAIL,
    UNLINKED,
    IdentityRefused,
    school_logins_claimed,
    teacher_email,
)
from classrooms.school_accounts.provider import Identity

# What the person meant, carried through the provider in allauth's state.
AS_TEACHER = "teacher"  # the teacher pages: sign in, or sign up
AS_PUPIL = "pupil"  # the pupils' page: sign in only
AS_LINK = "link"  # a logged-in account's page: link this school account to it
INTENTS = (AS_TEACHER, AS_PUPIL, AS_LINK)


def student_for_identity(identity: Identity) -> Student | None:
    """The pupil whose teacher typed a school login this identity has, if exactly one has."""
    logins = school_logins_claimed(identity.provider, identity.claims)
    if not logins:
        return None
    found = list(
        Student.objects.select_related("user", "classroom").filter(school_login__in=logins)[:2]
    )
    return found[0] if len(found) == 1 else None


def _refuse_unless_current(user: User) -> None:
    if account_is_current(user):
        return
    raise IdentityRefused(CLOSED if user.is_student else INACTIVE)


def sign_in_check(
    *, intent: str, nonce: str, identity: Identity, user: User | None
) -> Student | None:
    """Decide a sign-in (not a link). `user` is the identity's linked account, if any.

    Returns the pupil to link this identity to before signing them in, or None: allauth then
    signs `user` in (or, with no `user`, signs up the new teacher). Raises IdentityRefused."""
    if not nonce or not constant_time_compare(str(identity.claims.get("nonce", "")), nonce):
        raise IdentityRefused(FAILED)
    if intent not in (AS_TEACHER, AS_PUPIL):
        raise IdentityRefused(FAILED)
    if user is not None:
        _refuse_unless_current(user)
        return None
    student = student_for_identity(identity)
    if student is not None:
        if not (student.user.is_active and student_is_current(student)):
            raise IdentityRefused(CLOSED)
        return student
    if intent == AS_PUPIL:
        raise IdentityRefused(UNLINKED)
    email = teacher_email(identity.provider, identity.claims)
    if email is None:
        raise IdentityRefused(NO_EMAIL)
    # allauth's own e-mail table too: its sign-up would otherwise send this person to sign-up
    # and verification pages that this site does not have.
    if (
        User.objects.filter(email__iexact=email).exists()
        or EmailAddress.objects.filter(email__iexact=email).exists()
    ):
        raise IdentityRefused(EMAIL_TAKEN, email=email)
    return None


def link_check(
    *, nonce: str, identity: Identity, owner: User | None, user: User | AnonymousUser
) -> None:
    """Decide a link of this identity to the logged-in `user`; `owner` is whom it is linked to
    already, if anyone. Raises IdentityRefused."""
    if not nonce or not constant_time_compare(str(identity.claims.get("nonce", "")), nonce):
        raise IdentityRefused(FAILED)
    if not user.is_authenticated:
        raise IdentityRefused(FAILED)
    _refuse_unless_current(user)
    if owner is not None and owner.pk != user.pk:
        raise IdentityRefused(LINKED_ELSEWHERE)
    student = student_for_identity(identity)
    if student is not None and student.user_id != user.pk:
        raise IdentityRefused(LINKED_ELSEWHERE)
