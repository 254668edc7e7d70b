"""The teacher's tournament pages: a class's tournaments, the creation form, running one, the
pairs to keep apart. Only a teacher of the class sees or changes any of it."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.permissions import classroom_for, teacher_required, teaches
from classrooms.views.responses import confirmation
from games.services.lobby import online_students
from games.tournaments import selectors, services
from games.tournaments.forms import KeepApartForm, StudentChoiceForm, TournamentForm
from games.tournaments.models import Entrant, KeepApart, Tournament


def tournament_for(request: HttpRequest, pk: int) -> Tournament:
    """The tournament `pk` if the user teaches its class; 404 otherwise, missing or not theirs
    (the same answer, so nobody learns which ids exist)."""
    tournament = Tournament.objects.select_related("classroom").filter(pk=pk).first()
    if tournament is None or not teaches(request.user, tournament.classroom):
        raise Http404
    return tournament


@teacher_required
def class_tournaments(request: HttpRequest, pk: int) -> HttpResponse:
    """The class's tournaments, latest first (its history), and a link to start one."""
    classroom = classroom_for(request.user, pk)
    context = {"classroom": classroom, "tournaments": selectors.tournaments_of_class(classroom)}
    return render(request, "tournaments/class_tournaments.html", context)


@teacher_required
def tournament_new(request: HttpRequest, pk: int) -> HttpResponse:
    """One form: game, clock, format and attendance (those in the lobby come ticked)."""
    classroom = classroom_for(request.user, pk)
    here = frozenset(s.pk for s in online_students(classroom))
    data = request.POST if request.method == "POST" else None
    form = TournamentForm(data, classroom=classroom, here=here)
    if data is not None and form.is_valid():
        try:
            tournament = services.tournament_create(
                teacher=request.user, classroom=classroom, **form.settings()
            )
        except services.TournamentRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, _("Tournament created. Pair the first round when ready."))
            return redirect("tournaments:manage", pk=tournament.pk)
    status = 400 if data is not None else 200
    return render(
        request,
        "tournaments/new.html",
        {"classroom": classroom, "form": form, "here": here},
        status=status,
    )


def _manage_context(tournament: Tournament) -> dict:
    return {
        "tournament": tournament,
        "view": selectors.board_view(tournament),
        "rounds": selectors.all_rounds(tournament),
        "teacher": True,
        "entrants": tournament.entrants.select_related("student").order_by("student__display_name"),
        "late_form": StudentChoiceForm(students=selectors.not_entered(tournament)),
    }


@teacher_required
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    """Running a tournament: the round's controls and boards, standings, attendance."""
    tournament = tournament_for(request, pk)
    return render(request, "tournaments/manage.html", _manage_context(tournament))


@teacher_required
def controls(request: HttpRequest, pk: int) -> HttpResponse:
    """The controls and attendance again (the page's socket asks after every change)."""
    tournament = tournament_for(request, pk)
    return render(request, "tournaments/manage.html#controls", _manage_context(tournament))


def _act(
    request: HttpRequest, pk: int, call: Callable[[Tournament], object], done: str
) -> HttpResponse:
    """POST → service → message → back to the tournament (a refusal is shown, nothing done)."""
    tournament = tournament_for(request, pk)
    try:
        call(tournament)
    except services.TournamentRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, done)
    return redirect("tournaments:manage", pk=tournament.pk)


@teacher_required
@require_POST
def pair(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        lambda t: services.round_pair(teacher=request.user, tournament=t),
        _("Round paired. Start it when everyone has seen their board."),
    )


@teacher_required
@require_POST
def unpair(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        lambda t: services.round_unpair(teacher=request.user, tournament=t),
        _("Pairing undone."),
    )


@teacher_required
@require_POST
def start(request: HttpRequest, pk: int) -> HttpResponse:
    def call(t: Tournament) -> object:
        if t.format == Tournament.Format.ARENA:
            return services.arena_start(teacher=request.user, tournament=t)
        return services.round_start(teacher=request.user, tournament=t)

    return _act(request, pk, call, _("Started: the students are taken to their matches."))


@teacher_required
@require_POST
def end_round(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        lambda t: services.round_end_early(teacher=request.user, tournament=t),
        _("Round ended: unfinished games were decided by the clock rule."),
    )


@teacher_required
@require_POST
def pause(request: HttpRequest, pk: int) -> HttpResponse:
    paused = request.POST.get("paused") == "1"
    return _act(
        request,
        pk,
        lambda t: services.arena_pause(teacher=request.user, tournament=t, paused=paused),
        _("Arena paused: games in play go on, nobody new is paired.")
        if paused
        else _("Arena resumed."),
    )


@teacher_required
@require_POST
def end(request: HttpRequest, pk: int) -> HttpResponse:
    """End the tournament, once the teacher has confirmed: its standings are final."""
    tournament = tournament_for(request, pk)
    ask = confirmation(
        request,
        title=_("End %(name)s now?") % {"name": tournament.name},
        consequences=[
            _("The standings as they are now become the final standings."),
            _("A round that is paired but not started is dropped; games in play still count."),
            _("No more rounds can be paired: an ended tournament cannot be started again."),
        ],
        button=_("End the tournament"),
        cancel_url=reverse("tournaments:manage", args=[tournament.pk]),
    )
    if ask is not None:
        return ask
    return _act(
        request,
        pk,
        lambda t: services.tournament_end(teacher=request.user, tournament=t),
        _("Tournament ended."),
    )


@teacher_required
@require_POST
def late(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for(request, pk)
    form = StudentChoiceForm(request.POST, students=selectors.not_entered(tournament))
    if not form.is_valid():
        messages.error(request, _("Choose a student of the class who is not in yet."))
        return redirect("tournaments:manage", pk=tournament.pk)
    student = form.cleaned_data["student"]
    return _act(
        request,
        pk,
        lambda t: services.entrant_add(teacher=request.user, tournament=t, student=student),
        _("%(name)s joined.") % {"name": student.display_name},
    )


@teacher_required
@require_POST
def withdraw(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    tournament = tournament_for(request, pk)
    entrant = Entrant.objects.filter(pk=entrant_id, tournament=tournament).first()
    if entrant is None:
        raise Http404
    return _act(
        request,
        pk,
        lambda t: services.entrant_withdraw(teacher=request.user, entrant=entrant),
        _("%(name)s withdrawn.") % {"name": entrant.student.display_name},
    )


@teacher_required
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    """Large type for the class: standings or bracket, this round's boards, a clock."""
    tournament = tournament_for(request, pk)
    first_names = request.GET.get("names") == "first"
    context = {
        "tournament": tournament,
        "view": selectors.board_view(tournament, first_names=first_names),
        "first_names": first_names,
        "projector": True,
    }
    return render(request, "tournaments/projector.html", context)


@teacher_required
def keep_apart(request: HttpRequest, pk: int) -> HttpResponse:
    """The class's pairs to keep apart: the list, and a form to add one."""
    classroom = classroom_for(request.user, pk)
    data = request.POST if request.method == "POST" else None
    form = KeepApartForm(data, classroom=classroom)
    if data is not None and form.is_valid():
        try:
            services.keep_apart_add(
                teacher=request.user,
                classroom=classroom,
                a=form.cleaned_data["a"],
                b=form.cleaned_data["b"],
            )
        except services.TournamentRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, _("They will be kept apart."))
            return redirect("tournaments:keep_apart", pk=classroom.pk)
    context = {"classroom": classroom, "form": form, "pairs": selectors.keep_apart_of(classroom)}
    return render(
        request, "tournaments/keep_apart.html", context, status=400 if data is not None else 200
    )


@teacher_required
@require_POST
def keep_apart_remove(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = KeepApart.objects.select_related("classroom").filter(pk=pair_id).first()
    if pair is None or not teaches(request.user, pair.classroom):
        raise Http404
    services.keep_apart_remove(teacher=request.user, pair=pair)
    messages.success(request, _("Pair removed."))
    return redirect("tournaments:keep_apart", pk=pair.classroom_id)
