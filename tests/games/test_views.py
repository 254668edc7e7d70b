"""The play pages render for the right people and refuse everyone else."""

import pytest

from games.models import Match
from tests.games.start_data import computer_post

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]


def test_a_seated_student_sees_the_match_screen_without_inline_scripts(client, make_match):
    match = make_match()
    client.force_login(match.seats.get(index=0).user)
    response = client.get(f"/play/m/{match.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'ws-connect="/ws/match/{match.pk}/"' in html
    assert 'id="board"' in html and 'data-die="A-D20"' in html and 'data-die="B-D4"' in html
    assert "<script>" not in html and "style=" not in html


def test_the_teacher_of_the_class_spectates(client, make_match, teacher):
    match = make_match()
    client.force_login(teacher)
    html = client.get(f"/play/m/{match.pk}/").content.decode()
    assert 'data-role="spectator"' in html
    assert 'id="move-form"' not in html


def test_others_get_not_found(client, make_match, make_student, make_teacher):
    match = make_match()
    for user in (make_student().user, make_teacher()):
        client.force_login(user)
        assert client.get(f"/play/m/{match.pk}/").status_code == 404
    client.logout()
    assert client.get(f"/play/m/{match.pk}/").status_code == 302


def test_a_student_starts_a_game_against_the_computer_with_variants(client, make_student):
    student = make_student()
    client.force_login(student.user)
    assert client.get("/play/").status_code == 200
    data = computer_post("warriors", strength="expert", three_captures="on")
    response = client.post("/play/computer/", data)
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == f"/play/m/{match.pk}/"
    assert match.variants["three_captures"] is True
    assert match.seats.get(index=1).bot_level == "expert"
    assert match.classroom == student.classroom


def test_conflicting_variants_are_refused(client, make_student):
    client.force_login(make_student().user)
    data = computer_post("warriors", plus_minus="on", times_divide="on")
    response = client.post("/play/computer/", data)
    assert response.status_code == 400
    assert not Match.objects.exists()
