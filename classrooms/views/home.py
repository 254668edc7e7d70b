"""The front door: anonymous visitors choose, logged-in people go where they belong."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render


def home(request: HttpRequest) -> HttpResponse:
    user = request.user
    if user.is_authenticated and user.is_teacher:
        return redirect("teacher_dashboard")
    if user.is_authenticated and user.is_student:
        return redirect(settings.STUDENT_HOME_URL_NAME)
    return render(request, "home.html")
