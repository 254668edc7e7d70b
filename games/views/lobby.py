"""The student lobby: who is online, invitations, the computer, the guided game."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from classrooms.models import Student
from classrooms.permissions import student_of
from games.cardwar_forms import CardWarComputerForm, CardWarTableForm
from games.forms import PlayComputerForm
from games.kinds import kind_for, registered, styles
from games.models import Match
from games.services import invitations
from games.services import lobby as lobby_services


def lobby_response(
    request: HttpRequest,
    student: Student | None,
    *,
    computer_form=None,
    cardwar_computer_form=None,
    cardwar_table_form=None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "student": student,
        "computer_form": computer_form or PlayComputerForm(),
        "kind_styles": styles(),
    }
    if student is not None:
        context["cardwar_computer_form"] = cardwar_computer_form or CardWarComputerForm()
        context["cardwar_table_form"] = cardwar_table_form or CardWarTableForm(student=student)
        context.update(invitations.invitations_for(request.user))
        context["online"] = [
            s
            for s in lobby_services.online_students(student.classroom)
            if s.user_id != request.user.pk
        ]
        context.update(lobby_services.lobby_state(request.user))
        kinds = [kind_for(game) for game in registered()]
        context["games"] = [kind for kind in kinds if kind.lobby_template]
        context["classmates"] = (
            student.classroom.students.filter(archived_at__isnull=True)
            .exclude(pk=student.pk)
            .order_by("display_name")
        )
        # A child who has never played meets the guided first game before anything else.
        if not Match.objects.filter(seats__user=request.user).exists():
            context["guided"] = [kind for kind in kinds if kind.tutorial() is not None]
    elif request.user.is_teacher:
        context["teacher_classes"] = request.user.classrooms.filter(archived_at__isnull=True)
    return render(request, "games/lobby.html", context, status=status)


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    """`/play/`: students find an opponent here; teachers get links to their classes."""
    return lobby_response(request, student_of(request.user))
