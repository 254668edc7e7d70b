"""Report pages and downloads: who may see what, and what the pages show."""

import re

import pytest
from django.urls import reverse

from games.models import Match
from games.progress.models import PracticeChoice

from .conftest import answer, at, mind

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]


@pytest.fixture
def played(warriors_match, cardwar_match, two_students, record):
    """Ada: 6 additions (4 right) and 3 card-war divisions; Ben: one subtraction."""
    record(warriors_match, [mind()] * 4 + [mind(ok=False)] * 2, at(1))
    record(warriors_match, [mind(seat=1, sub=True)], at(1))
    record(cardwar_match(3), [answer(3, 7, 2, op="div")] * 3, at(2))
    return two_students


def teacher_pages(classroom, student):
    return [
        reverse("progress:class", args=[classroom.pk]),
        reverse("progress:class_facts", args=[classroom.pk]),
        reverse("progress:class_summary_csv", args=[classroom.pk]),
        reverse("progress:class_calculations_csv", args=[classroom.pk]),
        reverse("progress:student", args=[student.pk]),
        reverse("progress:student_skills_csv", args=[student.pk]),
        reverse("progress:student_calculations_csv", args=[student.pk]),
    ]


def test_the_teacher_of_the_class_reads_every_report(client, teacher, classroom, played):
    client.force_login(teacher)
    for url in teacher_pages(classroom, played[0]):
        response = client.get(url)
        assert response.status_code == 200, url


def test_a_teacher_of_another_class_reads_none(client, make_teacher, classroom, played):
    client.force_login(make_teacher())
    for url in teacher_pages(classroom, played[0]):
        assert client.get(url).status_code == 404, url  # the same as for an id that is not there
    post = reverse("progress:practice_choice", args=[played[0].pk])
    assert client.post(post, {"skill": "addition", "action": "pin"}).status_code == 404
    assert not PracticeChoice.objects.exists()


def test_a_pupil_or_class_not_yours_and_one_that_does_not_exist_look_the_same(
    client, make_teacher, classroom, played
):
    client.force_login(make_teacher())
    missing = max(played[0].pk, classroom.pk) + 1000
    for name, real in (("progress:student", played[0].pk), ("progress:class", classroom.pk)):
        theirs = client.get(reverse(name, args=[real]))
        nowhere = client.get(reverse(name, args=[missing]))
        assert theirs.status_code == nowhere.status_code == 404
        main = [
            re.search(r"<main.*</main>", r.content.decode(), re.S)[0] for r in (theirs, nowhere)
        ]
        assert main[0] == main[1]  # the page says nothing more (its head has a fresh nonce)


def test_students_read_no_teacher_report_not_even_their_own(client, classroom, played):
    client.force_login(played[0].user)
    for url in teacher_pages(classroom, played[0]):
        assert client.get(url).status_code == 403, url


def test_anonymous_visitors_go_to_the_login_page(client, classroom, played):
    for url in [*teacher_pages(classroom, played[0]), reverse("progress:mine")]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url


def test_missing_students_and_classes_are_not_found(client, teacher):
    client.force_login(teacher)
    assert client.get(reverse("progress:student", args=[999999])).status_code == 404
    assert client.get(reverse("progress:class", args=[999999])).status_code == 404


def test_a_student_sees_only_their_own_progress(client, played):
    ada, ben = played
    client.force_login(ada.user)
    page = client.get(reverse("progress:mine")).content.decode()
    assert "Your progress, Ada" in page
    assert "4 of 6 right" in page
    assert "Ben" not in page
    client.force_login(ben.user)
    page = client.get(reverse("progress:mine")).content.decode()
    assert "Subtraction" in page and "Addition" not in page


def test_a_teacher_has_no_student_progress_page(client, teacher):
    client.force_login(teacher)
    assert client.get(reverse("progress:mine")).status_code == 403


def test_the_class_overview_shows_levels_counts_and_thin_data(client, teacher, classroom, played):
    client.force_login(teacher)
    page = client.get(reverse("progress:class", args=[classroom.pk])).content.decode()
    assert "Familiar" in page and "4 of 6" in page
    assert "Not enough yet" in page and "1 of 1" in page
    assert "cells have thin data" in page


def test_the_overview_sorts_by_a_skill_with_thin_evidence_last(client, teacher, classroom, played):
    client.force_login(teacher)
    url = reverse("progress:class", args=[classroom.pk])
    page = client.get(url, {"sort": "addition", "dir": "desc"}).content.decode()
    assert page.index(">Ada<") < page.index(">Ben<")
    assert 'aria-sort="descending"' in page
    page = client.get(url, {"sort": "addition"}).content.decode()
    assert page.index(">Ada<") < page.index(">Ben<")  # Ben's thin evidence stays last
    assert 'aria-sort="ascending"' in page
    page = client.get(url, {"sort": "name", "dir": "desc"}).content.decode()
    assert page.index(">Ben<") < page.index(">Ada<")


def test_a_bad_window_says_so_and_shows_the_default(client, teacher, classroom, played):
    client.force_login(teacher)
    url = reverse("progress:class", args=[classroom.pk])
    response = client.get(url, {"window": "custom", "start": "2026-12-01", "end": "2026-01-01"})
    assert response.status_code == 400
    assert "Choose both dates" in response.content.decode()
    assert "4 of 6" in response.content.decode()
    assert client.get(url, {"window": "forever"}).status_code == 400


def test_the_student_report_shows_every_section(client, teacher, played):
    client.force_login(teacher)
    page = client.get(reverse("progress:student", args=[played[0].pk])).content.decode()
    for text in [
        "Practise next",
        "4 of 6 right",
        "Week by week",
        "Maths Warriors strategy",
        "Card war: best choice",
        "Game results",
        "Division (card war level 3)",
        "Recent moves",
        "2 + 4",
    ]:
        assert text in page, text


def test_pin_dismiss_and_clear_a_suggestion(client, teacher, played):
    ada = played[0]
    client.force_login(teacher)
    url = reverse("progress:practice_choice", args=[ada.pk])
    client.post(url, {"skill": "roots", "action": "pin"})
    choice = PracticeChoice.objects.get()
    assert (choice.student, choice.skill, choice.kind, choice.teacher) == (
        ada.user,
        "roots",
        "pinned",
        teacher,
    )
    page = client.get(reverse("progress:student", args=[ada.pk])).content.decode()
    assert "Chosen by your teacher" in page
    client.post(url, {"skill": "roots", "action": "dismiss"})
    assert PracticeChoice.objects.get().kind == "dismissed"
    client.post(url, {"skill": "roots", "action": "clear"})
    assert not PracticeChoice.objects.exists()
    response = client.post(url, {"skill": "juggling", "action": "pin"}, follow=True)
    assert "nothing was changed" in response.content.decode()
    assert not PracticeChoice.objects.exists()


def test_the_practice_button_starts_a_warriors_match_against_the_computer(client, played):
    ada = played[0]
    client.force_login(ada.user)
    response = client.post(
        reverse("progress:practice_start"),
        {"skill": "division", "practice": "warriors:times_divide"},
    )
    match = Match.objects.latest("pk")
    assert response["Location"] == reverse("games:match", args=[match.pk])
    assert match.variants["times_divide"] is True
    assert [s.user_id or s.bot_level for s in match.seats.order_by("index")] == [
        ada.user_id,
        "beginner",
    ]


def test_card_war_practice_starts_a_card_war_match_against_the_computer(client, played):
    client.force_login(played[0].user)
    response = client.post(
        reverse("progress:practice_start"),
        {"skill": "division", "practice": "cardwar:3"},
        follow=True,
    )
    match = Match.objects.latest("created_at")
    assert (match.game, match.variants["level"]) == ("cardwar", 3)
    assert [(s.user, s.bot_level) for s in match.seats.order_by("index")] == [
        (played[0].user, ""),
        (None, "beginner"),
    ]
    assert 'class="cw-answer"' in response.content.decode()  # its answer form


def test_a_practice_that_is_not_offered_is_refused(client, played):
    client.force_login(played[0].user)
    before = Match.objects.count()
    response = client.post(
        reverse("progress:practice_start"),
        {"skill": "division", "practice": "warriors:plus_minus"},
        follow=True,
    )
    assert "not one we offer" in response.content.decode()
    assert Match.objects.count() == before


def test_the_help_page_lists_thresholds_and_csv_columns(client):
    page = client.get(reverse("progress:help")).content.decode()
    assert "Mastered" in page and "90 %" in page
    assert "value_numerator" in page and "multiplication_median_ms" in page


def test_class_pages_link_to_the_reports(client, teacher, classroom, played):
    client.force_login(teacher)
    link = reverse("progress:class", args=[classroom.pk])
    assert link in client.get(reverse("classroom_detail", args=[classroom.pk])).content.decode()
    assert link in client.get(reverse("teacher_dashboard")).content.decode()
    student_link = reverse("progress:student", args=[played[0].pk])
    assert (
        student_link in client.get(reverse("student_detail", args=[played[0].pk])).content.decode()
    )
    client.force_login(played[0].user)
    assert reverse("progress:mine") in client.get(reverse("games:lobby")).content.decode()


def test_the_class_overview_opens_with_who_needs_help_with_what(
    client, teacher, classroom, warriors_match, two_students, make_student, record
):
    ada, ben = two_students
    make_student("Cy Quiet")  # no games at all
    record(warriors_match, [mind(sub=True)] + [mind(sub=True, ok=False)] * 5, at(1))  # 1 of 6
    record(warriors_match, [mind(seat=1)] * 6, at(1))  # Ben: 6 of 6, small but perfect
    client.force_login(teacher)
    page = client.get(reverse("progress:class", args=[classroom.pk])).content.decode()
    help_list = page[page.index('id="help-heading"') : page.index('id="overview"')]
    assert "Subtraction" in help_list and "1 of 6 right (17 %) in this period" in help_list
    assert ben.display_name not in help_list  # nothing under 60 %
    assert help_list.count("<li>") == 2  # Ada's subtraction and her exact targets, no more
    assert '<input type="hidden" name="back" value="class">' in help_list
    assert "No games in this period." in page  # Cy's row says why it is empty
    assert "lvl-familiar is-good" in page  # Ben's 6 of 6 is not amber
    # One click sets the practice and comes back to the overview.
    response = client.post(
        reverse("progress:practice_choice", args=[ada.pk]),
        {"skill": "subtraction", "action": "pin", "back": "class"},
    )
    assert response["Location"] == reverse("progress:class", args=[classroom.pk])
    assert PracticeChoice.objects.get().skill == "subtraction"


def test_a_row_with_games_but_no_calculation_says_so(
    client, teacher, classroom, warriors_match, two_students
):
    from games.models import Match as M

    finished = {"status": M.Status.FINISHED, "winner_seat": 0, "finished_at": at(1)}
    M.objects.filter(pk=warriors_match.pk).update(**finished)
    client.force_login(teacher)
    page = client.get(reverse("progress:class", args=[classroom.pk])).content.decode()
    assert "1 game in this period, but no calculation that counts for a skill" in page
