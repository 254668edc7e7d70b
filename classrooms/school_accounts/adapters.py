"""Where allauth calls in (settings SOCIALACCOUNT_ADAPTER and ACCOUNT_ADAPTER).

allauth runs the protocol and its flows; these hooks keep it to school accounts: apps only from
the deployment's settings, the sign-in rules of `sign_in`, our pages for every refusal or error,
our words for its messages, and each person's own start page afterwards.
"""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from allauth.socialaccount.models import SocialApp
from django.conf import settings
from django.contrib import messages
from django.shortcuts import resolve_url
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.school_accounts.claims import FAILED, UNLINKED, IdentityRefused
from classrooms.school_accounts.providers import school_provider_apps
from classrooms.school_accounts.sign_in import AS_TEACHER, link_check, sign_in_check
from classrooms.services.school_accounts import school_identity_link
from classrooms.views.school_accounts import refused_page


def _state_data(sociallogin) -> dict:
    data = (getattr(sociallogin, "state", None) or {}).get("data")
    return data if isinstance(data, dict) else {}


def _refused_page(request, reason: str, intent: str, **details):
    return ImmediateHttpResponse(refused_page(request, reason=reason, intent=intent, **details))


def start_page_url(user: User) -> str:
    """Where a person lands after signing in: a teacher's classes, a pupil's lobby."""
    if user.is_student:
        return resolve_url(settings.STUDENT_HOME_URL_NAME)
    return reverse("teacher_dashboard") if user.is_teacher else reverse("home")


class SchoolAccountAdapter(DefaultSocialAccountAdapter):
    def list_apps(self, request, provider=None, client_id=None) -> list[SocialApp]:
        """The configured providers' apps only: never rows someone added in the database."""
        apps = [
            SocialApp(
                provider="openid_connect",
                provider_id=app["provider_id"],
                name=app["name"],
                client_id=app["client_id"],
                secret=app["secret"],
                settings=app["settings"],
            )
            for app in school_provider_apps()
        ]
        if provider:
            apps = [a for a in apps if provider in (a.provider, a.provider_id)]
        if client_id:
            apps = [a for a in apps if a.client_id == client_id]
        return apps

    def pre_social_login(self, request, sociallogin) -> None:
        """Refuse, link a pupil, or let allauth go on (sign in, sign up, link): `sign_in`."""
        data = _state_data(sociallogin)
        intent = data.get("as", "")
        nonce = data.get("nonce", "")
        owner = sociallogin.user if sociallogin.is_existing else None
        try:
            if sociallogin.state.get("process") == "connect":
                link_check(
                    nonce=nonce, identity=sociallogin.identity, owner=owner, user=request.user
                )
                return
            student = sign_in_check(
                intent=intent, nonce=nonce, identity=sociallogin.identity, user=owner
            )
            if student is not None:
                school_identity_link(request=request, sociallogin=sociallogin, user=student.user)
        except IdentityRefused as refused:
            raise _refused_page(request, refused.reason, intent, **refused.details) from None

    def on_authentication_error(
        self, request, provider, error=None, exception=None, extra_context=None
    ) -> None:
        """Every failed sign-in gets our page: a refused identity says why, anything else (a
        cancel, an expired or missing state, a provider's error) "try again"."""
        state = (extra_context or {}).get("state") or {}
        data = state.get("data") if isinstance(state.get("data"), dict) else {}
        reason = exception.reason if isinstance(exception, IdentityRefused) else FAILED
        raise _refused_page(request, reason, data.get("as", ""))

    def is_open_for_signup(self, request, sociallogin) -> bool:
        """Only the teacher pages sign anyone up (pupils are made by their teacher); `sign_in`
        refused the rest already."""
        intent = _state_data(sociallogin).get("as", "")
        if intent != AS_TEACHER:
            raise _refused_page(request, UNLINKED, intent)
        return True

    def is_auto_signup_allowed(self, request, sociallogin) -> bool:
        return True

    def populate_user(self, request, sociallogin, data):
        user = super().populate_user(request, sociallogin, data)
        user.role = User.Role.TEACHER
        # The language they signed up in (the login pages' switch, or their browser's).
        user.language = get_language() or ""
        return user

    def get_connect_redirect_url(self, request, socialaccount) -> str:
        if request.user.is_authenticated and request.user.is_student:
            return reverse("student_school_account")
        return reverse("school_accounts")


# allauth's messages, in our words (its others, such as "Successfully signed in", are dropped).
_MESSAGES = {
    "socialaccount/messages/account_connected.txt": (
        messages.SUCCESS,
        lambda: _("Your school account is linked. Next time, sign in with it."),
    ),
    "socialaccount/messages/account_connected_updated.txt": (
        messages.INFO,
        lambda: _("That school account was already linked to you."),
    ),
    "socialaccount/messages/account_connected_other.txt": (
        messages.ERROR,
        lambda: _("That school account belongs to someone else, so it was not linked."),
    ),
}


class AccountAdapter(DefaultAccountAdapter):
    def add_message(
        self,
        request,
        level,
        message_template=None,
        message_context=None,
        extra_tags="",
        message=None,
    ) -> None:
        known = _MESSAGES.get(message_template or "")
        if known is not None:
            messages.add_message(request, known[0], known[1]())

    def get_login_redirect_url(self, request) -> str:
        return start_page_url(request.user)

    def get_signup_redirect_url(self, request) -> str:
        messages.success(request, _("Welcome! Create your first class."))
        return reverse("teacher_dashboard")

    def is_open_for_signup(self, request) -> bool:
        return True

    def send_mail(self, template_prefix, email, context) -> None:
        """allauth sends no mail here (no verification, no notices): the school vouches."""
