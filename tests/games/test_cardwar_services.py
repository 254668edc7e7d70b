"""Card-war matches through the one door: creation for 2–4 seats, simultaneous answers from
several server processes, the target step, deadlines applied once, bots, evidence, replay."""

import re
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.kinds import Setup, kind_for, replay
from games.models import Calculation, Match, Move
from games.rules import cardwar as rules
from games.services import MoveRejected, match_create
from games.services.matches import BotTurn, Expire, Leave, Play, match_act

pytestmark = pytest.mark.django_db(transaction=True)
KIND = kind_for("cardwar")


@pytest.fixture
def students(make_student):
    return [make_student(name) for name in ("Ada", "Ben", "Cy", "Di")]


def card_match(classroom, players, *, seed=21, **options) -> Match:
    return match_create(
        game="cardwar", classroom=classroom, players=players, variants=options, seed=seed
    )


def game_of(match: Match):
    match.refresh_from_db()
    return KIND.load(match.state)


def answer_frame(match: Match, seat: int, *, wrong: bool = False) -> dict:
    """The first listed calculation for the seat's cards and its result (or a wrong one)."""
    value, text = next(iter(rules.choices(game_of(match).rules, seat).items()))
    typed = "-99" if wrong else str(value)
    return {"kind": "answer", "ply": str(match.ply), "choice": text, "answer": typed}


def play(match, student, frame, **kwargs):
    seen = int(frame.get("ply", match.ply))
    return match_act(match=match, actor=student.user, intent=Play(frame), seen_ply=seen, **kwargs)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_card_war_matches_start_for_two_three_and_four_seats(classroom, students, seats):
    match = card_match(classroom, [s.user for s in students[:seats]], level=3)
    assert match.game == "cardwar" and match.seats.count() == seats
    assert match.variants == KIND.rules_options({"level": 3}, seats)
    game = game_of(match)
    assert KIND.awaited(game) == tuple(range(seats))
    assert match.move_deadline is not None and match.clock_deadline is not None
    assert (match.move_deadline - match.turn_started_at).total_seconds() == pytest.approx(30)


def test_bad_options_or_seat_counts_create_nothing(classroom, students):
    with pytest.raises(ValueError):
        card_match(classroom, [students[0].user], level=1)
    with pytest.raises(ValueError):
        card_match(classroom, [s.user for s in students[:2]], level=9)
    assert not Match.objects.exists()


def test_answers_in_any_order_each_count_once_and_none_makes_another_stale(classroom, students):
    match = card_match(classroom, [s.user for s in students[:3]], level=1)
    frames = {seat: answer_frame(match, seat) for seat in range(3)}  # all seen at ply 0
    deadline = match.move_deadline
    play(match, students[2], frames[2])
    play(match, students[0], frames[0])
    game = game_of(match)
    assert KIND.awaited(game) == (1,) and match.move_deadline == deadline  # one timer per round
    with pytest.raises(MoveRejected) as again:
        play(match, students[0], frames[0])
    assert again.value.code == "not_your_turn"
    play(match, students[1], frames[1])  # seen at ply 0, two plies ago: not stale
    match.refresh_from_db()
    assert match.ply == 3 and game_of(match).rules.round == 2
    assert list(Move.objects.filter(match=match).values_list("kind", "seat")) == [
        ("answer", 2),
        ("answer", 0),
        ("answer", 1),
    ]
    with pytest.raises(MoveRejected) as stale:  # the round moved on: an answer seen before it
        play(match, students[1], frames[1])
    assert stale.value.code == "stale"


def race(calls) -> list:
    """Run each call on its own thread and database connection, all released at once."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call) -> None:
        barrier.wait()
        try:
            results[index] = call()
        except MoveRejected as err:
            results[index] = err.code
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def test_simultaneous_answers_from_two_processes_are_each_accepted_exactly_once(
    classroom, students
):
    match = card_match(classroom, [s.user for s in students[:3]], level=2)
    frames = [answer_frame(match, seat) for seat in range(2)]
    # Each student sends twice (two tabs), all four at the same moment.
    calls = [lambda s=s: play(match, students[s], frames[s]) for s in (0, 1, 0, 1)]
    results = race(calls)
    applied = [r for r in results if not isinstance(r, str)]
    assert len(applied) == 2 and sorted(r for r in results if isinstance(r, str)) == [
        "not_your_turn",
        "not_your_turn",
    ]
    assert sorted(Move.objects.filter(match=match).values_list("seat", flat=True)) == [0, 1]
    assert Calculation.objects.filter(match=match, act="cardwar_answer").count() == 2
    assert KIND.awaited(game_of(match)) == (2,)


def test_every_answer_is_evidence_in_its_own_transaction_wrong_ones_too(classroom, students):
    match = card_match(classroom, [s.user for s in students[:2]], level=1)
    play(match, students[0], answer_frame(match, 0, wrong=True))
    row = Calculation.objects.get(match=match)
    assert (row.student, row.act, row.answer, row.correct, row.game) == (
        students[0].user,
        "cardwar_answer",
        "-99",
        False,
        "cardwar",
    )
    assert row.think_ms is not None and row.level == 1


def test_a_target_step_then_answers_and_the_named_target_is_evidence(classroom, students):
    match = card_match(classroom, [s.user for s in students[:2]], level=5)
    assert KIND.awaited(game_of(match)) == (0,)
    with pytest.raises(MoveRejected) as not_yours:
        play(match, students[1], {"kind": "target", "ply": "0", "value": "3"})
    assert not_yours.value.code == "not_your_turn"
    with pytest.raises(MoveRejected) as out_of_range:
        play(match, students[0], {"kind": "target", "ply": "0", "value": "20"})
    assert "15" in out_of_range.value.message
    play(match, students[0], {"kind": "target", "ply": "0", "value": "-4"})
    game = game_of(match)
    assert game.rules.target == -4 and KIND.awaited(game) == (0, 1)
    named = Calculation.objects.get(match=match)
    assert (named.act, named.target, named.student) == ("cardwar_target", -4, students[0].user)
    assert match.move_deadline - match.turn_started_at == timedelta(seconds=30)


def test_the_target_and_answer_timers_are_applied_once(classroom, students):
    match = card_match(classroom, [s.user for s in students[:2]], level=5, target_seconds=10)
    later = match.turn_started_at + timedelta(seconds=11)
    results = race(
        [lambda: match_act(match=match, actor=None, intent=Expire(), seen_ply=None, now=later)] * 4
    )
    assert sum(r is not None for r in results) == 1
    game = game_of(match)
    assert game.rules.phase == "answer" and game.rules.target is not None
    play(match, students[1], answer_frame(match, 1), now=later)
    after = later + timedelta(seconds=31)
    results = race(
        [lambda: match_act(match=match, actor=None, intent=Expire(), seen_ply=None, now=after)] * 4
    )
    assert sum(r is not None for r in results) == 1
    assert [m.kind for m in Move.objects.filter(match=match)] == ["timeout", "answer", "timeout"]
    assert game_of(match).reveal["submissions"][0]["answered"] is False  # seat 0 missed it


def test_the_game_clock_stops_play_once(classroom, students):
    match = card_match(classroom, [s.user for s in students[:3]], level=1, clock_minutes=1)
    play(match, students[0], answer_frame(match, 0))
    later = timezone.now() + timedelta(minutes=2)
    results = race(
        [lambda: match_act(match=match, actor=None, intent=Expire(), seen_ply=None, now=later)] * 3
    )
    assert sum(r is not None for r in results) == 1
    match.refresh_from_db()
    assert match.status == "finished" and match.result_reason == "clock"
    assert Move.objects.filter(match=match, kind="clock").count() == 1
    # The answer the clock dropped before its reveal is still evidence.
    assert Calculation.objects.filter(match=match, student=students[0].user).count() == 1


def test_a_four_seat_team_game_with_bots_plays_to_its_end_and_replays(classroom, students):
    match = card_match(
        classroom,
        [students[0].user, "beginner", "intermediate", "expert"],
        level=5,
        war_size=1,
        clock_minutes=None,
    )
    human = students[0]
    for _ in range(3000):
        match.refresh_from_db()
        if match.status == "finished":
            break
        game = KIND.load(match.state)
        awaited = KIND.awaited(game)
        if 0 in awaited:
            if game.rules.phase == "target":
                play(match, human, {"kind": "target", "ply": str(match.ply), "value": "7"})
            else:
                play(match, human, answer_frame(match, 0))
        else:
            assert match_act(match=match, actor=None, intent=BotTurn(), seen_ply=match.ply)
    match.refresh_from_db()
    assert match.status == "finished"
    result = KIND.result(KIND.load(match.state))
    assert result.reason in ("last_standing", "nobody_left")
    if result.winners:
        assert len(result.winners) == 2 and len({w % 2 for w in result.winners}) == 1
    actions = Move.objects.filter(match=match, ply__isnull=False).order_by("ply")
    setup = Setup(match.seed, match.variants, match.options, 4)
    rebuilt = replay(KIND, setup, [m.action for m in actions])
    assert KIND.dump(rebuilt) == match.state
    assert not Calculation.objects.filter(match=match).exclude(student=human.user).exists()


def test_the_page_shows_a_seat_its_own_cards_and_nobody_elses(client, classroom, students):
    match = card_match(classroom, [s.user for s in students[:3]], level=3)
    game = game_of(match)
    client.force_login(students[1].user)
    page = client.get(f"/play/m/{match.pk}/").content.decode()
    assert 'class="cw-answer"' in page
    assert all(card in page for card in game.rules.face_up[1])
    for card in (card for seat in (0, 2) for card in game.rules.face_up[seat]):
        assert re.search(rf"(?<![\w-]){card}(?!\w)", page) is None, card


def test_each_computer_acts_after_its_own_think_time_from_the_rounds_start(classroom, students):
    from games.live.render import schedule_of
    from games.selectors.snapshot import snapshot_from_db

    match = card_match(classroom, [students[0].user, "beginner", "expert"], level=1)
    game = game_of(match)
    think = {s: KIND.bot_think_ms(game, s, lvl, "") for s, lvl in ((1, "beginner"), (2, "expert"))}
    first = min(think, key=think.get)
    schedule = schedule_of(snapshot_from_db(match))
    assert schedule.bot_seat == first
    assert schedule.bot_due == match.turn_started_at + timedelta(milliseconds=think[first])
    match_act(match=match, actor=None, intent=BotTurn(first), seen_ply=match.ply)
    match.refresh_from_db()
    other = 3 - first  # the other computer still counts from the round's start
    schedule = schedule_of(snapshot_from_db(match))
    assert schedule.bot_seat == other
    assert schedule.bot_due == match.turn_started_at + timedelta(milliseconds=think[other])
    assert 1500 <= think[2] <= 5000 and 5000 <= think[1] <= 15000  # the rules' profiles


def test_a_decimal_comma_result_is_read_and_checked(classroom, students):
    match = card_match(classroom, [s.user for s in students[:2]], level=3, ace_high=True)
    game = game_of(match)
    value, text = max(rules.choices(game.rules, 0).items())
    decimal = f"{float(value):.3f}".replace(".", ",")  # rounded to three places
    play(match, students[0], {"kind": "answer", "ply": "0", "choice": text, "answer": decimal})
    row = Calculation.objects.get(match=match)
    assert (row.answer, row.correct) == (decimal, True)


def test_leaving_twice_is_refused_cleanly_and_the_table_plays_on(classroom, students):
    match = card_match(classroom, [s.user for s in students[:2]] + ["beginner", "beginner"])
    match_act(match=match, actor=students[0].user, intent=Leave(), seen_ply=None)
    match.refresh_from_db()
    ply = match.ply
    with pytest.raises(MoveRejected) as again:
        match_act(match=match, actor=students[0].user, intent=Leave(), seen_ply=None)
    assert again.value.code == "out"
    assert str(again.value) == "You are out of this game already."
    match.refresh_from_db()
    assert match.ply == ply and match.status == Match.Status.PLAYING


def test_the_next_step_after_a_reveal_starts_a_moment_later(classroom, students):
    match = card_match(classroom, [s.user for s in students[:2]], level=1)
    match.options = match.options | {"reveal_ms": 3000}
    match.save(update_fields=["options"])
    play(match, students[0], answer_frame(match, 0))
    before = timezone.now()
    play(match, students[1], answer_frame(match, 1))  # both in: the reveal, then round 2
    match.refresh_from_db()
    assert game_of(match).rules.round == 2
    assert match.turn_started_at >= before + timedelta(milliseconds=3000)
    assert (match.move_deadline - match.turn_started_at).total_seconds() == pytest.approx(30)
