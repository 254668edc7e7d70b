"""The card war's text board in a real browser: two students answer at once over their sockets,
each sees only their own cards until the reveal, and Enter sends the answer form."""

import pytest

from games.kinds import kind_for
from games.rules import cardwar as rules
from games.services import match_create
from tests.browser.conftest import screenshot
from tests.browser.warriors_driver import wait_connected

pytestmark = pytest.mark.browser
KIND = kind_for("cardwar")


def test_two_students_answer_and_see_the_reveal(live, login_page, classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(
        game="cardwar",
        classroom=classroom,
        players=[ada.user, ben.user],
        variants={"level": 3},
        seed=8,
    )
    game = KIND.load(match.state)
    pages = []
    for user in (ada.user, ben.user):
        page = login_page(user)
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(f"{live}/play/m/{match.pk}/")
        wait_connected(page)
        pages.append(page)
    for seat, page in enumerate(pages):
        board = page.inner_text("#board")
        assert all(card in board for card in game.rules.face_up[seat])
        assert not any(card in board for card in game.rules.face_up[1 - seat])
    results = {}
    for seat, page in enumerate(pages):
        value, text = next(iter(rules.choices(game.rules, seat).items()))
        results[seat] = str(value)
        page.check(f'#cw-answer-form input[value="{text}"]')
        page.fill("#cw-answer-form input[name=answer]", results[seat])
        page.press("#cw-answer-form input[name=answer]", "Enter")
    for page in pages:
        page.wait_for_selector("#cw-reveal", timeout=5000)
        reveal = page.inner_text("#cw-reveal")
        assert all(card in reveal for seat in (0, 1) for card in game.rules.face_up[seat])
    screenshot(pages[0], "cardwar-board-after-reveal")
    assert match.moves.count() == 2
