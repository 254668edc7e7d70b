"""Play pages: thin views that authorise, call a service or selector, and render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from classrooms.permissions import student_of
from games import services
from games.forms import PlayComputerForm
from games.models import Match
from games.selectors.matches import match_view, viewer_of
from games.services.lobby import LobbyRefused, pupil_start_count
from games.tournaments.notice import match_panel


@login_required
def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """The Maths Warriors screen; the socket fills and updates it."""
    match = get_object_or_404(Match.objects.select_related("classroom"), pk=match_id)
    viewer = viewer_of(match, request.user)
    if not viewer.allowed:
        raise Http404
    context = match_view(match, viewer)
    context["tournament_panel"] = match_panel(match_id=match.pk, user=request.user)
    return render(request, "games/match.html", context)


@login_required
@require_POST
def play_computer(request: HttpRequest) -> HttpResponse:
    """Start a match against the computer at the chosen level, variants and clocks."""
    student = student_of(request.user)
    if student is None:
        raise PermissionDenied
    form = PlayComputerForm(request.POST)
    if not form.is_valid():
        from games.views.lobby import lobby_response

        return lobby_response(request, student, computer_form=form, status=400)
    try:
        pupil_start_count(user=request.user)
    except LobbyRefused as err:
        from games.views.lobby import lobby_response

        form.add_error(None, err.message)
        return lobby_response(request, student, computer_form=form, status=429)
    match = services.match_create(
        classroom=student.classroom,
        players=[request.user, form.cleaned_data["level"]],
        variants=form.variants(),
        **form.clock_settings(),
    )
    return redirect("games:match", match_id=match.pk)


@login_required
@require_POST
def guided_game(request: HttpRequest) -> HttpResponse:
    """Start the scripted first game ("Learn by playing") against a patient computer."""
    from games.services.guided import guided_match_create

    student = student_of(request.user)
    if student is None:
        raise PermissionDenied
    try:
        pupil_start_count(user=request.user)
    except LobbyRefused as err:
        messages.error(request, err.message)
        return redirect("games:lobby")
    match = guided_match_create(student=student)
    return redirect("games:match", match_id=match.pk)
