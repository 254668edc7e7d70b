"""CSV downloads: the class summary and calculation log, one student's skills and log."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header

from classrooms.permissions import classroom_for, student_for, teacher_required
from games.progress import csv_exports
from games.progress.views.common import window_from


def _download(lines, filename: str, *, stream: bool) -> HttpResponse | StreamingHttpResponse:
    if stream:
        response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    else:
        response = HttpResponse("".join(lines), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    patch_cache_control(response, no_store=True, private=True)
    return response


@teacher_required
def class_summary(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for(request.user, pk)
    _form, window, _query = window_from(request)
    rows = csv_exports.summary_rows(classroom, window)
    name = csv_exports.file_name(classroom, window, "summary")
    return _download(csv_exports.csv_lines(rows), name, stream=False)


@teacher_required
def class_calculations(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    classroom = classroom_for(request.user, pk)
    _form, window, _query = window_from(request)
    students = classroom.students.filter(archived_at__isnull=True).select_related("user")
    rows = csv_exports.calculation_rows(list(students), window)
    name = csv_exports.file_name(classroom, window, "calculations")
    return _download(csv_exports.csv_lines(rows), name, stream=True)


@teacher_required
def student_skills(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_for(request.user, pk)
    _form, window, _query = window_from(request)
    rows = csv_exports.student_skill_rows(student, window)
    name = csv_exports.file_name(student.classroom, window, "skills", student)
    return _download(csv_exports.csv_lines(rows), name, stream=False)


@teacher_required
def student_calculations(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    student = student_for(request.user, pk)
    _form, window, _query = window_from(request)
    rows = csv_exports.calculation_rows([student], window)
    name = csv_exports.file_name(student.classroom, window, "calculations", student)
    return _download(csv_exports.csv_lines(rows), name, stream=True)
