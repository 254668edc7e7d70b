"""What a provider says about a school account, and whether this deployment accepts it.

allauth has checked the ID token's signature (or fetched it from the provider itself), its
audience, expiry, and that its issuer is the one the provider's discovery document names. Here:
that this issuer is the one the deployment configured (not only whatever the discovery at the
configured address claims), Google's hosted domain (`hd`), Microsoft's tenant (`tid`), and the
nonce (see `sign_in`). The e-mail alone never decides: a consumer account can have any.
"""

from django.core.exceptions import PermissionDenied

from classrooms.school_accounts.providers import FEIDE, GOOGLE, MICROSOFT, SchoolProvider
from classrooms.school_accounts.school_logins import school_login_normalise

FEIDE_NAME = "https://n.feide.no/claims/eduPersonPrincipalName"
SUBJECT_MAX = 191  # allauth's uid column

# Why a school account may not sign in; `views.school_accounts` says each in words.
FAILED = "failed"  # the sign-in did not finish (cancelled, expired, a protocol error)
NOT_ALLOWED = "not_allowed"  # another issuer, domain or tenant than the school's
UNLINKED = "unlinked"  # no pupil has this school account: ask the teacher
CLOSED = "closed"  # the pupil or their class is archived
INACTIVE = "inactive"  # the account is switched off
EMAIL_TAKEN = "email_taken"  # a new teacher's e-mail already has an account
NO_EMAIL = "no_email"  # a new teacher's school account gave no e-mail
LINKED_ELSEWHERE = "linked_elsewhere"  # linking an identity that someone else has


class IdentityRefused(PermissionDenied):
    """A school account that may not sign in (or be linked) here; `reason` is one of above."""

    def __init__(self, reason: str, **details: str):
        super().__init__(reason)
        self.reason = reason
        self.details = details


def identity_claims(data: dict) -> dict:
    """The ID token's claims, with the userinfo's where the token is silent.

    Refuses a login without an ID token, and a userinfo answer about another subject."""
    id_token = data.get("id_token") if isinstance(data, dict) else None
    if not isinstance(id_token, dict) or not id_token:
        raise IdentityRefused(FAILED)
    userinfo = data.get("userinfo") or {}
    if not isinstance(userinfo, dict):
        raise IdentityRefused(FAILED)
    if userinfo and userinfo.get("sub") != id_token.get("sub"):
        raise IdentityRefused(FAILED)
    return {**userinfo, **id_token}


def _is_true(value: object) -> bool:
    return value is True or (isinstance(value, str) and value.lower() == "true")


def identity_check(provider: SchoolProvider, claims: dict) -> None:
    """Raise IdentityRefused unless `provider` may sign this identity in here."""
    subject = claims.get("sub")
    if not isinstance(subject, str) or not subject or len(subject) > SUBJECT_MAX:
        raise IdentityRefused(FAILED)
    if claims.get("iss") != provider.issuer:
        raise IdentityRefused(NOT_ALLOWED)
    if provider.id == GOOGLE:
        domain = claims.get("hd")
        if not isinstance(domain, str) or not domain:
            raise IdentityRefused(NOT_ALLOWED)  # a consumer account, not the school's
        if "*" not in provider.hosted_domains and domain.lower() not in provider.hosted_domains:
            raise IdentityRefused(NOT_ALLOWED)
    if provider.id == MICROSOFT:
        tenant = claims.get("tid")
        if not isinstance(tenant, str) or tenant.lower() != provider.tenant_id:
            raise IdentityRefused(NOT_ALLOWED)


def school_logins_claimed(provider: SchoolProvider, claims: dict) -> list[str]:
    """The school logins a teacher may have typed for this identity, as the school's directory
    asserts them: Google's verified e-mail, Microsoft's sign-in name (UPN, within the school's
    tenant), Feide's Feide name and e-mail (both from the school's own directory)."""
    if provider.id == GOOGLE:
        raw = [claims.get("email")] if _is_true(claims.get("email_verified")) else []
    elif provider.id == MICROSOFT:
        raw = [claims.get("preferred_username")]
    elif provider.id == FEIDE:
        raw = [claims.get(FEIDE_NAME), claims.get("email")]
    else:
        raw = []
    logins = [school_login_normalise(value) for value in raw]
    return list(dict.fromkeys(login for login in logins if login))


def teacher_email(provider: SchoolProvider, claims: dict) -> str | None:
    """The e-mail a new teacher account gets from this identity, or None."""
    if provider.id == GOOGLE:
        return (
            school_login_normalise(claims.get("email"))
            if _is_true(claims.get("email_verified"))
            else None
        )
    email = school_login_normalise(claims.get("email"))
    if email is None and provider.id == MICROSOFT:
        email = school_login_normalise(claims.get("preferred_username"))
    return email
