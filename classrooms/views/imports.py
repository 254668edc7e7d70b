"""Adding students in bulk: paste or upload, always a preview, then one confirmed transaction.

Between the preview and the confirmation the checked rows travel in a signed form field (bound
to the class and the teacher, valid for an hour), so nothing is stored until the teacher
confirms, and what is created is exactly what they saw.
"""

from django.contrib import messages
from django.core import signing
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.forms import PasteNamesForm
from classrooms.imports.decoding import bytes_decode, upload_read
from classrooms.imports.oneroster import Roster, is_roster, roster_parse, zip_extract
from classrooms.imports.plain import pasted_parse, plain_csv_parse
from classrooms.imports.preview import preview_build
from classrooms.imports.rows import ImportRefused, RawRow, RowIssue
from classrooms.models import Classroom
from classrooms.permissions import classroom_for, teacher_required
from classrooms.school_accounts.providers import school_providers
from classrooms.services.students import students_create
from classrooms.views.cards import cards_sheet_redirect

SALT = "classrooms.import"
MAX_AGE = 3600
MAX_FILES = 5


class _ChooseClass(ImportRefused):
    """A OneRoster export with several classes: the teacher must pick one."""

    def __init__(self, message: str, roster: Roster):
        super().__init__(message)
        self.roster = roster


def _form_page(request, classroom, *, status=200, paste_form=None, error="", roster=None):
    return render(
        request,
        "classrooms/teacher/import.html",
        {
            "classroom": classroom,
            "paste_form": paste_form or PasteNamesForm(),
            "file_error": error,
            "roster_classes": roster.classes_with_students() if roster else [],
        },
        status=status,
    )


def _rows_from_files(
    request: HttpRequest, school_logins: bool
) -> tuple[list[RawRow], list[RowIssue]] | Roster:
    uploads = request.FILES.getlist("files")
    if not uploads:
        raise ImportRefused(_("Choose a file to upload."))
    if len(uploads) > MAX_FILES:
        raise ImportRefused(_("Upload at most %(max)d files at a time.") % {"max": MAX_FILES})
    names = [upload.name or "" for upload in uploads]
    contents = {(u.name or "").rsplit("/", 1)[-1].lower(): upload_read(u) for u in uploads}
    if not is_roster(names):
        if len(uploads) != 1:
            raise ImportRefused(
                _("Upload one CSV file, or the OneRoster users, enrollments and classes files.")
            )
        [(filename, data)] = contents.items()
        return plain_csv_parse(bytes_decode(data, filename=filename), school_logins=school_logins)
    zipped = [data for name, data in contents.items() if name.endswith(".zip")]
    if zipped:
        if len(contents) != 1:
            raise ImportRefused(_("Upload the OneRoster zip on its own."))
        contents = zip_extract(zipped[0])
    return roster_parse(contents, school_logins=school_logins)


@teacher_required
def students_import(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the paste and upload forms. POST: the preview of what would be created."""
    classroom = classroom_for(request.user, pk)
    if request.method != "POST":
        return _form_page(request, classroom)
    paste_form = None
    # School logins are read only where signing in with a school account is on.
    school_logins = bool(school_providers())
    try:
        if request.POST.get("source") == "paste":
            paste_form = PasteNamesForm(request.POST)
            if not paste_form.is_valid():
                return _form_page(request, classroom, status=400, paste_form=paste_form)
            rows, issues = pasted_parse(
                paste_form.cleaned_data["names"], school_logins=school_logins
            )
        else:
            parsed = _rows_from_files(request, school_logins)
            if isinstance(parsed, Roster):
                rows, issues = _roster_rows(request, parsed)
            else:
                rows, issues = parsed
        preview = preview_build(classroom=classroom, rows=rows, issues=issues)
    except _ChooseClass as choose:
        return _form_page(
            request, classroom, status=400, error=choose.message, roster=choose.roster
        )
    except ImportRefused as refused:
        return _form_page(
            request, classroom, status=400, paste_form=paste_form, error=refused.message
        )
    payload = signing.dumps(
        {
            "c": classroom.pk,
            "u": request.user.pk,
            "rows": [[row.name, row.external_id, row.school_login] for row in preview.rows],
        },
        salt=SALT,
        compress=True,
    )
    return render(
        request,
        "classrooms/teacher/import_preview.html",
        {"classroom": classroom, "preview": preview, "payload": payload, "paste_form": paste_form},
    )


def _roster_rows(request: HttpRequest, roster: Roster) -> tuple[list[RawRow], list[RowIssue]]:
    candidates = roster.classes_with_students()
    if not candidates:
        raise ImportRefused(_("The export has no class with students in it."))
    chosen = request.POST.get("roster_class", "")
    if len(candidates) == 1:
        chosen = candidates[0].sourced_id
    if chosen not in {c.sourced_id for c in candidates}:
        raise _ChooseClass(
            _("This export has %(count)d classes. Choose one and upload the files again.")
            % {"count": len(candidates)},
            roster,
        )
    return roster.rows_for(chosen), roster.issues


@teacher_required
@require_POST
def students_import_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    classroom: Classroom = classroom_for(request.user, pk)
    try:
        data = signing.loads(request.POST.get("payload", ""), salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        messages.error(request, _("That preview has expired. Please start again."))
        return redirect("students_import", pk=classroom.pk)
    if data.get("c") != classroom.pk or data.get("u") != request.user.pk:
        messages.error(request, _("That preview was for another class. Please start again."))
        return redirect("students_import", pk=classroom.pk)
    # A preview signed before school logins were read has two columns.
    rows = [[*row, ""][:3] for row in data.get("rows") or []]
    try:
        cards = students_create(
            classroom=classroom,
            names=[name for name, _id, _login in rows],
            external_ids=[ext for _name, ext, _login in rows],
            school_logins=[login for _name, _ext, login in rows],
        )
    except ValidationError as error:
        messages.error(request, _("Nothing was added: %(why)s") % {"why": error.messages[0]})
        return redirect("students_import", pk=classroom.pk)
    messages.success(
        request,
        _(
            "%(count)d students added. Print their login cards now: this is the only time these "
            "passwords are shown."
        )
        % {"count": len(cards)},
    )
    return cards_sheet_redirect(
        request, classroom=classroom, cards=cards, title=_("Login cards for %s") % classroom
    )
