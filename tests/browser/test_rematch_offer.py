"""Play again against a classmate in Chromium: two pupils finish a game against each other, one
asks for a rematch, and the other sees the offer on the game-over screen they are still on,
without reloading, accepts it from the keyboard, and both end in the same new match."""

import pytest

from games.models import Match
from games.services import match_create
from tests.browser.conftest import SCREENSHOTS, assert_accessible
from tests.browser.warriors_driver import wait_connected

pytestmark = pytest.mark.browser

VIEW_HEIGHT = 768
# How each game's page leaves it: the button, then its confirmation.
LEAVE = {"warriors": ("Resign…", "Resign"), "cardwar": ("Leave the game…", "Leave the game")}


def leave(page, game: str) -> None:
    ask, confirm = LEAVE[game]
    page.get_by_role("button", name=ask).click()
    page.get_by_role("button", name=confirm, exact=True).click()


@pytest.mark.parametrize(("game", "variants"), [("warriors", {}), ("cardwar", {"level": 2})])
def test_a_rematch_offer_reaches_the_game_over_screen_and_starts_the_match(
    live, login_page, classroom, make_student, game, variants
):
    ada, ben = make_student("Ada"), make_student("Ben")
    old = match_create(
        game=game, classroom=classroom, players=[ada.user, ben.user], variants=variants
    )
    pages = [login_page(ada.user), login_page(ben.user)]
    for page in pages:
        page.goto(f"{live}/play/m/{old.pk}/")
        wait_connected(page)
    leave(pages[0], game)  # Ada leaves: the game ends on both screens
    for page in pages:
        page.get_by_role("link", name="Play again").wait_for()
    screen, asker = pages
    screen.evaluate("window.stillThisPage = true")  # gone if the page were loaded again

    asker.get_by_role("link", name="Play again").click()
    asker.get_by_role("button", name="Ask for a rematch").click()
    asker.wait_for_url("**/play/")
    asker.get_by_text("see it on their game-over screen or in their lobby").wait_for()

    offer = screen.locator(".rematch-offer")
    offer.get_by_text("Ben asks for a rematch:").wait_for()
    assert screen.evaluate("window.stillThisPage === true")
    accept = offer.get_by_role("button", name="Accept")
    # The keyboard is on Accept at once; the offer is in a live region, in view at 1366x768.
    assert screen.evaluate("document.activeElement.hasAttribute('data-accept')")
    assert offer.evaluate("el => !!el.closest('[aria-live]')")
    box = offer.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= VIEW_HEIGHT
    assert accept.is_visible() and offer.get_by_role("button", name="No, thanks").is_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    screen.screenshot(path=str(SCREENSHOTS / f"rematch-offer-{game}.png"))
    assert_accessible(screen, f"a rematch offer on the {game} game-over screen")

    screen.keyboard.press("Enter")
    for page in pages:
        page.wait_for_url(f"{live}/play/m/*/")
        page.wait_for_function(f"() => !location.pathname.endsWith('/m/{old.pk}/')")
    new = Match.objects.exclude(pk=old.pk).get()
    for page in pages:
        assert page.url.endswith(f"/play/m/{new.pk}/")
        wait_connected(page)
    assert new.game == game and new.variants == old.variants
    seated = list(new.seats.order_by("index").values_list("user_id", flat=True))
    assert seated == [ben.user_id, ada.user_id]
