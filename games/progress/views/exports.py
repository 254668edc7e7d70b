"""CSV downloads: the class summary and calculation log, one student's skills and log."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header

from classrooms.permissions import classroom_for, student_for, teacher_required
from games.progress import csv_exports
from games.progress.views.common import window_from


def _download(
    request: HttpRequest, lines, filename: str, *, stream: bool
) -> HttpResponse | StreamingHttpResponse:
    if stream:
        pieces = _pulled(lines) if isinstance(request, ASGIRequest) else lines
        response = StreamingHttpResponse(pieces, content_type="text/csv; charset=utf-8")
    else:
        response = HttpResponse("".join(lines), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    patch_cache_control(response, no_store=True, private=True)
    return response


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


@teacher_required
def class_summary(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for(request.user, pk)
    _form, window, _query = window_from(request)
    rows = csv_exports.summary_rows(classroom, window)
    name = csv_exports.file_name(classroom, window, "summary")
    return _download(
        request, csv_exports.csv_lines(rows, sheet=_sheet(request)), name, stream=False
    )


@teacher_required
def class_calculations(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    classroom = classroom_for(request.user, pk)
    _form, window, _query = window_from(request)
    students = classroom.students.filter(archived_at__isnull=True).select_related("user")
    rows = csv_exports.calculation_rows(list(students), window)
    name = csv_exports.file_name(classroom, window, "calculations")
    lines = csv_exports.csv_lines(rows, cells_safe=True, sheet=_sheet(request))
    return _download(request, lines, name, stream=True)


@teacher_required
def student_skills(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_for(request.user, pk)
    _form, window, _query = window_from(request)
    rows = csv_exports.student_skill_rows(student, window)
    name = csv_exports.file_name(student.classroom, window, "skills", student)
    return _download(
        request, csv_exports.csv_lines(rows, sheet=_sheet(request)), name, stream=False
    )


@teacher_required
def student_calculations(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    student = student_for(request.user, pk)
    _form, window, _query = window_from(request)
    rows = csv_exports.calculation_rows([student], window)
    name = csv_exports.file_name(student.classroom, window, "calculations", student)
    lines = csv_exports.csv_lines(rows, cells_safe=True, sheet=_sheet(request))
    return _download(request, lines, name, stream=True)
