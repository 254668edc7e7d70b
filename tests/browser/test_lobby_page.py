"""The lobby a 10-year-old uses alone (issue 21): one card per game with "Play the computer"
and "Challenge a classmate" in view at 1366x768, the settings folded away, and the guided first
game first for a child who has never played."""

import pytest

from games.kinds import kind_for, registered
from games.models import Match
from games.services import match_create
from games.services.matches import match_resign
from tests.browser.conftest import assert_accessible, screenshot
from tests.browser.warriors_driver import wait_connected

pytestmark = pytest.mark.browser

VIEW_HEIGHT = 768


def focused_text(page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.innerText || '' : ''")


def test_a_new_pupil_reaches_the_guided_game_with_a_few_tab_presses(live, login_page, make_student):
    ada = make_student("Ada")
    make_student("Ben")
    page = login_page(ada.user)
    page.goto(f"{live}/play/")
    page.wait_for_selector("#presence")
    screenshot(page, "lobby-new-pupil")
    assert_accessible(page, "the lobby of a new pupil")
    presses = 0
    while focused_text(page).strip() != "Start the guided game":
        page.keyboard.press("Tab")
        presses += 1
        assert presses <= 8, f"still not on the guided game after {presses} Tab presses"
    page.keyboard.press("Enter")
    page.wait_for_url("**/play/m/*/")
    wait_connected(page)
    assert Match.objects.get(seats__user=ada.user).options.get("guided")


def test_every_game_has_its_card_and_a_game_starts_in_one_click(live, login_page, make_student):
    ada = make_student("Ada")
    make_student("Ben")
    page = login_page(ada.user)
    page.goto(f"{live}/play/")
    page.wait_for_selector("#presence")
    games = [game for game in registered() if kind_for(game).lobby_template]
    assert len(games) >= 2 and page.locator(".game-card").count() == len(games)
    for game in games:
        label = str(kind_for(game).label)
        card = page.locator(".game-card", has=page.get_by_role("heading", name=label))
        for name in ("Play the computer", "Challenge a classmate"):
            button = card.get_by_role("button", name=name)
            box = button.bounding_box()
            assert box and box["y"] + box["height"] <= VIEW_HEIGHT, f"{game}: {name} below the fold"
        # The settings are there, folded away: no level list or checkbox in sight.
        assert card.locator("details:not([open])").count() >= 1
        assert not card.locator("input[type=radio], input[type=checkbox]").first.is_visible()
    screenshot(page, "lobby-cards")
    card = page.locator(".game-card", has=page.get_by_role("heading", name="Card war"))
    card.get_by_role("button", name="Play the computer").click()  # login, Play, this: 3 clicks
    page.wait_for_url("**/play/m/*/")
    match = Match.objects.get(seats__user=ada.user)
    assert match.game == "cardwar" and match.variants["level"] == 1 and match.seats.count() == 2


@pytest.mark.parametrize(("game", "variants"), [("warriors", {}), ("cardwar", {"level": 4})])
def test_play_again_from_the_game_over_screen(live, login_page, make_student, game, variants):
    ada = make_student("Ada")
    old = match_create(
        game=game, classroom=ada.classroom, players=[ada.user, "beginner"], variants=variants
    )
    match_resign(match=old, player=ada.user)
    page = login_page(ada.user)
    page.goto(f"{live}/play/m/{old.pk}/")
    page.get_by_role("link", name="Play again").click()
    page.get_by_text("The same game against the computer, with the same settings.").wait_for()
    assert_accessible(page, "play again")
    screenshot(page, f"play-again-{game}")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/play/m/*/")
    new = Match.objects.exclude(pk=old.pk).get()
    assert page.url.endswith(f"/play/m/{new.pk}/")
    assert new.game == game and new.variants == old.variants
