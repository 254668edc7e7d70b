"""Play pages: thin views that authorise, call a service or selector, and render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.permissions import student_of
from games.kinds import kind_for
from games.models import Match
from games.selectors.matches import match_view, viewer_of
from games.services.invitations import rematch_offers
from games.services.lobby import LobbyRefused, pupil_start_count
from games.services.rematch import rematch_create
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
    if viewer.seat is not None:
        context["rematch"] = rematch_offers(match=match, user=request.user)
    return render(request, "games/match.html", context)


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


@login_required
def play_again(request: HttpRequest, match_id: int) -> HttpResponse:
    """After a game: what "Play again" starts (GET changes nothing), and starting it (POST)."""
    match = get_object_or_404(Match, pk=match_id)
    seats = list(match.seats.order_by("index").select_related("user__student"))
    if request.user.pk not in {s.user_id for s in seats}:
        raise Http404
    if request.method == "POST":
        try:
            again = rematch_create(match=match, user=request.user)
        except LobbyRefused as err:
            messages.error(request, err.message)
            return redirect("games:lobby")
        if again is not None:
            return redirect("games:match", match_id=again.pk)
        messages.success(
            request, _("Asked: your classmates see it on their game-over screen or in their lobby.")
        )
        return redirect("games:lobby")
    kind = kind_for(match.game)
    others = [
        s.user.student.display_name for s in seats if s.user_id and s.user_id != request.user.pk
    ]
    context = {
        "match": match,
        "what": kind.invitation_text(match.variants, match.options.get("clock_seconds")),
        "others": others,
    }
    return render(request, "games/play_again.html", context)
