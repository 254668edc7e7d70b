"""The claims each test person asserts, as Google, Microsoft and Feide would."""

from django.conf import settings
from oauth2_provider.oauth2_validators import OAuth2Validator

FEIDE_NAME = "https://n.feide.no/claims/eduPersonPrincipalName"


class SchoolClaimsValidator(OAuth2Validator):
    # Every claim in the ID token and the userinfo, whatever the scope (the app decides).
    oidc_claim_scope = None

    def get_additional_claims(self, request):
        user = request.user
        domain = user.email.rsplit("@", 1)[-1]
        return {
            "email": user.email,
            "email_verified": True,
            "name": user.get_full_name(),
            "given_name": user.first_name,
            "family_name": user.last_name,
            "hd": domain,
            "tid": settings.PROVIDER_TENANT,
            "preferred_username": user.username,
            FEIDE_NAME: user.username,
        }
