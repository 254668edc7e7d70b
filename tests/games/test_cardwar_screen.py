"""The card-war board rendered from real rules states at every level: what each viewer sees,
and that nobody sees another player's current cards or answer before the reveal."""

import re

import pytest
from django.template.loader import render_to_string

from games.kinds.cardwar.screen import board
from games.kinds.cardwar.story import stories
from games.rules.cardwar import AnswerTimeout, ClockExpired, Submit
from tests.games.cardwar_scenes import (
    all_best,
    answer,
    level_scene,
    sacrifice_scene,
    scene,
)


def render(s, viewer, **extra):
    """The board for `viewer` as the socket would render it, from the kind's view."""
    told = stories(
        s.events, names=s.names, practice=s.options.practice, war_size=s.options.war_size
    )
    cw = board(
        s.view(viewer),
        names=s.names,
        practice=s.options.practice,
        war_size=s.options.war_size,
        history=told if s.state.phase == "over" else None,
        **extra,
    )
    return render_to_string("games/cardwar/screen.html", {"cw": cw}), cw


def shown_cards(html):
    return set(re.findall(r'data-card="([^"]+)"', html))


def current_cards(s, seat):
    return set(s.state.face_up[seat])


@pytest.mark.parametrize("level", range(1, 8))
def test_every_level_shows_my_cards_and_hides_the_others(level):
    s = level_scene(level)
    html, cw = render(s, 0)
    assert cw["step"] == "answer"
    assert current_cards(s, 0) <= shown_cards(html)
    assert not current_cards(s, 1) & shown_cards(html)
    assert html.count('aria-label="a face-down card"') == 2  # Ben's two, face down
    assert "Ben" in html and "cards" in html


@pytest.mark.parametrize(
    ("level", "groups"),
    [
        (1, set()),
        (2, set()),
        (3, {"order"}),
        (4, {"order"}),
        (5, {"order", "op"}),
        (6, {"order", "op", "powers"}),
        (7, {"order", "op", "powers"}),
    ],
)
def test_the_answer_step_offers_what_the_level_allows(level, groups):
    s = level_scene(level)
    html, cw = render(s, 0)
    assert set(re.findall(r'data-choice="(\w+)"', html)) == groups
    assert 'name="answer"' in html
    roots = html.count('value="√"')
    if level == 7:  # Amara holds 2 and 4: only 4 is a square number
        assert sorted(cw["answer"]["powers"][i]["root"] for i in (0, 1)) == [False, True]
        assert roots == 1
    else:
        assert roots == 0
    squares = html.count('value="²"')
    assert squares == (2 if level >= 6 else 0)


def test_an_answer_stays_hidden_until_everyone_has_answered():
    s = scene([["7H", "3S"], ["8C", "4D"]], level=1)
    answer(s, 0, "7 + 3", "100/10")  # a right answer no other text on the page holds
    html_ben, _ = render(s, 1)
    html_amara, cw = render(s, 0)
    assert "100/10" not in html_ben
    assert cw["step"] == "answered"
    assert "Waiting for Ben" in html_amara
    assert "You answered 7 + 3 = 100/10." in html_amara
    assert "7H" not in shown_cards(html_ben) and "3S" not in shown_cards(html_ben)
    # Ben's seat shows that Amara answered, not what.
    assert "answered" in html_ben
    answer(s, 1, "8 + 4", "12")
    html_ben, cw = render(s, 1)
    assert {"7H", "3S", "8C", "4D"} <= shown_cards(html_ben)
    assert "Ben: 8 + 4 = 12 beats Amara: 7 + 3 = 10." in html_ben
    assert "100/10" in html_ben


def test_a_spectator_sees_no_current_cards():
    s = level_scene(5, players=4)
    html, cw = render(s, None)
    assert cw["step"] == "watch"
    for seat in range(4):
        assert not current_cards(s, seat) & shown_cards(html)
    assert "Waiting for Amara, Ben, Chloe and Dev" in html


def test_four_players_show_teams_and_their_totals():
    s = level_scene(5, players=4)
    html, cw = render(s, 2)
    totals = {t["label"]: t["total"] for t in cw["teams"]}
    counts = s.state.hands
    assert totals == {
        "A": counts[0].count + counts[2].count,
        "B": counts[1].count + counts[3].count,
    }
    assert "Team A" in html and "Team B" in html
    assert "Exact hit bonus: Amara and Chloe give 6 more cards in all." in html
    assert "Ben: 8 − 3 = 5 hits the target 5 exactly!" in html
    assert html.count('aria-label="a face-down card"') == 6


def test_the_target_step_for_the_setter_and_the_others():
    s = scene([["7H", "3S"], ["8C", "4D"]], level=5)
    html, cw = render(s, 0)
    assert cw["step"] == "target"
    assert 'min="-15" max="15"' in html and 'name="value"' in html
    html, cw = render(s, 1)
    assert cw["step"] == "target_wait"
    assert "Amara is naming the target…" in html
    assert not shown_cards(html)


def test_the_war_explains_the_sacrifice_rule():
    s = sacrifice_scene()
    html, cw = render(s, 0)
    assert cw["war_depth"] == 1
    assert "War!" in html
    assert (
        "Sacrifice rule: a player at war has only 4 cards, so each lays 2 cards face down" in html
    )
    assert "Amara and Ben have the same value: war!" in html


def test_a_wrong_answer_counts_nothing_and_practice_mode_corrects_it():
    s = scene([["7H", "3S"], ["8C", "4D"]], level=1)
    s.act(Submit(0, "7 + 3", "11"), Submit(1, "8 + 4", "12"))
    html, _ = render(s, 0)
    assert "Amara wrote 11, but 7 + 3 = 10: no value this round." in html
    assert "it is 10" in html
    s = scene([["KH", "3S"], ["8C", "4D"]], level=1, practice=True)
    s.act(Submit(0, "13 + 3", "15"), Submit(1, "8 + 4", "12"))
    html, _ = render(s, 0)
    assert "Amara wrote 15, but 13 + 3 = 16. Practice mode: 16 counts." in html
    assert "Amara: 13 + 3 = 16 beats Ben: 8 + 4 = 12." in html


def test_no_answer_in_time_is_said_so():
    s = scene([["7H", "3S"], ["8C", "4D"]], level=1)
    s.act(Submit(1, "8 + 4", "12"), AnswerTimeout())
    html, _ = render(s, 1)
    assert "Amara did not answer in time: no value this round." in html


def test_the_end_screen_has_the_result_and_every_round():
    s = level_scene(2)
    all_best(s)
    s.act(ClockExpired())
    _, cw = render(s, 0)
    ending = render_to_string("games/cardwar/_ending.html", {"cw": cw})
    assert cw["step"] == "over"
    assert cw["ending"]["title"] in ("Amara wins", "Ben wins", "A draw")
    assert "Time is up: the most cards wins." in ending
    assert ending.count("data-replay-step") == 2
    assert "Round 1" in ending and "Round 2" in ending


def test_the_kind_board_partial_draws_the_screen_with_the_seat_names():
    s = level_scene(4, players=4)
    html = render_to_string(
        "games/cardwar/board.html",
        {"board": s.view(1), "names": ["Amara", "Ben", "Chloe", "Dev"], "ply": 7},
    )
    assert 'id="board"' in html and 'data-ply="7"' in html and 'data-my-turn="1"' in html
    assert "Team A" in html and "Dev" in html
    assert not (current_cards(s, 0) | current_cards(s, 2) | current_cards(s, 3)) & shown_cards(html)
    assert current_cards(s, 1) <= shown_cards(html)


def test_a_worse_choice_stands_and_the_reveal_says_what_was_best():
    s = scene([["7H", "3S"], ["8C", "4D"]], level=3)
    s.act(Submit(0, "3 ÷ 7", "3/7"), Submit(1, "8 ÷ 4", "2"))
    html, _ = render(s, 0)
    assert "3 ÷ 7 = 3/7" in html and "the best was 7/3" in html
    assert "Ben: 8 ÷ 4 = 2 beats Amara: 3 ÷ 7 = 3/7." in html


def test_three_players_each_for_themselves_have_no_teams():
    s = scene([["7H", "3S"], ["8C", "4D"], ["2H", "2S"]], level=1)
    html, cw = render(s, 2)
    assert cw["teams"] == [] and "Team" not in html
    assert [seat["count"] for seat in cw["seats"]] == [15, 15, 15]  # 17 each, two turned up
    assert html.count('aria-label="a face-down card"') == 4


def test_computers_at_one_table_are_told_apart():
    s = level_scene(2, players=4)
    html = render_to_string(
        "games/cardwar/board.html",
        {"board": s.view(0), "names": ["Amara", "Ben", "Computer", "Computer"], "ply": 1},
    )
    assert "Computer, seat 3" in html and "Computer, seat 4" in html


@pytest.mark.parametrize("level", [3, 7])
def test_parts_drawn_once_for_every_viewer_give_each_viewer_the_same_board(level):
    """A table's other players and the last reveal are drawn once per process and shared by
    the seats: each of four viewers still gets exactly the board drawn afresh for them."""
    from games.kinds.cardwar.templatetags import cardwar_screen

    s = all_best(level_scene(level, players=4))
    shared = [render(s, viewer)[0] for viewer in (0, 1, 2, 3, None)]
    assert cardwar_screen._drawn  # the seats and the reveal were kept
    fresh = []
    for viewer in (0, 1, 2, 3, None):
        cardwar_screen._drawn.clear()
        fresh.append(render(s, viewer)[0])
    assert shared == fresh
    assert len(set(shared)) == 5  # and the five views still differ


def test_a_drawn_part_is_kept_per_language_and_per_value_type():
    from django.utils import translation
    from django.utils.safestring import mark_safe

    from games.kinds.cardwar.templatetags.cardwar_screen import drawn

    seat = {"seat": 1, "name": "<b>Ada</b>", "count": 3, "pot": 0, "face_down_shown": [1]}
    with translation.override("en"):
        english = drawn("games/cardwar/_seat.html", s=seat, war_depth=0)
        assert drawn("games/cardwar/_seat.html", s=seat, war_depth=0) is english
        safe = drawn(
            "games/cardwar/_seat.html", s={**seat, "name": mark_safe("<b>Ada</b>")}, war_depth=0
        )
    with translation.override("nb"):
        norwegian = drawn("games/cardwar/_seat.html", s=seat, war_depth=0)
    assert "&lt;b&gt;Ada" in english and "<b>Ada</b>" in safe
    assert "3 cards" in english and "3 kort" in norwegian


def test_equal_cards_offer_no_order_and_different_ones_do():
    html, _ = render(scene([["7H", "7S"], ["8C", "4D"]], level=4), 0)
    assert 'data-choice="order"' not in html and "7 first" not in html
    html, _ = render(scene([["7H", "7S"], ["8C", "4D"]], level=4), 1)
    assert 'data-choice="order"' in html


def test_the_reveal_shows_the_cards_in_the_order_the_player_chose():
    s = scene([["3H", "9S"], ["8C", "4D"]], level=4)
    s.act(Submit(0, "9 − 3", "6"), Submit(1, "8 − 4", "4"))
    html, _ = render(s, 1)
    amara = re.search(
        r'<li class="cw-line[^"]*">\s*<span class="cw-line-name">Amara.*?</li>', html, re.S
    )
    cards = re.findall(r'data-card="([^"]+)"', amara[0])
    assert cards == ["9S", "3H"]
    assert "9 − 3 = 6" in amara[0]


def test_a_target_drawn_when_time_ran_out_is_not_named_by_the_setter():
    from games.kinds import kind_for
    from games.kinds.cardwar.kind import Game
    from games.rules.cardwar import TargetTimeout

    kind = kind_for("cardwar")
    s = scene([["7H", "3S"], ["8C", "4D"]], level=5)
    state, _ = kind.apply(None, Game(s.state), TargetTimeout())
    state = kind.load(kind.dump(state))  # as stored
    cw = board(kind.view(state, 0), names=s.names)
    assert cw["target_by"] == "drawn at random: time ran out"
    named, _ = kind.apply(None, Game(s.state), rules_target(s))
    assert board(kind.view(named, 0), names=s.names)["target_by"] == "named by you"


def rules_target(s):
    from games.rules.cardwar import SetTarget

    return SetTarget(s.state.setter, 5)
