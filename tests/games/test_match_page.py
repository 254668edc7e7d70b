"""The match page's words: the help says how this match is won, and every key it has."""

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]


def page_for(client, make_match, variants=None) -> str:
    match = make_match(variants=variants)
    client.force_login(match.seats.get(index=0).user)
    return client.get(f"/play/m/{match.pk}/").content.decode()


@pytest.mark.parametrize(
    ("variants", "says"),
    [
        (None, "Capture all six of your opponent's dice to win."),
        ({"three_captures": True}, "The first player to make three captures wins."),
        ({"recruit": True}, "You win when your opponent has no dice left."),
        ({"recruit": True}, "whoever holds more dice wins"),
        ({"best_of_three": True}, "Win two games to win the match."),
        ({"mind_only": True}, "In this game only Mind attacks count."),
        ({"plus_minus": True}, "In this game Mind attacks use only + and −."),
        ({"times_divide": True}, "In this game Mind attacks use only × and ÷."),
        ({"big_brain": True}, "In this game a Mind attack uses at least three of your dice."),
        ({"power_up": True}, "square a die (x²)"),
    ],
)
def test_help_says_how_this_match_is_won_and_played(client, make_match, variants, says):
    assert says in page_for(client, make_match, variants)


def test_help_explains_automatic_skips_the_skip_rule_and_the_first_player_penalty(
    client, make_match
):
    html = page_for(client, make_match)
    assert "If you cannot capture anything, your turn is skipped for you." in html
    assert "four turns in a row are skipped, the game stops" in html
    assert "the Strength attack that would win must be bigger, not equal" in html
    assert "whoever has more captures wins" in html and "the player who went second wins" in html
    assert "Capture all six" in html and "three captures wins" not in html


def test_skip_has_its_own_key_on_the_button_in_the_help_and_in_its_question(client, make_match):
    html = page_for(client, make_match)
    assert 'data-action="skip" aria-keyshortcuts="S"' in html
    assert "<td><kbd>S</kbd></td><td>Skip your turn" in html
    assert 'id="skip-dialog"' in html and "Skip your turn?" in html
