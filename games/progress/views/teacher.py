"""The teacher's report pages: class overview, class fact families, a student's report."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.permissions import classroom_for, student_for, teacher_required
from games.evidence.skills import SKILLS
from games.progress import reports, selectors
from games.progress.facts import FACT_MIN_ATTEMPTS, fact_grids
from games.progress.forms import PracticeChoiceForm
from games.progress.labels import SKILL_LABELS, SKILL_SHORT
from games.progress.mastery import MIN_ATTEMPTS
from games.progress.models import PracticeChoice
from games.progress.services import practice_choice_clear, practice_choice_set
from games.progress.views.common import status_of, window_from


@teacher_required
def class_overview(request: HttpRequest, pk: int) -> HttpResponse:
    """Students × skills for one window, sortable by any column."""
    classroom = classroom_for(request.user, pk)
    form, window, query = window_from(request)
    sort = request.GET.get("sort", "name")
    sort = sort if sort in reports.SORTS else "name"
    descending = request.GET.get("dir") == "desc"
    rows = reports.class_rows(classroom, window, sort=sort, descending=descending)
    thin = sum(not f.enough and f.attempts > 0 for row in rows for f in row.skills)
    assisted = sum(row.assisted for row in rows)
    context = {
        "classroom": classroom,
        "columns": _columns(sort, descending),
        "form": form,
        "window": window,
        "query": query,
        "rows": rows,
        "help": reports.needs_help(rows),
        "skills": SKILLS,
        "sort": sort,
        "descending": descending,
        "thin": thin,
        "assisted": assisted,
        "min_attempts": MIN_ATTEMPTS,
    }
    return render(request, "progress/class_overview.html", context, status=status_of(form))


def _columns(sort: str, descending: bool) -> list[dict]:
    """The overview's header links: the sorted column flips; others sort best first (names A–Z)."""
    labels = [("name", _("Student")), ("games", _("Games")), ("wins", _("Won"))]
    labels += [(skill, SKILL_SHORT[skill]) for skill in SKILLS]
    columns = []
    for key, label in labels:
        if key == sort:
            following = "asc" if descending else "desc"
            aria = "descending" if descending else "ascending"
        else:
            following, aria = ("asc" if key == "name" else "desc"), None
        columns.append({"key": key, "label": label, "next": following, "aria_sort": aria})
    return columns


@teacher_required
def class_facts(request: HttpRequest, pk: int) -> HttpResponse:
    """The class's fact-family grids (card war levels 1–4)."""
    classroom = classroom_for(request.user, pk)
    form, window, query = window_from(request)
    ids = list(
        classroom.students.filter(archived_at__isnull=True).values_list("user_id", flat=True)
    )
    context = {
        "classroom": classroom,
        "form": form,
        "window": window,
        "query": query,
        "grids": fact_grids(selectors.fact_families(ids, window)),
        "fact_min": FACT_MIN_ATTEMPTS,
    }
    return render(request, "progress/class_facts.html", context, status=status_of(form))


@teacher_required
def student_report(request: HttpRequest, pk: int) -> HttpResponse:
    """One student's report for their teacher."""
    student = student_for(request.user, pk)
    form, window, query = window_from(request)
    today = timezone.localdate()
    context = {
        "student": student,
        "form": form,
        "window": window,
        "query": query,
        "report": reports.student_report(student, window, today),
        "grids": fact_grids(selectors.fact_families([student.user_id], window)),
        "fact_min": FACT_MIN_ATTEMPTS,
        "recent": selectors.recent_calculations(student.user_id, window),
        "choices": {
            c.skill: c.kind for c in PracticeChoice.objects.filter(student_id=student.user_id)
        },
        "choice_form": PracticeChoiceForm(),
        "skill_labels": [(s, SKILL_LABELS[s]) for s in SKILLS],
    }
    return render(request, "progress/student_report.html", context, status=status_of(form))


@teacher_required
@require_POST
def practice_choice(request: HttpRequest, pk: int) -> HttpResponse:
    """Pin a skill, dismiss a suggestion, or clear the choice; back to the student's report."""
    student = student_for(request.user, pk)
    form = PracticeChoiceForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That choice is not understood; nothing was changed."))
        return redirect("progress:student", pk=student.pk)
    skill, action = form.cleaned_data["skill"], form.cleaned_data["action"]
    label = SKILL_LABELS[skill]
    if action == "clear":
        practice_choice_clear(student=student, skill=skill)
        messages.success(
            request, _("%(skill)s: back to the automatic suggestion.") % {"skill": label}
        )
    else:
        kind = PracticeChoice.Kind.PINNED if action == "pin" else PracticeChoice.Kind.DISMISSED
        practice_choice_set(student=student, skill=skill, kind=kind, teacher=request.user)
        text = (
            _("%(skill)s is pinned: it is always suggested first.")
            if action == "pin"
            else _("%(skill)s is dismissed for 30 days.")
        )
        messages.success(request, text % {"skill": label})
    if request.POST.get("back") == "class":  # pinned from the class overview's help list
        return redirect("progress:class", pk=student.classroom_id)
    return redirect("progress:student", pk=student.pk)
