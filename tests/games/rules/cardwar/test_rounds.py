"""Card war rounds: dealing, piles, answers, winners and the end (shared/rules/card-war.md)."""

import pytest

from games.rules import cardwar as cw
from tests.games.rules.cardwar.factory import answer, of, play, table

# --- dealing -----------------------------------------------------------------------------------


def held(state: cw.State) -> list[int]:
    """Cards per seat including those face up now."""
    return [h.count + len(f) for h, f in zip(state.hands, state.face_up, strict=True)]


def test_two_players_are_dealt_26_cards_each():
    assert held(cw.new_game(1, 2, cw.Options())) == [26, 26]


def test_three_players_get_17_each_and_one_card_is_set_aside_at_random():
    state = cw.new_game(1, 3, cw.Options())
    assert held(state) == [17, 17, 17]
    assert len(state.set_aside) == 1
    assert sorted(state.all_cards()) == sorted(cw.DECK)


def test_four_players_get_13_each_in_teams_of_seats_0_2_and_1_3():
    assert held(cw.new_game(1, 4, cw.Options())) == [13] * 4
    assert [cw.side_of(4, s) for s in range(4)] == [0, 1, 0, 1]
    assert [cw.side_of(3, s) for s in range(3)] == [0, 1, 2]


def test_the_seed_decides_every_shuffle():
    assert cw.new_game("abc", 2, cw.Options()) == cw.new_game("abc", 2, cw.Options())
    assert cw.new_game("abc", 2, cw.Options()) != cw.new_game("abd", 2, cw.Options())


def test_stacked_deck_deals_one_card_at_a_time_round_the_table():
    state = cw.new_game(0, 2, cw.Options(), deck=cw.DECK)
    assert state.face_up == (("AS", "3S"), ("2S", "4S"))


# --- piles -------------------------------------------------------------------------------------


def test_highest_value_wins_and_all_played_cards_go_to_its_collection_in_seat_order():
    state = table("9 8 5 5", "2 3 6 6").state
    state, events = play(state, cw.Submit(0, "9 + 8", "17"), cw.Submit(1, "3 + 2", "5"))
    won = of(events, "round_won")[0]
    assert (won["player"], won["cards"], won["taken"], won["value"]) == (0, 4, [2, 2], "17")
    assert state.hands[0].collection == ("9S", "8S", "2S", "3S")
    assert cw.counts(state) == (4, 0)  # the next round's cards are face up
    assert state.face_up == (("5S", "5H"), ("6S", "6H"))


def test_empty_draw_pile_turns_over_the_shuffled_collection():
    source = cw.ScriptedSource(shuffles=[["8S", "9S"]])
    outcome = table(("", "9 8"), "2 3", source=source)
    assert outcome.state.face_up[0] == ("8S", "9S")
    assert of(outcome.events, "reshuffled") == [{"type": "reshuffled", "player": 0, "cards": 2}]
    assert outcome.state.draws == 1


# --- answers -----------------------------------------------------------------------------------


def test_wrong_result_has_no_value_and_cannot_win():
    state = table("9 8 5 5", "2 3 6 6").state
    state, events = play(state, cw.Submit(0, "9 + 8", "16"), cw.Submit(1, "2 + 3", "5"))
    assert of(events, "round_won")[0]["player"] == 1
    facts = of(events, "answers_revealed")[0]["submissions"][0]
    assert (facts["correct"], facts["counted"], facts["value"]) == (False, None, "17")


def test_practice_mode_counts_the_correct_value_and_still_stores_the_error():
    state = table("9 8 5 5", "2 3 6 6", practice=True).state
    state, events = play(state, cw.Submit(0, "9 + 8", "16"), cw.Submit(1, "2 + 3", "5"))
    assert of(events, "round_won")[0]["player"] == 0
    facts = of(events, "answers_revealed")[0]["submissions"][0]
    assert (facts["correct"], facts["counted"], facts["answer"]) == (False, "17", "16")


def test_a_valid_but_worse_choice_stands_and_is_stored_as_not_best():
    state = table("8 2 5 5", "3 3 6 6", level=3).state
    state, events = play(state, cw.Submit(0, "2 ÷ 8", "1/4"), cw.Submit(1, "3 ÷ 3", "1"))
    assert of(events, "round_won")[0]["player"] == 1
    facts = of(events, "answers_revealed")[0]["submissions"]
    assert (facts[0]["best"], facts[0]["best_value"], facts[0]["operation"]) == (False, "4", "/")
    assert facts[1]["best"] is True


def test_answers_stay_hidden_until_all_are_in():
    state = table("9 8 5 5", "2 3 6 6").state
    outcome = cw.apply(state, cw.Submit(0, "9 + 8", "17"))
    received = of(outcome.events, "answer_received")[0]
    assert received["private"]["answer"] == "17"  # for seat 0 and for storage only
    assert cw.awaited(outcome.state) == (1,)
    assert cw.submitted(outcome.state) == (0,)
    assert cw.public_view(outcome.state, 1)["own_answer"] is None
    assert "17" not in str(cw.public_view(outcome.state, 1))
    assert cw.public_view(outcome.state, 0)["own_answer"]["answer"] == "17"


def test_missing_answers_have_no_value_when_the_answer_timer_runs_out():
    state = answer(table("2 3 5 5", "9 8 6 6").state, 0).state
    state, events = play(state, cw.AnswerTimeout())
    assert of(events, "answer_timeout")[0]["missing"] == [1]
    assert of(events, "round_won")[0]["player"] == 0


def test_an_illegal_submission_is_refused_and_changes_nothing():
    state = table("9 8 5 5", "2 3 6 6").state
    with pytest.raises(cw.IllegalMove) as info:
        cw.apply(state, cw.Submit(0, "9 × 8", "72"))
    assert "must use +" in info.value.message
    with pytest.raises(cw.IllegalMove):
        cw.apply(state, cw.Submit(0, "9 + 8", "seventeen"))
    assert cw.awaited(state) == (0, 1)


def test_a_player_answers_once_and_only_when_playing():
    state = answer(table("9 8 5 5", "2 3 6 6").state, 0).state
    with pytest.raises(cw.IllegalMove, match="already answered"):
        answer(state, 0)
    for seat in (5, -1, "1", None):
        with pytest.raises(cw.IllegalMove, match="no player"):
            cw.apply(state, cw.Submit(seat, "1 + 1", "2"))


# --- the end -----------------------------------------------------------------------------------


def test_a_player_with_fewer_than_two_cards_is_out_and_keeps_them_uncounted():
    state = table("9 8 5 5", "9 7 6 6", "2 3 4").state
    state, events = play(
        state, cw.Submit(0, "9 + 8", "17"), cw.Submit(1, "9 + 7", "16"), cw.Submit(2, "2 + 3", "5")
    )
    assert of(events, "player_out") == [
        {"type": "player_out", "player": 2, "reason": "too_few_cards", "cards": 1}
    ]
    assert state.hands[2].out and state.hands[2].draw == ("4S",)
    assert state.playing == (0, 1)


def test_the_last_player_still_in_wins():
    state = table("9 8 5", "2 3 6").state
    state, _events = play(state, cw.Submit(0, "9 + 8", "17"), cw.Submit(1, "2 + 3", "5"))
    assert state.phase == "over"
    assert state.result == cw.Result("last_standing", (0,), False, (5, 0))


def test_a_team_wins_while_either_member_is_still_in():
    state = table("9 8 5 5", "2 3", "2 4 6 6", "9 7").state
    state, _ = play(
        state,
        *[
            cw.Submit(p, t, v)
            for p, t, v in [
                (0, "9 + 8", "17"),
                (1, "2 + 3", "5"),
                (2, "2 + 4", "6"),
                (3, "9 + 7", "16"),
            ]
        ],
    )
    assert state.phase == "over"
    assert state.result.winners == (0, 2)


def test_when_the_clock_runs_out_most_cards_wins_and_the_pot_goes_back():
    state = table("9 8 5 5 5", "9 8 6 6").state
    state, events = play(state, *[cw.Submit(p, "9 + 8", "17") for p in (0, 1)])  # war
    state = answer(state, 1).state
    state, events = play(state, cw.ClockExpired())
    assert of(events, "clock_expired")[0]["dropped"] == [1]  # the pending answer is dropped
    assert not of(events, "answers_revealed") and not of(events, "round_won")
    assert of(events, "pot_returned")[0]["returned"] == [4, 4]
    assert state.result == cw.Result("clock", (0,), False, (5, 4))


def test_with_four_players_the_clock_compares_team_totals():
    state = table("9 8 5 5", "2 3 5", "2 4 6", "9 7 10 10 10 10").state
    state, _ = play(state, cw.ClockExpired())
    assert state.result.counts == (4, 3, 3, 6) and state.result.winners == (1, 3)


def test_equal_counts_when_the_clock_runs_out_are_a_draw():
    state, _ = play(table("9 8 5", "2 3 6").state, cw.ClockExpired())
    assert state.result == cw.Result("clock", (), True, (3, 3), (0, 1))


def test_a_game_without_a_clock_stops_by_the_clock_rule_when_the_teacher_ends_it():
    # A tournament round ended early: the server sends ClockExpired to a game with no clock.
    state = table("9 8 5", "2 3 6", clock_minutes=None).state
    state, _ = play(state, cw.ClockExpired())
    assert state.phase == "over" and state.result.reason == "clock"


def test_a_finished_game_refuses_every_action():
    state, _ = play(table("9 8 5", "2 3 6").state, cw.ClockExpired())
    with pytest.raises(cw.IllegalMove, match="over"):
        cw.apply(state, cw.AnswerTimeout())


def test_a_player_who_resigns_is_out_and_the_others_take_the_pot():
    state = answer(table("9 8 5 5", "2 3 6 6").state, 0).state
    state, events = play(state, cw.Resign(1))
    assert of(events, "round_won")[0]["cards"] == 4
    assert state.result.winners == (0,)
