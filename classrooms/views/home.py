"""The front door: anonymous visitors choose, logged-in people go where they belong."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from classrooms.permissions import student_of


def home(request: HttpRequest) -> HttpResponse:
    user = request.user
    if user.is_authenticated and user.is_teacher:
        return redirect("teacher_dashboard")
    if user.is_authenticated and user.is_student:
        return redirect(settings.STUDENT_HOME_URL_NAME)
    return render(request, "home.html")


@login_required
def student_home(request: HttpRequest) -> HttpResponse:
    student = student_of(request.user)
    if student is None:
        raise PermissionDenied
    return render(request, "classrooms/student/home.html", {"student": student})
