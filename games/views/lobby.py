"""The student lobby: who is online, invitations, every game's card, the guided game."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from classrooms.models import Student
from classrooms.permissions import student_of
from games.forms import ComputerForm, InviteForm, starting_games
from games.kinds import styles
from games.models import Match
from games.services import invitations
from games.services import lobby as lobby_services


def lobby_response(
    request: HttpRequest,
    student: Student | None,
    *,
    posted: ComputerForm | InviteForm | None = None,
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    """The lobby; after a refused start, the form that was posted with its errors (`posted`)."""
    context = {"student": student, "kind_styles": styles()}
    if student is not None:
        cards = []
        for kind in starting_games():
            if not kind.lobby_template:  # a game shows in the lobby with its description
                continue
            computer = ComputerForm(kind=kind)
            invite = InviteForm(kind=kind, student=student)
            if posted is not None and posted.kind.game == kind.game:
                if isinstance(posted, ComputerForm):
                    computer = posted
                else:
                    invite = posted
            cards.append({"kind": kind, "computer": computer, "invite": invite})
        context["cards"] = cards
        context.update(invitations.invitations_for(request.user))
        if notice:
            context["notice"] = notice
        context["online"] = [
            s
            for s in lobby_services.online_students(student.classroom)
            if s.user_id != request.user.pk
        ]
        context.update(lobby_services.lobby_state(request.user))
        # A child who has never played meets the guided first game before anything else.
        if not Match.objects.filter(seats__user=request.user).exists():
            context["guided"] = [card["kind"] for card in cards if card["kind"].tutorial()]
    elif request.user.is_teacher:
        context["teacher_classes"] = request.user.classrooms.filter(archived_at__isnull=True)
    return render(request, "games/lobby.html", context, status=status)


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    """`/play/`: students find an opponent here; teachers get links to their classes."""
    return lobby_response(request, student_of(request.user))
