"""The teacher's live view of a class: matches in play, who is here, pairing students."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.models import Classroom
from classrooms.permissions import teaches
from games.forms import PairForm, VariantsForm
from games.selectors import matches_for_class
from games.services import lobby


def _classroom_taught(request: HttpRequest, classroom_id: int) -> Classroom:
    classroom = get_object_or_404(Classroom, pk=classroom_id)
    if not teaches(request.user, classroom):
        raise Http404
    return classroom


def _context(classroom: Classroom) -> dict:
    return {
        "classroom": classroom,
        "rows": matches_for_class(classroom),
        "online": lobby.online_students(classroom),
        "students": classroom.students.filter(archived_at__isnull=True),
    }


@login_required
def class_live(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = _classroom_taught(request, classroom_id)
    context = {**_context(classroom), "variants_form": VariantsForm()}
    return render(request, "games/class_live.html", context)


@login_required
def class_matches(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The part the page polls: matches and who is online."""
    classroom = _classroom_taught(request, classroom_id)
    return render(request, "games/class_live.html#live", _context(classroom))


@login_required
@require_POST
def pair(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = _classroom_taught(request, classroom_id)
    form = PairForm(request.POST)
    if form.is_valid():
        ids = [form.cleaned_data["first"], form.cleaned_data["second"]]
        students = {s.pk: s for s in classroom.students.filter(pk__in=ids)}
        if len(students) == 2:
            lobby.pair_students(
                classroom=classroom,
                teacher=request.user,
                students=[students[i] for i in ids],
                variants=form.variants(),
            )
            messages.success(request, _("Match started."))
            return redirect("games:class_live", classroom_id=classroom.pk)
    messages.error(request, _("Choose two different students."))
    return redirect("games:class_live", classroom_id=classroom.pk)


@login_required
@require_POST
def pair_all(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = _classroom_taught(request, classroom_id)
    form = VariantsForm(request.POST)
    variants = form.variants() if form.is_valid() else None
    matches = lobby.pair_everyone_present(
        classroom=classroom, teacher=request.user, variants=variants
    )
    if matches:
        messages.success(request, _("%(n)d matches started.") % {"n": len(matches)})
    else:
        messages.error(request, _("Nobody is waiting in the lobby."))
    return redirect("games:class_live", classroom_id=classroom.pk)
