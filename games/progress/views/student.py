"""The student's own progress page, and the button that starts the practice it suggests."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.models import Student
from classrooms.permissions import student_of
from games.progress import reports
from games.progress.forms import PracticeStartForm
from games.progress.practice import PRACTICE_BOT, practice_for
from games.progress.views.common import status_of, window_from
from games.services.invitations import game_start
from games.services.lobby import LobbyRefused, pupil_start_count


def _student(request: HttpRequest) -> Student:
    student = student_of(request.user)
    if student is None:
        raise PermissionDenied
    return student


@login_required
def my_progress(request: HttpRequest) -> HttpResponse:
    """Their own figures only, in encouraging words; never a classmate's."""
    student = _student(request)
    form, window, query = window_from(request)
    context = {
        "student": student,
        "form": form,
        "window": window,
        "query": query,
        "report": reports.student_report(student, window, timezone.localdate()),
        "hide_previous": True,  # no comparisons on the student's own page
    }
    return render(request, "progress/my_progress.html", context, status=status_of(form))


@login_required
@require_POST
def practice_start(request: HttpRequest) -> HttpResponse:
    """Start the suggested practice against the computer, or say why it cannot start yet."""
    student = _student(request)
    form = PracticeStartForm(request.POST)
    practice = (
        practice_for(form.cleaned_data["skill"], form.cleaned_data["practice"])
        if form.is_valid()
        else None
    )
    if practice is None:
        messages.error(request, _("That practice is not one we offer; choose a button below."))
        return redirect("progress:mine")
    if not practice.available:
        messages.error(
            request, _("%(practice)s is coming with the card war.") % {"practice": practice.label}
        )
        return redirect("progress:mine")
    try:
        pupil_start_count(user=request.user)
    except LobbyRefused as err:
        messages.error(request, err.message)
        return redirect("progress:mine")
    match = game_start(
        host=request.user,
        game=practice.game,
        classroom=student.classroom,
        players=[request.user, PRACTICE_BOT],
        variants=practice.variants,
    )
    return redirect("games:match", match_id=match.pk)
