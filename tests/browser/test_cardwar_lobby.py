"""Starting a card war from the lobby in Chromium: the computer at a chosen level, and a table
of four where a classmate says yes and the computer takes the two empty seats."""

import pytest

from games.models import Invitation, Match
from tests.browser.cardwar_driver import wait_step
from tests.browser.conftest import assert_accessible, screenshot

pytestmark = pytest.mark.browser


def test_a_student_plays_the_computer_at_level_seven(live, login_page, make_student):
    ada = make_student("Ada")
    page = login_page(ada.user)
    page.goto(f"{live}/play/")
    screenshot(page, "cardwar-lobby")
    card = page.locator(".game-card", has=page.get_by_role("heading", name="Card war"))
    panel = card.locator("form", has=page.get_by_role("button", name="Play the computer"))
    panel.get_by_text("Strength, players and settings").click()
    assert "7 · Champion" in panel.inner_text()
    panel.get_by_label("7 · Champion", exact=False).check()
    panel.get_by_label("Players").select_option("3")
    panel.get_by_role("button", name="Play the computer").click()
    page.wait_for_url("**/play/m/*/")
    match = Match.objects.get(seats__user=ada.user)
    assert match.game == "cardwar" and match.seats.count() == 3
    assert match.variants["level"] == 7 and match.variants["answer_seconds"] == 60
    wait_step(page, "target")  # seat 0 names the first target
    assert "Level 7: Champion" in page.inner_text("#board")


def test_a_table_of_four_with_a_classmate_and_two_computers(live, login_page, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    host, guest = login_page(ada.user), login_page(ben.user)
    guest.goto(f"{live}/play/")
    guest.wait_for_selector("#presence")
    host.goto(f"{live}/play/")
    card = host.locator(".game-card", has=host.get_by_role("heading", name="Card war"))
    panel = card.locator("form", has=host.get_by_role("button", name="Challenge a classmate"))
    panel.get_by_label("Classmate", exact=True).select_option(label="Ben")
    panel.get_by_text("More players and settings").click()
    panel.get_by_label("Players at the table").select_option("4")
    panel.get_by_label("2 · Multiplication", exact=False).check()
    panel.get_by_role("button", name="Challenge a classmate").click()
    host.wait_for_selector("text=Your classmates have been asked")
    assert "1 of 4 seats taken" in host.inner_text("#challenges")
    # Ben's lobby is told at once, through its socket.
    invitation = guest.locator("#challenges [role=alert]")
    invitation.get_by_text("Ada invites you to a table for 4!").wait_for()
    assert "Card war, level 2 · 20-minute clock" in invitation.inner_text()
    assert_accessible(guest, "lobby with a table invitation")
    screenshot(guest, "cardwar-lobby-invitation")
    guest.get_by_role("button", name="Join the table").click()
    host.wait_for_selector("text=2 of 4 seats taken")
    host.get_by_role("button", name="Start now", exact=False).click()
    for page in (host, guest):
        page.wait_for_url("**/play/m/*/")
        wait_step(page, "answer")
    table = Invitation.objects.get(host=ada.user)
    seats = list(table.match.seats.order_by("index"))
    assert [s.user_id for s in seats[:2]] == [ada.user_id, ben.user_id]
    assert all(s.bot_level for s in seats[2:])
    assert "Computer 3" in host.inner_text("#board") and "Team A" in host.inner_text("#board")
