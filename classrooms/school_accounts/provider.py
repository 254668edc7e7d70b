"""allauth's OpenID Connect provider, checked against the deployment and storing only a link.

Configured as the `openid_connect` provider's class (config/settings.py). allauth saves a known
account's `extra_data` while it looks the account up, before any hook of ours runs, so what is
stored and the issuer check happen here: a link keeps the issuer (the subject is allauth's
`uid`), never the name, e-mail or picture the provider also sent.
"""

from dataclasses import dataclass

from allauth.account.models import EmailAddress
from allauth.socialaccount.providers.openid_connect.provider import OpenIDConnectProvider

from classrooms.school_accounts.claims import (
    FAILED,
    IdentityRefused,
    identity_check,
    identity_claims,
    teacher_email,
)
from classrooms.school_accounts.providers import SchoolProvider, school_provider


@dataclass(frozen=True)
class Identity:
    """A school account as its provider described it at this sign-in (never stored whole)."""

    provider: SchoolProvider
    claims: dict

    @property
    def subject(self) -> str:
        return self.claims["sub"]


class SchoolAccountProvider(OpenIDConnectProvider):
    def _school(self) -> SchoolProvider:
        school = school_provider(self.app.provider_id)
        if school is None:  # an app from anywhere but the settings (adapters list no other)
            raise IdentityRefused(FAILED)
        return school

    def sociallogin_from_response(self, request, response):
        school = self._school()
        claims = identity_claims(response)
        identity_check(school, claims)
        sociallogin = super().sociallogin_from_response(request, response)
        sociallogin.identity = Identity(provider=school, claims=claims)
        return sociallogin

    def extract_uid(self, data) -> str:
        return identity_claims(data)["sub"]

    def extract_extra_data(self, data) -> dict:
        return {"iss": identity_claims(data)["iss"]}

    def extract_common_fields(self, data) -> dict:
        """What a teacher signing up gets: their name and e-mail (a pupil's are never read)."""
        claims = identity_claims(data)
        return {
            "email": teacher_email(self._school(), claims),
            "first_name": str(claims.get("given_name") or "")[:150],
            "last_name": str(claims.get("family_name") or "")[:150],
            "name": str(claims.get("name") or "")[:300],
        }

    def extract_email_addresses(self, data) -> list[EmailAddress]:
        claims = identity_claims(data)
        email = teacher_email(self._school(), claims)
        verified = claims.get("email_verified") in (True, "true")
        return [EmailAddress(email=email, verified=verified, primary=True)] if email else []
