"""The Maths Warriors screen as a child uses it: Enter, Skip, Clear, help, the rolled dice frame,
and a server that goes away and comes back."""

import pytest
from playwright.sync_api import expect

from games.models import Match, Move
from games.services import match_create
from tests.browser.conftest import (
    assert_accessible,
    frames_sent,
    log_in,
    screenshot,
    start_daphne,
    stop_daphne,
)
from tests.browser.warriors_driver import (
    by_keyboard,
    by_mouse,
    plan,
    state_of,
    wait_connected,
    wait_for_ply_after,
)

pytestmark = pytest.mark.browser

SEED = 2024


@pytest.fixture
def duel(classroom, make_student, request):
    """Ada and Ben in class play (the value preview off; `indirect` True turns it on)."""
    ada, ben = make_student("Ada"), make_student("Ben")
    preview = getattr(request, "param", False)
    match = match_create(
        classroom=classroom, players=[ada.user, ben.user], seed=SEED, options={"preview": preview}
    )
    return match, [ada.user, ben.user]


@pytest.fixture
def mover_page(live, login_page, duel):
    """The page of the player to move, connected."""
    match, users = duel
    page = login_page(users[state_of(match).to_move])
    page.goto(f"{live}/play/m/{match.pk}/")
    wait_connected(page)
    return page


def kinds(match: Match) -> list[str]:
    return list(
        match.moves.filter(ply__isnull=False).order_by("ply").values_list("kind", flat=True)
    )


def errors(page) -> str:
    return page.inner_text("#errors").strip()


def focus_is_on_the_board(page) -> None:
    page.wait_for_function("() => document.activeElement.id === 'board'", timeout=1000)


def moves_sent(page) -> list[str]:
    """The kinds of the moves the page has sent (a sync or a preview is not a move)."""
    return [f["kind"] for f in frames_sent(page) if f.get("kind") not in ("sync", "preview")]


def test_enter_on_a_tabbed_to_skip_button_skips_nothing_and_then_sends_the_typed_attack(
    mover_page, duel
):
    match, _users = duel
    page = mover_page
    assert_accessible(page, "match playing")
    before = kinds(match)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action === 'skip'"):
            break
    else:
        raise AssertionError("Skip is not reachable with Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#errors:has-text('Pick one of your dice first.')")
    assert not page.locator("#skip-dialog").is_visible()
    assert moves_sent(page) == []
    assert kinds(match) == before
    # the same keyboard player now types an attack and presses Enter: the attack goes
    ply = match.ply
    move = plan(match)
    assert move.kind in ("strength", "mind")
    by_keyboard(page, match, move)
    wait_for_ply_after(page, ply)
    match.refresh_from_db()
    assert kinds(match)[len(before)] == move.kind
    assert Move.Kind.SKIP not in kinds(match)


def test_enter_after_tapping_clear_sends_the_typed_attack_and_clear_leaves_focus_on_the_board(
    mover_page, duel
):
    match, _users = duel
    page = mover_page
    page.click('.die[data-side="mine"]')
    assert page.inner_text("[data-expression]").strip() != ""
    page.click('[data-action="clear"]')
    assert page.inner_text("[data-expression]").strip() == ""
    focus_is_on_the_board(page)
    ply = match.ply
    move = plan(match)
    by_keyboard(page, match, move)
    wait_for_ply_after(page, ply)
    match.refresh_from_db()
    assert kinds(match)[-1] == move.kind


def test_s_asks_before_skipping_esc_keeps_playing_and_s_again_skips(mover_page, duel):
    match, _users = duel
    page = mover_page
    assert page.get_attribute('[data-action="skip"]', "aria-keyshortcuts") == "S"
    before = kinds(match)
    page.keyboard.press("s")
    dialog = page.locator("#skip-dialog")
    assert dialog.is_visible() and "Skip your turn?" in dialog.inner_text()
    screenshot(page, "warriors-skip-asks")
    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    focus_is_on_the_board(page)
    page.click('[data-action="skip"]')  # the button asks too
    page.click('#skip-dialog [data-action="close-dialog"]')
    assert not dialog.is_visible()
    assert moves_sent(page) == []  # what the page sends, it sends in the click itself
    assert kinds(match) == before
    ply = match.ply
    page.keyboard.press("s")
    page.keyboard.press("s")
    wait_for_ply_after(page, ply)
    assert moves_sent(page) == ["skip"]
    match.refresh_from_db()
    assert kinds(match)[len(before)] == Move.Kind.SKIP
    assert Move.Kind.SKIP not in kinds(match)[len(before) + 1 :]  # one skip, not two


@pytest.mark.parametrize("duel", [True], indirect=True)  # a class with the preview on
def test_clear_removes_the_old_error_so_a_new_preview_stands_alone(mover_page, duel):
    match, _users = duel
    page = mover_page
    page.keyboard.press("Enter")  # nothing picked yet
    assert errors(page) == "Pick one of your dice first."
    state = state_of(match)
    me = state.to_move
    a, b = state.dice[me][0], state.dice[me][1]
    wrong = next(d for d in state.dice[1 - me] if d.value != a.value + b.value)
    page.click(f'.die[data-die="{a.id}"]')
    assert errors(page) == ""  # the message was about the attack before this tap
    page.click(f'.die[data-die="{b.id}"]')
    page.click(f'.die[data-die="{wrong.id}"]')  # a Mind attack that makes the wrong number
    page.wait_for_selector("#errors .error-text")
    refused = errors(page)
    assert refused
    page.click('[data-action="clear"]')
    assert errors(page) == ""
    page.click(f'.die[data-die="{a.id}"]')
    page.click(f'.die[data-die="{b.id}"]')
    page.wait_for_selector("#preview .preview-value")
    assert page.inner_text("#preview .preview-value") == f"= {a.value + b.value}"
    assert errors(page) == ""


def test_the_just_rolled_frame_goes_around_the_die_type_label_not_across_it(mover_page, duel):
    match, _users = duel
    page = mover_page
    ply = match.ply
    by_mouse(page, match, plan(match))
    wait_for_ply_after(page, ply)
    page.wait_for_selector(".die.is-last")
    overlaps = page.evaluate(
        """() => [...document.querySelectorAll('.die.is-last')].map((die) => {
            const r = die.getBoundingClientRect();
            const f = getComputedStyle(die, '::before');
            const width = parseFloat(f.borderTopWidth);
            const inner = {top: r.top + parseFloat(f.top) + width,
                           bottom: r.bottom - parseFloat(f.bottom) - width,
                           left: r.left + parseFloat(f.left) + width,
                           right: r.right - parseFloat(f.right) - width};
            const label = die.querySelector('.die-type').getBoundingClientRect();
            const inside = label.top >= inner.top && label.bottom <= inner.bottom
                && label.left >= inner.left && label.right <= inner.right;
            return inside ? null : die.dataset.die;
        }).filter(Boolean)"""
    )
    assert overlaps == []
    screenshot(page, "warriors-just-rolled")


def test_help_opened_with_question_mark_explains_winning_skips_and_going_first(mover_page):
    page = mover_page
    page.keyboard.press("?")
    help_box = page.locator("#help-dialog")
    text = help_box.inner_text()
    assert "Capture all six of your opponent's dice to win." in text
    assert "If you cannot capture anything, your turn is skipped for you." in text
    assert "four turns in a row are skipped" in text
    assert "The player who went first has a harder last capture" in text
    skip_row = help_box.locator("table.keys tr", has_text="Skip your turn")
    assert skip_row.locator("kbd").inner_text() == "S"
    box = help_box.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 768, "help fits the 1366x768 screen"
    screenshot(page, "warriors-help")
    assert_accessible(page, "match help")
    page.keyboard.press("Escape")
    assert not help_box.is_visible()
    focus_is_on_the_board(page)


class OwnServer:
    """A Daphne process of the test's own, to stop (killed, or politely) and start again on the
    same address, as when a school's server restarts."""

    def __init__(self) -> None:
        self.proc, self.base = start_daphne()

    def stop(self, how: str) -> None:
        if how == "killed":
            self.proc.kill()
            self.proc.wait()
        else:
            stop_daphne(self.proc)

    def start_again(self) -> None:
        self.proc, base = start_daphne(port=int(self.base.rsplit(":", 1)[1]))
        assert base == self.base


@pytest.fixture
def own_server(transactional_db, console):
    # What Chromium and htmx log about the failed reconnection attempts: expected here.
    console.allow(r"WebSocket connection to .* failed")
    console.allow(r"htmx-2\.min\.js: console error: \[object Event\]$")
    server = OwnServer()
    yield server
    stop_daphne(server.proc)


def connection_says(page, text: str, timeout: float) -> None:
    page.wait_for_function(
        "t => document.getElementById('connection').textContent === t", arg=text, timeout=timeout
    )


@pytest.mark.parametrize("how", ["killed", "stopped"])
def test_while_the_server_is_away_the_screen_says_reconnecting_and_nothing_is_sent_late(
    how, own_server, new_page, duel
):
    match, users = duel
    page = new_page()
    log_in(page, own_server.base, users[state_of(match).to_move])
    page.goto(f"{own_server.base}/play/m/{match.pk}/")
    wait_connected(page)
    assert page.inner_text("#connection") == ""
    page.wait_for_load_state("networkidle")  # no load of the page's own cut off by the stop
    own_server.stop(how)
    connection_says(page, "Reconnecting…", timeout=2000)
    assert "is-offline" in page.get_attribute("#match", "class")
    for control in ('[data-action="attack"]', '[data-action="skip"]', ".keypad .key"):
        assert page.locator(control).first.is_disabled(), control
    screenshot(page, f"warriors-reconnecting-{how}")
    assert_accessible(page, "match reconnecting")
    # a tap on two dice (what was a Strength attack) and a typed attack: neither goes
    move = plan(match)
    ply = match.ply
    state = state_of(match)
    me = state.to_move
    page.locator(f'.die[data-die="{state.dice[me][-1].id}"]').dispatch_event("click")
    page.locator(f'.die[data-die="{state.dice[1 - me][0].id}"]').dispatch_event("click")
    by_keyboard(page, match, move)
    assert errors(page).startswith("Not connected: nothing was sent.")
    own_server.start_again()
    connection_says(page, "", timeout=15_000)
    assert "is-offline" not in page.get_attribute("#match", "class")
    assert moves_sent(page) == [], "a move made while offline was sent late"
    assert not page.locator('[data-action="skip"]').is_disabled()
    move = plan(match)
    by_mouse(page, match, move)
    wait_for_ply_after(page, ply)
    # The one move sent is the one made now, and it is the move at the ply the page showed.
    assert moves_sent(page) == [move.kind]
    assert match.moves.get(ply=ply).kind == move.kind


def test_a_watcher_refused_on_reconnecting_is_told_to_reload_not_left_reconnecting(
    own_server, new_page, duel, classroom, teacher
):
    match, _users = duel
    page = new_page()
    log_in(page, own_server.base, teacher)
    page.goto(f"{own_server.base}/play/m/{match.pk}/")
    wait_connected(page)
    # Every file of the page (the favicon last) has loaded before the server dies: a load cut
    # off by the kill would be a console error of the test's making, not the page's.
    page.wait_for_load_state("networkidle")
    own_server.stop("killed")
    connection_says(page, "Reconnecting…", timeout=2000)
    classroom.teachers.remove(teacher)  # no longer a teacher of the class: may not watch
    own_server.start_again()
    connection_says(page, "Disconnected. Reload the page to carry on.", timeout=15_000)
    assert errors(page) == "You cannot open this match."


def test_game_over_says_you_won_once_and_the_loser_reads_what_happened(live, login_page, duel):
    match, users = duel
    pages = [login_page(user) for user in users]
    for page in pages:
        page.goto(f"{live}/play/m/{match.pk}/")
        wait_connected(page)
    pages[1].click('[data-action="resign"]')
    pages[1].click('[data-action="confirm-resign"]')
    for page in pages:
        page.wait_for_selector("#gameover:not([hidden])")
    ada, ben = pages
    shown = ada.evaluate(  # what the eye reads: everything but the screen reader's live region
        "() => document.querySelector('main').innerText"
        ".replace(document.getElementById('announce').innerText, '')"
    )
    assert shown.count("You won") == 1
    assert ada.inner_text("#gameover-title") == "You won!"
    assert ada.inner_text("#gameover .result") == "Ben resigned."
    assert ada.inner_text("#status .turn") == "Game over"
    assert "Game over. You won! Ben resigned." in ada.text_content("#announce")
    assert ben.inner_text("#gameover-title") == "Ada won. Well played!"
    assert ben.inner_text("#gameover .result") == "You resigned."
    for page in pages:  # keyboards start at the result, not on a die that cannot move
        page.wait_for_function("() => document.activeElement.id === 'gameover'", timeout=1000)
    head = ada.locator("#gameover-title").bounding_box()
    assert head["y"] + head["height"] <= 768, "the result shows without scrolling"
    screenshot(ada, "warriors-game-over-resigned")
    assert_accessible(ada, "match over")


def test_in_class_play_the_builder_shows_the_sum_and_not_its_value(mover_page, duel, console):
    """The arithmetic is the child's: no value and no "Captures" until the attack is sent."""
    match, _users = duel
    page = mover_page
    state = state_of(match)
    a, b = state.dice[state.to_move][:2]
    page.click(f'.die[data-die="{a.id}"]')
    page.keyboard.press("+")
    page.click(f'.die[data-die="{b.id}"]')
    expect(page.locator("[data-expression]")).to_contain_text(f"{a.value} + {b.value}")
    expect(page.locator(".preview-off")).to_contain_text("Work out the value yourself")
    assert page.locator("#preview").count() == 0
    assert "Captures" not in page.inner_text("#match")
    assert "preview" not in [f.get("kind") for f in frames_sent(page)]
    screenshot(page, "warriors-build-class-play")
    assert_accessible(page, "Warriors builder in class play")
    assert not console.unexpected()


def test_shift_and_a_number_picks_their_die_as_on_a_chromebook(mover_page, duel):
    """ChromeOS keeps Alt+1…8 for its shelf: Shift+number picks their die, and a bracket typed
    with Shift stays a bracket where a number could not go."""
    match, _users = duel
    page = mover_page
    page.keyboard.press("Shift+Digit9")  # "(" at the start: a bracket
    expect(page.locator("[data-expression]")).to_have_text("(")
    page.keyboard.press("Escape")
    ply = match.ply
    move = plan(match, prefer_mind=True)
    assert move.kind in ("strength", "mind")
    by_keyboard(page, match, move, their_key="Shift")
    wait_for_ply_after(page, ply)
    match.refresh_from_db()
    assert kinds(match)[-1] == move.kind
    help_text = page.locator("#help-dialog").inner_text()
    assert "Shift" in help_text and "Chromebook" in help_text
