"""Starting a card war from the lobby: against the computer, or a table of classmates (one
classmate challenged, or three or four players)."""

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
from games.cardwar_forms import CardWarComputerForm, CardWarTableForm
from games.services import invitations
from games.services.lobby import LobbyRefused, pupil_start_count
from games.views.lobby import lobby_response

CARDWAR = "cardwar"  # the game these forms start (one form per game until the kinds own them)


def _student(request: HttpRequest) -> Student:
    student = student_of(request.user)
    if student is None or not student_is_current(student):
        raise PermissionDenied
    return student


@login_required
@require_POST
def cardwar_computer(request: HttpRequest) -> HttpResponse:
    """Start a card war against the computer at the chosen level and options."""
    student = _student(request)
    form = CardWarComputerForm(request.POST)
    if not form.is_valid():
        return lobby_response(request, student, cardwar_computer_form=form, status=400)
    try:
        pupil_start_count(user=request.user)
    except LobbyRefused as err:
        form.add_error(None, err.message)
        return lobby_response(request, student, cardwar_computer_form=form, status=429)
    match = invitations.game_start(
        host=request.user,
        game=CARDWAR,
        classroom=student.classroom,
        players=form.seats(request.user),
        variants=form.options(),
    )
    return redirect("games:match", match_id=match.pk)


@login_required
@require_POST
def cardwar_table(request: HttpRequest) -> HttpResponse:
    """Open a table (two to four) and invite classmates; they answer in their lobby."""
    student = _student(request)
    form = CardWarTableForm(request.POST, student=student)
    if not form.is_valid():
        return lobby_response(request, student, cardwar_table_form=form, status=400)
    try:
        invitations.invitation_create(
            host=request.user,
            game=CARDWAR,
            invite_user_ids=[s.user_id for s in form.cleaned_data["invite"]],
            seats=form.cleaned_data["seats"],
            variants=form.options(),
            bots=form.cleaned_data["bots"],
        )
    except LobbyRefused as err:
        form.add_error(None, err.message)
        return lobby_response(request, student, cardwar_table_form=form, status=400)
    messages.success(request, _("Your table is open: your classmates have been asked."))
    return redirect("games:lobby")
