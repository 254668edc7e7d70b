"""Response helpers shared by the view modules."""

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
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


def form_submitted(
    request: HttpRequest,
    form: forms.Form,
    *,
    act: Callable[[dict[str, Any]], tuple[str, HttpResponse]],
    again: Callable[[forms.Form], HttpResponse],
    field: str | None = None,
) -> HttpResponse:
    """The posted-form pattern: a valid form goes to `act(cleaned_data)`, which calls the
    service and returns (message, redirect); the message is shown after the redirect.

    An invalid form, or a ValidationError from the service (put on `field`, default the form's
    first field), gets `again(form)`: the page again with the errors, status 400.
    """
    if form.is_valid():
        try:
            message, response = act(form.cleaned_data)
        except ValidationError as error:
            form.add_error(field or next(iter(form.fields)), error)
        else:
            messages.success(request, message)
            return response
    response = again(form)
    response.status_code = 400
    return response


def confirmation(
    request: HttpRequest,
    *,
    title: str,
    consequences: list[str],
    button: str,
    cancel_url: str,
) -> HttpResponse | None:
    """Confirm before what cannot be undone: None when the POST carries the confirmation (act
    now); otherwise a page that says what will happen and asks again, having changed nothing.

    A page, not a browser pop-up: a heading to land on, the consequences as text, and two
    ordinary controls, so a keyboard and a screen reader use it like any page.
    """
    if request.method == "POST" and request.POST.get("confirmed") == "1":
        return None
    context = {
        "title": title,
        "consequences": consequences,
        "button": button,
        "action": request.path,
        "cancel_url": cancel_url,
    }
    return no_store(render(request, "confirm.html", context))
