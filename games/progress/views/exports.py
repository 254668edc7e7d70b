"""CSV downloads: the class summary and calculation log, one student's skills and log."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Iterator
from functools import wraps

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from classrooms.models import Classroom, Student
from classrooms.permissions import classroom_for, student_for, teacher_required
from games.progress import csv_exports
from games.progress.views.common import window_from
from games.progress.windows import Window

log = logging.getLogger(__name__)


def _download(
    request: HttpRequest, lines, filename: str, *, stream: bool
) -> HttpResponse | StreamingHttpResponse:
    if stream:
        lines = _ended(lines)
        pieces = _pulled(lines) if isinstance(request, ASGIRequest) else lines
        response = StreamingHttpResponse(pieces, content_type="text/csv; charset=utf-8")
    else:
        response = HttpResponse("".join(lines), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    patch_cache_control(response, no_store=True, private=True)
    return response


def _ended(lines: Iterator[str]) -> Iterator[str]:
    """The lines, and if making them fails part-way, a last line saying the file is cut short.

    The status and headers are sent before the rows are read: an error after them would leave
    the download open for ever (Daphne cannot answer 500 any more), so the file ends instead.
    """
    try:
        yield from lines
    except Exception:
        log.exception("A CSV export stopped part-way")
        yield _("The export stopped early because of an error: this file is incomplete.") + "\r\n"
    finally:
        lines.close()


def _export(owner_for: Callable[[object, int], object]):
    """The view gets (request, the class or student its teacher may see, the window), or the
    teacher gets 400 with the reason for a window that cannot be read, before any file starts
    (a download covering another window than the one asked for would mislead)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def checked(request: HttpRequest, pk: int) -> HttpResponse:
            owner = owner_for(request.user, pk)
            form, window, _query = window_from(request)
            if form.errors:
                text = " ".join(str(e) for errors in form.errors.values() for e in errors)
                return HttpResponse(text, status=400, content_type="text/plain; charset=utf-8")
            return view(request, owner, window)

        return teacher_required(checked)

    return decorate


async def _pulled(pieces: Iterator[str]) -> AsyncIterator[str]:
    """The pieces one by one from the request's thread (where its database connection is).

    Under ASGI (Daphne) Django would first collect a plain iterator into a list, holding the
    whole file in memory; an async iterator is sent as it comes.
    """
    step = sync_to_async(next, thread_sensitive=True)
    try:
        while (piece := await step(pieces, None)) is not None:
            yield piece
    finally:
        await sync_to_async(pieces.close, thread_sensitive=True)()


def _sheet(request: HttpRequest) -> csv_exports.Spreadsheet:
    """`?format=spreadsheet`: the reader's language's separator and decimal mark."""
    return csv_exports.spreadsheet_format(request.GET.get("format"))


@_export(classroom_for)
def class_summary(request: HttpRequest, classroom: Classroom, window: Window) -> HttpResponse:
    rows = csv_exports.summary_rows(classroom, window)
    name = csv_exports.file_name(classroom, window, "summary")
    return _download(
        request, csv_exports.csv_lines(rows, sheet=_sheet(request)), name, stream=False
    )


@_export(classroom_for)
def class_calculations(
    request: HttpRequest, classroom: Classroom, window: Window
) -> StreamingHttpResponse:
    students = classroom.students.filter(archived_at__isnull=True).select_related("user")
    rows = csv_exports.calculation_rows(list(students), window)
    name = csv_exports.file_name(classroom, window, "calculations")
    lines = csv_exports.csv_lines(rows, cells_safe=True, sheet=_sheet(request))
    return _download(request, lines, name, stream=True)


@_export(student_for)
def student_skills(request: HttpRequest, student: Student, window: Window) -> HttpResponse:
    rows = csv_exports.student_skill_rows(student, window)
    name = csv_exports.file_name(student.classroom, window, "skills", student)
    return _download(
        request, csv_exports.csv_lines(rows, sheet=_sheet(request)), name, stream=False
    )


@_export(student_for)
def student_calculations(
    request: HttpRequest, student: Student, window: Window
) -> StreamingHttpResponse:
    rows = csv_exports.calculation_rows([student], window)
    name = csv_exports.file_name(student.classroom, window, "calculations", student)
    lines = csv_exports.csv_lines(rows, cells_safe=True, sheet=_sheet(request))
    return _download(request, lines, name, stream=True)
