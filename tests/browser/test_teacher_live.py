"""The teacher's live view in Chromium: see who is in the lobby, pair two of them with a short
clock, watch their match, and come back to the list."""

import re

import pytest

from games.models import Match
from tests.browser.conftest import assert_accessible, screenshot
from tests.browser.warriors_driver import wait_connected

pytestmark = pytest.mark.browser


def test_a_teacher_pairs_two_students_in_the_lobby_with_a_three_minute_clock_and_watches(
    live, login_page, make_student, teacher, classroom
):
    ada, ben = make_student("Ada"), make_student("Ben")
    make_student("Cy")  # never opens the lobby
    watcher = login_page(teacher)
    watcher.goto(f"{live}/play/class/{classroom.pk}/live/")
    assert (
        watcher.locator("#id_pair-player_1 option", has_text="○ Ada — not in the lobby").count()
        == 1
    )

    a, b = login_page(ada.user), login_page(ben.user)
    a.goto(f"{live}/play/")
    b.goto(f"{live}/play/")
    # The polled list and the pairing selects both catch up without a reload.
    watcher.wait_for_selector("#live .people >> text=Ben")
    watcher.wait_for_selector(
        "#id_pair-player_1 option:text('● Ada — in the lobby')", state="attached"
    )
    watcher.wait_for_selector(
        "#id_pair-player_2 option:text('● Ben — in the lobby')", state="attached"
    )
    assert "○ Cy — not in the lobby" in watcher.inner_text("#id_pair-player_2")

    watcher.click(
        ".game-settings[data-shown-when='pair-game=warriors'] summary:has-text('Variants')"
    )
    watcher.focus("#id_pair-warriors-recruit")
    requests = []
    watcher.on("request", lambda request: requests.append(request.method))
    watcher.keyboard.press("Enter")  # Space ticks a box; Enter must not start any match
    assert not watcher.is_checked("#id_pair-warriors-recruit")
    watcher.select_option("#id_pair-player_1", str(ada.pk))
    watcher.select_option("#id_pair-player_2", str(ben.pk))
    watcher.select_option("#id_pair-warriors-clock", label="3 minutes")
    screenshot(watcher, "teacher-live-pairing")
    watcher.click("button:has-text('Start this match')")
    watcher.wait_for_selector(".messages >> text=Maths Warriors started: Ada, Ben.")
    # The pairing was the only thing posted: the Enter before it submitted nothing.
    assert requests.count("POST") == 1 and Match.objects.count() == 1
    a.wait_for_url(f"{live}/play/m/*/")
    b.wait_for_url(f"{live}/play/m/*/")
    match = Match.objects.get()
    assert match.options["clock_seconds"] == 180

    row = watcher.locator("#live tr", has_text="Ada – Ben")
    assert re.fullmatch(r"(3:00|2:[0-5]\d)", row.locator("td.num").inner_text())
    assert row.locator("td.score").inner_text() == "captures 0 – 0"
    screenshot(watcher, "teacher-live-playing")

    watcher.click(f"#watch-{match.pk}")
    wait_connected(watcher)
    assert watcher.get_attribute("#match", "data-role") == "spectator"
    clock = watcher.locator("#clock .clock-time").first
    watcher.wait_for_function(
        "el => /^(3:00|2:[0-5][0-9])$/.test(el.textContent.trim())", arg=clock.element_handle()
    )
    screenshot(watcher, "teacher-watching")

    watcher.click("text=Back to the live matches")
    watcher.wait_for_url(f"{live}/play/class/{classroom.pk}/live/")
    assert watcher.locator(f"#watch-{match.pk}").is_visible()
    # Console errors on any of the three pages fail the test (the browser conftest's watcher).


def test_the_polled_list_keeps_its_copy_on_304_and_still_follows_the_lobby(
    live, login_page, make_student, teacher, classroom
):
    """Nothing changed: the server answers 304 and the browser's cache gives htmx the copy it
    had, so the list stays as it was (never blanked); the next change is in the next poll."""
    from games.services import match_create

    ada, ben = make_student("Ada"), make_student("Ben")
    match_create(classroom=classroom, players=[ada.user, ben.user], seed=3, clock_seconds=None)
    watcher = login_page(teacher)
    watcher.goto(f"{live}/play/class/{classroom.pk}/live/")
    # A poll the browser revalidated (304: headers only came) shows a transfer smaller than its
    # body, which came from the cache (Resource Timing; Playwright reports such a poll as 200).
    revalidated = (
        "() => performance.getEntriesByType('resource')"
        ".filter(e => e.name.includes('/matches/') && e.transferSize < e.encodedBodySize)"
        ".length >= 2"
    )
    watcher.wait_for_function(revalidated, timeout=10_000)
    row = watcher.locator("#live tr", has_text="Ada – Ben")
    assert row.locator("td.num").inner_text() == "no clock"
    assert watcher.locator("#live").count() == 1
    assert watcher.locator("#live .people").count() == 0

    page = login_page(ada.user)
    page.goto(f"{live}/play/")
    watcher.wait_for_selector("#live .people >> text=Ada", timeout=8000)
    assert watcher.locator("#live tr", has_text="Ada – Ben").count() == 1


def test_one_form_starts_a_card_war_for_three_and_shows_only_its_settings(
    live, login_page, make_student, teacher, classroom
):
    """The teacher picks the game on the same form: the card war's settings replace
    Warriors' (by keyboard too), three chosen pupils sit at one card war at the chosen level."""
    pupils = [make_student(name) for name in ("Ada", "Ben", "Cy")]
    desk = login_page(teacher)
    desk.set_viewport_size({"width": 1366, "height": 768})
    for pupil in pupils:
        login_page(pupil.user).goto(f"{live}/play/")
    desk.goto(f"{live}/play/class/{classroom.pk}/live/")
    desk.wait_for_selector("#id_pair-player_3 option:text('● Cy — in the lobby')", state="attached")
    warriors = desk.locator("[data-shown-when='pair-game=warriors']")
    cardwar = desk.locator("[data-shown-when='pair-game=cardwar']")
    assert warriors.is_visible() and not cardwar.is_visible()
    desk.focus("#id_pair-game_0")
    desk.keyboard.press("ArrowRight")  # the next game, as a radio group moves
    assert desk.is_checked("#id_pair-game_1")
    desk.keyboard.press("Enter")  # on a choice, Enter starts nothing
    assert cardwar.is_visible() and not warriors.is_visible()
    cardwar.get_by_label("2 · Multiplication", exact=False).check()
    for n, pupil in enumerate(pupils, start=1):
        desk.select_option(f"#id_pair-player_{n}", str(pupil.pk))
    screenshot(desk, "teacher-one-form-cardwar")
    assert_accessible(desk, "teacher's one form, card war chosen")
    desk.click("button:has-text('Start this match')")
    desk.wait_for_selector(".messages >> text=Card war started: Ada, Ben, Cy.")
    match = Match.objects.get()
    assert match.game == "cardwar" and match.variants["level"] == 2
    assert list(match.seats.order_by("index").values_list("user_id", flat=True)) == [
        p.user_id for p in pupils
    ]
    # The next form offers the same game and settings again.
    assert desk.is_checked("#id_pair-game_1") and cardwar.is_visible()
