"""The language switch in the header and on the login pages."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.forms import LanguageForm
from classrooms.languages import remember_login_page_choice
from classrooms.services.languages import user_language_set


def _back(request: HttpRequest) -> str:
    """The page the switch was on (a path of this site only), else the front door."""
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return "/"


@require_POST
def language_choose(request: HttpRequest) -> HttpResponse:
    """Logged in: the person's own language, stored on them. Not logged in: the login pages'
    choice, in a short-lived cookie that the next login deletes (classrooms.languages)."""
    form = LanguageForm(request.POST)
    response = redirect(_back(request))
    if not form.is_valid():
        messages.error(request, _("That language is not available."))
        return response
    language = form.cleaned_data["language"]
    if request.user.is_authenticated:
        user_language_set(user=request.user, language=language)
        return response
    return remember_login_page_choice(response, language)
