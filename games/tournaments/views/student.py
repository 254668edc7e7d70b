"""What students see: their tournament in the lobby (next opponent, own standing) and the
standings of their own class's tournaments, read-only."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from classrooms.permissions import student_of
from games.tournaments import selectors
from games.tournaments.models import Tournament

# How often a lobby without a tournament looks for one (30 students: 3 small requests a second).
PANEL_POLL_SECONDS = 10


@login_required
def panel(request: HttpRequest) -> HttpResponse:
    """The lobby's tournament panel: empty unless the student is in one that is not over (or
    has just finished). `?after=<id>`: nothing new (204, the panel stays) unless the student is
    in a newer tournament than that one."""
    after = request.GET.get("after", "")
    if after:
        if not after.isascii() or not after.isdecimal() or len(after) > 18:
            return HttpResponse(status=400)
        if not selectors.newer_tournament_for(request.user, int(after)):
            return HttpResponse(status=204)
    found = selectors.current_tournament_for(request.user)
    if found is None:
        context = {"poll_seconds": PANEL_POLL_SECONDS}
        return render(request, "tournaments/_student.html", context)
    tournament, student = found
    context = {
        "me": selectors.student_view(tournament, student),
        "tournament": tournament,
        "poll_seconds": PANEL_POLL_SECONDS,
    }
    return render(request, "tournaments/_student.html", context)


@login_required
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """A student's read-only view of a tournament of their own class."""
    tournament = Tournament.objects.select_related("classroom").filter(pk=pk).first()
    student = student_of(request.user)
    if tournament is None or student is None or student.classroom_id != tournament.classroom_id:
        raise Http404  # the same for another class's tournament as for none
    context = {
        "tournament": tournament,
        "view": selectors.board_view(tournament),
        "me": selectors.student_view(tournament, student),
    }
    return render(request, "tournaments/standings.html", context)
