"""The school-account providers this deployment switched on (config/settings.py)."""

from dataclasses import dataclass

from django.conf import settings

GOOGLE = "google"
MICROSOFT = "microsoft"
FEIDE = "feide"


@dataclass(frozen=True)
class SchoolProvider:
    """One identity provider as configured: its id (the allauth app's provider_id), the name on
    its button, the one issuer its tokens may come from, and what else it must assert."""

    id: str
    name: str
    issuer: str
    hosted_domains: tuple[str, ...] = ()  # Google: Workspace domains ("*": any Workspace)
    tenant_id: str = ""  # Microsoft: the school's Entra ID tenant


def _apps() -> list[dict]:
    return settings.SOCIALACCOUNT_PROVIDERS.get("openid_connect", {}).get("APPS", [])


def school_providers() -> list[SchoolProvider]:
    """Every configured provider, in the order of the settings (Google, Microsoft, Feide)."""
    return [
        SchoolProvider(
            id=app["provider_id"],
            name=app["name"],
            issuer=app["settings"]["issuer"],
            hosted_domains=tuple(app["settings"].get("hosted_domains", ())),
            tenant_id=app["settings"].get("tenant_id", ""),
        )
        for app in _apps()
    ]


def school_provider(provider_id: str) -> SchoolProvider | None:
    """The configured provider `provider_id`, or None."""
    return next((p for p in school_providers() if p.id == provider_id), None)


def school_provider_apps() -> list[dict]:
    """The allauth app definitions of the configured providers (client id, secret, settings)."""
    return list(_apps())
