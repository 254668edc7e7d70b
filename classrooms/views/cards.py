"""Printable login cards: an A4 sheet, one card per student, with a QR login link each.

Cards can only be shown when their secrets are made (see classrooms.services.cards), so every
card sheet is the response to a POST that creates or resets, and is never cached.
"""

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.models import Classroom
from classrooms.permissions import classroom_for, student_for, teacher_required
from classrooms.selectors import students_for_classroom
from classrooms.services.cards import student_cards_issue
from classrooms.services.students import StudentCard
from classrooms.views.responses import no_store


def qr_svg(url: str) -> str:
    """An inline SVG QR code for `url` (segno emits only paths and attributes: CSP-safe)."""
    qr = segno.make(url, error="m")
    return mark_safe(  # noqa: S308 - segno's own SVG output; the url is ours.
        qr.svg_inline(scale=3, border=2, title=_("Login QR code"), svgclass="qr")
    )


def cards_render(
    request: HttpRequest, *, classroom: Classroom, cards: list[StudentCard], title: str
) -> HttpResponse:
    """The card sheet for freshly issued `cards`."""
    items = []
    for card in cards:
        url = request.build_absolute_uri(reverse("student_qr_login", args=[card.token]))
        items.append(
            {
                "name": card.student.display_name,
                "username": card.student.user.username,
                "password": card.password,
                "qr": qr_svg(url),
            }
        )
    response = render(
        request,
        "classrooms/cards/sheet.html",
        {"classroom": classroom, "cards": items, "title": title},
    )
    return no_store(response)


@teacher_required
def classroom_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what printing again does (resets); POST: reset everyone and show the sheet."""
    classroom = classroom_for(request.user, pk)
    students = list(students_for_classroom(classroom=classroom))
    if request.method != "POST":
        return render(
            request,
            "classrooms/cards/confirm.html",
            {"classroom": classroom, "students": students},
        )
    cards = student_cards_issue(students=students)
    return cards_render(
        request, classroom=classroom, cards=cards, title=_("Login cards for %s") % classroom
    )


@teacher_required
@require_POST
def student_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Reset one student's password and QR code, and show their new card."""
    student = student_for(request.user, pk)
    cards = student_cards_issue(students=[student])
    return cards_render(
        request,
        classroom=student.classroom,
        cards=cards,
        title=_("New login card for %s") % student.display_name,
    )
