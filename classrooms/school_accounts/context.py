"""The template context every page gets: the school-account providers switched on."""

from django.http import HttpRequest

from classrooms.school_accounts.providers import school_providers


def school_sign_in(request: HttpRequest) -> dict:
    """`school_providers`: what the sign-in buttons offer (empty: no button anywhere)."""
    return {"school_providers": school_providers()}
