"""Response helpers shared by the view modules."""

from django.http import HttpResponse
from django.utils.cache import patch_cache_control


def csv_download(text: str, filename: str) -> HttpResponse:
    # A BOM so Excel reads the UTF-8 names right.
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    patch_cache_control(response, no_store=True, private=True)
    return response


def no_store(response: HttpResponse) -> HttpResponse:
    """Pages with passwords on them must not linger in a shared computer's cache."""
    patch_cache_control(response, no_store=True, private=True)
    return response
