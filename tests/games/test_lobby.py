"""The lobby: presence, live challenges, and teachers pairing the class."""

import json
import random

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.models import Invitation, Match, Presence
from games.services import invitations, lobby
from tests.games.sockets import receive_until, session_cookie


async def lobby_socket(user) -> WebsocketCommunicator:
    cookie = await sync_to_async(session_cookie)(user)
    headers = [
        (b"origin", b"http://127.0.0.1"),
        (b"host", b"127.0.0.1"),
        (b"cookie", f"sessionid={cookie}".encode()),
    ]
    comm = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


@pytest.mark.django_db(transaction=True)
async def test_classmates_see_each_other_and_a_challenge_becomes_a_match(make_student):
    ada, ben = await sync_to_async(lambda: (make_student("Ada"), make_student("Ben")))()
    a = await lobby_socket(ada.user)
    await receive_until(a, 'id="presence"')
    b = await lobby_socket(ben.user)
    assert "Ada" in await receive_until(b, 'id="presence"')
    assert "Ben" in await receive_until(a, "Ben")
    await a.send_to(
        text_data=json.dumps({"kind": "challenge", "to": str(ben.user_id), "HEADERS": {}})
    )
    invitation = await receive_until(b, "challenges you")
    # It says what is played: the game, its variants and its clock.
    assert "Ada challenges you" in invitation
    assert "Maths Warriors (standard) · 12-minute clock" in invitation
    challenge = await Invitation.objects.aget(host=ada.user)
    await b.send_to(text_data=json.dumps({"kind": "accept", "invitation": str(challenge.pk)}))
    text = await receive_until(b, "data-goto")
    match = await Match.objects.aget()
    assert f"/play/m/{match.pk}/" in text
    assert f"/play/m/{match.pk}/" in await receive_until(a, "data-goto")
    await b.disconnect()
    assert "Nobody else" in await receive_until(a, "Nobody else")
    await a.disconnect()
    assert not await Presence.objects.aexists()


@pytest.mark.django_db(transaction=True)
async def test_a_declined_challenge_tells_the_challenger(make_student):
    ada, ben = await sync_to_async(lambda: (make_student("Ada"), make_student("Ben")))()
    a, b = await lobby_socket(ada.user), await lobby_socket(ben.user)
    await a.send_to(text_data=json.dumps({"kind": "challenge", "to": str(ben.user_id)}))
    await receive_until(b, "challenges you")
    challenge = await Invitation.objects.aget()
    await b.send_to(text_data=json.dumps({"kind": "decline", "invitation": str(challenge.pk)}))
    assert "said no" in await receive_until(a, "said no")
    assert not await Match.objects.aexists()
    await a.disconnect()
    await b.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_refuses_teachers_and_strangers(teacher, make_student, make_classroom):
    comm = await lobby_socket(teacher)
    assert (await comm.receive_output())["type"] == "websocket.close"
    ada = await sync_to_async(make_student)("Ada")
    other_room = await sync_to_async(make_classroom)("Other")
    zed = await sync_to_async(make_student)("Zed", other_room)
    a = await lobby_socket(ada.user)
    await receive_until(a, 'id="presence"')
    await a.send_to(text_data=json.dumps({"kind": "challenge", "to": str(zed.user_id)}))
    assert "only invite classmates" in await receive_until(a, "classmates")
    await a.send_to(text_data="{}")
    assert "not understood" in await receive_until(a, "not understood")
    await a.disconnect()


@pytest.mark.django_db
def test_pairing_everyone_present_gives_the_odd_one_a_bot(classroom, teacher, make_student):
    students = [make_student(f"S{i}") for i in range(5)]
    for s in students:
        lobby.presence_join(student=s, channel_name=f"chan-{s.pk}")
    matches = invitations.pair_everyone_present(
        classroom=classroom, teacher=teacher, rng=random.Random(1)
    )
    assert len(matches) == 3
    seated = [seat.user_id for m in matches for seat in m.seats.all() if seat.user_id]
    assert sorted(seated) == sorted(s.user_id for s in students)
    assert sum(1 for m in matches for seat in m.seats.all() if seat.is_bot) == 1
    # everyone is busy now: nobody left to pair
    assert invitations.pair_everyone_present(classroom=classroom, teacher=teacher) == []


@pytest.mark.django_db
def test_only_the_classes_teacher_may_pair(classroom, make_teacher, make_student):
    a, b = make_student(), make_student()
    with pytest.raises(lobby.LobbyRefused):
        invitations.pair_students(classroom=classroom, teacher=make_teacher(), students=[a, b])


@pytest.mark.django_db
def test_the_teachers_live_view_lists_matches_and_pairs_two(
    client, classroom, teacher, make_student, make_teacher
):
    a, b = make_student("Ada"), make_student("Ben")
    for s in (a, b):
        lobby.presence_join(student=s, channel_name=f"chan-{s.pk}")
    client.force_login(teacher)
    data = {"pair-game": "warriors", "pair-player_1": a.pk, "pair-player_2": b.pk}
    response = client.post(f"/play/class/{classroom.pk}/pair/", data)
    assert response.status_code == 302
    match = Match.objects.get()
    html = client.get(f"/play/class/{classroom.pk}/live/").content.decode()
    assert "Ada – Ben" in html and f"/play/m/{match.pk}/" in html
    assert client.get(f"/play/class/{classroom.pk}/matches/").status_code == 200
    client.force_login(make_teacher())
    assert client.get(f"/play/class/{classroom.pk}/live/").status_code == 404


@pytest.mark.django_db(transaction=True)
async def test_a_classmate_coming_or_going_redraws_only_who_is_here(make_student):
    """An invitation on screen (and the focus on its Accept) is not redrawn when someone
    enters or leaves the lobby: that news carries the list of who is here alone."""
    ada, ben = await sync_to_async(lambda: (make_student("Ada"), make_student("Ben")))()
    a = await lobby_socket(ada.user)
    await receive_until(a, 'id="challenges"')
    b = await lobby_socket(ben.user)
    news = await receive_until(a, "Ben")
    assert 'id="presence"' in news and 'id="challenges"' not in news
    await b.disconnect()
    news = await receive_until(a, "Nobody else")
    assert 'id="challenges"' not in news
    await a.disconnect()
