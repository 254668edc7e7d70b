"""The tournament socket: who may open which screen, the standings live as a match finishes,
a student taken to their match, and frames from the client answered, never fatal."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.services import match_resign
from games.tournaments import services
from tests.games.sockets import closed, receive_until, session_cookie
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
    assert "Your next opponent" in await receive_until(comm, "Your next opponent")
    await sync_to_async(services.round_start)(teacher=teacher, tournament=t)
    text = await receive_until(comm, "data-goto")
    assert "/play/m/" in text and "You are playing" in text
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
