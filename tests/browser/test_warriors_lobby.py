"""Getting into a match in Chromium: a live challenge in the lobby; the teacher's class view."""

import pytest
from playwright.sync_api import expect

from games.models import Match
from tests.browser.conftest import screenshot
from tests.browser.warriors_driver import wait_connected

pytestmark = pytest.mark.browser


def test_a_challenge_in_the_lobby_takes_both_students_to_their_match(
    live, login_page, make_student, teacher, classroom
):
    ada, ben = make_student("Ada"), make_student("Ben")
    a, b = login_page(ada.user), login_page(ben.user)
    a.goto(f"{live}/play/")
    b.goto(f"{live}/play/")
    a.wait_for_selector("#presence >> text=Ben")
    b.wait_for_selector("#presence >> text=Ada")
    screenshot(a, "lobby-classmate-online")
    b.get_by_text("More players and settings").click()  # Ben looks at the settings,
    b.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # far down a long page
    assert b.evaluate("window.scrollY") > 400  # past where the invitations begin
    card = a.locator(".game-card", has=a.get_by_role("heading", name="Maths Warriors"))
    card.get_by_label("Classmate").select_option(label="Ben")
    card.get_by_role("button", name="Challenge a classmate").click()
    invitation = b.locator("#challenges [role=alert]")
    invitation.get_by_text("Ada challenges you!").wait_for()
    # It names the game, its variants and its clock, is in view, and Accept has the focus.
    assert "Maths Warriors (standard) · 12-minute clock" in invitation.inner_text()
    box = invitation.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 768
    expect(b.get_by_role("button", name="Accept")).to_be_focused()
    screenshot(b, "lobby-challenged")
    b.keyboard.press("Enter")
    b.wait_for_url(f"{live}/play/m/*/")
    a.wait_for_url(f"{live}/play/m/*/")
    match = Match.objects.get()
    assert a.url.endswith(f"/play/m/{match.pk}/") and b.url.endswith(f"/play/m/{match.pk}/")
    wait_connected(a)
    wait_connected(b)
    watcher = login_page(teacher)
    watcher.goto(f"{live}/play/class/{classroom.pk}/live/")
    assert "Ada – Ben" in watcher.inner_text("#live")
    screenshot(watcher, "teacher-class-live")
    watcher.click("#live a:has-text('Watch')")
    wait_connected(watcher)
    assert watcher.get_attribute("#match", "data-role") == "spectator"
