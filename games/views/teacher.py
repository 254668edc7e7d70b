"""The teacher's live view of a class: matches in play, who is here, pairing students."""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from classrooms.models import Classroom
from classrooms.permissions import taught_classroom
from games.forms import PairForm
from games.kinds import styles
from games.selectors.matches import finished_matches_for_class, match_rows, matches_for_class
from games.services import invitations, lobby

FINISHED_PER_PAGE = 50
# The last clock and variants a teacher started matches with, offered again on the next form.
SETTINGS_KEY = "games.match_settings"


def _classroom_taught(request: HttpRequest, classroom_id: int) -> Classroom:
    classroom = taught_classroom(request.user, classroom_id)
    if classroom is None:  # missing, or not theirs: the same answer
        raise Http404
    return classroom


# What the polled list's ETag adds to its context, so that a new template or catalogue (a
# deploy) is never answered with "not modified": the partial's source and the compiled
# translations, as they are on disk when the process starts (the same in every process).
_APP = Path(__file__).resolve().parent.parent
_SOURCES = [
    _APP / "templates/games/class_live.html",
    # Each game's row cell (its kind's live_template, in the kind's package).
    *sorted(_APP.glob("kinds/*/templates/games/*/_live.html")),
    *sorted((_APP.parent / "locale").glob("*/LC_MESSAGES/django.[mp]o")),
]
LIVE_VERSION = hashlib.blake2b(
    b"".join(p.read_bytes() for p in _SOURCES if p.exists()), digest_size=8
).hexdigest()


def _shown(value) -> str:
    return repr(str(value) if isinstance(value, Promise) else value)


def _live_etag(context: dict) -> str:
    """A digest of everything the polled list shows, in the reader's language.

    The list is rebuilt from the database on every poll (the truth every server process
    shares), and only its rendering is skipped when the digest is the one the browser has:
    a move, a new or ended match, someone entering or leaving the lobby, a renamed student
    or a clock's text ticking down all change the digest.
    """
    live = context["live"]
    rows = [
        (
            row["match"].pk,
            row["match"].game,
            sorted((k, _shown(v)) for k, v in row.items() if k != "match"),
        )
        for row in live.playing + live.finished_today
    ]
    shown = (
        LIVE_VERSION,
        translation.get_language(),
        context["classroom"].pk,
        [(s.pk, s.display_name) for s in context["online"]],
        rows,
        live.not_listed,
    )
    return f'"{hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()}"'


def _live_context(classroom: Classroom) -> dict:
    online = lobby.online_students(classroom)
    live = matches_for_class(classroom)
    return {"classroom": classroom, "live": live, "online": online, "kind_styles": styles()}


def _page(request: HttpRequest, classroom: Classroom, *, refused: str | None = None):
    """The whole live page. After a refused POST: its choices, their errors and `refused`, with
    status 400 (nothing was started)."""
    context = _live_context(classroom)
    here = {s.pk for s in context["online"]}
    data = request.POST if request.method == "POST" else None
    initial = request.session.get(SETTINGS_KEY, {})
    form = PairForm(data, classroom=classroom, here=here, initial=initial)
    if data is not None:
        form.is_valid()
        if refused:
            form.add_error(None, refused)
    context["form"] = form
    return render(request, "games/class_live.html", context, status=200 if data is None else 400)


@login_required
def class_live(request: HttpRequest, classroom_id: int) -> HttpResponse:
    return _page(request, _classroom_taught(request, classroom_id))


@login_required
def class_matches(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The part the page polls: matches and who is online.

    Answered with 304 Not Modified (and no rendering) when the browser already has exactly this
    list: its cache revalidates every poll (no-cache) and hands htmx its stored copy.
    """
    classroom = _classroom_taught(request, classroom_id)
    context = _live_context(classroom)
    etag = _live_etag(context)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = render(request, "games/class_live.html#live", context)
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


@login_required
def class_finished(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """Every finished match of the class, latest first, a page at a time, with replay links."""
    classroom = _classroom_taught(request, classroom_id)
    page = Paginator(finished_matches_for_class(classroom), FINISHED_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {"classroom": classroom, "page": page, "rows": match_rows(page.object_list)}
    return render(request, "games/class_finished.html", context)


def _started(request: HttpRequest, classroom: Classroom, form: PairForm, text: str):
    request.session[SETTINGS_KEY] = form.as_initial()
    messages.success(request, text)
    return redirect("games:class_live", classroom_id=classroom.pk)


@login_required
@require_POST
def pair(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """Start one match of the chosen game for the chosen students, in seat order."""
    classroom = _classroom_taught(request, classroom_id)
    form = PairForm(request.POST, classroom=classroom, one_match=True)
    if not form.is_valid():
        return _page(request, classroom)
    students = form.students()
    settings = form.chosen()
    try:
        invitations.pair_students(
            classroom=classroom,
            teacher=request.user,
            students=students,
            game=settings.kind.game,
            variants=settings.variants(),
            clocks=settings.clock_settings(),
            per_match=len(students),
        )
    except lobby.LobbyRefused as refused:
        return _page(request, classroom, refused=refused.message)
    names = ", ".join(s.display_name for s in students)
    text = _("%(game)s started: %(names)s.") % {"game": settings.kind.label, "names": names}
    return _started(request, classroom, form, text)


@login_required
@require_POST
def pair_all(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """Everyone in the lobby who is not playing, in random groups at the chosen game."""
    classroom = _classroom_taught(request, classroom_id)
    form = PairForm(request.POST, classroom=classroom)
    if not form.is_valid():
        return _page(request, classroom)
    settings = form.chosen()
    try:
        matches = invitations.pair_everyone_present(
            classroom=classroom,
            teacher=request.user,
            game=settings.kind.game,
            variants=settings.variants(),
            clocks=settings.clock_settings(),
            per_match=form.group_size(),
        )
    except lobby.LobbyRefused as refused:
        return _page(request, classroom, refused=refused.message)
    if not matches:
        return _page(request, classroom, refused=_("Nobody is waiting in the lobby."))
    n = len(matches)
    text = ngettext("%(n)d match started.", "%(n)d matches started.", n) % {"n": n}
    return _started(request, classroom, form, text)
