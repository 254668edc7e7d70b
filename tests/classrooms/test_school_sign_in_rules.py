"""Signing in with a school account: what a provider's claims must say, who signs in as whom,
and how the deployment's environment switches each provider on."""

import pytest
from django.core.exceptions import ValidationError

from classrooms.school_accounts.claims import (
    CLOSED,
    EMAIL_TAKEN,
    FAILED,
    FEIDE_NAME,
    INACTIVE,
    LINKED_ELSEWHERE,
    NO_EMAIL,
    NOT_ALLOWED,
    UNLINKED,
    IdentityRefused,
    identity_check,
    identity_claims,
    school_logins_claimed,
    teacher_email,
)
from classrooms.school_accounts.provider import Identity
from classrooms.school_accounts.school_logins import school_login_clean, school_login_normalise
from classrooms.school_accounts.sign_in import AS_PUPIL, AS_TEACHER, link_check, sign_in_check
from classrooms.services.students import student_archive
from config.settings import school_account_apps
from tests.conftest import SCHOOL_ENV, SCHOOL_TENANT, school_env

NONCE = "n-0123456789"


def claims_for(provider, **claims) -> dict:
    """An ID token's claims from `provider` for a person of the school."""
    base = {"iss": provider.issuer, "sub": "subject-1", "nonce": NONCE}
    if provider.id == "google":
        base |= {"hd": "school.test", "email": "ada@school.test", "email_verified": True}
    if provider.id == "microsoft":
        base |= {"tid": SCHOOL_TENANT, "preferred_username": "ada@school.test"}
    if provider.id == "feide":
        base |= {FEIDE_NAME: "ada001@school.test", "email": "ada@school.test"}
    return base | claims


def refused(call) -> str:
    with pytest.raises(IdentityRefused) as raised:
        call()
    return raised.value.reason


# --- what a provider's claims must say -----------------------------------------------------


def test_only_the_configured_issuer_is_accepted(school_sign_in_on):
    for provider in school_sign_in_on.values():
        identity_check(provider, claims_for(provider))
        for other in ("https://evil.example", provider.issuer + "/", provider.issuer.upper(), None):
            assert refused(lambda p=provider, o=other: identity_check(p, claims_for(p, iss=o))) == (
                NOT_ALLOWED
            )


def test_google_needs_an_allowed_workspace_domain_not_only_an_email(school_sign_in_on):
    google = school_sign_in_on["google"]
    # A consumer account (no hd) with a school-looking e-mail, and another school's domain.
    consumer = claims_for(google)
    del consumer["hd"]
    assert refused(lambda: identity_check(google, consumer)) == NOT_ALLOWED
    other = claims_for(google, hd="other.test", email="ada@school.test")
    assert refused(lambda: identity_check(google, other)) == NOT_ALLOWED
    identity_check(google, claims_for(google, hd="SCHOOL.test"))


def test_a_star_allows_any_workspace_domain_but_never_a_consumer_account(settings, monkeypatch):
    from classrooms.school_accounts.providers import school_provider

    school_env(monkeypatch, **SCHOOL_ENV | {"GOOGLE_DOMAINS": "*"})
    settings.SOCIALACCOUNT_PROVIDERS = {"openid_connect": {"APPS": school_account_apps()}}
    google = school_provider("google")
    identity_check(google, claims_for(google, hd="any-school.test"))
    consumer = claims_for(google)
    del consumer["hd"]
    assert refused(lambda: identity_check(google, consumer)) == NOT_ALLOWED


def test_microsoft_needs_the_school_tenant(school_sign_in_on):
    microsoft = school_sign_in_on["microsoft"]
    identity_check(microsoft, claims_for(microsoft, tid=SCHOOL_TENANT.upper()))
    for tid in ("9188040d-6c67-4c5b-b112-36a304b66dad", "", None, 7):
        assert refused(lambda t=tid: identity_check(microsoft, claims_for(microsoft, tid=t))) == (
            NOT_ALLOWED
        )


@pytest.mark.parametrize("subject", ["", None, 42, "x" * 192])
def test_a_missing_or_overlong_subject_is_refused(school_sign_in_on, subject):
    feide = school_sign_in_on["feide"]
    assert refused(lambda: identity_check(feide, claims_for(feide, sub=subject))) == FAILED


def test_the_userinfo_must_be_about_the_id_tokens_subject():
    assert (
        identity_claims({"id_token": {"sub": "a", "iss": "i"}, "userinfo": {"sub": "a", "x": 1}})[
            "x"
        ]
        == 1
    )
    # The ID token wins where both speak.
    merged = identity_claims(
        {"id_token": {"sub": "a", "iss": "i"}, "userinfo": {"sub": "a", "iss": "j"}}
    )
    assert merged["iss"] == "i"
    for data in (
        {"id_token": {"sub": "a"}, "userinfo": {"sub": "b"}},
        {"userinfo": {"sub": "a"}},
        {"id_token": {}},
        {"id_token": "a.b.c"},
        {"id_token": {"sub": "a"}, "userinfo": ["sub"]},
        None,
    ):
        assert refused(lambda d=data: identity_claims(d)) == FAILED


def test_the_school_logins_each_provider_vouches_for(school_sign_in_on):
    google, microsoft, feide = (school_sign_in_on[k] for k in ("google", "microsoft", "feide"))
    assert school_logins_claimed(google, claims_for(google, email="Ada@School.test")) == [
        "ada@school.test"
    ]
    # An unverified Google e-mail vouches for nothing.
    assert school_logins_claimed(google, claims_for(google, email_verified=False)) == []
    assert school_logins_claimed(google, claims_for(google, email_verified="true")) == [
        "ada@school.test"
    ]
    # Microsoft: the sign-in name (UPN), never the free-form e-mail claim.
    ms = claims_for(microsoft, email="boss@school.test")
    assert school_logins_claimed(microsoft, ms) == ["ada@school.test"]
    assert school_logins_claimed(feide, claims_for(feide)) == [
        "ada001@school.test",
        "ada@school.test",
    ]
    assert school_logins_claimed(feide, claims_for(feide, **{FEIDE_NAME: ["x"], "email": 5})) == []


def test_a_new_teachers_email(school_sign_in_on):
    google, microsoft, feide = (school_sign_in_on[k] for k in ("google", "microsoft", "feide"))
    assert teacher_email(google, claims_for(google)) == "ada@school.test"
    assert teacher_email(google, claims_for(google, email_verified=False)) is None
    assert teacher_email(microsoft, claims_for(microsoft)) == "ada@school.test"
    assert teacher_email(microsoft, claims_for(microsoft, email="a.k@school.test")) == (
        "a.k@school.test"
    )
    assert teacher_email(feide, claims_for(feide, email=None)) is None


# --- a school login as a teacher types it ----------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        "maya",
        "maya@",
        "@school.no",
        "maya@school",
        "maya k@school.no",
        "maya@@school.no",
        "maya@school.no\x00",
        "ma\u200bya@school.no",
        "maya@school.no\n=1+1@x.no",
        "a" * 250 + "@x.no",
    ],
)
def test_what_is_not_a_school_login_is_refused_with_a_message(raw):
    assert school_login_normalise(raw) is None
    with pytest.raises(ValidationError) as raised:
        school_login_clean(raw)
    message = raised.value.messages[0]
    assert "\x00" not in message and len(message) < 300


def test_a_school_login_is_kept_lower_case_and_trimmed():
    assert school_login_clean("  Maya.K@School.NO ") == "maya.k@school.no"
    assert school_login_clean("ola001@skole.kommune.no") == "ola001@skole.kommune.no"
    assert school_login_clean("zoë@skole.no") == "zoë@skole.no"
    assert school_login_clean("") == school_login_clean("   ") == ""


# --- who signs in as whom ------------------------------------------------------------------


@pytest.fixture
def feide(school_sign_in_on):
    return school_sign_in_on["feide"]


def identity(provider, **claims) -> Identity:
    return Identity(provider=provider, claims=claims_for(provider, **claims))


@pytest.mark.django_db
def test_a_linked_identity_signs_its_owner_in(feide, make_student, teacher):
    ada = make_student("Ada")
    for user in (ada.user, teacher):
        for intent in (AS_PUPIL, AS_TEACHER):
            assert (
                sign_in_check(intent=intent, nonce=NONCE, identity=identity(feide), user=user)
                is None
            )


@pytest.mark.django_db
def test_the_nonce_must_be_the_one_sent(feide, make_student):
    ada = make_student("Ada")
    for sent, returned in ((NONCE, "other"), ("", ""), (NONCE, None)):
        who = identity(feide, nonce=returned)
        assert refused(
            lambda s=sent, w=who: sign_in_check(intent=AS_PUPIL, nonce=s, identity=w, user=ada.user)
        ) == (FAILED)
        assert (
            refused(
                lambda s=sent, w=who: link_check(nonce=s, identity=w, owner=None, user=ada.user)
            )
            == FAILED
        )


@pytest.mark.django_db
def test_an_archived_pupil_or_class_or_a_switched_off_teacher_is_refused(
    feide, make_student, classroom, teacher
):
    ada, ben = make_student("Ada"), make_student("Ben")
    student_archive(student=ada)
    ada.user.refresh_from_db()
    assert (
        refused(
            lambda: sign_in_check(
                intent=AS_PUPIL, nonce=NONCE, identity=identity(feide), user=ada.user
            )
        )
        == CLOSED
    )
    classroom.archived_at = classroom.created_at
    classroom.save()
    ben.user.refresh_from_db()
    assert (
        refused(
            lambda: sign_in_check(
                intent=AS_PUPIL, nonce=NONCE, identity=identity(feide), user=ben.user
            )
        )
        == CLOSED
    )
    teacher.is_active = False
    teacher.save()
    assert (
        refused(
            lambda: sign_in_check(
                intent=AS_TEACHER, nonce=NONCE, identity=identity(feide), user=teacher
            )
        )
        == INACTIVE
    )


@pytest.mark.django_db
def test_an_unlinked_identity_signs_in_the_pupil_whose_school_login_it_has(feide, make_student):
    ada = make_student("Ada")
    ada.school_login = "ada001@school.test"  # the Feide name
    ada.save()
    for intent in (AS_PUPIL, AS_TEACHER):  # a pupil on the teacher page is still the pupil
        found = sign_in_check(intent=intent, nonce=NONCE, identity=identity(feide), user=None)
        assert found == ada


@pytest.mark.django_db
def test_an_unlinked_identity_of_an_archived_pupil_is_refused(feide, make_student):
    ada = make_student("Ada")
    ada.school_login = "ada@school.test"
    ada.save()
    student_archive(student=ada)
    assert (
        refused(
            lambda: sign_in_check(intent=AS_PUPIL, nonce=NONCE, identity=identity(feide), user=None)
        )
        == CLOSED
    )


@pytest.mark.django_db
def test_an_unknown_identity_is_never_made_a_pupil(feide, make_student):
    make_student("Ada")
    assert (
        refused(
            lambda: sign_in_check(intent=AS_PUPIL, nonce=NONCE, identity=identity(feide), user=None)
        )
        == UNLINKED
    )
    assert (
        refused(
            lambda: sign_in_check(intent="link", nonce=NONCE, identity=identity(feide), user=None)
        )
        == FAILED
    )


@pytest.mark.django_db
def test_claims_that_match_two_pupils_sign_in_neither(feide, make_student):
    ada, eve = make_student("Ada"), make_student("Eve")
    ada.school_login, eve.school_login = "ada001@school.test", "ada@school.test"
    ada.save()
    eve.save()
    assert (
        refused(
            lambda: sign_in_check(intent=AS_PUPIL, nonce=NONCE, identity=identity(feide), user=None)
        )
        == UNLINKED
    )


@pytest.mark.django_db
def test_a_new_teacher_needs_an_email_nobody_has(feide, make_teacher):
    assert (
        sign_in_check(intent=AS_TEACHER, nonce=NONCE, identity=identity(feide), user=None) is None
    )
    assert (
        refused(
            lambda: sign_in_check(
                intent=AS_TEACHER, nonce=NONCE, identity=identity(feide, email=None), user=None
            )
        )
        == NO_EMAIL
    )
    make_teacher("ada")  # ada@school.example
    taken = identity(feide, email="ADA@school.example")
    with pytest.raises(IdentityRefused) as raised:
        sign_in_check(intent=AS_TEACHER, nonce=NONCE, identity=taken, user=None)
    assert (
        raised.value.reason == EMAIL_TAKEN and raised.value.details["email"] == "ada@school.example"
    )
    # An address only allauth's own table knows (an account whose e-mail was changed since).
    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=make_teacher(), email="old@school.test")
    old = identity(feide, email="old@school.test")
    assert refused(
        lambda: sign_in_check(intent=AS_TEACHER, nonce=NONCE, identity=old, user=None)
    ) == (EMAIL_TAKEN)


@pytest.mark.django_db
def test_linking_refuses_someone_elses_identity(feide, make_student, teacher):
    ada, ben = make_student("Ada"), make_student("Ben")
    link_check(nonce=NONCE, identity=identity(feide), owner=None, user=ada.user)
    link_check(nonce=NONCE, identity=identity(feide), owner=ada.user, user=ada.user)
    assert (
        refused(
            lambda: link_check(nonce=NONCE, identity=identity(feide), owner=ben.user, user=ada.user)
        )
        == LINKED_ELSEWHERE
    )
    # The teacher gave this school login to Ben: nobody else links it, a teacher neither.
    ben.school_login = "ada@school.test"
    ben.save()
    for user in (ada.user, teacher):
        assert (
            refused(
                lambda u=user: link_check(nonce=NONCE, identity=identity(feide), owner=None, user=u)
            )
            == LINKED_ELSEWHERE
        )
    link_check(nonce=NONCE, identity=identity(feide), owner=None, user=ben.user)


@pytest.mark.django_db
def test_linking_needs_a_logged_in_current_account(feide, make_student):
    from django.contrib.auth.models import AnonymousUser

    assert (
        refused(
            lambda: link_check(
                nonce=NONCE, identity=identity(feide), owner=None, user=AnonymousUser()
            )
        )
        == FAILED
    )
    ada = make_student("Ada")
    student_archive(student=ada)
    ada.user.refresh_from_db()
    assert (
        refused(
            lambda: link_check(nonce=NONCE, identity=identity(feide), owner=None, user=ada.user)
        )
        == CLOSED
    )


# --- the environment switches providers on -------------------------------------------------


def test_no_environment_configures_no_provider(monkeypatch):
    school_env(monkeypatch)
    assert school_account_apps() == []


def test_each_provider_is_configured_from_its_own_variables(monkeypatch):
    school_env(monkeypatch, **SCHOOL_ENV)
    apps = {app["provider_id"]: app for app in school_account_apps()}
    assert list(apps) == ["google", "microsoft", "feide"]
    google, microsoft, feide = apps["google"], apps["microsoft"], apps["feide"]
    assert google["settings"]["issuer"] == "https://accounts.google.com"
    assert google["settings"]["auth_params"] == {"prompt": "select_account", "hd": "school.test"}
    assert (
        microsoft["settings"]["issuer"] == f"https://login.microsoftonline.com/{SCHOOL_TENANT}/v2.0"
    )
    assert microsoft["settings"]["auth_params"] == {"prompt": "select_account"}
    assert feide["settings"]["issuer"] == "https://auth.dataporten.no"
    assert feide["settings"]["auth_params"] == {"prompt": "login"}
    assert all(app["settings"]["oauth_pkce_enabled"] for app in apps.values())
    school_env(
        monkeypatch,
        FEIDE_CLIENT_ID="f",
        FEIDE_CLIENT_SECRET="s",
        FEIDE_ISSUER="http://127.0.0.1:9/o/",
    )
    [only] = school_account_apps()
    assert only["provider_id"] == "feide" and only["settings"]["issuer"] == "http://127.0.0.1:9/o"


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"GOOGLE_CLIENT_ID": "g", "GOOGLE_CLIENT_SECRET": "s"}, "GOOGLE_DOMAINS"),
        ({"FEIDE_CLIENT_ID": "f"}, "FEIDE_CLIENT_SECRET"),
        ({"MICROSOFT_CLIENT_ID": "m", "MICROSOFT_CLIENT_SECRET": "s"}, "MICROSOFT_TENANT_ID"),
        (
            {
                "MICROSOFT_CLIENT_ID": "m",
                "MICROSOFT_CLIENT_SECRET": "s",
                "MICROSOFT_TENANT_ID": "school.onmicrosoft.com",
            },
            "MICROSOFT_TENANT_ID",
        ),
    ],
)
def test_a_half_configured_provider_stops_the_server_saying_what_is_missing(monkeypatch, env, says):
    school_env(monkeypatch, **env)
    with pytest.raises(RuntimeError, match=says):
        school_account_apps()


def test_the_csp_lets_the_sign_in_forms_go_to_the_configured_issuers_only():
    from config.settings import _origins

    assert _origins([]) == []
    assert _origins(
        [
            "https://accounts.google.com",
            "https://login.microsoftonline.com/t/v2.0",
            "https://accounts.google.com/x",
        ]
    ) == [
        "https://accounts.google.com",
        "https://login.microsoftonline.com",
    ]
