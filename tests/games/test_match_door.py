"""The one door (`match_act` and its named wrappers), for every game kind.

Each test runs for every registered kind: Maths Warriors, the card war and the tests' own
"make the number" (tests/games/make_number), which runs here unchanged.
"""

import csv
import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from classrooms.services.students import student_archive
from games.kinds import kind_for, registered, replay
from games.models import Calculation, Match, Move
from games.selectors.matches import match_log
from games.services import (
    MoveRejected,
    expire_overdue_matches,
    match_create,
    match_expire_clock,
    match_play_bot,
    match_resign,
    move_submit,
)
from games.services.matches import setup_of

# Each kind's options for these tests (none: its defaults).
OPTIONS = {
    "cardwar": {"level": 5, "answer_seconds": 20, "target_seconds": 10, "clock_minutes": 20},
}
KINDS = {game: OPTIONS.get(game, {}) for game in registered()}
pytestmark = pytest.mark.parametrize("game", list(KINDS))


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def awaited(match: Match) -> tuple[int, ...]:
    kind = kind_for(match.game)
    return kind.awaited(kind.load(fresh(match).state))


def legal_frame(match: Match, seat: int) -> dict:
    kind = kind_for(match.game)
    state = kind.load(fresh(match).state)
    return kind.frame(kind.bot_action(state, seat, "expert", f"test:{seat}"))


def user_at(match: Match, seat: int):
    return match.seats.get(index=seat).user


@pytest.fixture
def create(classroom):
    def make(game, players, **kwargs):
        return match_create(
            game=game,
            classroom=classroom,
            players=players,
            variants=KINDS[game],
            seed=5,
            **kwargs,
        )

    return make


@pytest.fixture
def students(make_student):
    return [make_student(name).user for name in ("Ada", "Ben", "Cy", "Di")]


def test_a_player_awaited_moves_and_the_log_replays_to_the_snapshot(game, create, students):
    match = create(game, students[:2])
    seat = awaited(match)[0]
    move_submit(
        match=match, player=user_at(match, seat), action=legal_frame(match, seat), ply=match.ply
    )
    match = fresh(match)
    assert match.ply >= 1
    kind = kind_for(game)
    actions = [m.action for m in match.moves.filter(ply__isnull=False).order_by("ply") if m.action]
    assert kind.dump(replay(kind, setup_of(match), actions)) == match.state


def test_someone_not_seated_cannot_move(game, create, students):
    match = create(game, students[:2])
    with pytest.raises(MoveRejected) as err:
        move_submit(match=match, player=students[3], action={"kind": "skip"}, ply=match.ply)
    assert err.value.code == "not_seated"


def test_an_archived_student_cannot_move_any_more(game, create, students):
    match = create(game, students[:2])
    seat = awaited(match)[0]
    frame = legal_frame(match, seat)
    student_archive(student=user_at(match, seat).student)
    with pytest.raises(MoveRejected) as err:
        move_submit(match=match, player=user_at(match, seat), action=frame, ply=match.ply)
    assert err.value.code == "not_allowed"
    assert not fresh(match).moves.filter(ply__gte=1, seat=seat, kind__in=["mind", "answer"])


def test_a_frame_that_is_not_understood_changes_nothing(game, create, students):
    match = create(game, students[:2])
    seat = awaited(match)[0]
    with pytest.raises(MoveRejected) as err:
        move_submit(
            match=match, player=user_at(match, seat), action={"kind": "nonsense"}, ply=match.ply
        )
    assert err.value.code == "malformed"
    assert fresh(match).ply == match.ply


def test_a_move_seen_before_the_step_began_is_stale(game, create, students):
    match = create(game, students[:2], clock_seconds=None)
    seat = awaited(match)[0]
    move_submit(
        match=match, player=user_at(match, seat), action=legal_frame(match, seat), ply=match.ply
    )
    # Play on until a new step has begun (Warriors: at once; the card war: once all answered).
    while fresh(match).step_ply == 0 and fresh(match).status == "playing":
        seat = awaited(match)[0]
        move_submit(
            match=match, player=user_at(match, seat), action=legal_frame(match, seat), ply=0
        )
    match = fresh(match)
    assert match.status == "playing"
    seat = awaited(match)[0]
    with pytest.raises(MoveRejected) as err:
        move_submit(
            match=match, player=user_at(match, seat), action=legal_frame(match, seat), ply=0
        )
    assert err.value.code == "stale"


def test_resigning_ends_a_two_seat_match_for_the_other(game, create, students):
    match = create(game, students[:2])
    match_resign(match=match, player=students[0])
    match = fresh(match)
    assert match.status == "finished"
    assert match.winner_seat == 1
    assert match.clock_deadline is None and match.move_deadline is None


def test_a_passed_step_deadline_is_applied_once(game, create, students):
    match = create(game, students[:2], move_seconds=30)
    deadline = fresh(match).move_deadline
    assert deadline is not None
    later = deadline + timedelta(seconds=1)
    assert match_expire_clock(match=match, now=later) is not None
    assert match_expire_clock(match=match, now=later) is None
    assert fresh(match).moves.filter(kind="timeout").count() == 1


def test_the_sweeper_ends_a_match_whose_clock_ran_out(game, create, students):
    match = create(game, students[:2])
    later = timezone.now() + timedelta(hours=2)
    assert expire_overdue_matches(now=later) == 1
    assert fresh(match).status == "finished"
    assert expire_overdue_matches(now=later) == 0


def test_computers_play_a_match_to_its_end_and_it_replays(game, create, students):
    match = create(game, [students[0], "beginner"], clock_seconds=None)
    kind = kind_for(game)
    for _ in range(600):
        match = fresh(match)
        if match.status != "playing":
            break
        if 1 in awaited(match):
            assert match_play_bot(match=match, ply=match.ply, seat=1) is not None
        elif match.ply > 40:  # long enough: both sides have acted many times
            match_resign(match=match, player=students[0])
        else:
            frame = legal_frame(match, 0)
            move_submit(match=match, player=students[0], action=frame, ply=match.ply)
    match = fresh(match)
    assert match.status == "finished"
    actions = [m.action for m in match.moves.filter(ply__isnull=False).order_by("ply") if m.action]
    assert kind.dump(replay(kind, setup_of(match), actions)) == match.state
    assert Calculation.objects.filter(match=match, student=students[0]).exists()
    assert not Calculation.objects.filter(match=match).exclude(student=students[0]).exists()


def test_a_finished_game_shows_in_the_reports_and_its_page_replays(
    game, create, students, client, teacher
):
    match = create(game, [students[0], "beginner"], clock_seconds=None)
    while fresh(match).status == "playing" and fresh(match).ply < 40:
        seat = awaited(match)[0]
        if seat == 1:
            match_play_bot(match=match, ply=fresh(match).ply, seat=1)
        else:
            frame = legal_frame(match, 0)
            move_submit(match=match, player=students[0], action=frame, ply=fresh(match).ply)
    if fresh(match).status == "playing":
        match_resign(match=match, player=students[0])
    acts = Calculation.objects.filter(match=match).count()
    assert acts >= 1
    client.force_login(teacher)
    log = client.get(reverse("progress:class_calculations_csv", args=[match.classroom_id]))
    assert log.status_code == 200
    rows = list(csv.DictReader(io.StringIO(b"".join(log.streaming_content).decode("utf-8-sig"))))
    assert sum(1 for row in rows if row["game"] == game) == acts
    report = client.get(reverse("progress:student", args=[students[0].student.pk]))
    assert report.status_code == 200
    client.force_login(students[0])
    page = client.get(f"/play/m/{match.pk}/")
    assert page.status_code == 200 and 'id="board"' in page.content.decode()
    # What the page's end tells the replay from, as its kind tells it (Warriors: every move).
    log = match_log(fresh(match), ["Ada", "Computer"])
    assert isinstance(log, list)
    if game == "warriors":
        assert len(log) == fresh(match).moves.filter(ply__isnull=False).count()


def test_a_bot_that_is_not_awaited_does_nothing(game, create, students):
    match = create(game, [students[0], "beginner"])
    if 1 in awaited(match):
        match_play_bot(match=match, ply=match.ply, seat=1)
    match = fresh(match)
    if 1 not in awaited(match) and match.status == "playing":
        assert match_play_bot(match=match, ply=match.ply, seat=1) is None


def test_bad_options_or_seat_counts_are_refused(game, classroom, students):
    kind = kind_for(game)
    too_many = max(kind.seat_counts) + 1
    with pytest.raises(ValueError):
        match_create(game=game, classroom=classroom, players=students[:1] * too_many)
    with pytest.raises(ValueError):
        match_create(game=game, classroom=classroom, players=[students[0], "grandmaster"])
    assert not Move.objects.exists()


def test_the_teachers_live_list_shows_both_games(game, create, students, client, teacher):
    match = create(game, students[:2])
    client.force_login(teacher)
    html = client.get(f"/play/class/{match.classroom_id}/matches/").content.decode()
    assert f'id="watch-{match.pk}"' in html
    # Warriors says who is to move; the card war whose answer is missing (or who names a target).
    waiting = "Answer missing: Ada, Ben" if game == "cardwar" else "to move"
    assert "Ada" in html and (waiting in html or "is naming the target" in html)
    if game == "cardwar":
        assert 'round 1: <span class="nowrap">cards 26 – 26</span>' in html
    match_resign(match=match, player=students[0])
    html = client.get(f"/play/class/{match.classroom_id}/matches/").content.decode()
    assert "Ben" in html and "Finished today" in html


def test_the_match_page_shows_each_player_their_board(game, create, students, client):
    match = create(game, students[:2])
    client.force_login(students[0])
    html = client.get(f"/play/m/{match.pk}/").content.decode()
    assert 'id="board"' in html and 'id="clock"' in html
    assert ("Your dice" in html) == (game == "warriors")
    assert ("Round 1" in html) == (game == "cardwar")
