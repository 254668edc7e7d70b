"""The card war forgives a child's input: what children did on first contact, done again in
Chromium — Enter before the socket is up, a target out of range, a minus typed from the
keyboard, a number before a sign, a double click on Answer, the round's result held before the
next round (against the computer, its answer time starting only when she moves on), a war round
at level 7 on a 1366x768 screen, leaving a table of four twice."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.rules import cardwar as rules
from games.selectors.matches import _seat_names
from tests.browser.cardwar_driver import card_war, game_of, open_match, wait_step
from tests.browser.conftest import assert_accessible, frames_sent, screenshot
from tests.browser.test_cardwar_levels import first_cards, seed_where

pytestmark = pytest.mark.browser


def fits(page, selector: str) -> bool:
    """The element is wholly inside the 1366x768 window, as the page opened (no scrolling)."""
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768


def test_a_level_seven_round_forgives_the_edges_and_a_war_round_fits(
    live, login_page, classroom, make_student, console
):
    options = rules.Options(level=7)
    # Ada's two cards add up to Ben's: both add, both are as far from the target: a war.
    seed = seed_where(2, options, lambda c: sum(c[0]) == sum(c[1]) and c[0][0] != c[0][1])
    (a, b), (c, d) = first_cards(seed, 2, options)
    ada, ben = make_student("Ada"), make_student("Ben")
    match = card_war(classroom, [ada.user, ben.user], seed=seed, level=7, reveal_ms=1500)
    pages = [login_page(ada.user), login_page(ben.user)]
    # Ada's socket is held back: she types the target as the page opens.
    held = []
    pages[0].route_web_socket(re.compile(r"/ws/match/"), lambda ws: held.append(ws))
    pages[0].goto(f"{live}/play/m/{match.pk}/")
    box = pages[0].locator("[data-target-input]")
    expect(box).to_be_focused()
    box.fill("20")
    box.press("Enter")
    check = pages[0].locator("[data-target-check]")
    expect(check).to_contain_text("20 is outside −15 to 15: the nearest target is 15")
    assert box.input_value() == "15"
    box.press("Enter")
    expect(check).to_contain_text("sent as soon as the board is ready")
    assert "Not connected" not in pages[0].inner_text("#match")
    assert game_of(match).target is None  # nothing went yet
    held[0].connect_to_server()
    open_match(pages[1], live, match)
    for page in pages:
        wait_step(page, "answer")
        expect(page.locator(".cw-target-value")).to_have_text("15")
    assert game_of(match).target == 15
    # Ben types a number before choosing a sign: told so in red, steadily (no "press Enter").
    ben_box = pages[1].locator("[data-answer-input]")
    ben_box.fill(str(c + d))
    ben_box.press("Enter")
    ben_check = pages[1].locator("[data-answer-check]")
    expect(ben_check).to_have_text("Choose a sign first: + − × or ÷.")
    expect(ben_check).to_have_class(re.compile("is-bad"))
    pages[1].wait_for_timeout(1000)  # past the typing pause: nothing replaces it
    expect(ben_check).to_have_text("Choose a sign first: + − × or ÷.")
    expect(ben_check).not_to_have_class(re.compile("is-ok"))
    # Ada chooses "+" by keyboard, then types −4: the minus stays in her box, a real one.
    pages[0].locator("#board").focus()
    pages[0].keyboard.press("+")
    pages[0].keyboard.type("-4")
    ada_box = pages[0].locator("[data-answer-input]")
    expect(ada_box).to_have_value("−4")
    assert pages[0].locator('input[name="op"][value="+"]').is_checked()
    # She puts the sum in and double-clicks Answer: one answer goes, no refusal follows.
    ada_box.fill(str(a + b))
    pages[0].locator(".cw-submit").dblclick()
    wait_step(pages[0], "answered")
    assert [f["kind"] for f in frames_sent(pages[0])].count("answer") == 1
    # A refusal shown in this round (as the server says one) does not stay into the next.
    pages[0].evaluate(
        "() => { document.getElementById('errors').innerHTML ="
        " '<p class=\"error-text\">It is not your turn.</p>'; }"
    )
    pages[1].click('.cw-option:has(input[value="+"])')
    pages[1].click(".cw-submit")
    # The result holds the main area before the war round: read, then the step comes.
    for page in pages:
        moment = page.locator(".cw-moment")
        expect(moment).to_be_visible()
        expect(moment).to_contain_text("war")
        expect(page.locator(".cw-mine")).to_be_hidden()
    screenshot(pages[0], "cardwar-live-level7-moment")
    for page in pages:
        expect(page.locator(".cw-moment")).to_be_hidden(timeout=5000)
        wait_step(page, "answer")
        expect(page.locator(".cw-war")).to_be_visible()
        expect(page.locator("#errors")).to_have_text("")
    # The war round at level 7 fits a 1366x768 screen: the answer box and its button.
    screenshot(pages[0], "cardwar-live-level7-war")
    assert fits(pages[0], "[data-answer-input]") and fits(pages[0], ".cw-submit")
    assert game_of(match).war_depth == 1
    assert_accessible(pages[0], "level-7 war round")
    assert not console.unexpected()


def test_against_computers_the_result_waits_and_leaving_twice_is_clean(
    live, login_page, classroom, make_student
):
    ada = make_student("Ada")
    players = [ada.user, "beginner", "beginner", "beginner"]
    match = card_war(classroom, players, seed=3, level=1, bot_delay_ms=200, reveal_ms=500)
    page = login_page(ada.user)
    open_match(page, live, match)
    wait_step(page, "answer")
    # The computers have one name everywhere: on her board as in the teacher's list.
    board_names = page.locator(".cw-seat-name").all_inner_texts()
    listed = _seat_names([match.pk])[match.pk]
    assert board_names == listed[1:]
    assert board_names == [
        "Computer 2 (Beginner)",
        "Computer 3 (Beginner)",
        "Computer 4 (Beginner)",
    ]
    a, b = rules.face_up_values(game_of(match), 0)
    page.keyboard.type(str(a + b))
    page.keyboard.press("Enter")
    moment = page.locator(".cw-moment")
    expect(moment).to_be_visible()
    page.wait_for_timeout(1500)  # three times the reveal time: against computers it stays
    expect(moment).to_be_visible()
    expect(page.locator(".cw-onward")).to_be_focused()
    page.keyboard.press("Enter")
    expect(moment).to_be_hidden()
    wait_step(page, "answer")
    expect(page.locator("[data-answer-input]")).to_be_focused()
    # She leaves, and (a double confirm) leaves again: a clear answer, never "went wrong".
    page.click(".cw-leave")
    page.get_by_role("button", name="Leave the game", exact=True).click()
    wait_step(page, "watch")
    expect(page.locator(".cw-my-count")).to_contain_text(
        re.compile(r"your \d+ cards? no longer counts?")
    )
    # The computers play on meanwhile, and each new round's view may clear the message again
    # at once: every text the region is given is kept, so the answer is seen however short.
    page.evaluate(
        """() => {
          const errors = document.getElementById("errors");
          window.errorsSaid = [];
          new MutationObserver(() => window.errorsSaid.push(errors.textContent.trim()))
            .observe(errors, {childList: true, characterData: true, subtree: true});
          document.getElementById("resign-form").requestSubmit();
        }"""
    )
    page.wait_for_function(
        "() => window.errorsSaid.includes('You are out of this game already.')", timeout=5000
    )
    said = page.evaluate("window.errorsSaid.concat([document.getElementById('match').innerText])")
    assert not any("went wrong" in text for text in said)
    assert game_of(match).hands[0].out
    page.goto("about:blank")  # her socket closes: the computers stop being driven by it
    page.wait_for_timeout(300)


def test_against_the_computer_her_answer_time_starts_when_she_moves_on(
    live, login_page, classroom, make_student, console
):
    """She reads the round's result longer than the usual 4 s pause: the computer waits too,
    and her answer timer starts full when she presses Enter."""
    ada = make_student("Ada")
    match = card_war(classroom, [ada.user, "beginner"], seed=3, level=1, bot_delay_ms=200)
    page = login_page(ada.user)
    open_match(page, live, match)
    wait_step(page, "answer")
    a, b = rules.face_up_values(game_of(match), 0)
    page.keyboard.type(str(a + b))
    page.keyboard.press("Enter")
    moment = page.locator(".cw-moment")
    expect(moment).to_be_visible()
    clock = page.locator(".move-clock .clock-time")
    page.wait_for_timeout(6000)  # longer than the 4 s pause with classmates
    expect(moment).to_be_visible()
    expect(clock).to_have_text("0:30")  # the next round's whole time, still
    game = game_of(match)
    assert game.round == 2 and game.entries[1] is None  # the computer waits for her too
    assert match.turn_started_at > timezone.now()
    expect(page.locator(".cw-onward")).to_be_focused()
    pressed = timezone.now()
    page.keyboard.press("Enter")
    expect(moment).to_be_hidden()
    # The server started the step as she moved on: the clock she is sent runs from 30 s.
    page.wait_for_function(
        "() => { const c = document.querySelector('.move-clock');"
        " return c && +c.dataset.remainingMs <= +c.dataset.fullMs; }"
    )
    expect(clock).to_have_text(re.compile(r"0:(30|29)"))
    match.refresh_from_db()
    assert pressed <= match.turn_started_at <= timezone.now()
    left = (match.move_deadline - timezone.now()).total_seconds()
    assert 27 < left <= 30
    sent = [f for f in frames_sent(page) if f["kind"] == "moved_on"]
    assert len(sent) == 1 and sent[0]["ply"] == str(match.ply)
    # The computer answers now (it thinks 0.2 s here), and her timer counts down.
    page.wait_for_function(
        "() => !!document.querySelector('.cw-seat[data-answered=\"1\"]')", timeout=5000
    )
    page.wait_for_timeout(2000)
    expect(clock).to_have_text(re.compile(r"0:2[5-8]"))
    expect(page.locator("[data-answer-input]")).to_be_focused()
    assert "went wrong" not in page.inner_text("#match")
