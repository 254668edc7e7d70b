"""The language switch's list: each language named in its own words."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def own_language_names() -> list[tuple[str, str]]:
    """(code, name) of every language, untranslated (Django's `get_available_languages` would
    name English "Engelsk" on a Norwegian page)."""
    return list(settings.LANGUAGES)
