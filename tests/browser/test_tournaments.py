"""A class tournament in Chromium: the teacher creates it from the students in the lobby, pairs
and starts a round, two students play to a result, and the projector's standings update live."""

import pytest

from games.models import Match
from games.tournaments.models import Tournament
from tests.browser.conftest import assert_accessible, screenshot
from tests.browser.warriors_driver import (
    by_mouse,
    plan,
    state_of,
    wait_connected,
    wait_for_ply_after,
)

pytestmark = pytest.mark.browser


def test_a_teacher_runs_a_swiss_round_and_the_projector_follows_it_live(
    live, login_page, make_student, teacher, classroom
):
    ada, ben = make_student("Ada Lovelace"), make_student("Ben Okri")
    make_student("Cy Twombly")  # on the roster, not in the lobby
    a, b = login_page(ada.user), login_page(ben.user)
    for page in (a, b):
        page.goto(f"{live}/play/")
        page.wait_for_selector("#presence")

    desk = login_page(teacher)
    desk.goto(f"{live}/teach/classes/{classroom.pk}/")
    desk.click("a.button:has-text('Tournaments')")
    desk.click("text=New tournament")
    assert desk.is_checked("label:has-text('Ada Lovelace (in the lobby)') input")
    assert desk.is_checked("label:has-text('Ben Okri (in the lobby)') input")
    assert not desk.is_checked("label:has-text('Cy Twombly') input")
    desk.fill("#id_name", "Friday cup")
    desk.check("input[name=format][value=swiss]")
    desk.fill("#id_rounds", "1")
    desk.select_option("#id_clock", label="3 minutes")
    screenshot(desk, "tournament-new")
    assert_accessible(desk, "tournament form")
    desk.click("button:has-text('Create the tournament')")
    desk.wait_for_selector("text=Tournament created.")
    tournament = Tournament.objects.get()
    assert tournament.entrants.count() == 2 and tournament.clock_seconds == 180

    wall = login_page(teacher)
    wall.goto(f"{live}/teach/tournaments/{tournament.pk}/projector/?names=first")
    wall.wait_for_selector("#standings >> text=Ada")
    assert "Lovelace" not in wall.inner_text("#standings")

    desk.click("button:has-text('Pair round 1')")
    desk.wait_for_selector("#boards >> text=Round 1 of 1")
    # Pairings reach the projector and each student's lobby panel without a reload.
    wall.wait_for_selector("#boards >> text=Ben")
    # The lobby looks for a tournament every 10 s; once shown, the panel is live.
    a.wait_for_selector(
        "#tournament-me >> text=Round 1 is paired: your next opponent is Ben Okri.", timeout=15_000
    )
    screenshot(a, "tournament-student-lobby")
    desk.click("button:has-text('Start round 1')")
    a.wait_for_url(f"{live}/play/m/*/")
    b.wait_for_url(f"{live}/play/m/*/")
    match = Match.objects.get()
    assert a.url == b.url == f"{live}/play/m/{match.pk}/"
    wall.wait_for_selector("#boards >> text=playing")
    wall.wait_for_selector("#tournament-clock .countdown")
    screenshot(wall, "tournament-projector-playing")

    for page in (a, b):
        wait_connected(page)
    first_user = match.seats.get(index=state_of(match).to_move).user
    mover = a if first_user == ada.user else b
    by_mouse(mover, match, plan(match))
    wait_for_ply_after(mover, 0)
    b.click('[data-action="resign"]')
    b.click('[data-action="confirm-resign"]')
    b.wait_for_selector("#gameover:not([hidden])")

    # The result and the standings arrive on the projector and the teacher's page by themselves.
    wall.wait_for_selector("#boards .result:text('1–0'), #boards .result:text('0–1')")
    first_line = wall.locator("#standings tbody tr").first
    assert "Ada" in first_line.inner_text() and "1" in first_line.locator(".points").inner_text()
    desk.wait_for_selector("#controls >> text=This tournament is over.")
    screenshot(wall, "tournament-projector-finished")
    screenshot(desk, "tournament-manage-finished")
    assert_accessible(wall, "projector")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def test_a_knockout_of_five_gives_byes_and_the_projector_draws_the_bracket(
    live, login_page, make_student, teacher, classroom
):
    from tests.browser.live_sockets import act_over_socket
    from tests.games.tournaments.conftest import current_round, games

    students = [make_student(name) for name in ("Ada", "Ben", "Cy", "Di", "Eve")]
    desk = login_page(teacher)
    desk.goto(f"{live}/teach/classes/{classroom.pk}/tournaments/new/")
    desk.fill("#id_name", "Knockout")
    desk.check("input[name=format][value=knockout]")
    desk.check("#id_third_place")
    for student in students:
        desk.check(f"input[name=students][value='{student.pk}']")
    desk.click("button:has-text('Create the tournament')")
    desk.wait_for_selector("text=Tournament created.")
    tournament = Tournament.objects.get()
    wall = login_page(teacher)
    wall.goto(f"{live}/teach/tournaments/{tournament.pk}/projector/")

    for number, expected_games in ((1, 1), (2, 2), (3, 2)):
        desk.click(f"button:has-text('Pair round {number}')")
        desk.wait_for_selector(f"button:has-text('Start round {number}')")
        desk.click(f"button:has-text('Start round {number}')")
        desk.wait_for_selector("text=Started:")
        row = current_round(tournament)
        assert len(games(row)) == expected_games
        if number == 1:
            assert row.pairings.exclude(bye="").count() == 3  # the top three seeds
            wall.wait_for_selector("#standings .bracket >> text=Bye")
        for entry in games(row):  # the second seat resigns each game, from their socket
            act_over_socket(live, entry.match, entry.second.student.user, {"kind": "resign"})
        wall.wait_for_selector(f"#boards >> text=Round {number} · Finished")

    wall.wait_for_selector("#tournament-clock >> text=Finished")
    places = [wall.inner_text(f"#standings tbody tr:nth-child({i}) td") for i in range(1, 6)]
    assert places == ["1", "2", "3", "4", "5"]
    screenshot(wall, "tournament-projector-bracket")
    assert_accessible(wall, "projector bracket")
    # Printing the results prints every round, not only the last one on the screen.
    desk.reload()
    assert not desk.is_visible("#all-rounds")
    desk.emulate_media(media="print")
    printed = desk.inner_text("#all-rounds")
    assert all(f"Round {n}" in printed for n in (1, 2, 3)) and not desk.is_visible("#boards")


def test_students_on_their_round_one_game_over_pages_arrive_in_round_two_without_a_click(
    live, login_page, make_student, teacher, classroom
):
    from games.tournaments import services
    from tests.browser.live_sockets import act_over_socket
    from tests.games.tournaments.conftest import current_round, games

    ada, ben = make_student("Ada Lovelace"), make_student("Ben Okri")
    tournament = services.tournament_create(
        teacher=teacher,
        classroom=classroom,
        name="Friday cup",
        students=[ada, ben],
        format=Tournament.Format.SWISS,
        rounds=2,
    )
    a, b = login_page(ada.user), login_page(ben.user)
    for page in (a, b):
        page.goto(f"{live}/play/")
        page.wait_for_selector("#tournament-me")
    desk = login_page(teacher)
    desk.goto(f"{live}/teach/tournaments/{tournament.pk}/")
    desk.click("button:has-text('Pair round 1')")
    desk.click("button:has-text('Start round 1')")
    desk.wait_for_selector("text=Started:")
    first = games(current_round(tournament))[0]
    for page in (a, b):  # from the lobby, after the round's notice
        page.wait_for_url(f"{live}/play/m/{first.match_id}/")
    desk.wait_for_selector("#boards:not(:has(.not-arrived))")  # both reached their match

    loser = first.second.student.user
    act_over_socket(live, first.match, loser, {"kind": "resign"})
    for page in (a, b):
        page.wait_for_selector("#gameover:not([hidden])")
        page.wait_for_selector("#tournament-next >> text=Waiting for your teacher to pair")
    assert "Friday cup, round 1" in a.inner_text("#tournament-next")

    desk.click("button:has-text('Pair round 2')")
    for page in (a, b):
        page.wait_for_selector("#tournament-next >> text=Round 2 is paired")
    screenshot(a, "tournament-game-over-next-round-paired")
    assert_accessible(a, "tournament game over")
    desk.click("button:has-text('Start round 2')")
    for page in (a, b):
        page.wait_for_selector("#round-notice >> text=Round 2 starts!")
    screenshot(a, "tournament-round-notice")
    second = games(current_round(tournament))[0]
    for page in (a, b):  # nobody clicks: the notice counts down and takes them there
        page.wait_for_url(f"{live}/play/m/{second.match_id}/", timeout=15_000)
        page.wait_for_selector("#tournament-next >> text=Friday cup, round 2")


def test_the_creation_form_shows_only_what_the_chosen_game_and_format_use(
    live, login_page, make_student, teacher, classroom
):
    for name in ("Ada", "Ben", "Cy"):
        make_student(name)
    desk = login_page(teacher)
    desk.set_viewport_size({"width": 1366, "height": 768})
    desk.goto(f"{live}/teach/classes/{classroom.pk}/tournaments/new/")
    desk.check("input[name=format][value=swiss]")
    assert desk.is_visible("#id_rounds") and not desk.is_visible("#id_arena_minutes")
    assert not desk.is_visible("#id_double") and not desk.is_visible("#id_streaks")
    hints = desk.locator(".format-hint:visible")
    assert hints.count() == 1 and "Swiss:" in hints.inner_text()
    desk.check("input[name=format][value=arena]")
    assert desk.is_visible("#id_arena_minutes") and desk.is_visible("#id_streaks")
    assert not desk.is_visible("#id_rounds")
    assert "Arena: for a set time" in desk.locator(".format-hint:visible").inner_text()
    desk.check("input[name=format][value=knockout]")
    assert desk.is_visible("#id_third_place") and not desk.is_visible("input[name=odd]")
    if desk.locator("#id_game option").count() > 1:
        desk.select_option("#id_game", "warriors")
        assert not desk.is_visible("#id_level") and desk.is_visible("details.variants")
        desk.select_option("#id_game", "cardwar")
        assert desk.is_visible("#id_level") and not desk.is_visible("details.variants")
    # "Tick everyone" ticks the whole class; the Create button is on the first screen.
    desk.click("button:has-text('Tick everyone')")
    assert desk.locator("input[name=students]:checked").count() == 3
    button = desk.locator("button:has-text('Create the tournament')").bounding_box()
    assert button["y"] + button["height"] <= 768
    screenshot(desk, "tournament-new-knockout")
    assert_accessible(desk, "tournament form, knockout")
