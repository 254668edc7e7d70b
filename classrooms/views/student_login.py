"""Student login a 7-year-old can do: class code, tap your name, short password; or a QR card."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from classrooms.forms import ClassCodeForm, StudentPasswordForm
from classrooms.selectors import classroom_by_code, student_by_login_token, students_for_classroom
from classrooms.services.cards import card_session_record
from classrooms.services.logins import TOO_MANY_TRIES, LoginRefused, student_login
from classrooms.services.throttle import (
    CODE_GUESSES,
    Limit,
    throttle_failure_record,
    throttle_is_blocked,
)
from classrooms.views.responses import no_store

BACKEND = "django.contrib.auth.backends.ModelBackend"
# A ceiling per network address for wrong codes only: a whole school behind one address never
# gets near it by mistyping, a script enumerating codes does. The per-browser limit is tighter.
CODE_GUESSES_PER_ADDRESS = Limit("code-guess-ip", 300, 60)


def _guess_keys(request: HttpRequest) -> list[tuple[Limit, str]]:
    if not request.session.session_key:
        request.session.save()
    return [
        (CODE_GUESSES, f"session:{request.session.session_key}"),
        (CODE_GUESSES_PER_ADDRESS, f"ip:{request.META.get('REMOTE_ADDR', '')}"),
    ]


def _finish_login(request: HttpRequest, user) -> HttpResponse:
    login(request, user, backend=BACKEND)
    return redirect(settings.STUDENT_HOME_URL_NAME)


def _code_guess_blocked(request: HttpRequest) -> bool:
    return any(throttle_is_blocked(limit=limit, key=key) for limit, key in _guess_keys(request))


def _code_guess_record(request: HttpRequest) -> None:
    for limit, key in _guess_keys(request):
        throttle_failure_record(limit=limit, key=key)


def class_code(request: HttpRequest) -> HttpResponse:
    """Step 1: type the class code."""
    form = ClassCodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if _code_guess_blocked(request):
            form.add_error("code", str(TOO_MANY_TRIES))
        else:
            classroom = classroom_by_code(code=form.cleaned_data["code"])
            if classroom is not None:
                return redirect("student_pick_name", code=classroom.code)
            _code_guess_record(request)
            form.add_error("code", _("We cannot find that class code. Check it and try again."))
    return render(request, "classrooms/student/code.html", {"form": form})


def pick_name(request: HttpRequest, code: str) -> HttpResponse:
    """Step 2: big buttons, one per student of the class. Codes typed into the address bar
    count against the same guess limit as the form."""
    blocked = _code_guess_blocked(request)
    classroom = None if blocked else classroom_by_code(code=code)
    if classroom is None:
        if not blocked:
            _code_guess_record(request)
        messages.error(
            request,
            str(TOO_MANY_TRIES)
            if blocked
            else _("We cannot find that class code. Check it and try again."),
        )
        return redirect("student_class_code")
    students = students_for_classroom(classroom=classroom)
    return render(
        request, "classrooms/student/names.html", {"classroom": classroom, "students": students}
    )


def password(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """Step 3: the short password from the card."""
    classroom = classroom_by_code(code=code)
    if classroom is None:
        return redirect("student_class_code")
    student = get_object_or_404(
        students_for_classroom(classroom=classroom).select_related("classroom"), pk=pk
    )
    form = StudentPasswordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = student_login(
                request=request, student=student, password=form.cleaned_data["password"]
            )
        except LoginRefused as refused:
            form.add_error("password", refused.message)
        else:
            return _finish_login(request, user)
    status = 400 if form.errors else 200
    return render(
        request,
        "classrooms/student/password.html",
        {"classroom": classroom, "student": student, "form": form},
        status=status,
    )


def qr_login(request: HttpRequest, token: str) -> HttpResponse:
    """The QR card's link. GET asks "Is this you?" (link previews and scanners do not log in);
    the tap on the big button (POST) does."""
    student = student_by_login_token(token=token)
    if student is None:
        response = render(request, "classrooms/student/qr_invalid.html", status=404)
        return no_store(response)
    if request.method == "POST":
        response = _finish_login(request, student.user)
        card_session_record(student=student, session_key=request.session.session_key)
        return response
    return no_store(render(request, "classrooms/student/qr.html", {"student": student}))
