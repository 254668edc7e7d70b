"""Student login a 7-year-old can do: class code, tap your name, short password; or a QR card.

The code form, the name page and the password page are one throttled path: each looks the code
up through `classroom_code_try`, so a class code can only be tested at the rate of wrong codes,
and every miss (an unknown code, a student not in the class) gets the same answer. Nothing is
stored for a visitor who is not logged in: no session row per guess.
"""

import re
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from classrooms import languages
from classrooms.credentials import class_code_normalise
from classrooms.devices import device_remember
from classrooms.forms import ClassCodeForm, StudentPasswordForm
from classrooms.models import Classroom
from classrooms.selectors import student_by_login_token, students_for_classroom
from classrooms.services.cards import card_session_record
from classrooms.services.logins import (
    UNKNOWN_CODE,
    LoginRefused,
    classroom_code_try,
    student_code_try,
    student_login,
)
from classrooms.views.responses import no_store

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _finish_login(request: HttpRequest, user) -> HttpResponse:
    login(request, user, backend=BACKEND)
    return device_remember(request, redirect(settings.STUDENT_HOME_URL_NAME), user)


def _code_page(request: HttpRequest, typed: str, message: str, status: int) -> HttpResponse:
    """The code form again, showing what was typed (letters and digits only) and why not."""
    form = ClassCodeForm(data={"code": re.sub(r"[^A-Z0-9]", "", class_code_normalise(typed))})
    form.is_valid()
    form.errors["code"] = form.error_class([message])
    return render(request, "classrooms/student/code.html", {"form": form}, status=status)


def _found[T](request: HttpRequest, code: str, find: Callable[[], T | None]) -> T | HttpResponse:
    """What `find` finds for `code`, or the code page saying why not (404 unknown, 429 too many).

    Every miss answers the same, whatever was missing."""
    try:
        found = find()
    except LoginRefused as refused:
        return _code_page(request, code, refused.message, refused.status)
    if found is None:
        return _code_page(request, code, str(UNKNOWN_CODE), 404)
    return found


def _classroom(request: HttpRequest, code: str) -> Classroom | HttpResponse:
    return _found(request, code, lambda: classroom_code_try(request=request, code=code))


def class_code(request: HttpRequest) -> HttpResponse:
    """Step 1: type the class code."""
    form = ClassCodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        found = _classroom(request, form.cleaned_data["code"])
        if isinstance(found, HttpResponse):
            return found
        return redirect("student_pick_name", code=found.code)
    status = 400 if form.errors else 200
    return render(request, "classrooms/student/code.html", {"form": form}, status=status)


def pick_name(request: HttpRequest, code: str) -> HttpResponse:
    """Step 2: big buttons, one per student of the class."""
    found = _classroom(request, code)
    if isinstance(found, HttpResponse):
        return found
    languages.activate_for_classroom(request, found)
    students = students_for_classroom(classroom=found)
    return render(
        request, "classrooms/student/names.html", {"classroom": found, "students": students}
    )


def password(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """Step 3: the short password from the card."""
    student = _found(
        request, code, lambda: student_code_try(request=request, code=code, student_pk=pk)
    )
    if isinstance(student, HttpResponse):
        return student
    languages.activate_for_user(request, student.user)
    form = StudentPasswordForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            user = student_login(
                request=request, student=student, password=form.cleaned_data["password"]
            )
        except LoginRefused as refused:
            form.add_error("password", refused.message)
            status = refused.status
        else:
            return _finish_login(request, user)
    elif form.errors:
        status = 400
    return render(
        request,
        "classrooms/student/password.html",
        {"classroom": student.classroom, "student": student, "form": form},
        status=status,
    )


def qr_login(request: HttpRequest, token: str) -> HttpResponse:
    """The QR card's link. GET asks "Is this you?" (link previews and scanners do not log in);
    the tap on the big button (POST) does."""
    student = student_by_login_token(token=token)
    if student is None:
        response = render(request, "classrooms/student/qr_invalid.html", status=404)
        return no_store(response)
    languages.activate_for_user(request, student.user)
    if request.method == "POST":
        response = _finish_login(request, student.user)
        card_session_record(student=student, session_key=request.session.session_key)
        return response
    return no_store(render(request, "classrooms/student/qr.html", {"student": student}))
