"""The teacher's dashboard and class pages: create, rename, archive, codes, co-teachers."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.exports import classroom_students_csv
from classrooms.forms import (
    ClassroomLanguageForm,
    ClassroomNameForm,
    ClassroomShowValuesForm,
    CoTeacherForm,
)
from classrooms.permissions import classroom_for, teacher_required
from classrooms.selectors import (
    classroom_login_pressure,
    classrooms_for_teacher,
    students_for_classroom,
)
from classrooms.services.classrooms import (
    classroom_archive,
    classroom_code_regenerate,
    classroom_create,
    classroom_language_set,
    classroom_rename,
    classroom_restore,
    classroom_show_values_set,
    classroom_teacher_add,
    classroom_teacher_remove,
)
from classrooms.services.logins import classroom_logins_resume
from classrooms.views.responses import confirmation, csv_download, form_submitted


@teacher_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "classrooms/teacher/dashboard.html",
        {
            "classrooms": classrooms_for_teacher(teacher=request.user),
            "archived": classrooms_for_teacher(teacher=request.user, archived=True),
            "form": ClassroomNameForm(),
        },
    )


@teacher_required
@require_POST
def classroom_new(request: HttpRequest) -> HttpResponse:
    form = ClassroomNameForm(request.POST)

    def create(data) -> tuple[str, HttpResponse]:
        # In the language the teacher is reading; the class page can change it.
        classroom = classroom_create(
            name=data["name"], teacher=request.user, language=get_language()
        )
        message = _("Class “%(name)s” created.") % {"name": classroom.name}
        return message, redirect("classroom_detail", pk=classroom.pk)

    def again(form) -> HttpResponse:
        context = {
            "classrooms": classrooms_for_teacher(teacher=request.user),
            "archived": classrooms_for_teacher(teacher=request.user, archived=True),
            "form": form,
        }
        return render(request, "classrooms/teacher/dashboard.html", context)

    return form_submitted(request, form, act=create, again=again)


def _detail_context(request: HttpRequest, classroom, **extra) -> dict:
    return {
        "classroom": classroom,
        "students": students_for_classroom(classroom=classroom),
        "archived_students": students_for_classroom(classroom=classroom, archived=True),
        "teachers": classroom.teachers.order_by("username"),
        "rename_form": ClassroomNameForm(initial={"name": classroom.name}),
        "language_form": ClassroomLanguageForm(initial={"language": classroom.language}),
        "show_values_form": ClassroomShowValuesForm(initial={"show_values": classroom.show_values}),
        "teacher_form": CoTeacherForm(),
        "login_pressure": classroom_login_pressure(classroom=classroom),
        **extra,
    }


@teacher_required
def classroom_detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for(request.user, pk)
    return render(request, "classrooms/teacher/classroom.html", _detail_context(request, classroom))


def _settings_form(request: HttpRequest, pk: int, form_class, context_name: str, apply):
    """A class-settings form posted: `apply(classroom, cleaned_data)` calls the service and
    returns the message to show; a refusal (ValidationError) shows the page again, with the
    form and its errors."""
    classroom = classroom_for(request.user, pk)

    def act(data) -> tuple[str, HttpResponse]:
        return apply(classroom, data), redirect("classroom_detail", pk=classroom.pk)

    def again(form) -> HttpResponse:
        context = _detail_context(request, classroom, **{context_name: form})
        return render(request, "classrooms/teacher/classroom.html", context)

    return form_submitted(request, form_class(request.POST), act=act, again=again)


@teacher_required
@require_POST
def classroom_rename_view(request: HttpRequest, pk: int) -> HttpResponse:
    def rename(classroom, data) -> str:
        classroom_rename(classroom=classroom, name=data["name"])
        return _("Class renamed.")

    return _settings_form(request, pk, ClassroomNameForm, "rename_form", rename)


@teacher_required
@require_POST
def classroom_language_view(request: HttpRequest, pk: int) -> HttpResponse:
    def language_set(classroom, data) -> str:
        classroom = classroom_language_set(classroom=classroom, language=data["language"])
        return _("Students of this class now see %(language)s, unless they chose their own.") % {
            "language": classroom.get_language_display()
        }

    return _settings_form(request, pk, ClassroomLanguageForm, "language_form", language_set)


@teacher_required
@require_POST
def classroom_show_values_view(request: HttpRequest, pk: int) -> HttpResponse:
    def show_values_set(classroom, data) -> str:
        classroom = classroom_show_values_set(classroom=classroom, on=data["show_values"])
        if classroom.show_values:
            return _("New games of this class show a calculation's value while it is built.")
        return _("In new games of this class, students work the values out themselves.")

    return _settings_form(request, pk, ClassroomShowValuesForm, "show_values_form", show_values_set)


@teacher_required
@require_POST
def classroom_archive_view(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for(request.user, pk)
    ask = confirmation(
        request,
        title=_("Archive %(name)s?") % {"name": classroom.name},
        consequences=[
            _(
                "Its students cannot log in or play until you restore it; "
                "anyone playing now is disconnected."
            ),
            _("The class leaves your list of classes. Its data stays, and you can restore it."),
        ],
        button=_("Archive the class"),
        cancel_url=reverse("classroom_detail", args=[classroom.pk]),
    )
    if ask is not None:
        return ask
    classroom = classroom_archive(classroom=classroom)
    messages.success(
        request,
        _("“%(name)s” is archived. Its students cannot log in until you restore it.")
        % {"name": classroom.name},
    )
    return redirect("teacher_dashboard")


@teacher_required
@require_POST
def classroom_restore_view(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_restore(classroom=classroom_for(request.user, pk))
    messages.success(request, _("“%(name)s” is restored.") % {"name": classroom.name})
    return redirect("classroom_detail", pk=classroom.pk)


@teacher_required
@require_POST
def classroom_code_view(request: HttpRequest, pk: int) -> HttpResponse:
    """New class code, once the teacher has confirmed (the printed cards stop working)."""
    classroom = classroom_for(request.user, pk)
    ask = confirmation(
        request,
        title=_("Make a new class code for %(name)s?") % {"name": classroom.name},
        consequences=[
            _("The code %(code)s stops working at once.") % {"code": classroom.code},
            _("Every printed login card shows the old code and stops working: print new ones."),
            _("Students who are logged in now stay logged in."),
        ],
        button=_("Make a new code"),
        cancel_url=reverse("classroom_detail", args=[classroom.pk]),
    )
    if ask is not None:
        return ask
    classroom = classroom_code_regenerate(classroom=classroom)
    messages.success(request, _("The class has a new code: %(code)s.") % {"code": classroom.code})
    return redirect("classroom_detail", pk=classroom.pk)


@teacher_required
@require_POST
def classroom_logins_resume_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The banner's button: new devices may try passwords again, every delay forgotten."""
    classroom = classroom_for(request.user, pk)
    classroom_logins_resume(classroom=classroom)
    messages.success(request, _("Password logins are open again for this class."))
    return redirect("classroom_detail", pk=classroom.pk)


@teacher_required
@require_POST
def classroom_teacher_add_view(request: HttpRequest, pk: int) -> HttpResponse:
    def teacher_add(classroom, data) -> str:
        added = classroom_teacher_add(classroom=classroom, identifier=data["identifier"])
        return _("%(who)s now teaches this class too.") % {"who": added.username}

    return _settings_form(request, pk, CoTeacherForm, "teacher_form", teacher_add)


@teacher_required
@require_POST
def classroom_teacher_remove_view(request: HttpRequest, pk: int, user_pk: int) -> HttpResponse:
    classroom = classroom_for(request.user, pk)
    teacher = get_object_or_404(classroom.teachers, pk=user_pk)
    who = teacher.get_full_name() or teacher.username
    leaving = teacher.pk == request.user.pk
    ask = confirmation(
        request,
        title=_("Leave %(name)s?") % {"name": classroom.name}
        if leaving
        else _("Remove %(who)s from %(name)s?") % {"who": who, "name": classroom.name},
        consequences=[
            _("You no longer see this class, its students or their reports.")
            if leaving
            else _("%(who)s no longer sees this class, its students or their reports.")
            % {"who": who},
            _("Only a teacher of the class can add a teacher back."),
        ],
        button=_("Leave the class") if leaving else _("Remove the teacher"),
        cancel_url=reverse("classroom_detail", args=[classroom.pk]),
    )
    if ask is not None:
        return ask
    try:
        classroom_teacher_remove(classroom=classroom, teacher=teacher)
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return redirect("classroom_detail", pk=classroom.pk)
    messages.success(request, _("%(who)s no longer teaches this class.") % {"who": teacher})
    if teacher.pk == request.user.pk:
        return redirect("teacher_dashboard")
    return redirect("classroom_detail", pk=classroom.pk)


@teacher_required
def classroom_export(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for(request.user, pk)
    return csv_download(
        classroom_students_csv(classroom=classroom), f"class-{classroom.code}-students.csv"
    )
