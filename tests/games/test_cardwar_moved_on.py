"""Against the computer the round's result waits for the child: the next step's timer (and the
computers' thinking) starts when she moves on (the card war's moved_on frame, through the one
door), a minute after the reveal at the latest. With classmates the short pause stays."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.kinds import kind_for
from games.kinds.cardwar.kind import HOLD_MS, REVEAL_MS
from games.live.render import schedule_of
from games.models import Calculation, Match, Move
from games.rules import cardwar as rules
from games.selectors.snapshot import snapshot_from_db
from games.services import MoveRejected, match_create
from games.services.matches import BotTurn, Expire, Play, match_act

pytestmark = pytest.mark.django_db(transaction=True)
KIND = kind_for("cardwar")
HOLD = timedelta(milliseconds=HOLD_MS)
MOVED_ON = {"kind": "moved_on"}


@pytest.fixture
def students(make_student):
    return [make_student(name) for name in ("Ada", "Ben")]


def card_match(classroom, players, **options) -> Match:
    return match_create(
        game="cardwar", classroom=classroom, players=players, variants=options, seed=21
    )


def game_of(match: Match):
    match.refresh_from_db()
    return KIND.load(match.state)


def answer(match: Match, student, seat: int, now) -> None:
    value, text = next(iter(rules.choices(game_of(match).rules, seat).items()))
    frame = {"kind": "answer", "choice": text, "answer": str(value)}
    match_act(match=match, actor=student.user, intent=Play(frame), seen_ply=match.ply, now=now)


def moved_on(match: Match, student, now, *, seen_ply: int | None = None):
    seen = match.ply if seen_ply is None else seen_ply
    return match_act(match=match, actor=student.user, intent=Play(MOVED_ON), seen_ply=seen, now=now)


def revealed_against_the_computer(classroom, student, **options):
    """Ada and the computer have answered round 1: its result is on her screen."""
    match = card_match(classroom, [student.user, "beginner"], level=1, **options)
    start = timezone.now()
    answer(match, student, 0, start)
    assert match_act(match=match, actor=None, intent=BotTurn(), seen_ply=match.ply, now=start)
    match.refresh_from_db()
    assert game_of(match).rules.round == 2
    return match, start


def recorded(match: Match) -> tuple[int, int]:
    return Move.objects.filter(match=match).count(), Calculation.objects.filter(match=match).count()


def test_the_next_step_starts_when_she_moves_on_once_and_is_no_move(classroom, students):
    ada = students[0]
    match, reveal = revealed_against_the_computer(classroom, ada)
    # Held for her: the step starts a minute after the reveal unless she moves on sooner.
    assert match.turn_started_at == reveal + HOLD
    assert match.move_deadline == reveal + HOLD + timedelta(seconds=30)
    ply, step_ply, before = match.ply, match.step_ply, recorded(match)
    later = reveal + timedelta(seconds=12)  # she read the result for 12 s (4 s was the pause)
    assert moved_on(match, ada, later) is not None
    match.refresh_from_db()
    assert match.turn_started_at == later
    assert match.move_deadline == later + timedelta(seconds=30)  # her whole answer time
    assert (match.ply, match.step_ply) == (ply, step_ply)
    assert recorded(match) == before  # no move and no evidence
    # The computer thinks from then on, too.
    game = game_of(match)
    think = KIND.bot_think_ms(game, 1, "beginner", "")
    schedule = schedule_of(snapshot_from_db(match))
    assert schedule.bot_due == later + timedelta(milliseconds=think)
    # A double click, a second tab: nothing changes.
    assert moved_on(match, ada, later + timedelta(seconds=1)) is None
    match.refresh_from_db()
    assert match.turn_started_at == later and recorded(match) == before
    # Her answer's think time counts from when she moved on.
    answer(match, ada, 0, later + timedelta(seconds=5))
    row = Calculation.objects.filter(match=match).latest("pk")
    assert row.think_ms == 5000


def test_a_moved_on_frame_for_an_old_board_is_refused_politely(classroom, students):
    ada = students[0]
    match, reveal = revealed_against_the_computer(classroom, ada)
    with pytest.raises(MoveRejected) as stale:
        moved_on(match, ada, reveal + timedelta(seconds=2), seen_ply=match.step_ply - 1)
    assert stale.value.code == "stale"
    assert "Look again" in stale.value.message
    match.refresh_from_db()
    assert match.turn_started_at == reveal + HOLD


def test_if_she_never_moves_on_the_step_starts_a_minute_after_the_reveal(classroom, students):
    ada = students[0]
    match, reveal = revealed_against_the_computer(classroom, ada)
    started = reveal + HOLD
    assert match_act(match=match, actor=None, intent=Expire(), seen_ply=None, now=started) is None
    # Moving on once the step has started gives no more time: the clock is never stopped.
    assert moved_on(match, ada, started + timedelta(seconds=20)) is None
    match.refresh_from_db()
    assert match.turn_started_at == started
    assert match.move_deadline == started + timedelta(seconds=30)
    # Its timer runs out as any other: both answers missing, the round goes to war.
    ends = match.move_deadline
    assert match_act(match=match, actor=None, intent=Expire(), seen_ply=None, now=ends)
    game = game_of(match).rules
    assert (game.round, game.war_depth) == (2, 1)


def test_her_answer_in_the_held_pause_moves_on_too(classroom, students):
    """A client that answers without saying it moved on first does not wait a minute for the
    computer."""
    ada = students[0]
    match, reveal = revealed_against_the_computer(classroom, ada)
    at = reveal + timedelta(seconds=3)
    answer(match, ada, 0, at)
    match.refresh_from_db()
    assert match.turn_started_at == at
    assert match.move_deadline == at + timedelta(seconds=30)


def test_she_moves_on_while_the_computer_names_the_target(classroom, students):
    ada = students[0]
    match = card_match(classroom, [ada.user, "beginner"], level=5)
    start = timezone.now()
    frame = {"kind": "target", "value": "7"}
    match_act(match=match, actor=ada.user, intent=Play(frame), seen_ply=match.ply, now=start)
    match.refresh_from_db()
    answer(match, ada, 0, start)
    assert match_act(match=match, actor=None, intent=BotTurn(), seen_ply=match.ply, now=start)
    game = game_of(match)
    assert (game.rules.phase, game.rules.setter, KIND.awaited(game)) == ("target", 1, (1,))
    later = start + timedelta(seconds=8)
    assert moved_on(match, ada, later) is not None  # not her turn, but her screen
    match.refresh_from_db()
    assert match.turn_started_at == later
    think = KIND.bot_think_ms(game, 1, "beginner", "")
    schedule = schedule_of(snapshot_from_db(match))
    assert schedule.bot_due == later + timedelta(milliseconds=think)


def test_with_classmates_the_short_pause_stays(classroom, students):
    ada, ben = students
    match = card_match(classroom, [ada.user, ben.user], level=1)
    start = timezone.now()
    answer(match, ada, 0, start)
    answer(match, ben, 1, start)
    match.refresh_from_db()
    paused = start + timedelta(milliseconds=REVEAL_MS)
    assert match.turn_started_at == paused
    assert moved_on(match, ada, start + timedelta(seconds=1)) is None
    match.refresh_from_db()
    assert match.turn_started_at == paused
    assert match.move_deadline == paused + timedelta(seconds=30)


def test_a_game_without_the_frame_does_not_understand_it(classroom, students):
    ada, ben = students
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=3)
    with pytest.raises(MoveRejected) as refused:
        moved_on(match, ada, timezone.now())
    assert refused.value.code == "malformed"
