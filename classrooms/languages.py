"""Which language a page or a socket speaks: the person's, never what the browser remembers.

On a shared Chromebook the next child must see their own language, so nothing about a
logged-in person's language is kept in the browser. The order:

1. a logged-in person's own choice (`User.language`);
2. a student who has not chosen: their class's language (`Classroom.language`);
3. a visitor who is not logged in: what they chose on the login pages, kept in a cookie that
   lives an hour and is deleted by the first response after a login (so it never reaches the
   next person who logs in on that browser); on the student login pages the class's language
   once the class code is known, unless they chose;
4. the browser's Accept-Language, where Norwegian (`no`, `nn`, `nb-NO`) reads as `nb`;
5. `settings.LANGUAGE_CODE`.

A teacher who has not chosen gets 4-5: their browser is usually their own. Pages get it from
`LanguageMiddleware` (instead of Django's LocaleMiddleware, which would prefer the cookie to
the person); sockets from `SocketLanguageMiddleware`, once per connection.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation.trans_real import parse_accept_lang_header

from classrooms.models import Classroom, Student, User

SUPPORTED = frozenset(code for code, _name in settings.LANGUAGES)
# Browsers of Norwegian schools send any of these; we have Bokmål.
NORWEGIAN = frozenset({"no", "nb", "nn"})
COOKIE = "login_language"
COOKIE_SECONDS = 60 * 60


def supported(code: str | None) -> str | None:
    """The supported language a language tag stands for ("nb-NO", "nn" -> "nb"), or None."""
    if not code:
        return None
    code = code.lower()
    if code.split("-", 1)[0] in NORWEGIAN and "nb" in SUPPORTED:
        return "nb"
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def from_accept_language(header: str) -> str | None:
    """The first supported language in an Accept-Language header, by preference ("*" ends)."""
    for tag, _quality in parse_accept_lang_header(header):
        if tag == "*":
            break
        if (language := supported(tag)) is not None:
            return language
    return None


def of_class(user: User) -> str | None:
    """The language of a student's class (one query); None for someone not in a class."""
    return (
        Student.objects.filter(user_id=user.pk)
        .values_list("classroom__language", flat=True)
        .first()
    )


def of_user(user: User | Any) -> str | None:
    """A logged-in person's language, by their own choice or their class's (one query for a
    student who has not chosen); None for anyone else, or a teacher who has not chosen."""
    if user is None or not user.is_authenticated:
        return None
    if user.language in SUPPORTED:
        return user.language
    if not user.is_student:
        return None
    language = of_class(user)
    return language if language in SUPPORTED else None


def login_page_choice(request: HttpRequest) -> str | None:
    """What a visitor who is not logged in chose on the login pages, if anything."""
    choice = request.COOKIES.get(COOKIE)
    return choice if choice in SUPPORTED else None


def for_request(request: HttpRequest) -> str:
    """The language of a page (the order in the module's docstring)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        language = of_user(user)
    else:
        language = login_page_choice(request)
    return (
        language
        or from_accept_language(request.headers.get("Accept-Language", ""))
        or settings.LANGUAGE_CODE
    )


def activate_for_classroom(request: HttpRequest, classroom: Classroom) -> None:
    """On a student login page that knows the class: its language, unless the visitor chose."""
    if login_page_choice(request) is None and classroom.language in SUPPORTED:
        translation.activate(classroom.language)


def activate_for_user(request: HttpRequest, user: User) -> None:
    """On a login page that knows who is logging in (a QR card): their language, unless the
    visitor chose."""
    if login_page_choice(request) is None and (language := of_user(user)) is not None:
        translation.activate(language)


def remember_login_page_choice(response: HttpResponse, language: str) -> HttpResponse:
    response.set_cookie(
        COOKIE,
        language,
        max_age=COOKIE_SECONDS,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response


class LanguageMiddleware(MiddlewareMixin):
    """Activates the page's language for the request (after AuthenticationMiddleware)."""

    def process_request(self, request: HttpRequest) -> None:
        language = for_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        user = getattr(request, "user", None)
        if COOKIE in request.COOKIES and user is not None and user.is_authenticated:
            # Logged in (this response may be the login itself): the choice made on the login
            # pages must not outlive this person on a shared Chromebook.
            response.delete_cookie(COOKIE, samesite="Lax")
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


def _header(scope: dict, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def for_socket(scope: dict) -> str:
    """The language of a socket: its user's, else its browser's (sync: may query)."""
    return (
        of_user(scope.get("user"))
        or from_accept_language(_header(scope, b"accept-language"))
        or settings.LANGUAGE_CODE
    )


class SocketLanguageMiddleware:
    """Everything a socket handles and renders in its user's language, for the connection.

    Wrap the URL router, inside AuthMiddlewareStack (it reads `scope["user"]`). The language is
    decided once, at connect: a person who changes it gets it on the next connect (the page
    reloads when they do). Activation is per asyncio task (translation state is a context
    variable), so it holds in the consumer's handlers, in its group-message handlers, in tasks it
    starts and in `database_sync_to_async` calls, and one connection never sees another's.
    `scope["language"]` names it for the consumers.
    """

    def __init__(self, inner) -> None:
        self.inner = inner

    async def __call__(self, scope: dict, receive, send):
        language = await database_sync_to_async(for_socket)(scope)
        with translation.override(language):
            return await self.inner({**scope, "language": language}, receive, send)
