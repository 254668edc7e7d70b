"""The game-over words: said once, and exactly what ended the game, for each viewer."""

import pytest

from games.kinds.warriors.describe import describe_ending, describe_result
from games.rules.warriors import (
    ClockExpired,
    Resign,
    ScriptedRolls,
    Skip,
    Strength,
    Variants,
    apply,
)
from tests.games.rules.warriors.factories import board

NAMES = ["Ada", "Ben"]
ONES = ScriptedRolls([1] * 40)
ADA, BEN, TEACHER = 0, 1, None


def finish(state, *actions):
    for action in actions:
        state = apply(state, action, source=ONES).state
    assert state.finished
    return state


def test_the_winner_reads_you_won_once_and_how():
    state = finish(board({20: 20}, {4: 3}), Strength(0, "A-D20", "B-D4"))
    ending = describe_ending(state, NAMES, ADA)
    assert ending.title == "You won!"
    assert ending.text == "You captured all of Ben's dice."
    assert f"{ending.title} {ending.text}".count("won") == 1


def test_the_loser_and_a_spectator_read_who_won_and_how():
    state = finish(board({20: 20}, {4: 3}), Strength(0, "A-D20", "B-D4"))
    lost = describe_ending(state, NAMES, BEN)
    assert (lost.title, lost.text) == ("Ada won. Well played!", "Ada captured all your dice.")
    watched = describe_ending(state, NAMES, TEACHER)
    assert (watched.title, watched.text) == ("Ada won", "Ada captured all of Ben's dice.")


def test_three_captures_says_who_made_three_first():
    three = Variants(three_captures=True)
    state = board({20: 20}, {4: 1, 6: 2}, variants=three, capture_events=(2, 0))
    state = finish(state, Strength(0, "A-D20", "B-D4"))
    assert describe_ending(state, NAMES, BEN).text == "Ada made three captures first."


def test_a_resignation_names_who_resigned():
    state = finish(board([1] * 6, [1] * 6), Resign(1))
    assert describe_ending(state, NAMES, ADA).text == "Ben resigned."
    assert describe_ending(state, NAMES, BEN).text == "You resigned."


def test_the_clock_says_it_ran_out_and_who_had_more_captures():
    state = finish(board([1] * 6, [1] * 5, capture_events=(1, 0)), ClockExpired())
    assert describe_ending(state, NAMES, ADA).text == (
        "The game clock ran out. You had more captures: 1 to 0."
    )
    assert describe_ending(state, NAMES, BEN).text == (
        "The game clock ran out. Ada had more captures: 1 to 0."
    )


def test_equal_captures_at_the_clock_say_the_player_who_went_second_wins():
    state = finish(board([1] * 5, [1] * 5, first=0, capture_events=(1, 1)), ClockExpired())
    assert state.winner == BEN
    assert describe_ending(state, NAMES, BEN).text == (
        "The game clock ran out. Captures were equal (1 each), and you went second, so you win."
    )
    assert describe_ending(state, NAMES, TEACHER).text == (
        "The game clock ran out. Captures were equal (1 each), and Ben went second, so Ben wins."
    )


def test_a_game_ended_by_four_skips_says_so_not_that_nobody_could_capture():
    # Ben could capture (his 6 beats Ada's 5) but skips; the fourth skip in a row ends it.
    state = board([1, 2, 3, 4, 5, 20], [1, 2, 3, 4, 5, 6], first=0, capture_events=(0, 1))
    state = finish(state, Skip(0), Skip(1), Skip(0), Skip(1))
    assert state.reason == "skips"
    text = describe_ending(state, NAMES, ADA).text
    assert text == (
        "Four turns in a row were skipped, so the game stopped. Ben had more captures: 1 to 0."
    )
    assert "could capture" not in text
    assert describe_result(state.winner, state.reason, NAMES) == "Ben won (four skips in a row)."


def test_a_game_where_neither_side_can_capture_says_so():
    # Mind Only and one die each: nobody can ever capture.
    state = board({4: 3}, {6: 2}, first=0, to_move=1, variants=Variants(mind_only=True))
    state = finish(state, Skip(1))
    assert state.reason == "stalled"
    assert describe_ending(state, NAMES, TEACHER).text == (
        "Neither player could capture, so the game stopped. Captures were equal (0 each), "
        "and Ben went second, so Ben wins."
    )


def test_recruit_judges_the_clock_by_dice_held():
    state = board([1] * 6, [1] * 4, variants=Variants(recruit=True), capture_events=(0, 2))
    state = finish(state, ClockExpired())
    assert describe_ending(state, NAMES, ADA).text == (
        "The game clock ran out. You held more dice: 6 to 4."
    )


def test_best_of_three_says_the_games_won_before_the_last_game():
    bo3 = Variants(best_of_three=True)
    state = board(
        {20: 9}, {8: 7}, variants=bo3, first=1, to_move=0, games_won=(1, 1), game_number=3
    )
    state = finish(state, Strength(0, "A-D20", "B-D8"))
    assert describe_ending(state, NAMES, ADA).text == (
        "You won the match, 2 games to 1. You captured all of Ben's dice."
    )
    resigned = finish(board([1] * 6, [1] * 6, variants=bo3, games_won=(1, 0)), Resign(0))
    assert describe_ending(resigned, NAMES, BEN).text == "Ada resigned."


def test_a_match_still_playing_has_no_ending():
    with pytest.raises(ValueError, match="finished"):
        describe_ending(board([1], [1]), NAMES, ADA)
