"""Whose language a page speaks: the person's, then their class's, then the login pages' choice,
then the browser's; never a browser memory that outlives a logout."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from classrooms.languages import COOKIE, COOKIE_SECONDS, from_accept_language
from classrooms.models import User
from classrooms.services.classrooms import classroom_create
from classrooms.services.languages import user_language_set

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]

LOBBY = reverse("games:lobby")
HOME = reverse("home")
ENGLISH_HOME, NORSK_HOME = "I'm a student", "Jeg er elev"


def text(response) -> str:
    return response.content.decode()


def lang(response) -> str:
    """The language the page says it is in (<html lang>)."""
    html = text(response)
    start = html.index('<html lang="') + len('<html lang="')
    return html[start : html.index('"', start)]


def log_in(client, card) -> None:
    url = reverse("student_password", args=[card.student.classroom.code, card.student.pk])
    response = client.post(url, {"password": card.password})
    assert response.status_code == 302, text(response)


def choose(client, language: str, next_url: str = HOME):
    return client.post(reverse("language_choose"), {"language": language, "next": next_url})


# --- the browser's language ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("no", "nb"),
        ("nn", "nb"),
        ("nb-NO", "nb"),
        ("nn-NO,nn;q=0.9,en;q=0.5", "nb"),
        ("de-DE, no;q=0.4", "nb"),  # German is not offered: the next choice is Norwegian
        ("en-GB,en;q=0.9", "en"),
        ("en;q=0.5, nb;q=0.9", "nb"),  # by preference, not by position
        ("de", None),
        ("*", None),
        ("", None),
    ],
)
def test_norwegian_browsers_get_bokmal_and_others_their_first_language_we_have(header, expected):
    assert from_accept_language(header) == expected


def test_a_visitor_sees_the_browsers_language_and_the_site_default_otherwise(client):
    norsk = client.get(HOME, headers={"accept-language": "nn-NO"})
    assert lang(norsk) == "nb" and NORSK_HOME in text(norsk)
    assert norsk["Content-Language"] == "nb"
    assert "Accept-Language" in norsk["Vary"]
    other = client.get(HOME, headers={"accept-language": "de"})
    assert lang(other) == "en" and ENGLISH_HOME in text(other)


# --- the login pages' switch --------------------------------------------------------------------


def test_the_login_pages_switch_speaks_the_chosen_language_for_an_hour(client):
    response = choose(client, "nb", reverse("student_class_code"))
    assert response.status_code == 302
    assert response["Location"] == reverse("student_class_code")
    cookie = response.cookies[COOKIE]
    assert cookie.value == "nb" and cookie["max-age"] == COOKIE_SECONDS and cookie["httponly"]
    page = client.get(reverse("student_class_code"), headers={"accept-language": "en"})
    assert lang(page) == "nb" and "Skriv klassekoden din" in text(page)


def test_each_language_on_the_switch_is_named_in_its_own_language(client):
    html = text(client.get(reverse("login"), headers={"accept-language": "nb"}))
    assert 'lang="en" class="link" aria-pressed="false">English</button>' in html
    assert 'lang="nb" class="link" aria-pressed="true">Norsk bokmål</button>' in html


def test_the_switch_refuses_a_language_we_do_not_have_and_changes_nothing(client):
    response = choose(client, "xx", reverse("login"))
    assert response["Location"] == reverse("login")
    assert COOKIE not in response.cookies
    page = client.get(reverse("login"))
    assert "That language is not available." in text(page) and lang(page) == "en"


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/x", ""])
def test_the_switch_goes_back_only_to_a_page_of_this_site(client, next_url):
    assert choose(client, "nb", next_url)["Location"] == HOME


def test_the_switch_needs_a_post_with_csrf(make_room):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.get(reverse("language_choose")).status_code == 405
    assert strict.post(reverse("language_choose"), {"language": "nb"}).status_code == 403


def test_the_login_pages_choice_does_not_reach_the_student_who_logs_in(
    client, make_room, make_cards
):
    room = make_room()  # English
    card = make_cards(room, "Maya K.")[0]
    choose(client, "nb")
    url = reverse("student_password", args=[room.code, card.student.pk])
    response = client.post(url, {"password": card.password})
    assert response.cookies[COOKIE].value == "" and response.cookies[COOKIE]["max-age"] == 0
    lobby = client.get(LOBBY)
    assert lang(lobby) == "en" and "Hi, Maya K.!" in text(lobby)
    client.post(reverse("logout"))
    assert lang(client.get(HOME)) == "en"  # and not the choice made before that login


def test_the_login_pages_choice_does_not_reach_the_teacher_who_logs_in(client, make_teacher):
    teacher = make_teacher(username="ms_lund")
    choose(client, "nb")
    response = client.post(
        reverse("login"), {"username": "ms_lund", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302 and response.cookies[COOKIE]["max-age"] == 0
    assert lang(client.get(reverse("teacher_dashboard"))) == "en"
    teacher.refresh_from_db()
    assert teacher.language == ""


def test_the_student_login_pages_speak_the_class_language_once_the_code_is_known(
    client, make_room, make_cards, make_teacher
):
    room = classroom_create(name="4B", teacher=make_teacher(), language="nb")
    card = make_cards(room, "Maya K.")[0]
    names = client.get(reverse("student_pick_name", args=[room.code]))
    assert lang(names) == "nb" and "Trykk på navnet ditt" in text(names)
    password = client.get(reverse("student_password", args=[room.code, card.student.pk]))
    assert "Hei, Maya K.!" in text(password)
    choose(client, "en")  # unless the visitor chose
    assert lang(client.get(reverse("student_pick_name", args=[room.code]))) == "en"


def test_a_qr_card_asks_in_the_students_language(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    user_language_set(user=card.student.user, language="nb")
    page = client.get(reverse("student_qr_login", args=[card.token]))
    assert lang(page) == "nb" and "Er du Maya K.?" in text(page)


# --- the person's language ----------------------------------------------------------------------


def test_a_student_sees_their_class_language_whatever_the_browser_says(
    client, make_room, make_cards, make_teacher
):
    room = classroom_create(name="4B", teacher=make_teacher(), language="nb")
    log_in(client, make_cards(room, "Maya K.")[0])
    lobby = client.get(LOBBY, headers={"accept-language": "en"})
    assert lang(lobby) == "nb" and "Hei, Maya K.!" in text(lobby)


def test_a_change_of_the_class_language_reaches_its_students_on_their_next_page(
    client_factory, make_room, make_cards
):
    room = make_room()
    teacher, pupil = client_factory(), client_factory()
    teacher.force_login(room.teachers.get())
    log_in(pupil, make_cards(room, "Maya K.")[0])
    assert lang(pupil.get(LOBBY)) == "en"
    response = teacher.post(reverse("classroom_language", args=[room.pk]), {"language": "nb"})
    assert response["Location"] == reverse("classroom_detail", args=[room.pk])
    page = teacher.get(response["Location"])
    assert "Students of this class now see Norsk bokmål" in text(page)
    assert 'value="nb" selected' in text(page)
    assert "Hei, Maya K.!" in text(pupil.get(LOBBY))


def test_the_class_language_form_refuses_bad_input_and_other_teachers(
    client, make_room, make_teacher
):
    room = make_room()
    client.force_login(room.teachers.get())
    response = client.post(reverse("classroom_language", args=[room.pk]), {"language": "xx"})
    assert response.status_code == 400 and "Select a valid choice" in text(response)
    client.force_login(make_teacher())
    response = client.post(reverse("classroom_language", args=[room.pk]), {"language": "nb"})
    assert response.status_code in (403, 404)
    room.refresh_from_db()
    assert room.language == "en"


def test_a_students_own_choice_overrides_the_class_and_picking_the_class_one_follows_it(
    client, make_room, make_cards, make_teacher
):
    room = classroom_create(name="4B", teacher=make_teacher(), language="nb")
    card = make_cards(room, "Maya K.")[0]
    log_in(client, card)
    response = choose(client, "en", LOBBY)
    assert response["Location"] == LOBBY and COOKIE not in response.cookies
    assert "Hi, Maya K.!" in text(client.get(LOBBY))
    user = User.objects.get(pk=card.student.user.pk)
    assert user.language == "en"
    choose(client, "nb", LOBBY)
    user.refresh_from_db()
    assert user.language == ""  # follows the class again
    assert "Hei, Maya K.!" in text(client.get(LOBBY))


def test_a_teacher_sets_their_own_language_in_the_header(client, make_teacher):
    teacher = make_teacher()
    client.force_login(teacher)
    assert lang(client.get(reverse("teacher_dashboard"), headers={"accept-language": "nb"})) == "nb"
    choose(client, "en", reverse("teacher_dashboard"))
    teacher.refresh_from_db()
    assert teacher.language == "en"
    page = client.get(reverse("teacher_dashboard"), headers={"accept-language": "nb"})
    assert lang(page) == "en" and "My classes" in text(page)


def test_two_students_on_one_browser_each_see_their_own_language(
    client, make_room, make_cards, make_teacher
):
    norsk = classroom_create(name="4B", teacher=make_teacher(), language="nb")
    english = make_room("5A")
    maya, ben = make_cards(norsk, "Maya K.")[0], make_cards(english, "Ben T.")[0]
    for card, expected in [(maya, "Hei, Maya K.!"), (ben, "Hi, Ben T.!"), (maya, "Hei, Maya K.")]:
        log_in(client, card)
        assert expected in text(client.get(LOBBY))
        client.post(reverse("logout"))


def test_a_teacher_signs_up_in_the_language_they_read_and_their_classes_follow(client):
    choose(client, "nb")
    response = client.post(
        reverse("signup"),
        {
            "username": "fru_berg",
            "email": "berg@skole.example",
            "password1": "rutebok-sommer-42",
            "password2": "rutebok-sommer-42",
        },
    )
    assert response.status_code == 302
    teacher = User.objects.get(username="fru_berg")
    assert teacher.language == "nb"
    client.post(reverse("classroom_create"), {"name": "4B"}, headers={"accept-language": "en"})
    assert teacher.classrooms.get().language == "nb"


def test_a_new_class_takes_its_teachers_language_and_refuses_one_we_do_not_have(make_teacher):
    teacher = make_teacher()
    assert classroom_create(name="A", teacher=teacher).language == "en"
    user_language_set(user=teacher, language="nb")
    assert classroom_create(name="B", teacher=teacher).language == "nb"
    with pytest.raises(ValidationError):
        classroom_create(name="C", teacher=teacher, language="xx")
    with pytest.raises(ValidationError):
        user_language_set(user=teacher, language="xx")
    teacher.refresh_from_db()
    assert teacher.language == "nb"


def test_a_password_reset_email_is_in_the_teachers_language_not_the_visitors(client, make_teacher):
    from django.core import mail

    teacher = make_teacher(username="fru_berg")
    user_language_set(user=teacher, language="nb")
    response = client.post(
        reverse("password_reset"),
        {"email": teacher.email},
        headers={"accept-language": "en"},
    )
    assert response.status_code == 302
    [email] = mail.outbox
    assert email.subject == "Lag nytt passord til Maths Arena"
    assert "«fru_berg»" in email.body
    assert lang(client.get(response["Location"], headers={"accept-language": "en"})) == "en"
