"""Starting any game from the lobby: against the computer at once, or an invitation to
classmates (one, a challenge; more, a table). The game is the form's `game`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.models import Student
from classrooms.permissions import student_is_current, student_of
from games.forms import ComputerForm, InviteForm
from games.kinds import GameKind, kind_for, registered
from games.services import invitations
from games.services.lobby import LobbyRefused, pupil_start_count
from games.views.lobby import lobby_response


def _student(request: HttpRequest) -> Student:
    student = student_of(request.user)
    if student is None or not student_is_current(student):
        raise PermissionDenied
    return student


def _kind(request: HttpRequest) -> GameKind | None:
    game = request.POST.get("game", "")
    return kind_for(game) if game in registered() else None


def _unknown_game(request: HttpRequest, student: Student) -> HttpResponse:
    return lobby_response(
        request, student, notice=_("That game cannot be played here."), status=400
    )


@login_required
@require_POST
def computer(request: HttpRequest) -> HttpResponse:
    """Start a game against the computer at the chosen strength and settings."""
    student = _student(request)
    kind = _kind(request)
    if kind is None:
        return _unknown_game(request, student)
    form = ComputerForm(request.POST, kind=kind)
    if not form.is_valid():
        return lobby_response(request, student, posted=form, status=400)
    try:
        pupil_start_count(user=request.user)
    except LobbyRefused as err:
        form.add_error(None, err.message)
        return lobby_response(request, student, posted=form, status=429)
    match = invitations.game_start(
        host=request.user,
        game=kind.game,
        classroom=student.classroom,
        players=form.seats(request.user),
        variants=form.settings.variants(),
        clocks=form.settings.clock_settings(),
    )
    return redirect("games:match", match_id=match.pk)


@login_required
@require_POST
def invite(request: HttpRequest) -> HttpResponse:
    """Invite classmates to a game (one: a challenge); they answer in their lobby."""
    student = _student(request)
    kind = _kind(request)
    if kind is None:
        return _unknown_game(request, student)
    form = InviteForm(request.POST, kind=kind, student=student)
    if not form.is_valid():
        return lobby_response(request, student, posted=form, status=400)
    try:
        invitations.invitation_create(
            host=request.user,
            game=kind.game,
            invite_user_ids=[s.user_id for s in form.invited()],
            seats=form.cleaned_data["seats"],
            variants=form.settings.variants(),
            clocks=form.settings.clock_settings(),
            bots=form.with_bots(),
        )
    except LobbyRefused as err:
        form.add_error(None, err.message)
        return lobby_response(request, student, posted=form, status=400)
    messages.success(request, _("Your classmates have been asked: they answer in their lobby."))
    return redirect("games:lobby")
