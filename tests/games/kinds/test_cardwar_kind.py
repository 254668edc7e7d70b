"""The card war's kind without a database: options, frames, steps, bots, evidence and views."""

import json

import pytest

from games.kinds import MoveOn, Setup, kind_for, replay
from games.kinds.cardwar.frames import FRAMES
from games.kinds.cardwar.kind import HOLD_MS
from games.rules import cardwar as rules
from games.rules.cardwar import OptionsError

KIND = kind_for("cardwar")


def setup(seats=2, seed=5, bots=(), **options) -> Setup:
    rules_options = KIND.rules_options(options, seats)
    return Setup(seed=seed, rules=rules_options, server={}, seats=seats, bots=tuple(bots))


# --- options ----------------------------------------------------------------------------------


def test_options_are_canonical_with_the_rules_defaults():
    assert KIND.rules_options({}, 2) == rules.Options().to_json()
    assert KIND.rules_options({"level": 6, "war_size": 3}, 3)["war_size"] == 3


def test_target_options_do_not_make_a_different_game_below_level_five():
    plain = KIND.rules_options({"level": 2}, 2)
    assert KIND.rules_options({"level": 2, "computer_targets": True, "target_seconds": 40}, 2) == (
        plain
    )
    assert KIND.rules_options({"level": 5, "computer_targets": True}, 2)["computer_targets"]


@pytest.mark.parametrize(
    "options",
    [
        {"level": 8},
        {"level": "3"},
        {"level": True},
        {"war_size": 7},
        {"ace_high": 1},
        {"answer_seconds": 0},
        {"answer_seconds": 301},
        {"target_seconds": 121},
        {"clock_minutes": 91},
        {"clock_minutes": 2.5},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(OptionsError):
        KIND.rules_options(options, 2)


@pytest.mark.parametrize("seats", [1, 5])
def test_card_war_is_for_two_to_four_seats(seats):
    with pytest.raises(OptionsError):
        KIND.rules_options({}, seats)


# --- frames -----------------------------------------------------------------------------------


def test_frames_become_rules_actions():
    answer = {"kind": "answer", "ply": "3", "choice": "7 ÷ 3", "answer": "2,33"}
    assert KIND.parse(answer, 1) == rules.Submit(1, "7 ÷ 3", "2,33")
    typed = {"kind": "answer", "expression": "3 - 7", "answer": "−4"}
    assert KIND.parse(typed, 0) == rules.Submit(0, "3 - 7", "−4")
    assert KIND.parse({"kind": "target", "value": "-15"}, 2) == rules.SetTarget(2, -15)
    assert KIND.parse({"kind": "target", "value": "−4"}, 2) == rules.SetTarget(2, -4)
    assert KIND.parse({"kind": "resign", "ply": "9"}, 3) == rules.Resign(3)


def test_moved_on_is_a_frame_of_its_own_and_no_rules_action():
    """Next round after a held result: no fields but the ply, and nothing the rules hear."""
    assert FRAMES["moved_on"] == frozenset()
    assert KIND.parse({"kind": "moved_on", "ply": "4"}, 1) == MoveOn(1)
    assert KIND.parse({"kind": "moved_on", "value": "4"}, 1) is None


@pytest.mark.parametrize(
    "frame",
    [
        {},
        {"kind": "submit"},
        {"kind": 3},
        {"kind": "answer", "answer": "4"},  # no calculation
        {"kind": "answer", "expression": "3 + 4"},  # no result
        {"kind": "answer", "expression": "3 + 4", "choice": "3 + 4", "answer": "7"},  # both
        {"kind": "answer", "expression": "3 + 4", "answer": "٧"},  # not ASCII digits
        {"kind": "answer", "expression": "3 + 4", "answer": "7" * 41},
        {"kind": "answer", "expression": "3 + " * 20 + "4", "answer": "7"},
        {"kind": "answer", "expression": "3 + 4", "answer": 7},
        {"kind": "answer", "expression": "__import__('os')", "answer": "7"},
        {"kind": "answer", "expression": "3 + 4", "answer": "7", "player": "1"},
        {"kind": "target", "value": "1.5"},
        {"kind": "target", "value": "²"},
        {"kind": "target", "value": "100"},
        {"kind": "target", "value": ""},
        {"kind": "target", "value": ["3"]},
        {"kind": "resign", "value": "3"},
    ],
)
def test_any_other_frame_is_not_understood(frame):
    assert KIND.parse(frame, 0) is None


# --- steps and deadlines ----------------------------------------------------------------------


def first_cards(state, seat):
    return rules.choices(state.rules, seat)


def right_answer(game, seat) -> rules.Submit:
    value, text = next(iter(rules.choices(game.rules, seat).items()))
    return rules.Submit(seat, text, str(value))


def test_answers_inside_a_round_are_one_step_and_its_timer_starts_once():
    s = setup(level=1, answer_seconds=20, clock_minutes=10)
    game, events = KIND.start(s)
    assert KIND.timing(s, None, game, events).__dict__ == {
        "new_step": True,
        "step_seconds": 20,
        "clock_seconds": 600,
        "pause_ms": 0,  # nothing to read yet
    }
    after, events = KIND.apply(s, game, right_answer(game, 0))
    assert KIND.awaited(after) == (1,)
    assert not KIND.timing(s, game, after, events).new_step
    done, events = KIND.apply(s, after, right_answer(after, 1))
    timing = KIND.timing(s, after, done, events)
    assert timing.new_step and timing.step_seconds == 20 and timing.clock_seconds is None
    assert timing.pause_ms == 4000  # the round's result is read before the next one starts


def revealed(s: Setup):
    """A game just after its first round's reveal: (before, after, events)."""
    game, _ = KIND.start(s)
    for seat in range(s.seats):
        before = game
        game, events = KIND.apply(s, game, right_answer(game, seat))
    return before, game, events


@pytest.mark.parametrize(
    ("bots", "pause"),
    [
        (("", "beginner"), HOLD_MS),  # against the computer: held for her, a minute at most
        (("beginner", "", "expert"), HOLD_MS),
        (("", ""), 4000),  # classmates: the moment everyone reads for, as before
        (("", "", "beginner"), 4000),
        ((), 4000),  # seats not known (the kind's own tests)
    ],
)
def test_after_a_reveal_against_computers_the_pause_waits_for_the_player(bots, pause):
    s = setup(seats=len(bots) or 2, bots=bots, level=1)
    before, after, events = revealed(s)
    assert after.rules.round == 2
    timing = KIND.timing(s, before, after, events)
    assert timing.new_step and timing.step_seconds == 30 and timing.pause_ms == pause
    people = [seat for seat, level in enumerate(bots) if not level]
    for seat in range(s.seats):
        assert KIND.held(s, after, seat) == (pause == HOLD_MS and seat in people)


def test_a_player_who_left_is_not_waited_for():
    s = setup(seats=3, bots=("", "beginner", "beginner"), level=1)
    game, _ = KIND.start(s)
    game, _ = KIND.apply(s, game, rules.Resign(0))
    for seat in (1, 2):
        before = game
        game, events = KIND.apply(s, game, right_answer(game, seat))
    assert game.rules.round == 2 and game.rules.hands[0].out
    assert KIND.timing(s, before, game, events).pause_ms == 4000
    assert not KIND.held(s, game, 0)


def test_the_screen_holds_the_result_as_long_as_the_server_waits_at_most():
    s = setup(bots=("", "beginner"), level=1)
    _, after, _ = revealed(s)
    snap = {"names": ["Ada", "Computer"], "bots": ["", "beginner"], "awaited": [0, 1]}
    board = KIND.screen(snap | {"options": {}}, after, 0).board
    assert board["hold_reveal"] and board["hold_ms"] == HOLD_MS


def test_a_second_answer_from_the_same_seat_is_refused():
    s = setup()
    game, _ = KIND.start(s)
    after, _ = KIND.apply(s, game, right_answer(game, 0))
    with pytest.raises(rules.IllegalMove):
        KIND.apply(s, after, rules.Submit(0, right_answer(game, 0).expression, "1"))


def test_deadlines_apply_the_timer_of_the_phase():
    s = setup(level=5)
    game, events = KIND.start(s)
    assert KIND.timing(s, None, game, events).step_seconds == 15
    assert KIND.due_action(game, "step") == rules.TargetTimeout()
    assert KIND.due_action(game, "clock") == rules.ClockExpired()
    answering, events = KIND.apply(s, game, rules.TargetTimeout())
    assert KIND.timing(s, game, answering, events).step_seconds == 30
    assert KIND.due_action(answering, "step") == rules.AnswerTimeout()
    # A game without a clock has no clock deadline unless a teacher ends it: then it stops.
    untimed = setup(clock_minutes=None)
    assert KIND.due_action(KIND.start(untimed)[0], "clock") == rules.ClockExpired()


# --- bots, hidden information, replay ---------------------------------------------------------


def others_private(game, viewer):
    """Card codes and answers of the seats other than `viewer` that it must not see now."""
    hidden = set()
    for seat in range(game.rules.players):
        if seat == viewer:
            continue
        hidden.update(game.rules.face_up[seat])
        entry = game.rules.entries[seat]
        if entry is not None:
            hidden.add(json.dumps(entry.expression))
    return hidden


def assert_nothing_hidden_leaks(game):
    for viewer in (*range(game.rules.players), None):
        view = KIND.view(game, viewer)
        text = json.dumps({k: v for k, v in view.items() if k != "reveal"}, ensure_ascii=False)
        for secret in others_private(game, viewer):
            assert secret.strip('"') not in text, (viewer, secret)
        assert view["reveal"] == game.reveal  # the reveal is public, the same for everyone
        for seat in view["seats"]:
            if seat["seat"] != viewer:
                assert seat["cards"] == [] and seat["values"] == []
        if viewer is None:
            assert view["my_answer"] is None and view["my_choices"] == []


def play_with_bots(s, levels, limit=3000):
    game, _ = KIND.start(s)
    actions = []
    while KIND.result(game) is None and len(actions) < limit:
        assert_nothing_hidden_leaks(game)
        seat = KIND.awaited(game)[0]
        action = KIND.bot_action(game, seat, levels[seat], "ignored")
        assert 0 <= KIND.bot_think_ms(game, seat, levels[seat], "ignored") <= 15000
        game, _ = KIND.apply(s, game, action)
        actions.append(KIND.action_to_json(action))
    return game, actions


@pytest.mark.parametrize(
    ("seats", "level"), [(2, 1), (3, 3), (4, 5), (4, 7), (2, 6), (3, 2), (2, 4)]
)
def test_bots_play_every_level_to_the_end_and_the_log_replays(seats, level):
    s = setup(seats, seed=seats * 10 + level, level=level, war_size=2)
    levels = ["beginner", "intermediate", "expert", "expert"][:seats]
    game, actions = play_with_bots(s, levels)
    result = KIND.result(game)
    assert result is not None and result.reason in ("last_standing", "nobody_left")
    if seats == 4 and result.winners:
        assert len(result.winners) == 2 and len({w % 2 for w in result.winners}) == 1
    assert KIND.dump(replay(KIND, s, actions)) == KIND.dump(game)
    assert KIND.dump(KIND.load(json.loads(json.dumps(KIND.dump(game))))) == KIND.dump(game)


def test_a_seat_sees_its_own_cards_and_answer_but_nobody_elses():
    s = setup(3, level=3)
    game, _ = KIND.start(s)
    mine = KIND.view(game, 1)
    assert mine["seats"][1]["cards"] == list(game.rules.face_up[1])
    assert sorted(mine["my_choices"]) == sorted(rules.choices(game.rules, 1).values())
    assert mine["seats"][0]["face_up"] == 2 and mine["seats"][0]["cards"] == []
    game, _ = KIND.apply(s, game, right_answer(game, 0))
    assert KIND.view(game, 0)["my_answer"] is not None
    assert KIND.view(game, 1)["my_answer"] is None and KIND.view(game, 1)["seats"][0]["answered"]
    assert_nothing_hidden_leaks(game)


def test_the_reveal_shows_every_answer_and_the_round_result():
    s = setup(2, level=1)
    game, _ = KIND.start(s)
    a, b = right_answer(game, 0), rules.Submit(1, right_answer(game, 1).expression, "999")
    game, _ = KIND.apply(s, game, a)
    game, _ = KIND.apply(s, game, b)
    reveal = KIND.view(game, None)["reveal"]
    assert [x["answer"] for x in reveal["submissions"]] == [a.answer, "999"]
    assert [x["correct"] for x in reveal["submissions"]] == [True, False]
    assert reveal["winner"] == 0 and reveal["cards"] == 4 and reveal["how"] == "best_value"


# --- evidence ---------------------------------------------------------------------------------


def test_every_answer_is_an_act_when_it_arrives_and_named_targets_too():
    s = setup(2, level=5)
    game, _ = KIND.start(s)
    named, events = KIND.apply(s, game, rules.SetTarget(0, 7))
    (target,) = KIND.evidence(s, game, rules.SetTarget(0, 7), events, {0: 900})
    assert (target.kind, target.seat, target.target, target.think_ms) == (
        "cardwar_target",
        0,
        7,
        900,
    )
    wrong = rules.Submit(1, right_answer(named, 1).expression, "-99")
    after, events = KIND.apply(s, named, wrong)
    (act,) = KIND.evidence(s, named, wrong, events, {1: 4200})
    assert (act.kind, act.seat, act.answer, act.correct, act.think_ms, act.target) == (
        "cardwar_answer",
        1,
        "-99",
        False,
        4200,
        7,
    )
    timeout, events = KIND.apply(s, after, rules.AnswerTimeout())
    assert KIND.evidence(s, after, rules.AnswerTimeout(), events, {}) == []  # no answer, no act
    assert KIND.log(s, after, timeout, rules.AnswerTimeout(), events)[0].kind == "timeout"
