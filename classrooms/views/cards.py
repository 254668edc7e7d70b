"""Printable login cards: an A4 sheet, one card per student, with a QR login link each.

Issuing cards is a POST that resets passwords; it answers with a redirect to the sheet, which
is safe to reload for a short while (see classrooms.services.card_sheets) and never cached.
"""

import segno
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classrooms.models import Classroom
from classrooms.permissions import classroom_for, student_for, teacher_required
from classrooms.selectors import students_for_classroom
from classrooms.services.card_sheets import (
    SHEET_SECONDS,
    card_sheet_discard,
    card_sheet_open,
    card_sheet_store,
)
from classrooms.services.cards import student_cards_issue
from classrooms.services.students import StudentCard
from classrooms.views.responses import confirmation, no_store

SHEET_COOKIE = "card_sheet_key"


def qr_svg(url: str) -> str:
    """An inline SVG QR code for `url` (segno emits only paths and attributes: CSP-safe)."""
    qr = segno.make(url, error="m")
    return mark_safe(  # noqa: S308 - segno's own SVG output; the url is ours.
        qr.svg_inline(scale=3, border=2, title=_("Login QR code"), svgclass="qr")
    )


def cards_sheet_redirect(
    request: HttpRequest, *, classroom: Classroom, cards: list[StudentCard], title: str
) -> HttpResponse:
    """Keep the freshly issued `cards` and send the teacher to the sheet that shows them."""
    sheet_id, key = card_sheet_store(
        teacher=request.user, classroom=classroom, cards=cards, title=title
    )
    url = reverse("card_sheet", args=[sheet_id])
    response = redirect(url)
    response.set_cookie(
        SHEET_COOKIE,
        key,
        max_age=SHEET_SECONDS,
        path=url,
        httponly=True,
        samesite="Strict",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


@teacher_required
def card_sheet(request: HttpRequest, sheet_id: str) -> HttpResponse:
    """The sheet of cards just issued; after SHEET_SECONDS, a page saying how to print again."""
    sheet = card_sheet_open(
        sheet_id=sheet_id, key=request.COOKIES.get(SHEET_COOKIE, ""), teacher=request.user
    )
    if sheet is None:
        return no_store(render(request, "classrooms/cards/expired.html", status=410))
    classroom = classroom_for(request.user, sheet.classroom_pk)
    login_url = request.build_absolute_uri(reverse("student_class_code"))
    items = [
        {
            "name": card.name,
            "password": card.password,
            "qr": qr_svg(
                request.build_absolute_uri(reverse("student_qr_login", args=[card.token]))
            ),
        }
        for card in sheet.cards
    ]
    context = {
        "classroom": classroom,
        "cards": items,
        "title": sheet.title,
        "sheet_id": sheet_id,
        "replaced": sheet.replaced,
        "site": login_url.split("://", 1)[-1],
        "minutes": SHEET_SECONDS // 60,
    }
    return no_store(render(request, "classrooms/cards/sheet.html", context))


@teacher_required
@require_POST
def card_sheet_done(request: HttpRequest, sheet_id: str) -> HttpResponse:
    """Forget the sheet now: its passwords cannot be shown again."""
    sheet = card_sheet_open(
        sheet_id=sheet_id, key=request.COOKIES.get(SHEET_COOKIE, ""), teacher=request.user
    )
    card_sheet_discard(sheet_id=sheet_id, teacher=request.user)
    target = (
        redirect("classroom_detail", pk=sheet.classroom_pk)
        if sheet
        else redirect("teacher_dashboard")
    )
    target.delete_cookie(SHEET_COOKIE, path=reverse("card_sheet", args=[sheet_id]))
    return target


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
    return cards_sheet_redirect(
        request, classroom=classroom, cards=cards, title=_("Login cards for %s") % classroom
    )


@teacher_required
@require_POST
def student_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Reset one student's password and QR code (once confirmed), and show their new card."""
    student = student_for(request.user, pk)
    ask = confirmation(
        request,
        title=_("A new password and card for %(name)s?") % {"name": student.display_name},
        consequences=[
            _("Their password and QR code change at once: the card they have stops working."),
            _("They are logged out everywhere until they log in with the new card."),
        ],
        button=_("Make a new password and card"),
        cancel_url=reverse("student_detail", args=[student.pk]),
    )
    if ask is not None:
        return ask
    cards = student_cards_issue(students=[student])
    return cards_sheet_redirect(
        request,
        classroom=student.classroom,
        cards=cards,
        title=_("New login card for %s") % student.display_name,
    )
