"""Card war levels 5–7: targets, who names them, nearest wins, and the exact-hit bonus."""

import pytest

from games.rules import cardwar as cw
from tests.games.rules.cardwar.factory import all_best, of, play, table


def targeted(*seats, target=10, **options):
    """A level-5 table with the first target named by seat 0."""
    options.setdefault("level", 5)
    state = table(*seats, **options).state
    return cw.apply(state, cw.SetTarget(0, target)).state


def test_from_level_5_the_setter_names_the_target_before_the_cards_are_shown():
    state = table("7 3 5 5", "2 2 6 6", level=5).state
    assert (state.phase, cw.awaited(state), state.face_up) == ("target", (0,), ((), ()))
    state, events = play(state, cw.SetTarget(0, -15))
    assert of(events, "target_set")[0] == {
        "type": "target_set",
        "player": 0,
        "value": -15,
        "by": "player",
    }
    assert state.phase == "answer" and state.face_up[0] == ("7S", "3S")


@pytest.mark.parametrize("value", [-16, 16, 100, 2.5, "3", True])
def test_the_target_is_a_whole_number_from_minus_15_to_15(value):
    state = table("7 3 5 5", "2 2 6 6", level=5).state
    with pytest.raises(cw.IllegalMove, match="-15 to 15"):
        cw.apply(state, cw.SetTarget(0, value))


def test_only_the_setter_names_the_target():
    state = table("7 3 5 5", "2 2 6 6", level=5).state
    with pytest.raises(cw.IllegalMove, match="not your turn"):
        cw.apply(state, cw.SetTarget(1, 3))


def test_a_setter_who_runs_out_of_time_gets_a_random_target():
    state = table("7 3 5 5", "2 2 6 6", level=5).state
    outcome = cw.apply(state, cw.TargetTimeout(), source=cw.ScriptedSource(integers=[7]))
    assert of(outcome.events, "target_set")[0]["by"] == "timeout"
    assert outcome.state.target == 7


def test_the_computer_may_name_every_target():
    outcome = table(
        "7 3 5 5",
        "2 2 6 6",
        level=5,
        computer_targets=True,
        source=cw.ScriptedSource(integers=[-3]),
    )
    assert outcome.state.phase == "answer" and outcome.state.target == -3
    assert of(outcome.events, "target_set")[0]["by"] == "computer"
    assert cw.next_setter(outcome.state) is None


def test_the_value_nearest_the_target_wins():
    # 3 − 7 = −4 is 1 away from −3; the best of 9 and 2 is 2/9, more than 3 away.
    state = targeted("7 3 5 5", "9 2 6 6", target=-3)
    state, events = all_best(state)
    won = of(events, "round_won")[0]
    assert (won["player"], won["value"]) == (0, "-4")


def test_nearest_wins_with_exact_fraction_distances():
    state = targeted("9 2 5 5", "8 3 6 6", target=4)
    state, events = play(state, cw.Submit(0, "9 ÷ 2", "4 1/2"), cw.Submit(1, "8 ÷ 3", "2.67"))
    won = of(events, "round_won")[0]
    assert (won["player"], won["value"], won["how"]) == (0, "9/2", "best_value")


def test_target_setting_rotates_to_the_next_seat_still_in_play():
    state = table("7 3 5 5 6 6 9 9", "2 2 K K Q Q J J", "A A 4 4 8 8 10 10", level=5).state
    setters = []
    for _ in range(4):
        setters.append(state.setter)
        state = cw.apply(state, cw.SetTarget(state.setter, 15)).state
        state, _ = all_best(state)
    assert setters == [0, 1, 2, 0]


def test_two_players_take_turns_naming_the_target():
    state = table("7 3 5 5 6 6", "2 2 K K Q Q", level=5).state
    assert cw.next_setter(state) == 1
    state = cw.apply(state, cw.SetTarget(0, 15)).state
    state, _ = all_best(state)
    assert state.setter == 1 and cw.awaited(state) == (1,)


def test_a_player_who_is_out_names_no_targets():
    state = table("7 3 5 5 6 6", "2 2", "A A 4 4 8 8 10 10 10", level=5).state
    state = cw.apply(state, cw.SetTarget(0, 10)).state
    state, _ = all_best(state)
    assert state.hands[1].out and state.setter == 2


def test_an_exact_hit_earns_three_more_cards_from_the_opponent():
    state = targeted("7 3 5 5", "2 2 6 6 9 9 4", target=10)
    state, events = all_best(state)
    assert of(events, "bonus") == [{"type": "bonus", "player": 0, "given": [0, 3], "cards": 3}]
    won = of(events, "round_won")[0]
    assert (won["player"], won["how"], won["cards"]) == (0, "exact_hit", 7)
    assert state.hands[0].collection == ("7S", "3S", "2S", "2H", "6S", "6H", "9S")


def test_the_exact_hit_bonus_is_fewer_cards_when_the_opponent_has_fewer():
    state = targeted("7 3 5 5", "2 2 6", target=10)
    state, events = all_best(state)
    assert of(events, "bonus")[0]["given"] == [0, 1]
    assert state.result.winners == (0,)


def test_with_teams_the_bonus_comes_from_both_opponents_not_the_teammate():
    state = targeted("7 3 5 5", "2 2 6 6 6 6", "A A 4 4", "K K 8 8 8 8", target=10)
    state, events = all_best(state)
    assert of(events, "bonus")[0]["given"] == [0, 3, 0, 3]


def test_exact_hits_on_both_sides_are_an_ordinary_war_for_the_same_target():
    state = targeted("7 3 5 5 9 9", "6 4 6 6 8 8", target=10, war_size=2)
    state, events = all_best(state)
    assert not of(events, "bonus")
    assert of(events, "war_started")[0]["target"] == 10
    assert (state.phase, state.target, state.war_depth) == ("answer", 10, 1)


def test_an_exact_hit_in_a_war_round_also_earns_the_bonus():
    state = targeted("7 3 5 5 9 A Q", "6 4 6 6 8 8 J J J", target=10, war_size=2)
    state, _ = all_best(state)
    state, events = all_best(state)
    assert of(events, "bonus")[0]["given"] == [0, 3]
    assert of(events, "round_won")[0]["war_depth"] == 1


def test_level_6_allows_one_square_and_level_7_roots_in_play():
    state = targeted("3 2 5 5", "4 9 6 6", target=11, level=6)
    state, events = play(state, cw.Submit(0, "3² + 2", "11"), cw.Submit(1, "9 + 4", "13"))
    assert of(events, "round_won")[0]["how"] == "exact_hit"
    facts = of(events, "answers_revealed")[0]["submissions"][0]
    assert (facts["squared"], facts["rooted"], facts["exact"]) == (True, 0, True)
    state = targeted("3 2 5 5", "4 9 6 6", target=7, level=7)
    state, events = play(state, cw.Submit(0, "3 + 2", "5"), cw.Submit(1, "√9 + 4", "7"))
    assert of(events, "round_won")[0]["player"] == 1


def test_a_war_keeps_its_target_and_asks_for_no_new_one():
    state = targeted("9 8 5 5", "10 7 6 6", target=15)
    state, events = all_best(state)
    assert not of(events, "target_set") and not of(events, "round_started")
    assert (state.phase, state.target, state.setter) == ("answer", 15, 0)


def test_when_the_setter_resigns_the_next_seat_in_play_names_the_target():
    state = table("7 3 5 5", "2 2 6 6", "A A 4 4", level=5).state
    state, events = play(state, cw.Resign(0))
    assert of(events, "setter_changed") == [{"type": "setter_changed", "player": 1}]
    assert cw.awaited(state) == (1,) and state.playing == (1, 2)


def test_every_submission_stores_what_the_progress_reports_need():
    state = targeted("9 2 5 5", "8 3 6 6", target=4)
    state, events = play(state, cw.Submit(0, "9 ÷ 2", "4.50"), cw.AnswerTimeout())
    mine, missing = of(events, "answers_revealed")[0]["submissions"]
    assert mine == {
        "player": 0, "cards": ["9S", "2S"], "card_values": [9, 2], "level": 5, "target": 4,
        "war_depth": 0, "best_value": "9/2", "answered": True, "expression": "9 ÷ 2",
        "choice": "9 ÷ 2", "operation": "/", "squared": False, "rooted": 0, "answer": "4.50",
        "value": "9/2", "correct": True, "counted": "9/2", "best": True, "distance": "1/2",
        "exact": False,
    }  # fmt: skip
    assert (missing["answered"], missing["best"], missing["best_value"]) == (False, False, "5")
    won = of(events, "round_won")[0]
    assert (won["player"], won["war_depth"], won["cards"]) == (0, 0, 4)


def test_with_three_players_an_exact_hit_takes_three_cards_from_each_other_player():
    state = targeted("7 3 5 5", "2 2 6 6 6", "A A 4 4 4", target=10)
    state, events = all_best(state)
    assert of(events, "bonus")[0]["given"] == [0, 3, 3]
    assert cw.counts(state)[0] == 2 + 6 + 6  # own two left, six played, six given
    assert state.result.winners == (0,)
