"""Sign-in with a school account in Chromium, against a real OpenID Connect provider.

The app's Daphne is configured as a deployment would be: Feide (here: django-oauth-toolkit's
provider on a local port, tests/oidc_provider/) and Microsoft, whose configured issuer's
discovery answers for another issuer (a provider that is not the one configured). Every sign-in
goes the whole way: the button, the provider's own login page, the code exchange with PKCE, the
signed ID token, and the person's start page.
"""

from types import SimpleNamespace

import pytest
from allauth.socialaccount.models import SocialAccount
from django.conf import settings

from classrooms.models import Student, User
from classrooms.services.classrooms import classroom_create
from classrooms.services.students import student_archive, students_create
from games.models import Match
from games.services import match_create
from tests.browser.conftest import assert_accessible, screenshot, start_daphne, stop_daphne
from tests.browser.warriors_driver import (
    by_mouse,
    plan,
    state_of,
    wait_connected,
    wait_for_ply_after,
)
from tests.conftest import (
    ADA,
    BEN,
    CHLOE,
    SARA,
    SCHOOL_PEOPLE,
    SCHOOL_TENANT,
    STRANGER,
    feide_env,
    free_port,
)
from tests.oidc_provider.process import ProviderClient, ProviderUser, start_provider

CALLBACK = "http://127.0.0.1/accounts/oidc/{}/login/callback/"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def school_server(django_db_setup, django_db_blocker, school_provider_server):
    """The app on its own Daphne with Feide and Microsoft configured: Feide is the session's
    provider; Microsoft's configured issuer answers as another issuer (the rogue provider)."""
    app_port, rogue_port = free_port(), free_port()
    # It answers for an issuer of its own choosing, not the address the deployment configured.
    rogue = start_provider(
        rogue_port,
        users=SCHOOL_PEOPLE,
        clients=[ProviderClient("maths-arena-ms", "ms-secret", [CALLBACK.format("microsoft")])],
        issuer=f"http://127.0.0.1:{rogue_port}/{SCHOOL_TENANT}/v2.0",
        tenant=SCHOOL_TENANT,
    )
    env = {
        "GAMES_SWEEP_SECONDS": "86400",
        **feide_env(school_provider_server),
        "MICROSOFT_CLIENT_ID": "maths-arena-ms",
        "MICROSOFT_CLIENT_SECRET": "ms-secret",
        "MICROSOFT_TENANT_ID": SCHOOL_TENANT,
        "MICROSOFT_ISSUER": f"http://127.0.0.1:{rogue_port}/o",
    }
    try:
        proc, base_url = start_daphne(app_port, extra_env=env)
    except Exception:
        rogue.stop()
        raise
    yield SimpleNamespace(base_url=base_url, feide=school_provider_server, rogue=rogue)
    stop_daphne(proc)
    rogue.stop()


@pytest.fixture
def school(school_server, transactional_db):
    from django.core.cache import cache

    cache.clear()
    yield school_server
    cache.clear()


def sign_in_at_provider(page, provider, person: ProviderUser) -> None:
    """The provider's own login page: what the child types at Feide or Microsoft."""
    page.wait_for_url(f"{provider.base_url}/accounts/login/**")
    page.fill("#id_username", person.username)
    page.fill("#id_password", person.password)
    page.click("text=Sign in")


def feide_button(page):
    return page.get_by_role("button", name="Sign in with Feide")


def pupil_signs_in(page, school, person: ProviderUser, *, provider: str = "Feide") -> None:
    """On the pupils' page, the provider's button, then the person's login at the provider."""
    page.goto(school.base_url + "/student/")
    page.get_by_role("button", name=f"Sign in with {provider}").click()
    sign_in_at_provider(page, school.rogue if provider == "Microsoft" else school.feide, person)


@pytest.fixture
def room(make_teacher):
    teacher = make_teacher("ms_owls")
    return classroom_create(name="Owls 4B", teacher=teacher)


def test_a_teacher_signs_up_with_their_school_account_and_signs_in_again(school, new_page):
    page = new_page()
    page.goto(school.base_url + "/accounts/signup/")
    assert_accessible(page, "signup-with-school-buttons")
    screenshot(page, "school-signup")
    page.get_by_role("button", name="Sign up with Feide").click()
    sign_in_at_provider(page, school.feide, SARA)
    page.wait_for_url(school.base_url + "/teach/")
    assert "Welcome! Create your first class." in page.inner_text(".messages")
    teacher = User.objects.get(email=SARA.email)
    assert teacher.is_teacher and not teacher.has_usable_password()
    assert (teacher.first_name, teacher.last_name) == ("Sara", "Khan")
    link = SocialAccount.objects.get(user=teacher)
    assert link.provider == "feide" and link.extra_data == {"iss": school.feide.issuer}
    page.get_by_role("button", name="Log out").click()
    page.goto(school.base_url + "/accounts/login/")
    feide_button(page).click()
    sign_in_at_provider(page, school.feide, SARA)
    page.wait_for_url(school.base_url + "/teach/")
    assert User.objects.filter(email=SARA.email).count() == 1
    page.click("text=My school account")
    page.get_by_role("heading", name="My school account").wait_for()
    # The only way in: unlinking is refused until a password is set.
    page.get_by_role("button", name="Unlink Feide").click()
    assert "only way to log in" in page.inner_text(".messages")
    assert SocialAccount.objects.filter(user=teacher).exists()
    assert_accessible(page, "teacher-school-account")
    screenshot(page, "school-teacher-account")


def test_a_pupil_linked_by_email_signs_in_with_one_click_and_plays(school, new_page, room):
    teacher_page = new_page()
    from tests.browser.conftest import log_in

    log_in(teacher_page, school.base_url, room.teachers.get())
    teacher_page.goto(f"{school.base_url}/teach/classes/{room.pk}/import/")
    teacher_page.fill("#id_names", f"Ada K.\t{ADA.email}\nBen T.")
    teacher_page.get_by_role("button", name="Preview").first.click()
    teacher_page.locator("#import-preview").wait_for()
    assert ADA.email in teacher_page.inner_text("#import-preview")
    teacher_page.get_by_role("button", name="Add 2 students and make their cards").click()
    teacher_page.locator("#card-sheet").wait_for()
    ada = Student.objects.get(display_name="Ada K.")
    assert ada.school_login == ADA.email

    page = new_page()
    page.goto(school.base_url + "/student/")
    assert_accessible(page, "pupil-code-page-with-school-buttons")
    screenshot(page, "school-pupil-code-page")
    feide_button(page).dblclick()  # as a 10-year-old does
    sign_in_at_provider(page, school.feide, ADA)
    page.wait_for_url(school.base_url + "/play/")
    assert "Ada K." in page.inner_text(".site-header")
    link = SocialAccount.objects.get(user=ada.user)
    assert link.provider == "feide" and link.extra_data == {"iss": school.feide.issuer}
    match = match_create(
        classroom=room, players=[ada.user, "intermediate"], seed=77, options={"bot_delay_ms": 30}
    )
    page.goto(f"{school.base_url}/play/m/{match.pk}/")
    wait_connected(page)
    while True:  # the computer may be first: its move reaches the board, then hers
        to_move, ply = state_of(match).to_move, match.ply  # one read of the match
        if to_move == 0:
            break
        wait_for_ply_after(page, ply)
    by_mouse(page, match, plan(match))
    wait_for_ply_after(page, ply)
    assert Match.objects.get(pk=match.pk).ply > ply  # her move is stored

    # The teacher sees the link on Ada's page, and removes it.
    teacher_page.goto(f"{school.base_url}/teach/students/{ada.pk}/")
    assert "Feide" in teacher_page.inner_text("#school-links")
    assert_accessible(teacher_page, "teacher-pupil-school-panel")
    screenshot(teacher_page, "school-teacher-pupil-panel")
    teacher_page.get_by_role("button", name="Unlink Feide").click()
    teacher_page.locator("#school-links-none").wait_for()
    assert not SocialAccount.objects.filter(user=ada.user).exists()


def test_a_pupil_links_their_own_school_account_with_one_click(school, new_page, room):
    [card] = students_create(classroom=room, names=["Ben T."])
    page = new_page()
    page.goto(school.base_url + "/student/")
    page.fill("#id_code", room.code)
    page.keyboard.press("Enter")
    page.get_by_role("link", name="Ben T.").click()
    page.fill("#id_password", card.password)
    page.keyboard.press("Enter")
    page.wait_for_url(school.base_url + "/play/")
    screenshot(page, "school-pupil-lobby-header")
    page.get_by_role("link", name="School account").click()
    assert_accessible(page, "pupil-school-account")
    screenshot(page, "school-pupil-link-page")
    page.get_by_role("button", name="Link my Feide account").click()
    sign_in_at_provider(page, school.feide, BEN)
    page.wait_for_url(school.base_url + "/me/school-account/")
    assert "Your school account is linked" in page.inner_text(".messages")
    assert SocialAccount.objects.filter(user=card.student.user, provider="feide").exists()
    page.get_by_role("button", name="Log out").click()
    pupil_signs_in(page, school, BEN)
    page.wait_for_url(school.base_url + "/play/")
    assert "Ben T." in page.inner_text(".site-header")


def test_an_unlinked_school_account_is_refused_and_no_account_is_made(school, new_page, room):
    students_create(classroom=room, names=["Ada K."])
    users_before = User.objects.count()
    page = new_page()
    pupil_signs_in(page, school, STRANGER)
    page.get_by_role("heading", name="Ask your teacher to add you").wait_for()
    assert_accessible(page, "school-refused-unlinked")
    screenshot(page, "school-refused-unlinked")
    assert User.objects.count() == users_before
    assert not SocialAccount.objects.exists()
    page.get_by_role("link", name="Log in with your class code").click()
    page.get_by_role("heading", name="Type your class code").wait_for()
    page.goto(school.base_url + "/play/")
    assert "/accounts/login/" in page.url  # nobody is logged in


def test_the_next_pupil_on_the_same_chromebook_gets_their_own_session(school, new_page, room):
    cards = students_create(classroom=room, names=["Ada K.", "Chloe W."])
    for card, person in zip(cards, [ADA, CHLOE], strict=True):
        Student.objects.filter(pk=card.student.pk).update(school_login=person.email)
    page = new_page()  # one browser, shared
    pupil_signs_in(page, school, ADA)
    page.wait_for_url(school.base_url + "/play/")
    assert "Ada K." in page.inner_text(".site-header")
    page.get_by_role("button", name="Log out").click()
    # Feide still knows Ada, but asks who is signing in (prompt=login): Chloe signs in.
    pupil_signs_in(page, school, CHLOE)
    page.wait_for_url(school.base_url + "/play/")
    header = page.inner_text(".site-header")
    assert "Chloe W." in header and "Ada K." not in header
    cookies = {c["name"]: c["value"] for c in page.context.cookies(school.base_url)}
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore(cookies[settings.SESSION_COOKIE_NAME])
    assert str(session["_auth_user_id"]) == str(cards[1].student.user_id)


def test_a_token_from_an_issuer_that_is_not_configured_is_refused(school, new_page, room):
    [card] = students_create(classroom=room, names=["Ada K."])
    Student.objects.filter(pk=card.student.pk).update(school_login=ADA.email)
    page = new_page()
    pupil_signs_in(page, school, ADA, provider="Microsoft")
    page.get_by_role("heading", name="This account cannot sign in here").wait_for()
    screenshot(page, "school-refused-issuer")
    assert not SocialAccount.objects.exists()
    page.goto(school.base_url + "/play/")
    assert "/accounts/login/" in page.url


def test_an_archived_pupil_is_refused(school, new_page, room):
    [card] = students_create(classroom=room, names=["Ada K."])
    Student.objects.filter(pk=card.student.pk).update(school_login=ADA.email)
    page = new_page()
    pupil_signs_in(page, school, ADA)
    page.wait_for_url(school.base_url + "/play/")  # linked now
    page.get_by_role("button", name="Log out").click()
    student_archive(student=Student.objects.get(pk=card.student.pk))
    pupil_signs_in(page, school, ADA)
    page.get_by_role("heading", name="You cannot log in right now").wait_for()
    screenshot(page, "school-refused-archived")
    page.goto(school.base_url + "/play/")
    assert "/accounts/login/" in page.url


def test_the_sign_in_buttons_in_both_languages(school, new_page):
    from tests.browser.test_classrooms_flows import assert_fits_the_screen

    page = new_page()
    for path, english, norwegian in (
        ("/accounts/login/", "Sign in with Feide", "Logg inn med Feide"),
        ("/student/", "Sign in with Microsoft", "Logg inn med Microsoft"),
        ("/accounts/signup/", "Sign up with Feide", "Registrer deg med Feide"),
    ):
        page.goto(school.base_url + path)
        page.get_by_role("button", name=english).wait_for()
        page.get_by_role("button", name="Norsk bokmål").click()
        page.get_by_role("button", name=norwegian).wait_for()
        assert_accessible(page, f"school-buttons-nb{path}")
        assert_fits_the_screen(page)
        screenshot(page, "school-nb" + path.rstrip("/").replace("/", "-"))
        page.get_by_role("button", name="English").click()
        page.get_by_role("button", name=english).wait_for()
