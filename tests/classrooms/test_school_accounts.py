"""School accounts through the app's pages: the whole protocol against the real test provider
(Django's test client for the app, an HTTP session at the provider), who may see and change
which links, the pupil's data export and erasure, and a site with no provider at all."""

import json

import pytest
from allauth.socialaccount.models import SocialAccount
from django.contrib.auth import SESSION_KEY
from django.urls import reverse

from classrooms.models import Student, User
from classrooms.services.classrooms import classroom_archive
from classrooms.services.school_accounts import school_link_remove, student_school_login_set
from classrooms.services.students import student_archive, student_delete
from tests.conftest import ADA, BEN, SARA, STRANGER
from tests.oidc_provider.round_trip import APP, provider_redirect_back, sign_in_with

pytestmark = pytest.mark.django_db


def logged_in_as(client) -> User | None:
    pk = client.session.get(SESSION_KEY)
    return User.objects.filter(pk=pk).first() if pk else None


def refusal(response) -> str:
    assert response.status_code in (400, 403), response.status_code
    return response.content.decode()


@pytest.fixture
def ada(make_student):
    student = make_student("Ada K.")
    return student_school_login_set(student=student, login=ADA.email)


# --- the whole protocol, against the real provider ------------------------------------------


def test_a_teacher_signs_up_and_the_link_keeps_only_issuer_and_subject(school_sign_in_live, client):
    response = sign_in_with(client, SARA, intent="teacher")
    assert response.status_code == 302 and response["Location"] == reverse("teacher_dashboard")
    sara = logged_in_as(client)
    assert sara.is_teacher and sara.email == SARA.email and not sara.has_usable_password()
    link = SocialAccount.objects.get(user=sara)
    assert (link.provider, link.extra_data) == ("feide", {"iss": school_sign_in_live.issuer})
    assert link.uid and "@" not in link.uid  # the provider's subject, not the e-mail
    client.post(reverse("logout"))
    assert sign_in_with(client, SARA, intent="teacher").status_code == 302
    assert logged_in_as(client) == sara and User.objects.filter(email=SARA.email).count() == 1


def test_a_pupil_signs_in_once_their_teacher_gave_the_school_login(
    school_sign_in_live, client, ada
):
    response = sign_in_with(client, ADA)
    assert response.status_code == 302 and response["Location"] == reverse("games:lobby")
    assert logged_in_as(client) == ada.user
    assert SocialAccount.objects.get(user=ada.user).extra_data == {
        "iss": school_sign_in_live.issuer
    }
    # From now on the identity itself signs her in, whatever the teacher types next.
    student_school_login_set(student=ada, login="")
    client.post(reverse("logout"))
    sign_in_with(client, ADA)
    assert logged_in_as(client) == ada.user


def test_an_unknown_school_account_makes_no_account(school_sign_in_live, client, ada):
    users = User.objects.count()
    page = refusal(sign_in_with(client, STRANGER))
    assert "Ask your teacher to add you" in page
    assert sign_in_with(client, STRANGER, intent="teacher").status_code == 302  # a teacher, though
    assert User.objects.count() == users + 1 and logged_in_as(client).is_teacher
    assert not SocialAccount.objects.filter(user=ada.user).exists()


def test_a_pupil_of_an_archived_class_is_refused(school_sign_in_live, client, ada):
    sign_in_with(client, ADA)
    client.post(reverse("logout"))
    classroom_archive(classroom=ada.classroom)
    assert "You cannot log in right now" in refusal(sign_in_with(client, ADA))
    assert logged_in_as(client) is None


def test_a_callback_is_good_once_and_only_in_the_browser_that_started_it(
    school_sign_in_live, client, client_factory, ada
):
    start = client.post(reverse("school_sign_in", args=["feide"]), {"as": "pupil"})
    callback = provider_redirect_back(start["Location"], ADA).removeprefix(APP)
    thief = client_factory()
    assert "did not finish" in refusal(thief.get(callback))  # no state in that session
    assert logged_in_as(thief) is None
    assert client.get(callback).status_code == 302 and logged_in_as(client) == ada.user
    client.post(reverse("logout"))
    refusal(client.get(callback))  # the state was used up
    assert logged_in_as(client) is None


def test_the_button_sends_state_nonce_pkce_and_the_prompt(school_sign_in_live, client):
    from urllib.parse import parse_qs, urlsplit

    start = client.post(reverse("school_sign_in", args=["feide"]), {"as": "pupil"})
    url = urlsplit(start["Location"])
    assert start["Location"].startswith(school_sign_in_live.base_url + "/o/authorize/")
    query = {key: values[0] for key, values in parse_qs(url.query).items()}
    assert query["response_type"] == "code" and query["client_id"] == "maths-arena"
    assert query["redirect_uri"] == APP + reverse("openid_connect_callback", args=["feide"])
    assert query["code_challenge_method"] == "S256" and len(query["code_challenge"]) >= 43
    assert query["prompt"] == "login"  # Feide: the password again on a shared Chromebook
    assert set(query["scope"].split()) == {"openid", "userid-feide", "email", "userinfo-name"}
    assert len(query["state"]) >= 16 and len(query["nonce"]) >= 32
    again = client.post(reverse("school_sign_in", args=["feide"]), {"as": "pupil"})
    second = parse_qs(urlsplit(again["Location"]).query)
    assert second["state"][0] != query["state"] and second["nonce"][0] != query["nonce"]


def test_a_made_up_or_cancelled_callback_is_refused(school_sign_in_live, client):
    client.post(reverse("school_sign_in", args=["feide"]), {"as": "pupil"})
    url = reverse("openid_connect_callback", args=["feide"])
    for query in ({"code": "x", "state": "nope"}, {"error": "access_denied"}, {}):
        assert "did not finish" in refusal(client.get(url, query))
    assert logged_in_as(client) is None


def test_a_new_teacher_with_an_email_that_has_an_account_is_sent_to_link_it(
    school_sign_in_live, client, make_teacher
):
    existing = make_teacher("sara")
    User.objects.filter(pk=existing.pk).update(email=SARA.email.upper())
    page = refusal(sign_in_with(client, SARA, intent="teacher"))
    assert "You already have an account" in page and SARA.email in page
    assert User.objects.filter(email__iexact=SARA.email).count() == 1
    assert not SocialAccount.objects.exists() and logged_in_as(client) is None


def test_a_pupil_links_their_own_account_and_nobody_else_can_have_it(
    school_sign_in_live, client_factory, make_student
):
    ben, cat = make_student("Ben T."), make_student("Cat W.")
    ben_browser, cat_browser = client_factory(), client_factory()
    ben_browser.force_login(ben.user)
    response = sign_in_with(ben_browser, BEN, intent="link")
    assert response["Location"] == reverse("student_school_account")
    assert SocialAccount.objects.get(provider="feide").user == ben.user
    cat_browser.force_login(cat.user)
    assert "someone else" in refusal(sign_in_with(cat_browser, BEN, intent="link"))
    assert SocialAccount.objects.get(provider="feide").user == ben.user
    # Signing in with it is Ben, whichever page it starts from.
    ben_browser.post(reverse("logout"))
    sign_in_with(ben_browser, BEN, intent="teacher")
    assert logged_in_as(ben_browser) == ben.user


def test_the_school_login_a_teacher_gave_one_pupil_cannot_be_linked_by_another(
    school_sign_in_live, client, make_student, ada
):
    ben = make_student("Ben T.")
    client.force_login(ben.user)
    refusal(sign_in_with(client, ADA, intent="link"))
    assert not SocialAccount.objects.exists()


def test_signing_in_on_a_browser_where_someone_is_logged_in_replaces_them(
    school_sign_in_live, client, ada, make_student
):
    ben = make_student("Ben T.")
    client.force_login(ben.user)
    sign_in_with(client, ADA)
    assert logged_in_as(client) == ada.user


def test_a_teacher_links_unlinks_and_keeps_a_way_in(school_sign_in_live, client):
    sign_in_with(client, SARA, intent="teacher")
    sara = logged_in_as(client)
    link = SocialAccount.objects.get(user=sara)
    response = client.post(reverse("school_account_unlink", args=[link.pk]), follow=True)
    assert "only way to log in" in response.content.decode()
    assert SocialAccount.objects.filter(pk=link.pk).exists()
    response = client.post(
        reverse("school_accounts"),
        {"new_password1": "a-long-new-pass-9", "new_password2": "a-long-new-pass-9"},
    )
    assert response.status_code == 302 and logged_in_as(client) == sara  # still logged in
    client.post(reverse("school_account_unlink", args=[link.pk]))
    assert not SocialAccount.objects.filter(pk=link.pk).exists()
    sara.refresh_from_db()
    assert sara.check_password("a-long-new-pass-9")
    # …and links it again from the same page.
    assert sign_in_with(client, SARA, intent="link")["Location"] == reverse("school_accounts")
    assert SocialAccount.objects.filter(user=sara).count() == 1


# --- who may see and change which links ----------------------------------------------------


@pytest.fixture
def ada_linked(school_sign_in_on, ada):
    return SocialAccount.objects.create(
        user=ada.user,
        provider="feide",
        uid="sub-ada",
        extra_data={"iss": "https://auth.dataporten.no"},
    )


def test_only_the_pupils_teacher_sees_and_removes_their_links(
    client, make_teacher, ada, ada_linked, make_student
):
    page = reverse("student_detail", args=[ada.pk])
    unlink = reverse("student_school_link_remove", args=[ada.pk, ada_linked.pk])
    set_login = reverse("student_school_login", args=[ada.pk])
    client.force_login(make_teacher())  # another teacher: as if the pupil did not exist
    assert client.get(page).status_code == 404
    assert client.post(unlink).status_code == 404
    assert client.post(set_login, {"school_login": "x@school.test"}).status_code == 404
    client.force_login(ada.user)  # the pupil herself: not a teacher's page
    assert client.post(unlink).status_code == 403
    client.force_login(ada.classroom.teachers.get())
    assert ADA.email in client.get(page).content.decode()
    # Another pupil's link through this pupil's address: not found.
    other = SocialAccount.objects.create(user=make_student("Eve").user, provider="feide", uid="e")
    assert (
        client.post(reverse("student_school_link_remove", args=[ada.pk, other.pk])).status_code
        == 404
    )
    assert client.post(unlink).status_code == 302
    assert not SocialAccount.objects.filter(pk=ada_linked.pk).exists()
    assert SocialAccount.objects.filter(pk=other.pk).exists()


def test_a_person_unlinks_only_their_own_link(client, ada, ada_linked, make_student, teacher):
    for intruder in (make_student("Eve").user, teacher):
        client.force_login(intruder)
        assert (
            client.post(reverse("school_account_unlink", args=[ada_linked.pk])).status_code == 404
        )
    client.logout()
    assert client.post(reverse("school_account_unlink", args=[ada_linked.pk])).status_code == 302
    assert SocialAccount.objects.filter(pk=ada_linked.pk).exists()
    client.force_login(ada.user)
    assert client.get(reverse("student_school_account")).status_code == 200
    client.post(reverse("school_account_unlink", args=[ada_linked.pk]))  # a pupil keeps her card
    assert not SocialAccount.objects.filter(pk=ada_linked.pk).exists()


def test_the_pages_are_for_their_own_people(client, ada, teacher, school_sign_in_on):
    client.force_login(teacher)
    assert client.get(reverse("student_school_account")).status_code == 403
    client.force_login(ada.user)
    assert client.get(reverse("school_accounts")).status_code == 403
    student_archive(student=ada)
    client.force_login(ada.user)
    assert client.get(reverse("student_school_account")).status_code in (302, 403)
    client.logout()
    assert client.get(reverse("school_accounts")).status_code == 302
    assert client.post(reverse("school_sign_in", args=["feide"]), {"as": "link"}).status_code == 302


def test_the_sign_in_button_takes_a_post_with_the_csrf_token(school_sign_in_on, client_factory):
    url = reverse("school_sign_in", args=["feide"])
    strict = client_factory(enforce_csrf_checks=True)
    assert strict.post(url, {"as": "pupil"}).status_code == 403
    assert strict.get(url).status_code == 405
    assert strict.post(reverse("school_sign_in", args=["github"]), {"as": "pupil"}).status_code in (
        403,
        404,
    )


def test_a_teacher_sets_checks_and_clears_a_pupils_school_login(
    client, make_student, school_sign_in_on
):
    ada, ben = make_student("Ada"), make_student("Ben")
    url = reverse("student_school_login", args=[ada.pk])
    client.force_login(ada.classroom.teachers.get())
    client.post(url, {"school_login": " Ada.K@School.test "})
    ada.refresh_from_db()
    assert ada.school_login == "ada.k@school.test"
    student_school_login_set(student=ben, login="ben@school.test")
    for hostile in ("ben@school.test", "BEN@school.test", "no-at-sign", "a\x00@x.no", "x" * 300):
        response = client.post(url, {"school_login": hostile}, follow=True)
        assert response.status_code == 200 and "message error" in response.content.decode()
        ada.refresh_from_db()
        assert ada.school_login == "ada.k@school.test"
    client.post(url, {"school_login": ""})
    ada.refresh_from_db()
    assert ada.school_login == ""


def test_an_unlink_never_leaves_a_teacher_without_a_way_in(make_teacher):
    teacher = make_teacher()
    teacher.set_unusable_password()
    teacher.save()
    first = SocialAccount.objects.create(user=teacher, provider="feide", uid="1")
    second = SocialAccount.objects.create(user=teacher, provider="google", uid="2")
    school_link_remove(link=first)
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        school_link_remove(link=second)
    assert SocialAccount.objects.filter(pk=second.pk).exists()


# --- the pupil's data: export and erasure --------------------------------------------------


def test_the_export_holds_the_school_login_and_each_links_issuer_and_subject(
    client, ada, ada_linked
):
    client.force_login(ada.classroom.teachers.get())
    data = json.loads(client.get(reverse("student_export", args=[ada.pk, "json"])).content)
    assert data["school_login"] == ADA.email
    [link] = data["school_accounts"]
    assert link["provider"] == "Feide" and link["subject"] == "sub-ada"
    assert link["issuer"] == "https://auth.dataporten.no" and link["linked_at"]
    csv = client.get(reverse("student_export", args=[ada.pk, "csv"])).content.decode()
    assert "sub-ada" in csv and ADA.email in csv


def test_erasing_a_pupil_erases_their_school_accounts(ada, ada_linked):
    student_delete(student=ada)
    assert not SocialAccount.objects.exists()
    assert not Student.objects.filter(school_login=ADA.email).exists()


# --- no provider configured: nothing changes -----------------------------------------------


def test_with_no_provider_configured_no_page_changes(client, make_student, settings):
    assert settings.SOCIALACCOUNT_PROVIDERS["openid_connect"]["APPS"] == []
    ada = make_student("Ada")
    teacher = ada.classroom.teachers.get()
    pages = [reverse("home"), reverse("login"), reverse("signup"), reverse("student_class_code")]
    for url in pages:
        body = client.get(url).content.decode()
        assert "school-sign-in" not in body and "Sign in with" not in body
    client.force_login(teacher)
    for url in (
        reverse("teacher_dashboard"),
        reverse("student_detail", args=[ada.pk]),
        reverse("students_import", args=[ada.classroom_id]),
    ):
        body = client.get(url).content.decode()
        assert "school account" not in body.lower() and "school e-mail" not in body.lower()
    client.force_login(ada.user)
    assert "School account" not in client.get(reverse("home"), follow=True).content.decode()
    assert (
        client.post(reverse("school_sign_in", args=["feide"]), {"as": "pupil"}).status_code == 404
    )
    assert client.get(reverse("openid_connect_callback", args=["feide"])).status_code == 404
    csp = client.get(reverse("login"))["Content-Security-Policy"]
    assert "form-action 'self';" in csp or csp.endswith("form-action 'self'")


def test_with_providers_configured_the_buttons_show(client, school_sign_in_on):
    body = client.get(reverse("student_class_code")).content.decode()
    for name in ("Google", "Microsoft", "Feide"):
        assert f"Sign in with {name}" in body
    assert "Sign up with Feide" in client.get(reverse("signup")).content.decode()


def test_apps_in_the_database_are_never_used(school_sign_in_on, client):
    from allauth.socialaccount.adapter import get_adapter
    from allauth.socialaccount.models import SocialApp

    SocialApp.objects.create(
        provider="openid_connect", provider_id="evil", name="Evil", client_id="x"
    )
    apps = get_adapter().list_apps(None)
    assert [a.provider_id for a in apps] == ["google", "microsoft", "feide"]
    assert client.post(reverse("school_sign_in", args=["evil"]), {"as": "pupil"}).status_code == 404
    assert client.get(reverse("openid_connect_callback", args=["evil"])).status_code == 404
