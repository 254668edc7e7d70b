"""The teacher's live view of a class: matches in play, who is here, pairing students."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from classrooms.models import Classroom
from classrooms.permissions import teaches
from games.cardwar_forms import CardWarPairForm
from games.forms import MatchSettingsForm, PairForm
from games.selectors.matches import finished_matches_for_class, match_rows, matches_for_class
from games.services import lobby, tables

FINISHED_PER_PAGE = 50
# The last clock and variants a teacher started matches with, offered again on the next form.
SETTINGS_KEY = "games.match_settings"


def _classroom_taught(request: HttpRequest, classroom_id: int) -> Classroom:
    classroom = get_object_or_404(Classroom, pk=classroom_id)
    if not teaches(request.user, classroom):
        raise Http404
    return classroom


def _live_context(classroom: Classroom) -> dict:
    online = lobby.online_students(classroom)
    return {"classroom": classroom, "live": matches_for_class(classroom), "online": online}


def _page(
    request: HttpRequest,
    classroom: Classroom,
    *,
    refused: str | None = None,
    cardwar: bool = False,
):
    """The whole live page. After a refused POST: its choices, their errors and `refused`, with
    status 400 (nothing was started); `cardwar`: the POST was the card war's form."""
    context = _live_context(classroom)
    here = {s.pk for s in context["online"]}
    data = request.POST if request.method == "POST" else None
    initial = request.session.get(SETTINGS_KEY, {})
    form = PairForm(None if cardwar else data, classroom=classroom, here=here, initial=initial)
    cardwar_form = CardWarPairForm(data if cardwar else None, classroom=classroom, here=here)
    posted = cardwar_form if cardwar else form
    if data is not None:
        posted.is_valid()
        if refused:
            posted.add_error(None, refused)
    context["form"] = form
    context["cardwar_form"] = cardwar_form
    return render(request, "games/class_live.html", context, status=200 if data is None else 400)


@login_required
def class_live(request: HttpRequest, classroom_id: int) -> HttpResponse:
    return _page(request, _classroom_taught(request, classroom_id))


@login_required
def class_matches(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The part the page polls: matches and who is online."""
    classroom = _classroom_taught(request, classroom_id)
    return render(request, "games/class_live.html#live", _live_context(classroom))


@login_required
def class_finished(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """Every finished match of the class, latest first, a page at a time, with replay links."""
    classroom = _classroom_taught(request, classroom_id)
    page = Paginator(finished_matches_for_class(classroom), FINISHED_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {"classroom": classroom, "page": page, "rows": match_rows(page.object_list)}
    return render(request, "games/class_finished.html", context)


def _started(
    request: HttpRequest, classroom: Classroom, form: MatchSettingsForm, text: str
) -> HttpResponse:
    request.session[SETTINGS_KEY] = form.as_initial()
    messages.success(request, text)
    return redirect("games:class_live", classroom_id=classroom.pk)


@login_required
@require_POST
def pair(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = _classroom_taught(request, classroom_id)
    form = PairForm(request.POST, classroom=classroom)
    if not form.is_valid():
        return _page(request, classroom)
    students = form.students()
    try:
        lobby.pair_students(
            classroom=classroom,
            teacher=request.user,
            students=students,
            variants=form.variants(),
            **form.clock_settings(),
        )
    except lobby.LobbyRefused as refused:
        return _page(request, classroom, refused=refused.message)
    names = {"first": students[0].display_name, "second": students[1].display_name}
    return _started(request, classroom, form, _("Match started: %(first)s – %(second)s.") % names)


@login_required
@require_POST
def pair_all(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = _classroom_taught(request, classroom_id)
    form = MatchSettingsForm(request.POST)
    if not form.is_valid():
        return _page(request, classroom)
    matches = lobby.pair_everyone_present(
        classroom=classroom,
        teacher=request.user,
        variants=form.variants(),
        **form.clock_settings(),
    )
    if not matches:
        return _page(request, classroom, refused=_("Nobody is waiting in the lobby."))
    n = len(matches)
    text = ngettext("%(n)d match started.", "%(n)d matches started.", n) % {"n": n}
    return _started(request, classroom, form, text)


@login_required
@require_POST
def pair_cardwar(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """Seat two to four students at a card war with the options the teacher chose."""
    classroom = _classroom_taught(request, classroom_id)
    form = CardWarPairForm(request.POST, classroom=classroom)
    if not form.is_valid():
        return _page(request, classroom, cardwar=True)
    students = form.students()
    try:
        tables.table_seat(
            classroom=classroom, teacher=request.user, students=students, variants=form.options()
        )
    except lobby.LobbyRefused as refused:
        return _page(request, classroom, refused=refused.message, cardwar=True)
    names = ", ".join(s.display_name for s in students)
    messages.success(request, _("Card war started: %(names)s.") % {"names": names})
    return redirect("games:class_live", classroom_id=classroom.pk)
