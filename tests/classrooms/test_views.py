"""Teacher pages end to end through the test client."""

import csv
import io
import json
import re

import pytest
from django.core import mail
from django.core.management import call_command
from django.urls import reverse

from classrooms.models import Classroom, Student, User

pytestmark = pytest.mark.django_db


@pytest.mark.smoke
def test_anonymous_home_offers_student_and_teacher_choices(client):
    html = client.get(reverse("home")).content.decode()
    assert "I&#x27;m a student" in html or "I'm a student" in html
    assert reverse("student_class_code") in html and reverse("signup") in html


def test_teacher_signs_up_and_lands_on_an_empty_dashboard(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "ms_new",
            "email": "new@school.example",
            "first_name": "Nia",
            "last_name": "New",
            "password1": "a-long-unusual-phrase-42",
            "password2": "a-long-unusual-phrase-42",
        },
    )
    assert response["Location"] == reverse("teacher_dashboard")
    user = User.objects.get(username="ms_new")
    assert user.is_teacher and user.email == "new@school.example"
    assert "no classes yet" in client.get(reverse("teacher_dashboard")).content.decode()


def test_sign_up_shows_our_short_help_not_djangos_defaults(client):
    html = client.get(reverse("signup")).content.decode()
    assert "150 characters or fewer" not in html  # Django's username help
    assert "can’t be too similar" not in html and "<ul" not in html.split("<form")[1]
    assert "Enter the same password as before" not in html
    for help_text in ("such as ms_khan", "Only for resetting your password", "At least 8"):
        assert help_text in html
    assert 'aria-describedby="id_password1_helptext"' in html
    assert 'id="id_password1_helptext"' in html


def _primary_action(html: str) -> str:
    """The text of the first solid (not secondary) button of the page's action bar."""
    actions = html.split('<p class="actions">', 1)[1].split("</p>", 1)[0]
    return re.search(r'<a class="button" href="[^"]+">([^<]+)</a>', actions).group(1)


def test_an_empty_class_leads_with_add_students_and_a_full_one_with_live_matches(
    client, teacher, make_room, make_cards
):
    room = make_room(teacher=teacher)
    client.force_login(teacher)
    url = reverse("classroom_detail", args=[room.pk])
    assert _primary_action(client.get(url).content.decode()) == "Add students"
    make_cards(room, "Maya K.")
    assert _primary_action(client.get(url).content.decode()) == "Live matches and pairing"


def test_teacher_creates_renames_archives_and_restores_a_class(client, teacher):
    client.force_login(teacher)
    response = client.post(reverse("classroom_create"), {"name": "Owls"})
    room = Classroom.objects.get(name="Owls")
    assert response["Location"] == reverse("classroom_detail", args=[room.pk])
    client.post(reverse("classroom_rename", args=[room.pk]), {"name": "Night Owls"})
    client.post(reverse("classroom_archive", args=[room.pk]), {"confirmed": "1"})
    dashboard = client.get(reverse("teacher_dashboard")).content.decode()
    assert "Archived classes" in dashboard
    client.post(reverse("classroom_restore", args=[room.pk]))
    room.refresh_from_db()
    assert room.name == "Night Owls" and room.archived_at is None


CONFIRMED_ACTIONS = [
    ("classroom_code_regenerate", "class", "printed login card shows the old code"),
    ("classroom_archive", "class", "cannot log in or play until you restore it"),
    ("student_card", "student", "the card they have stops working"),
    ("classroom_teacher_remove", "co-teacher", "no longer sees this class"),
]


@pytest.mark.parametrize(("name", "target", "says"), CONFIRMED_ACTIONS)
def test_the_first_click_changes_nothing_and_says_what_will_happen(
    client, teacher, make_teacher, make_room, make_cards, name, target, says
):
    room = make_room(teacher=teacher)
    [card] = make_cards(room, "Maya K.")
    co = make_teacher("mr_co")
    room.teachers.add(co)
    args = {
        "class": [room.pk],
        "student": [card.student.pk],
        "co-teacher": [room.pk, co.pk],
    }[target]
    before = (room.code, room.archived_at, card.student.user.password, room.teachers.count())
    client.force_login(teacher)
    url = reverse(name, args=args)
    page = client.post(url)
    html = page.content.decode()
    assert page.status_code == 200 and says in html
    assert '<input type="hidden" name="confirmed" value="1">' in html and f'action="{url}"' in html
    assert "confirm(" not in html  # a page with a form, not a browser pop-up
    room.refresh_from_db()
    card.student.user.refresh_from_db()
    after = (room.code, room.archived_at, card.student.user.password, room.teachers.count())
    assert after == before
    client.post(url, {"confirmed": "1"})
    room.refresh_from_db()
    card.student.user.refresh_from_db()
    done = (room.code, room.archived_at, card.student.user.password, room.teachers.count())
    assert sum(a != b for a, b in zip(done, before, strict=True)) == 1


def test_add_co_teacher_by_email_who_then_sees_the_class(client, teacher, make_teacher, make_room):
    room = make_room(teacher=teacher)
    other = make_teacher("mr_co")
    client.force_login(teacher)
    client.post(
        reverse("classroom_teacher_add", args=[room.pk]), {"identifier": "mr_co@school.example"}
    )
    client.force_login(other)
    assert client.get(reverse("classroom_detail", args=[room.pk])).status_code == 200
    bad = client.post(reverse("classroom_teacher_add", args=[room.pk]), {"identifier": "nobody"})
    assert bad.status_code == 400


def _passwords(html: str) -> list[str]:
    return re.findall(r'class="card-password">([a-z]+-[a-z]+)<', html)


def test_print_cards_again_resets_everyone_and_shows_qr_cards(
    client, teacher, make_room, make_cards
):
    room = make_room(teacher=teacher)
    old = make_cards(room, "Maya K.", "Ben T.", "Ali")
    client.force_login(teacher)
    assert "new password" in client.get(reverse("classroom_cards", args=[room.pk])).content.decode()
    response = client.post(reverse("classroom_cards", args=[room.pk]), follow=True)
    html = response.content.decode()
    assert html.count('class="login-card"') == 3 and html.count("<svg") == 3
    assert room.code in html and "@page" not in html  # print CSS lives in the static file
    assert "style=" not in html and "<script>" not in html
    maya = User.objects.get(pk=old[0].student.user_id)
    assert not maya.check_password(old[0].password)


def test_reloading_the_card_sheet_shows_the_same_cards_and_resets_nothing(
    client, teacher, make_room, make_cards
):
    room = make_room(teacher=teacher)
    make_cards(room, "Maya K.", "Ben T.")
    client.force_login(teacher)
    posted = client.post(reverse("classroom_cards", args=[room.pk]))
    assert posted.status_code == 302  # post, then redirect to a page that is safe to reload
    first = client.get(posted["Location"])
    again = client.get(posted["Location"])
    assert first.status_code == again.status_code == 200
    assert "no-store" in again["Cache-Control"]
    shown = _passwords(first.content.decode())
    assert len(shown) == 2 and shown == _passwords(again.content.decode())
    for student, password in zip(room.students.order_by("display_name"), shown, strict=True):
        assert student.user.check_password(password)  # still the passwords on the cards


def test_the_card_sheet_prints_the_site_address_and_class_name_and_no_username(
    client, teacher, make_room, make_cards
):
    room = make_room("Owls 3C", teacher=teacher)
    [card] = make_cards(room, "Maya K.")
    client.force_login(teacher)
    html = client.post(
        reverse("student_card", args=[card.student.pk]), {"confirmed": "1"}, follow=True
    )
    html = html.content.decode()
    assert html.count('class="login-card"') == 1
    assert '<strong class="card-site">testserver/student/</strong>' in html
    assert '<p class="card-small">Owls 3C</p>' in html
    assert card.student.user.username not in html


def test_the_card_sheet_is_kept_encrypted_and_opens_only_for_its_teacher_and_browser(
    client, client_factory, teacher, make_teacher, make_room, make_cards
):
    from django.core.cache import cache

    room = make_room(teacher=teacher)
    make_cards(room, "Maya K.")
    client.force_login(teacher)
    url = client.post(reverse("classroom_cards", args=[room.pk]))["Location"]
    [password] = _passwords(client.get(url).content.decode())
    sheet_id = url.rstrip("/").rsplit("/", 1)[-1]
    assert password.encode() not in repr(cache.get(f"card-sheet:{sheet_id}")).encode()
    co_teacher = make_teacher()
    room.teachers.add(co_teacher)
    other = client_factory()
    other.force_login(co_teacher)
    other.cookies["card_sheet_key"] = client.cookies["card_sheet_key"].value
    assert other.get(url).status_code == 410  # another teacher, even with the key
    same_teacher_other_browser = client_factory()
    same_teacher_other_browser.force_login(teacher)
    assert same_teacher_other_browser.get(url).status_code == 410  # no key
    assert client.get(url).status_code == 200


def test_the_card_sheet_closes_after_twenty_minutes_or_when_done(
    client, teacher, make_room, make_cards, fake_clock
):
    room = make_room(teacher=teacher)
    make_cards(room, "Maya K.")
    client.force_login(teacher)
    url = client.post(reverse("classroom_cards", args=[room.pk]))["Location"]
    fake_clock.advance(19 * 60)
    assert client.get(url).status_code == 200
    fake_clock.advance(2 * 60)
    closed = client.get(url)
    assert closed.status_code == 410 and "cannot be shown again" in closed.content.decode()
    url = client.post(reverse("classroom_cards", args=[room.pk]))["Location"]
    done = client.post(reverse("card_sheet_done", args=[url.rstrip("/").rsplit("/", 1)[-1]]))
    assert done["Location"] == reverse("classroom_detail", args=[room.pk])
    assert client.get(url).status_code == 410


def test_a_card_reissued_since_is_left_off_the_reopened_sheet(
    client, teacher, make_room, make_cards
):
    room = make_room(teacher=teacher)
    maya, _ben = make_cards(room, "Maya K.", "Ben T.")
    client.force_login(teacher)
    sheet = client.post(reverse("classroom_cards", args=[room.pk]))["Location"]
    key = client.cookies["card_sheet_key"].value
    client.post(reverse("student_card", args=[maya.student.pk]), {"confirmed": "1"})  # lost hers
    # A browser keeps one key per sheet (the cookie's path); the test client only one in all.
    client.cookies["card_sheet_key"] = key
    html = client.get(sheet).content.decode()
    assert html.count('class="login-card"') == 1 and "Ben T." in html
    assert "1 card of this sheet was made again since" in html


def test_one_student_new_card(client, teacher, make_room, make_cards):
    card = make_cards(make_room(teacher=teacher), "Maya K.")[0]
    client.force_login(teacher)
    url = reverse("student_card", args=[card.student.pk])
    response = client.post(url, {"confirmed": "1"}, follow=True)
    assert response.content.decode().count('class="login-card"') == 1


def test_move_archive_restore_and_delete_through_the_pages(client, teacher, make_room, make_cards):
    a, b = make_room(teacher=teacher), make_room("Class 5A", teacher=teacher)
    student = make_cards(a, "Maya K.")[0].student
    client.force_login(teacher)
    page = client.get(reverse("student_detail", args=[student.pk])).content.decode()
    assert "Class 5A" in page
    client.post(reverse("student_move", args=[student.pk]), {"to_classroom": b.pk})
    assert Student.objects.get(pk=student.pk).classroom == b
    client.post(reverse("student_archive", args=[student.pk]))
    assert Student.objects.get(pk=student.pk).archived_at is not None
    client.post(reverse("student_restore", args=[student.pk]))
    assert (
        "cannot be undone"
        in client.get(reverse("student_delete", args=[student.pk])).content.decode()
    )
    client.post(reverse("student_delete", args=[student.pk]))
    assert not User.objects.filter(pk=student.user_id).exists()


def test_class_csv_export_is_formula_safe(client, teacher, make_room, make_cards):
    room = make_room(teacher=teacher)
    student = make_cards(room, "Maya K.")[0].student
    Student.objects.filter(pk=student.pk).update(external_id='=HYPERLINK("http://x","y")')
    client.force_login(teacher)
    response = client.get(reverse("classroom_export", args=[room.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["name", "username", "school_id", "archived", "created_at"]
    assert rows[1][0] == "Maya K."
    assert rows[1][2] == '\'=HYPERLINK("http://x","y")'


def test_student_data_export_json_and_csv(client, teacher, make_room, make_cards):
    student = make_cards(make_room(teacher=teacher), "Maya K.")[0].student
    Student.objects.filter(pk=student.pk).update(external_id="@SUM(1)")
    client.force_login(teacher)
    data = json.loads(client.get(reverse("student_export", args=[student.pk, "json"])).content)
    assert data["name"] == "Maya K." and data["username"] == student.user.username
    assert "password" not in json.dumps(data)
    text = client.get(reverse("student_export", args=[student.pk, "csv"])).content.decode()
    assert "'@SUM(1)" in text
    assert client.get(reverse("student_export", args=[student.pk, "xml"])).status_code == 404


def test_both_student_exports_are_never_cached(client, teacher, make_room, make_cards):
    student = make_cards(make_room(teacher=teacher), "Maya K.")[0].student
    client.force_login(teacher)
    for fmt in ("json", "csv"):
        response = client.get(reverse("student_export", args=[student.pk, fmt]))
        assert "no-store" in response["Cache-Control"], fmt


def test_password_reset_sends_an_email_and_change_works(client, make_teacher):
    teacher = make_teacher("ms_r", password="correct-horse-battery")
    client.post(reverse("password_reset"), {"email": "ms_r@school.example"})
    assert len(mail.outbox) == 1
    assert "/accounts/password/reset/" in mail.outbox[0].body
    client.force_login(teacher)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": "correct-horse-battery",
            "new_password1": "another-long-phrase-77",
            "new_password2": "another-long-phrase-77",
        },
    )
    assert response["Location"] == reverse("password_change_done")


def test_pages_send_a_csp_without_inline_scripts(client, teacher, make_room):
    client.force_login(teacher)
    response = client.get(reverse("classroom_detail", args=[make_room(teacher=teacher).pk]))
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "style=" not in response.content.decode()


@pytest.mark.smoke
def test_demo_data_is_idempotent_and_prints_logins(capsys):
    call_command("demo_data")
    call_command("demo_data")
    out = capsys.readouterr().out
    assert "log in as teacher with the password maths-arena-demo" in out
    assert "the class code DEMO4B" in out
    room = Classroom.objects.get(code="DEMO4B")
    assert room.students.count() == 24
    # Every student's login is printed, name beside password, and each one works.
    for student in room.students.select_related("user"):
        printed = re.search(rf"{re.escape(student.display_name)}\s+([a-z]+-[a-z]+)", out)
        assert printed, student.display_name
        assert student.user.check_password(printed.group(1))


def example_exporter(student):
    return [{"match": 1, "name": student.display_name}]


def test_other_apps_can_add_sections_to_the_student_export(
    client, teacher, make_room, make_cards, settings
):
    settings.STUDENT_DATA_EXPORTERS = {"games": f"{__name__}.example_exporter"}
    student = make_cards(make_room(teacher=teacher), "Maya K.")[0].student
    client.force_login(teacher)
    data = json.loads(client.get(reverse("student_export", args=[student.pk, "json"])).content)
    assert data["games"] == [{"match": 1, "name": "Maya K."}]
    text = client.get(reverse("student_export", args=[student.pk, "csv"])).content.decode()
    assert "games" in text


def test_admin_lists_classes_students_and_users(admin_client, make_room, make_cards):
    room = make_room()
    make_cards(room, "Maya K.")
    for name in ("classroom", "student", "user"):
        response = admin_client.get(reverse(f"admin:classrooms_{name}_changelist"))
        assert response.status_code == 200, name
    assert (
        admin_client.get(reverse("admin:classrooms_classroom_change", args=[room.pk])).status_code
        == 200
    )
