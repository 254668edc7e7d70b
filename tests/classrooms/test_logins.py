"""Logging in: students by class code + name + password or QR; throttling; teachers."""

import re

import pytest
from django.conf import settings
from django.contrib.auth import hashers
from django.contrib.sessions.models import Session
from django.urls import reverse

from classrooms.devices import COOKIE, Device, device_from_request
from classrooms.services.cards import student_cards_issue, student_login_token_revoke
from classrooms.services.classrooms import classroom_archive
from classrooms.services.students import student_archive, students_create
from classrooms.services.throttle import CLASS, CODES_PER_ACCOUNT, CODES_PER_ADDRESS

pytestmark = pytest.mark.django_db
WRONG = "That password is not right"
UNKNOWN = "We cannot find that class code"
PAUSED = "Logging in with a password is paused for your class"


def _password_url(card):
    return reverse("student_password", args=[card.student.classroom.code, card.student.pk])


def _logged_in_as(client, user) -> bool:
    return client.session.get("_auth_user_id") == str(user.pk)


def _text(response) -> str:
    return response.content.decode()


def make_cards_many(room, count):
    return students_create(
        classroom=room, names=[f"Kid {chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(count)]
    )


def _log_in_and_out(client, card) -> None:
    """A student's first login on their own Chromebook, then the end of the lesson."""
    assert client.post(_password_url(card), {"password": card.password}).status_code == 302
    client.post(reverse("logout"))


@pytest.mark.smoke
def test_student_logs_in_with_class_code_name_and_password(client, make_room, make_cards):
    room = make_room()
    card = make_cards(room, "Maya K.", "Ben T.")[0]
    response = client.post(reverse("student_class_code"), {"code": room.code.lower()})
    assert response["Location"] == reverse("student_pick_name", args=[room.code])
    names = client.get(response["Location"])
    assert "Maya K." in _text(names) and "Ben T." in _text(names)
    response = client.post(_password_url(card), {"password": f" {card.password} "})
    assert response.status_code == 302
    assert response["Location"] == reverse(settings.STUDENT_HOME_URL_NAME)
    assert _logged_in_as(client, card.student.user)
    home = client.get(reverse(settings.STUDENT_HOME_URL_NAME))
    assert "Maya K." in _text(home) and room.name in _text(home)
    assert client.get(reverse("home"))["Location"] == reverse(settings.STUDENT_HOME_URL_NAME)


def test_wrong_password_shows_a_message_that_says_the_format(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    response = client.post(_password_url(card), {"password": "nope-nope"})
    assert response.status_code == 400
    assert WRONG in _text(response)
    assert "two small words joined by a dash" in _text(response)
    assert not _logged_in_as(client, card.student.user)


@pytest.mark.parametrize(
    "typed",
    [
        "{a} {b}",  # a space for the dash
        "{A}-{B}",  # capitals
        "{A} {B}",
        "  {a}  -  {b}  ",
        "{a}_{b}",
        "{a}\u2013{b}",  # an en dash, as a phone or a word processor types it
    ],
)
def test_a_password_typed_with_a_space_or_capitals_for_the_dash_is_accepted(
    client, make_room, make_cards, typed
):
    card = make_cards(make_room(), "Maya K.")[0]
    a, b = card.password.split("-")
    response = client.post(
        _password_url(card), {"password": typed.format(a=a, b=b, A=a.title(), B=b.upper())}
    )
    assert response.status_code == 302
    assert _logged_in_as(client, card.student.user)


@pytest.mark.parametrize("typed", ["{a}{b}", "{b}-{a}", "{a}", "{a}-{b}-{a}", "{a}-{b}x"])
def test_forgiving_the_format_accepts_no_other_words(client, make_room, make_cards, typed):
    card = make_cards(make_room(), "Maya K.")[0]
    a, b = card.password.split("-")
    response = client.post(_password_url(card), {"password": typed.format(a=a, b=b)})
    assert response.status_code == 400
    assert not _logged_in_as(client, card.student.user)


def test_unknown_class_code_shows_a_message(client, make_room):
    response = client.post(reverse("student_class_code"), {"code": "ZZZZZZ"})
    assert response.status_code == 404
    assert UNKNOWN in _text(response)


def test_archived_class_or_student_cannot_log_in(client, make_room, make_cards):
    room = make_room()
    maya, ben = make_cards(room, "Maya K.", "Ben T.")
    student_archive(student=ben.student)
    assert client.post(_password_url(ben), {"password": ben.password}).status_code == 404
    classroom_archive(classroom=room)
    assert UNKNOWN in _text(client.post(reverse("student_class_code"), {"code": room.code}))
    assert client.post(_password_url(maya), {"password": maya.password}).status_code == 404
    assert not _logged_in_as(client, maya.student.user)


# --- Per account: growing delays on new devices, never a lock on the student's own -------


def test_after_five_wrong_passwords_a_new_device_waits_and_the_wait_doubles(
    client, make_room, make_cards, fake_clock
):
    maya = make_cards(make_room(), "Maya K.")[0]
    for _ in range(5):  # children mistype: these cost nothing
        assert client.post(_password_url(maya), {"password": "wrong-guess"}).status_code == 400
    refused = client.post(_password_url(maya), {"password": maya.password})
    assert refused.status_code == 429
    assert "Wait 1 second" in _text(refused)  # not checked: even the right password waits
    fake_clock.advance(1)
    assert client.post(_password_url(maya), {"password": "wrong-again"}).status_code == 400
    assert "Wait 2 seconds" in _text(client.post(_password_url(maya), {"password": "x-y"}))
    fake_clock.advance(2)
    response = client.post(_password_url(maya), {"password": maya.password})
    assert response.status_code == 302
    assert _logged_in_as(client, maya.student.user)


def test_a_wait_is_for_that_account_only(client_factory, make_room, make_cards, fake_clock):
    maya, ben = make_cards(make_room(), "Maya K.", "Ben T.")
    guesser = client_factory(REMOTE_ADDR="10.0.0.1")
    for _ in range(6):
        guesser.post(_password_url(maya), {"password": "wrong-guess"})
    classmate = client_factory(REMOTE_ADDR="10.0.0.1")  # same school address
    assert classmate.post(_password_url(ben), {"password": ben.password}).status_code == 302
    assert _logged_in_as(classmate, ben.student.user)


def test_the_right_password_works_on_the_students_own_chromebook_while_an_attacker_hammers(
    client_factory, make_room, make_cards, fake_clock
):
    maya = make_cards(make_room(), "Maya K.")[0]
    chromebook = client_factory()
    _log_in_and_out(chromebook, maya)
    attacker = client_factory(REMOTE_ADDR="203.0.113.9")
    for _ in range(20):
        attacker.post(_password_url(maya), {"password": "guess-word"})
    assert attacker.post(_password_url(maya), {"password": maya.password}).status_code == 429
    response = chromebook.post(_password_url(maya), {"password": maya.password})
    assert response.status_code == 302
    assert _logged_in_as(chromebook, maya.student.user)


def test_a_known_device_is_throttled_on_its_own(client_factory, make_room, make_cards, fake_clock):
    maya = make_cards(make_room(), "Maya K.")[0]
    chromebook, other = client_factory(), client_factory()
    _log_in_and_out(chromebook, maya)
    for _ in range(5):
        chromebook.post(_password_url(maya), {"password": "wrong-guess"})
    assert chromebook.post(_password_url(maya), {"password": maya.password}).status_code == 429
    # What the known device did costs a new device nothing, and the other way round.
    assert other.post(_password_url(maya), {"password": maya.password}).status_code == 302


def test_a_device_is_trusted_only_for_who_logged_in_there_with_their_current_password(
    client, rf, make_room, make_cards
):
    maya, ben = make_cards(make_room(), "Maya K.", "Ben T.")
    response = client.post(_password_url(maya), {"password": maya.password})
    request = rf.get("/", HTTP_COOKIE=f"{COOKIE}={response.cookies[COOKIE].value}")
    device = device_from_request(request)
    maya_user, ben_user = maya.student.user, ben.student.user
    maya_user.refresh_from_db()
    assert device.trusts(maya_user) and not device.trusts(ben_user)
    [new_card] = student_cards_issue(students=[maya.student])  # a new card ends the trust
    maya_user.refresh_from_db()
    assert not device.trusts(maya_user)
    forged = rf.get("/", HTTP_COOKIE=f"{COOKIE}=not-signed")
    assert device_from_request(forged) == Device()
    assert new_card.password != maya.password


def test_qr_login_makes_the_device_known(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    response = client.post(reverse("student_qr_login", args=[card.token]))
    assert COOKIE in response.cookies and response.cookies[COOKIE]["httponly"]


# --- Per class: a ceiling the teacher sees and clears -------------------------------------


def _guess_across(attacker, room_cards, guesses: int) -> None:
    for index in range(guesses):
        card = room_cards[index // 5]  # 5 each: no account waits, the class adds up
        attacker.post(_password_url(card), {"password": "guess-word"})


def test_thirty_wrong_passwords_in_an_hour_pause_new_devices_but_not_known_ones_or_qr(
    client_factory, make_room, fake_clock
):
    room = make_room()
    cards = make_cards_many(room, 8)
    known, new_device, qr_device = client_factory(), client_factory(), client_factory()
    _log_in_and_out(known, cards[7])
    count, hour = CLASS.windows[0]
    _guess_across(client_factory(), cards[:6], count)
    refused = new_device.post(_password_url(cards[6]), {"password": cards[6].password})
    assert refused.status_code == 429 and PAUSED in _text(refused)
    assert known.post(_password_url(cards[7]), {"password": cards[7].password}).status_code == 302
    assert qr_device.post(reverse("student_qr_login", args=[cards[6].token])).status_code == 302
    fake_clock.advance(hour)  # the hour has passed: new devices may try again
    response = new_device.post(_password_url(cards[6]), {"password": cards[6].password})
    assert response.status_code == 302


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


def test_the_class_page_shows_the_pause_with_counts_and_resume_clears_it(
    client, client_factory, make_room, fake_clock
):
    room = make_room()
    teacher = room.teachers.get()
    cards = make_cards_many(room, 7)
    client.force_login(teacher)
    page = _text(client.get(reverse("classroom_detail", args=[room.pk])))
    assert 'id="login-pause"' not in page
    _guess_across(client_factory(), cards[:6], 30)
    page = _text(client.get(reverse("classroom_detail", args=[room.pk])))
    assert 'id="login-pause"' in page
    assert "30 wrong passwords in the last hour, 30 in the last 24 hours" in page
    assert f"{cards[0].student.display_name}</a> (5)" in page
    assert "resume by themselves in about 60 minutes" in page
    response = client.post(reverse("classroom_logins_resume", args=[room.pk]))
    assert response.status_code == 302
    page = _text(client.get(reverse("classroom_detail", args=[room.pk])))
    assert 'id="login-pause"' not in page and "Password logins are open again" in page
    new_device = client_factory()
    assert (
        new_device.post(_password_url(cards[6]), {"password": cards[6].password}).status_code == 302
    )


def test_resuming_needs_a_post_with_csrf_from_a_teacher_of_the_class(
    client_factory, make_room, make_teacher
):
    room = make_room()
    url = reverse("classroom_logins_resume", args=[room.pk])
    csrf_client = client_factory(enforce_csrf_checks=True)
    csrf_client.force_login(room.teachers.get())
    assert csrf_client.post(url).status_code == 403
    stranger = client_factory()
    stranger.force_login(make_teacher())
    assert stranger.post(url).status_code == 404  # as for a class that does not exist
    owner = client_factory()
    owner.force_login(room.teachers.get())
    assert owner.get(url).status_code == 405


# --- The QR card ----------------------------------------------------------------------------


def test_qr_link_asks_then_logs_in_and_revoking_stops_it(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    url = reverse("student_qr_login", args=[card.token])
    page = client.get(url)
    assert page.status_code == 200 and "Are you Maya K.?" in _text(page)
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


# --- Teachers ---------------------------------------------------------------------------------


def _teacher_login(client, username, password):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_a_teacher_on_a_new_device_waits_after_five_wrong_passwords_and_is_never_locked_out(
    client, make_teacher, fake_clock
):
    teacher = make_teacher("mr_x", password="correct-horse-battery")
    for _ in range(5):
        _teacher_login(client, "mr_x", "bad")
    response = _teacher_login(client, "MR_X", "correct-horse-battery")  # any case: one throttle
    assert "Wait 1 second" in _text(response)
    fake_clock.advance(1)
    assert _teacher_login(client, "mr_x", "correct-horse-battery").status_code == 302
    assert _logged_in_as(client, teacher)


def test_a_teacher_on_their_own_browser_logs_in_while_their_username_is_hammered(
    client_factory, make_teacher, fake_clock
):
    teacher = make_teacher("ms_q", password="correct-horse-battery")
    laptop, attacker = client_factory(), client_factory()
    assert _teacher_login(laptop, "ms_q", "correct-horse-battery").status_code == 302
    laptop.post(reverse("logout"))
    for _ in range(15):
        _teacher_login(attacker, "ms_q", "guess")
    assert "Too many tries" in _text(_teacher_login(attacker, "ms_q", "correct-horse-battery"))
    assert _teacher_login(laptop, "ms_q", "correct-horse-battery").status_code == 302
    assert _logged_in_as(laptop, teacher)


def test_a_teacher_kept_waiting_by_slow_guessing_gets_back_in_through_the_emailed_link(
    client_factory, rf, make_teacher, fake_clock, mailoutbox
):
    """One wrong guess every 15 minutes keeps a known username waiting on every new device.
    The refusal says the way round; the reset link logs the teacher in on the new device and
    makes it known, so the guesser's waits no longer touch it. Nothing there is a guess."""
    teacher = make_teacher("ms_w", password="correct-horse-battery")
    attacker, new_laptop = client_factory(), client_factory()
    for _ in range(16):  # the waits reach their longest, 15 minutes
        _teacher_login(attacker, "ms_w", "guess")
        fake_clock.advance(60)
    refused = _teacher_login(new_laptop, "ms_w", "correct-horse-battery")
    assert refused.status_code == 200 and not _logged_in_as(new_laptop, teacher)
    assert "Forgot your password?" in _text(refused)
    assert "the link we e-mail you logs you in on this device at once" in _text(refused)

    new_laptop.post(reverse("password_reset"), {"email": "ms_w@school.example"})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", mailoutbox[0].body)
    form_page = new_laptop.get(link.group(1), follow=True)
    new = {"new_password1": "another-long-phrase-77", "new_password2": "another-long-phrase-77"}
    done = new_laptop.post(form_page.redirect_chain[-1][0], new, follow=True)
    assert _logged_in_as(new_laptop, teacher)
    assert "you are logged in on this device" in _text(done)
    teacher.refresh_from_db()
    cookie = rf.get("/", HTTP_COOKIE=f"{COOKIE}={new_laptop.cookies[COOKIE].value}")
    assert device_from_request(cookie).trusts(teacher)

    # The guessing goes on; the new laptop is a known device now and is not held up.
    _teacher_login(attacker, "ms_w", "guess")
    new_laptop.post(reverse("logout"))
    assert _teacher_login(new_laptop, "ms_w", "another-long-phrase-77").status_code == 302
    # And the reset form cannot be used to flood the teacher's inbox.
    for _ in range(5):
        attacker.post(reverse("password_reset"), {"email": "ms_w@school.example"})
    assert len(mailoutbox) == 3


@pytest.mark.smoke
def test_teacher_logs_in_and_lands_on_the_dashboard(client, make_teacher):
    teacher = make_teacher("ms_y", password="correct-horse-battery")
    response = _teacher_login(client, "ms_y", "correct-horse-battery")
    assert response.status_code == 302
    assert client.get(reverse("home"))["Location"] == reverse("teacher_dashboard")
    assert _logged_in_as(client, teacher)


def test_students_cannot_use_the_teacher_login_form(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    response = _teacher_login(client, card.student.user.username, card.password)
    assert response.status_code == 200
    assert "do not match" in _text(response)
    assert not _logged_in_as(client, card.student.user)


def test_teacher_login_hashes_the_same_for_a_teacher_a_student_and_an_unknown_username(
    production_hashers, client, make_room, make_cards, make_teacher, monkeypatch
):
    """The same PBKDF2 work, once, on every refused path: the answer takes as long."""
    make_teacher("ms_t", password="correct-horse-battery")
    card = make_cards(make_room(), "Maya K.")[0]
    calls: list[int] = []
    real = hashers.pbkdf2

    def counting(password, salt, iterations, *args, **kwargs):
        calls.append(iterations)
        return real(password, salt, iterations, *args, **kwargs)

    monkeypatch.setattr(hashers, "pbkdf2", counting)
    work = {}
    for username, password in [
        ("ms_t", "wrong-password"),
        (card.student.user.username, card.password),  # a student's username, even rightly
        ("nobody_here", "whatever"),
    ]:
        calls.clear()
        assert "do not match" in _text(_teacher_login(client, username, password))
        work[username] = list(calls)
    assert list(work.values()) == [[hashers.PBKDF2PasswordHasher.iterations]] * 3


# --- The code step and the name step: one throttled path ----------------------------------


def _without_csrf(html: str) -> str:
    """The page without what differs on every response: the CSRF token and the CSP nonce, and
    the language switch's way back (the address the visitor asked for: nothing they did not
    know)."""
    varying = r'(?<=name="csrfmiddlewaretoken" value=")|(?<=nonce=")|(?<=name="next" value=")'
    return re.sub(f'({varying})[^"]+', "", html)


def test_unknown_codes_answer_the_same_on_every_step(client, make_room, make_cards):
    room = make_room()
    card = make_cards(room, "Maya K.")[0]
    other_room = make_room("Class 5A")
    outsider = make_cards(other_room, "Omar O.")[0]
    answers = [
        client.get(reverse("student_pick_name", args=["ZZZZZZ"])),
        client.get(reverse("student_password", args=["ZZZZZZ", card.student.pk])),
        client.post(
            reverse("student_password", args=["ZZZZZZ", card.student.pk]), {"password": "a-b"}
        ),
        client.post(reverse("student_class_code"), {"code": "ZZZZZZ"}),
    ]
    assert {a.status_code for a in answers} == {404}
    assert len({_without_csrf(_text(a)) for a in answers}) == 1
    assert UNKNOWN in _text(answers[0]) and room.name not in _text(answers[0])
    assert f'action="{reverse("student_class_code")}"' in _text(answers[0])  # try another code
    # A real code with the number of a student from another class answers like a wrong code.
    real_code_wrong_student = client.get(
        reverse("student_password", args=[room.code, outsider.student.pk])
    )
    assert real_code_wrong_student.status_code == 404
    assert _without_csrf(_text(real_code_wrong_student)).replace(room.code, "ZZZZZZ") == (
        _without_csrf(_text(answers[0]))
    )


def test_codes_in_the_address_bar_count_like_codes_typed_in_the_form(client, make_room, make_cards):
    room = make_room()
    card = make_cards(room, "Maya K.")[0]
    limit = CODES_PER_ADDRESS.windows[0][0]
    for index in range(limit):
        step = "student_pick_name" if index % 2 else "student_password"
        args = [f"ZZ{index:04d}"] + ([] if index % 2 else [card.student.pk])
        assert client.get(reverse(step, args=args)).status_code == 404
    for blocked in (
        client.get(reverse("student_pick_name", args=[room.code])),
        client.get(_password_url(card)),
        client.post(reverse("student_class_code"), {"code": room.code}),
    ):
        assert blocked.status_code == 429 and "Too many tries" in _text(blocked)
        assert room.name not in _text(blocked)


def test_guessing_codes_without_cookies_stores_no_session_rows(client_factory, make_room):
    make_room()
    before = Session.objects.count()
    for index in range(20):
        client_factory().post(reverse("student_class_code"), {"code": f"ZZZZ{index:02d}"})
        client_factory().get(reverse("student_pick_name", args=[f"YYYY{index:02d}"]))
    assert Session.objects.count() == before


def test_wrong_codes_from_an_address_do_not_hold_up_known_devices_there(
    client_factory, make_room, make_cards
):
    room = make_room()
    maya = make_cards(room, "Maya K.")[0]
    chromebook = client_factory(REMOTE_ADDR="10.0.0.1")
    _log_in_and_out(chromebook, maya)
    for index in range(CODES_PER_ADDRESS.windows[0][0]):  # a script, no cookies, same school
        client_factory(REMOTE_ADDR="10.0.0.1").get(
            reverse("student_pick_name", args=[f"ZZ{index:04d}"])
        )
    blocked = client_factory(REMOTE_ADDR="10.0.0.1").get(
        reverse("student_pick_name", args=[room.code])
    )
    assert blocked.status_code == 429
    elsewhere = client_factory(REMOTE_ADDR="10.0.0.2")
    assert elsewhere.get(reverse("student_pick_name", args=[room.code])).status_code == 200
    assert chromebook.get(reverse("student_pick_name", args=[room.code])).status_code == 200
    assert chromebook.post(_password_url(maya), {"password": maya.password}).status_code == 302


def test_a_known_devices_wrong_codes_count_for_its_people_and_its_address(
    client_factory, make_room, make_cards
):
    room, other = make_room(), make_room("Class 5C")
    maya = make_cards(room, "Maya K.")[0]
    chromebook = client_factory(REMOTE_ADDR="10.0.0.1")
    _log_in_and_out(chromebook, maya)
    for index in range(CODES_PER_ACCOUNT.windows[0][0]):
        assert (
            chromebook.post(reverse("student_class_code"), {"code": f"ZZ{index:04d}"}).status_code
            == 404
        )
    refused = chromebook.post(reverse("student_class_code"), {"code": other.code})
    assert refused.status_code == 429 and other.name not in _text(refused)
    # A new cookie (another login on another browser) is the same account: no fresh budget.
    laptop = client_factory(REMOTE_ADDR="10.0.0.3")
    _log_in_and_out(laptop, maya)
    assert laptop.post(reverse("student_class_code"), {"code": other.code}).status_code == 429
    # Maya's own class is no guess: her Chromebook still gets in.
    response = chromebook.post(reverse("student_class_code"), {"code": room.code})
    assert response.status_code == 302
    assert chromebook.post(_password_url(maya), {"password": maya.password}).status_code == 302
    # The address counted them too: a neighbour without cookies has 80 left, not 100.
    neighbour = client_factory(REMOTE_ADDR="10.0.0.1")
    left = CODES_PER_ADDRESS.windows[0][0] - CODES_PER_ACCOUNT.windows[0][0]
    for index in range(left):
        assert (
            neighbour.post(reverse("student_class_code"), {"code": f"YY{index:04d}"}).status_code
            == 404
        )
    assert neighbour.post(reverse("student_class_code"), {"code": other.code}).status_code == 429


def test_a_logged_in_teachers_wrong_codes_count_for_their_account(client, make_room, make_teacher):
    teacher = make_teacher()
    own, other = make_room(teacher=teacher), make_room("Class 5C")
    client.force_login(teacher)
    for index in range(CODES_PER_ACCOUNT.windows[0][0]):
        client.post(reverse("student_class_code"), {"code": f"ZZ{index:04d}"})
    assert client.post(reverse("student_class_code"), {"code": other.code}).status_code == 429
    assert client.post(reverse("student_class_code"), {"code": own.code}).status_code == 302


@pytest.mark.parametrize(
    "path",
    ["/student/AB%00CD/", "/student/AB%00CD/1/", "/student/%00/", "/q/AB%00CD/"],
)
def test_a_nul_byte_in_a_login_url_is_a_404_not_a_server_error(client, make_room, path):
    make_room()
    assert client.get(path).status_code == 404
    assert client.post(path, {"password": "a-b"}).status_code == 404


def test_a_nul_byte_in_a_login_form_is_a_form_error(client, make_room, make_cards):
    card = make_cards(make_room(), "Maya K.")[0]
    assert client.post(reverse("student_class_code"), {"code": "AB\x00CD"}).status_code == 400
    assert client.post(_password_url(card), {"password": "kite\x00lamp"}).status_code == 400
    assert _teacher_login(client, "ms\x00x", "pw\x00").status_code == 200
