"""Logging in: students by class code + name + password or QR; throttling; teachers."""

import pytest
from django.conf import settings
from django.urls import reverse

from classrooms.services.cards import student_cards_issue, student_login_token_revoke
from classrooms.services.classrooms import classroom_archive
from classrooms.services.students import student_archive

pytestmark = pytest.mark.django_db
TOO_MANY = "Too many tries. Wait a minute and try again."


def _password_url(card):
    return reverse("student_password", args=[card.student.classroom.code, card.student.pk])


def _logged_in_as(client, user) -> bool:
    return client.session.get("_auth_user_id") == str(user.pk)


@pytest.mark.smoke
def test_student_logs_in_with_class_code_name_and_password(client, make_room, make_cards):
    room = make_room()
    card = make_cards(room, "Maya K.", "Ben T.")[0]
    response = client.post(reverse("student_class_code"), {"code": room.code.lower()})
    assert response["Location"] == reverse("student_pick_name", args=[room.code])
    names = client.get(response["Location"])
    assert "Maya K." in names.content.decode() and "Ben T." in names.content.decode()
    response = client.post(_password_url(card), {"password": f" {card.password} "})
    assert response.status_code == 302
    assert response["Location"] == reverse(settings.STUDENT_HOME_URL_NAME)
    assert _logged_in_as(client, card.student.user)
    home = client.get(reverse(settings.STUDENT_HOME_URL_NAME))
    assert "Maya K." in home.content.decode() and room.name in home.content.decode()
    assert client.get(reverse("home"))["Location"] == reverse(settings.STUDENT_HOME_URL_NAME)


def test_wrong_password_shows_a_message(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    response = client.post(_password_url(card), {"password": "nope-nope"})
    assert response.status_code == 400
    assert "That password is not right" in response.content.decode()
    assert not _logged_in_as(client, card.student.user)


def test_unknown_class_code_shows_a_message(client, make_room):
    response = client.post(reverse("student_class_code"), {"code": "ZZZZZZ"})
    assert "We cannot find that class code" in response.content.decode()


def test_archived_class_or_student_cannot_log_in(client, make_room, make_cards):
    room = make_room()
    maya, ben = make_cards(room, "Maya K.", "Ben T.")
    student_archive(student=ben.student)
    assert client.post(_password_url(ben), {"password": ben.password}).status_code == 404
    classroom_archive(classroom=room)
    assert client.post(reverse("student_class_code"), {"code": room.code}).status_code == 200
    assert client.post(_password_url(maya), {"password": maya.password}).status_code == 302
    assert not _logged_in_as(client, maya.student.user)


def test_throttle_per_account_then_even_the_right_password_waits(client, make_room, make_cards):
    maya, ben = make_cards(make_room(), "Maya K.", "Ben T.")
    for _ in range(5):
        client.post(_password_url(maya), {"password": "wrong-guess"})
    response = client.post(_password_url(maya), {"password": maya.password})
    assert TOO_MANY in response.content.decode()
    assert not _logged_in_as(client, maya.student.user)
    # Ben, same class, same address, is not affected.
    assert client.post(_password_url(ben), {"password": ben.password}).status_code == 302
    assert _logged_in_as(client, ben.student.user)


def test_throttle_per_class_code_stops_guessing_across_the_class(client, make_room):
    room = make_room()
    cards = make_cards_many(room, 16)
    for card in cards[:15]:  # 4 wrong guesses each: no account is locked, the class is
        for _ in range(4):
            client.post(_password_url(card), {"password": "wrong-guess"})
    last = cards[15]
    response = client.post(_password_url(last), {"password": last.password})
    assert TOO_MANY in response.content.decode()


def make_cards_many(room, count):
    from classrooms.services.students import students_create

    return students_create(
        classroom=room, names=[f"Kid {chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(count)]
    )


def test_thirty_students_of_one_class_from_one_address_all_log_in(client_factory, make_room):
    room = make_room()
    cards = make_cards_many(room, 30)
    for index, card in enumerate(cards):
        client = client_factory(REMOTE_ADDR="10.0.0.1")
        if index % 3 == 0:  # a third of them mistype once first
            client.post(_password_url(card), {"password": "oops"})
        response = client.post(_password_url(card), {"password": card.password})
        assert response.status_code == 302, card.student.display_name
        assert _logged_in_as(client, card.student.user)


def test_qr_link_asks_then_logs_in_and_revoking_stops_it(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    url = reverse("student_qr_login", args=[card.token])
    page = client.get(url)
    assert page.status_code == 200 and "Are you Maya K.?" in page.content.decode()
    assert not _logged_in_as(client, card.student.user)  # a link preview does not log in
    response = client.post(url)
    assert response["Location"] == reverse(settings.STUDENT_HOME_URL_NAME)
    assert _logged_in_as(client, card.student.user)
    student_login_token_revoke(student=card.student)
    client.logout()
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert not _logged_in_as(client, card.student.user)


def test_printing_new_cards_replaces_the_old_qr_token(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    [new] = student_cards_issue(students=[card.student])
    assert client.post(reverse("student_qr_login", args=[card.token])).status_code == 404
    assert client.post(reverse("student_qr_login", args=[new.token])).status_code == 302
    assert "sha" not in new.token and card.student.login_token_hash != new.token


def test_teacher_login_throttled_per_account(client, make_teacher):
    teacher = make_teacher("mr_x", password="correct-horse-battery")
    url = reverse("login")
    for _ in range(5):
        client.post(url, {"username": "mr_x", "password": "bad"})
    response = client.post(url, {"username": "MR_X", "password": "correct-horse-battery"})
    assert TOO_MANY in response.content.decode()
    assert not _logged_in_as(client, teacher)


@pytest.mark.smoke
def test_teacher_logs_in_and_lands_on_the_dashboard(client, make_teacher):
    teacher = make_teacher("ms_y", password="correct-horse-battery")
    response = client.post(
        reverse("login"), {"username": "ms_y", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
    assert client.get(reverse("home"))["Location"] == reverse("teacher_dashboard")
    assert _logged_in_as(client, teacher)


def test_students_cannot_use_the_teacher_login_form(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    response = client.post(
        reverse("login"), {"username": card.student.user.username, "password": card.password}
    )
    assert response.status_code == 200
    assert not _logged_in_as(client, card.student.user)


def test_guessing_class_codes_is_throttled_per_browser_not_per_school(client_factory, make_room):
    room = make_room()
    guesser = client_factory(REMOTE_ADDR="10.0.0.1")
    for _ in range(15):
        guesser.post(reverse("student_class_code"), {"code": "ZZZZZZ"})
    response = guesser.post(reverse("student_class_code"), {"code": room.code})
    assert TOO_MANY in response.content.decode()
    follow = guesser.get(reverse("student_pick_name", args=[room.code]), follow=True)
    assert TOO_MANY in follow.content.decode()
    # A classmate on the same school address is not held up.
    classmate = client_factory(REMOTE_ADDR="10.0.0.1")
    response = classmate.post(reverse("student_class_code"), {"code": room.code})
    assert response["Location"] == reverse("student_pick_name", args=[room.code])
