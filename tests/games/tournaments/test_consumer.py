"""The tournament socket: who may open which screen, the standings live as a match finishes,
a student taken to their match, and frames from the client answered, never fatal."""

import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.services import match_resign
from games.tournaments import services
from tests.games.sockets import closed, connect, receive_until, session_cookie
from tests.games.tournaments.conftest import games

pytestmark = pytest.mark.django_db(transaction=True)


async def tournament_socket(tournament, user, screen: str) -> WebsocketCommunicator:
    cookie = await sync_to_async(session_cookie)(user)
    headers = [
        (b"origin", b"http://127.0.0.1"),
        (b"host", b"127.0.0.1"),
        (b"cookie", f"sessionid={cookie}".encode()),
    ]
    comm = WebsocketCommunicator(
        application, f"/ws/tournament/{tournament.pk}/{screen}/", headers=headers
    )
    connected, _ = await comm.connect()
    assert connected
    return comm


@pytest.fixture
def running(teacher, make_tournament):
    """A Swiss of two whose first round is in play: (tournament, the game's pairing)."""

    def make():
        t = make_tournament(2, rounds=2)
        services.round_pair(teacher=teacher, tournament=t)
        row = services.round_start(teacher=teacher, tournament=t)
        return t, games(row)[0]

    return make


async def test_the_projector_shows_a_finished_match_in_the_standings_at_once(teacher, running):
    t, entry = await sync_to_async(running)()
    projector = await tournament_socket(t, teacher, "projector-first")
    first = await receive_until(projector, 'id="standings"')
    assert "playing" in first
    await sync_to_async(lambda: match_resign(match=entry.match, player=entry.second.student.user))()
    text = await receive_until(projector, "1–0")
    assert 'id="standings"' in text and "Pupil" in text and "Pupil A" not in text
    await projector.disconnect()


async def test_a_student_is_sent_to_their_match_and_sees_their_standing(teacher, make_tournament):
    t = await sync_to_async(make_tournament)(2, rounds=2)
    ada = await sync_to_async(lambda: t.entrants.order_by("pk").first().student.user)()
    comm = await tournament_socket(t, ada, "student")
    assert "Waiting for your teacher" in await receive_until(comm, 'id="tournament-me"')
    await sync_to_async(services.round_pair)(teacher=teacher, tournament=t)
    assert "your next opponent is Pupil B" in await receive_until(comm, "Round 1 is paired")
    await sync_to_async(services.round_start)(teacher=teacher, tournament=t)
    text = await receive_until(comm, "you are playing")
    assert "/play/m/" in text and "Round 1: you are playing Pupil B" in text
    await comm.send_to(text_data='{"kind": "move"}')
    assert "not understood" in await receive_until(comm, "not understood")
    await comm.disconnect()


@pytest.mark.parametrize("screen", ["teacher", "projector", "student", "nonsense"])
async def test_strangers_are_refused_every_screen(
    make_teacher, make_classroom, make_student, make_tournament, screen
):
    t = await sync_to_async(make_tournament)(2, rounds=2)

    def strangers():
        other = make_teacher()
        return [other, make_student("Far", room=make_classroom(teacher=other)).user]

    for user in await sync_to_async(strangers)():
        comm = await tournament_socket(t, user, screen)
        assert "cannot open this tournament" in await receive_until(comm, "cannot open")
        assert (await closed(comm))["code"] == 4403


async def test_a_student_cannot_open_the_teachers_screen(make_tournament):
    t = await sync_to_async(make_tournament)(2, rounds=2)
    ada = await sync_to_async(lambda: t.entrants.first().student.user)()
    comm = await tournament_socket(t, ada, "teacher")
    assert (await closed(comm))["code"] == 4403


async def test_a_student_on_the_last_rounds_game_over_page_is_taken_to_the_next_round(
    teacher, running
):
    """The game-over page of round 1 says what comes next, then names round 2's opponent and
    sends the student there after a few seconds' notice."""
    t, entry = await sync_to_async(running)()
    ada, ben, match, ben_name = await sync_to_async(
        lambda: (
            entry.first.student.user,
            entry.second.student.user,
            entry.match,
            entry.second.student.display_name,
        )
    )()
    page = await connect(match, ada)
    await receive_until(page, 'id="board"')
    await sync_to_async(lambda: match_resign(match=match, player=ben))()
    text = await receive_until(page, 'id="tournament-next"')
    assert "Friday cup, round 1" in text and "Waiting for your teacher to pair" in text
    await sync_to_async(services.round_pair)(teacher=teacher, tournament=t)
    text = await receive_until(page, "your next opponent is")
    assert f"Round 2 is paired: your next opponent is {ben_name}." in text
    await sync_to_async(services.round_start)(teacher=teacher, tournament=t)
    notice = await receive_until(page, 'id="round-notice"')
    new_match = await sync_to_async(lambda: games(t.round_set.get(number=2))[0].match_id)()
    assert "Round 2 starts!" in notice and f"You play {ben_name}." in notice
    assert f'data-goto="/play/m/{new_match}/"' in notice and 'data-goto-delay="5"' in notice
    await page.disconnect()


async def test_the_teacher_sees_who_has_not_reached_their_match(teacher, running):
    t, entry = await sync_to_async(running)()
    desk = await tournament_socket(t, teacher, "teacher")
    text = await receive_until(desk, 'id="boards"')
    ada, ben, match = await sync_to_async(
        lambda: (entry.first.student.user, entry.second.student, entry.match)
    )()
    assert re.search(r"Not at their match yet:</strong> Pupil [AB], Pupil [AB]<", text)
    page = await connect(match, ada)
    await receive_until(desk, f"Not at their match yet:</strong> {ben.display_name}<")
    await page.disconnect()
    # A teacher watching the match is no arrival; the projector never names the missing.
    watch = await connect(match, teacher)
    await receive_until(watch, 'id="board"')
    projector = await tournament_socket(t, teacher, "projector")
    assert "Not at their match" not in await receive_until(projector, 'id="boards"')
    pairing = await sync_to_async(lambda: type(entry).objects.get(pk=entry.pk))()
    assert pairing.first_arrived_at is not None and pairing.second_arrived_at is None
    for comm in (watch, projector, desk):
        await comm.disconnect()
