"""Signing in with a school account: the buttons' start, the refusals, and the pages where a
teacher or a pupil links and unlinks their own, and a teacher a pupil's.

The protocol's callback is allauth's (`openid_connect_callback`); what happens there is decided
in `classrooms.school_accounts.sign_in` through the adapters.
"""

import secrets

from allauth.socialaccount.adapter import get_adapter
from allauth.socialaccount.models import SocialAccount
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.forms import SetPasswordForm
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from classrooms.forms import SchoolLoginForm
from classrooms.permissions import (
    account_is_current,
    student_for,
    student_of,
    teacher_required,
)
from classrooms.school_accounts.claims import (
    CLOSED,
    EMAIL_TAKEN,
    FAILED,
    INACTIVE,
    LINKED_ELSEWHERE,
    NO_EMAIL,
    NOT_ALLOWED,
    UNLINKED,
)
from classrooms.school_accounts.providers import school_provider
from classrooms.school_accounts.sign_in import AS_LINK, AS_PUPIL, AS_TEACHER, INTENTS
from classrooms.selectors import school_links_of
from classrooms.services.school_accounts import school_link_remove, student_school_login_set
from classrooms.views.responses import no_store

T = "classrooms/school/"


@require_POST
def school_sign_in_start(request: HttpRequest, provider_id: str) -> HttpResponse:
    """A "Sign in with …" button: off to the provider, with state, nonce and PKCE.

    `as` says what the person means: a teacher signing in or up, a pupil signing in, or a
    logged-in account linking this provider (see `sign_in`)."""
    if school_provider(provider_id) is None:
        raise Http404
    intent = request.POST.get("as", "")
    if intent not in INTENTS:
        intent = AS_PUPIL
    if intent == AS_LINK and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    provider = get_adapter().get_provider(request, provider_id)
    nonce = secrets.token_urlsafe(24)
    return provider.redirect(
        request,
        "connect" if intent == AS_LINK else "login",
        data={"as": intent, "nonce": nonce},
        auth_params={**provider.get_auth_params(), "nonce": nonce},
    )


# Each refusal's heading and words (FAILED's for anything else).
REFUSALS = {
    UNLINKED: (
        gettext_lazy("Ask your teacher to add you"),
        gettext_lazy(
            "We do not know this school account yet. Your teacher can add it to your name. "
            "Until then, log in with your class code."
        ),
    ),
    CLOSED: (
        gettext_lazy("You cannot log in right now"),
        gettext_lazy("You cannot log in to this class right now. Ask your teacher."),
    ),
    INACTIVE: (
        gettext_lazy("This account is switched off"),
        gettext_lazy(
            "This account cannot log in. Ask the person who runs Maths Arena at your school."
        ),
    ),
    NOT_ALLOWED: (
        gettext_lazy("This account cannot sign in here"),
        gettext_lazy(
            "Only the accounts your school gave you can sign in here. Choose your school "
            "account, or log in another way."
        ),
    ),
    EMAIL_TAKEN: (
        gettext_lazy("You already have an account"),
        gettext_lazy(
            "There is already an account with the e-mail %(email)s. Log in with your username "
            "and password, then link your school account under “My school account”."
        ),
    ),
    NO_EMAIL: (
        gettext_lazy("We need your e-mail address"),
        gettext_lazy(
            "Your school account did not tell us your e-mail address, which a teacher account "
            "needs. Create your account with the form instead."
        ),
    ),
    LINKED_ELSEWHERE: (
        gettext_lazy("That school account is someone else's"),
        gettext_lazy(
            "That school account is linked to another person here, so it was not linked to you."
        ),
    ),
    FAILED: (
        gettext_lazy("The sign-in did not finish"),
        gettext_lazy("Signing in with your school account did not finish. Please try again."),
    ),
}


def refused_page(request: HttpRequest, *, reason: str, intent: str, **details: str) -> HttpResponse:
    """Why a school account did not sign in (or link), and where to go instead."""
    title, text = REFUSALS.get(reason, REFUSALS[FAILED])
    if reason == EMAIL_TAKEN:
        text = text % {"email": details.get("email", "")}
    if intent == AS_LINK and request.user.is_authenticated:
        back = "student_school_account" if request.user.is_student else "school_accounts"
    else:
        back = "login" if intent == AS_TEACHER else "student_class_code"
    context = {"title": title, "text": text, "back": back, "reason": reason, "intent": intent}
    status = 400 if reason == FAILED else 403
    return no_store(render(request, T + "refused.html", context, status=status))


def _remove(request: HttpRequest, link: SocialAccount, done: str) -> None:
    try:
        school_link_remove(link=link)
    except ValidationError as error:
        messages.error(request, error.messages[0])
    else:
        messages.success(request, done)


@teacher_required
def school_accounts(request: HttpRequest) -> HttpResponse:
    """A teacher's school accounts: link, unlink, and a password to keep a way back in."""
    has_password = request.user.has_usable_password()
    form = None if has_password else SetPasswordForm(request.user, request.POST or None)
    if form is not None and request.method == "POST" and form.is_valid():
        form.save()
        update_session_auth_hash(request, form.user)
        messages.success(request, _("Your password is set. You can log in with it too."))
        return redirect("school_accounts")
    context = {"links": school_links_of(user=request.user), "password_form": form}
    return render(
        request, T + "accounts.html", context, status=400 if form and form.errors else 200
    )


@require_POST
def school_account_unlink(request: HttpRequest, pk: int) -> HttpResponse:
    """Unlink one of your own school accounts (teacher or pupil)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    link = get_object_or_404(SocialAccount, pk=pk, user=request.user)
    _remove(request, link, _("The school account is unlinked."))
    return redirect("student_school_account" if request.user.is_student else "school_accounts")


def student_school_account(request: HttpRequest) -> HttpResponse:
    """A pupil's own page: link the school account with one click, or unlink it."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    student = student_of(request.user)
    if student is None or not account_is_current(request.user):
        raise PermissionDenied
    context = {"student": student, "links": school_links_of(user=request.user)}
    return render(request, T + "student_account.html", context)


@teacher_required
@require_POST
def student_school_login_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The teacher sets or clears the school e-mail or user name a pupil signs in with; a
    refusal is shown on the pupil's page, which names what was typed."""
    student = student_for(request.user, pk)
    form = SchoolLoginForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(form.errors["school_login"])
        student_school_login_set(student=student, login=form.cleaned_data["school_login"])
    except ValidationError as error:
        messages.error(request, error.messages[0])
    else:
        if student.school_login:
            message = _("%(name)s can sign in with %(login)s.") % {
                "name": student.display_name,
                "login": student.school_login,
            }
        else:
            message = _("%(name)s has no school account set.") % {"name": student.display_name}
        messages.success(request, message)
    return redirect("student_detail", pk=student.pk)


@teacher_required
@require_POST
def student_school_link_remove(request: HttpRequest, pk: int, link_pk: int) -> HttpResponse:
    """The teacher unlinks a school account from their pupil."""
    student = student_for(request.user, pk)
    link = get_object_or_404(SocialAccount, pk=link_pk, user_id=student.user_id)
    _remove(
        request,
        link,
        _("%(name)s's school account is unlinked.") % {"name": student.display_name},
    )
    return redirect("student_detail", pk=student.pk)
