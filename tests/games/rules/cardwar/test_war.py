"""Card war ties: wars, the war size, the sacrifice rule, teams, and players out at war."""

from games.rules import cardwar as cw
from tests.games.rules.cardwar.factory import all_best, of, play, table

FILLER = "2 2 2 2 3 3 3 3 4 4 4 4"


def test_equal_values_start_a_war_with_six_cards_face_down_then_two_up():
    state = table("9 8 A A A A J J 10 10 5", "10 7 K K K K Q Q 2 3 6").state
    state, events = all_best(state)
    assert of(events, "war_started") == [
        {
            "type": "war_started",
            "players": [0, 1],
            "depth": 1,
            "war_size": 6,
            "reason": "tie",
            "target": None,
        }
    ]
    assert [e["count"] for e in of(events, "face_down")] == [6, 6]
    assert state.face_up == (("10S", "10H"), ("2S", "3S"))
    state, events = all_best(state)
    won = of(events, "round_won")[0]
    assert (won["player"], won["cards"], won["war_depth"]) == (0, 20, 1)
    # Seat order, each seat's cards in the order played: face up, face down, face up.
    assert state.hands[0].collection[:4] == ("9S", "8S", "AS", "AH")
    assert state.hands[0].collection[10:12] == ("10D", "7S")


def test_the_teacher_may_agree_a_smaller_war_size():
    state, events = all_best(table("9 8 A A 5 5 6", "10 7 K K 2 3 6", war_size=2).state)
    assert of(events, "war_started")[0]["war_size"] == 2
    assert state.face_up == (("5S", "5H"), ("2S", "3S"))


def test_war_size_leaves_the_player_with_fewest_cards_exactly_two():
    # Seat 1 has seven cards when the war starts, so each player sacrifices five.
    state = table("9 8 " + FILLER, "10 7 A A A A K K 5").state
    state, events = all_best(state)
    assert of(events, "war_started")[0]["war_size"] == 5
    assert cw.counts(state)[1] == 0 and cw.face_up_values(state, 1) == (13, 5)


def test_wars_repeat_while_ties_remain():
    state = table("9 8 2 5 4 6 6", "10 7 2 5 4 4 5", war_size=1).state
    state, events = all_best(state)
    state, events = all_best(state)
    assert of(events, "war_started")[0]["depth"] == 2
    state, events = all_best(state)
    won = of(events, "round_won")[0]
    assert (won["player"], won["war_depth"], won["cards"]) == (0, 2, 14)


def test_nobody_with_a_value_sends_everyone_who_played_to_war():
    state = table("9 8 5 5", "2 3 6 6").state
    state, events = play(state, cw.Submit(0, "9 + 8", "1"), cw.AnswerTimeout())
    assert of(events, "war_started")[0]["players"] == [0, 1]
    assert of(events, "war_started")[0]["reason"] == "no_values"


def test_only_the_tied_players_go_to_war_and_the_others_cards_stay_in_the_pot():
    state = table("9 8 5 5", "10 7 6 6", "2 3 4 4").state
    state, events = all_best(state)
    assert of(events, "war_started")[0]["players"] == [0, 1]
    assert cw.awaited(state) == (0, 1) and state.face_up[2] == ()
    state, events = all_best(state)
    won = of(events, "round_won")[0]
    assert (won["player"], won["taken"]) == (1, [4, 4, 2])
    assert cw.counts(state)[1] + len(state.face_up[1]) == 10
    assert state.hands[0].out


def test_teammates_tied_for_best_never_fight_the_lowest_seat_wins():
    state = table("9 8 5 5", "2 3 6 6", "10 7 5 5", "2 4 6 6").state
    state, events = all_best(state)
    assert not of(events, "war_started")
    won = of(events, "round_won")[0]
    assert (won["player"], won["cards"]) == (0, 8)


def test_a_tie_across_teams_goes_to_war_between_the_tied_players():
    state = table("9 8 5 5", "10 7 6 6", "2 3 7 7", "2 4 8 8").state
    state, events = all_best(state)
    assert of(events, "war_started")[0]["players"] == [0, 1]


def test_a_player_too_short_to_turn_up_two_at_war_is_out_and_their_cards_join_the_pot():
    state = table("9 8 5 5 6", "10 7 Q").state
    state, events = all_best(state)
    assert of(events, "war_started")[0]["war_size"] == 0
    assert of(events, "player_out")[0] == {
        "type": "player_out",
        "player": 1,
        "reason": "too_few_cards",
        "cards": 1,
    }
    won = of(events, "round_won")[0]
    assert (won["player"], won["how"], won["cards"]) == (0, "war_unopposed", 5)
    assert state.result.winners == (0,)


def test_if_everyone_at_war_is_out_the_pot_goes_to_the_player_still_in_with_most_cards():
    state = table("9 8 5", "10 7 6", "2 3 4 4", "2 4 7 7 7").state
    state, events = all_best(state)
    won = of(events, "round_won")[0]
    assert (won["player"], won["how"], won["cards"]) == (3, "war_abandoned", 10)
    assert cw.in_play(state) == (2, 3)


def test_if_nobody_is_left_in_the_pot_returns_and_most_cards_decides():
    # A decision beyond the spec: the game ends as if the clock had run out.
    state, _events = all_best(table("9 8 5", "10 7 6").state)
    assert state.result == cw.Result("nobody_left", (), True, (3, 3), (0, 1))
