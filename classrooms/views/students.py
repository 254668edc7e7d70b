"""A teacher's actions on one student: rename, move, archive, restore, erase, export."""

import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.exports import student_data_csv
from classrooms.forms import SchoolLoginForm, StudentMoveForm, StudentRenameForm
from classrooms.permissions import may_move_student, student_for, teacher_required
from classrooms.selectors import classrooms_for_teacher, school_links_of, student_data_export
from classrooms.services.cards import student_login_token_revoke
from classrooms.services.students import (
    student_archive,
    student_delete,
    student_move,
    student_rename,
    student_restore,
)
from classrooms.views.responses import csv_download, form_submitted, no_store


def _page(request, student, status=200, **forms) -> HttpResponse:
    others = classrooms_for_teacher(teacher=request.user).exclude(pk=student.classroom_id)
    context = {
        "student": student,
        "rename_form": forms.get("rename_form")
        or StudentRenameForm(initial={"name": student.display_name}),
        "move_form": forms.get("move_form") or StudentMoveForm(classrooms=others),
        "can_move": others.exists(),
        "school_links": school_links_of(user=student.user),
        "school_form": SchoolLoginForm(initial={"school_login": student.school_login}),
    }
    return render(request, "classrooms/teacher/student.html", context, status=status)


@teacher_required
def student_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, student_for(request.user, pk))


@teacher_required
@require_POST
def student_rename_view(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_for(request.user, pk)
    form = StudentRenameForm(request.POST)

    def rename(data) -> tuple[str, HttpResponse]:
        student_rename(student=student, name=data["name"])
        return _("Name changed."), redirect("student_detail", pk=student.pk)

    return form_submitted(
        request,
        form,
        act=rename,
        again=lambda f: _page(request, student, rename_form=f),
        field="name",
    )


@teacher_required
@require_POST
def student_move_view(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_for(request.user, pk)
    # Any class may be posted; only the teacher's own are accepted (checked twice: the form's
    # queryset and the permission).
    form = StudentMoveForm(request.POST, classrooms=classrooms_for_teacher(teacher=request.user))

    def move(data) -> tuple[str, HttpResponse]:
        target = data["to_classroom"]
        if not may_move_student(request.user, student, target):
            raise PermissionDenied
        student_move(student=student, to_classroom=target)
        message = _("%(name)s moved to %(class)s.") % {
            "name": student.display_name,
            "class": target.name,
        }
        return message, redirect("student_detail", pk=student.pk)

    return form_submitted(
        request,
        form,
        act=move,
        again=lambda f: _page(request, student, move_form=f),
        field="to_classroom",
    )


@teacher_required
@require_POST
def student_archive_view(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_archive(student=student_for(request.user, pk))
    messages.success(request, _("%(name)s is archived.") % {"name": student.display_name})
    return redirect("classroom_detail", pk=student.classroom_id)


@teacher_required
@require_POST
def student_restore_view(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_restore(student=student_for(request.user, pk))
    messages.success(request, _("%(name)s is restored.") % {"name": student.display_name})
    return redirect("student_detail", pk=student.pk)


@teacher_required
def student_delete_view(request: HttpRequest, pk: int) -> HttpResponse:
    """GET asks to confirm; POST erases the student and everything they made."""
    student = student_for(request.user, pk)
    if request.method != "POST":
        return render(request, "classrooms/teacher/student_delete.html", {"student": student})
    classroom_pk, name = student.classroom_id, student.display_name
    student_delete(student=student)
    messages.success(request, _("%(name)s and all their data are deleted.") % {"name": name})
    return redirect("classroom_detail", pk=classroom_pk)


@teacher_required
def student_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    student = student_for(request.user, pk)
    if fmt not in {"csv", "json"}:
        raise Http404
    filename = f"student-{student.user.username}"
    if fmt == "csv":
        return csv_download(student_data_csv(student=student), filename + ".csv")
    body = json.dumps(student_data_export(student=student), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return no_store(response)


@teacher_required
@require_POST
def student_qr_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_login_token_revoke(student=student_for(request.user, pk))
    messages.success(
        request,
        _("%(name)s's QR code no longer works. Print a new card to get a new one.")
        % {"name": student.display_name},
    )
    return redirect("student_detail", pk=student.pk)
