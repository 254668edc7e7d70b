"""Permissions hold for the whole life of a socket: a change of access reaches open sockets.

The services that take access away (archive, erase, remove a co-teacher, archive a class,
revoke a login card) tell the users' sockets, which check again and close with a message; and
the move service refuses, under its row lock, a player who may no longer play.
"""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from classrooms.models import Classroom, Student
from classrooms.services.cards import student_cards_issue, student_login_token_revoke
from classrooms.services.classrooms import classroom_archive, classroom_teacher_remove
from classrooms.services.students import student_archive, students_create
from config.asgi import application
from games.models import Invitation, Match
from games.services import MoveRejected, match_resign, move_submit
from games.services.invitations import invitation_answer, invitation_create
from games.services.lobby import LobbyRefused
from tests.games.conftest import legal_action, mover
from tests.games.sockets import closed, connect, receive_until, send
from tests.games.test_lobby import lobby_socket

CLOSED_MESSAGE = "You cannot use this page any more."


async def socket_with_cookie(path: str, cookie: str) -> WebsocketCommunicator:
    headers = [
        (b"origin", b"http://127.0.0.1"),
        (b"host", b"127.0.0.1"),
        (b"cookie", f"sessionid={cookie}".encode()),
    ]
    comm = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def is_told_and_closed(comm: WebsocketCommunicator) -> None:
    await receive_until(comm, CLOSED_MESSAGE)
    assert (await closed(comm))["code"] == 4403


async def stays_open(comm: WebsocketCommunicator) -> None:
    await comm.send_to(text_data="{}")
    await receive_until(comm, "not understood")


@pytest.mark.django_db(transaction=True)
async def test_archiving_a_student_closes_their_socket_and_forfeits_the_match(
    make_match, two_students
):
    match = await sync_to_async(make_match)(seed=11)
    player = await sync_to_async(mover)(match)
    other = await sync_to_async(lambda: match.seats.exclude(user=player).get().user)()
    mine, theirs = await connect(match, player), await connect(match, other)
    await receive_until(mine, 'id="board"')
    await receive_until(theirs, 'id="board"')

    student = await Student.objects.select_related("user", "classroom").aget(user=player)
    await sync_to_async(student_archive)(student=student)

    await is_told_and_closed(mine)
    await receive_until(theirs, 'id="gameover"')
    await stays_open(theirs)
    await match.arefresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.winner_seat == (await match.seats.aget(user=other)).index
    await theirs.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_archiving_the_class_closes_its_students_sockets_and_refuses_their_moves(
    make_match, classroom
):
    match = await sync_to_async(make_match)(seed=11)
    player = await sync_to_async(mover)(match)
    comm = await connect(match, player)
    await receive_until(comm, 'id="board"')
    lobby = await lobby_socket(player)
    await receive_until(lobby, 'id="presence"')

    await sync_to_async(classroom_archive)(classroom=classroom)

    await is_told_and_closed(comm)
    await is_told_and_closed(lobby)
    with pytest.raises(MoveRejected) as err:
        await sync_to_async(move_submit)(
            match=match,
            player=player,
            action=await sync_to_async(legal_action)(match),
            ply=match.ply,
        )
    assert err.value.code == "not_allowed"


@pytest.mark.django_db(transaction=True)
async def test_a_teacher_removed_from_the_class_stops_watching_and_the_other_keeps_on(
    make_match, classroom, teacher, make_teacher
):
    colleague = await sync_to_async(make_teacher)()
    await classroom.teachers.aadd(colleague)
    match = await sync_to_async(make_match)(seed=11)
    removed, staying = await connect(match, colleague), await connect(match, teacher)
    await receive_until(removed, 'id="board"')
    await receive_until(staying, 'id="board"')

    await sync_to_async(classroom_teacher_remove)(classroom=classroom, teacher=colleague)

    await is_told_and_closed(removed)
    player = await sync_to_async(mover)(match)
    await sync_to_async(move_submit)(
        match=match, player=player, action=await sync_to_async(legal_action)(match), ply=match.ply
    )
    await receive_until(staying, f'data-ply="{match.ply + 1}"')
    await staying.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_teacher_removed_from_another_class_keeps_watching_this_one(
    make_match, teacher, make_classroom, make_teacher
):
    other_class = await sync_to_async(make_classroom)("Other", teacher)
    await other_class.teachers.aadd(await sync_to_async(make_teacher)())
    match = await sync_to_async(make_match)(seed=11)
    comm = await connect(match, teacher)
    await receive_until(comm, 'id="board"')

    await sync_to_async(classroom_teacher_remove)(classroom=other_class, teacher=teacher)

    await stays_open(comm)
    await comm.disconnect()


def qr_login_cookie(token: str) -> str:
    client = Client()
    assert client.post(reverse("student_qr_login", args=[token])).status_code == 302
    return client.cookies["sessionid"].value


@pytest.mark.django_db(transaction=True)
async def test_revoking_a_login_card_closes_the_sockets_it_opened_and_no_others(
    classroom, make_match
):
    [card, rival] = await sync_to_async(students_create)(classroom=classroom, names=["Maya", "Zed"])
    match = await sync_to_async(make_match)(players=[card.student.user, rival.student.user])
    by_card = await socket_with_cookie(
        f"/ws/match/{match.pk}/", await sync_to_async(qr_login_cookie)(card.token)
    )
    by_password = await connect(match, card.student.user)
    await receive_until(by_card, 'id="board"')
    await receive_until(by_password, 'id="board"')

    await sync_to_async(student_login_token_revoke)(student=card.student)

    await is_told_and_closed(by_card)
    await stays_open(by_password)
    await by_password.disconnect()


@pytest.mark.django_db(transaction=True)
def test_revoking_a_login_card_logs_out_the_browsers_it_logged_in(classroom):
    [card] = students_create(classroom=classroom, names=["Maya"])
    client = Client()
    client.post(reverse("student_qr_login", args=[card.token]))
    assert client.get(reverse("games:lobby")).status_code == 200
    other = Client()
    other.force_login(card.student.user)

    student_login_token_revoke(student=card.student)

    assert client.get(reverse("games:lobby")).status_code == 302  # to the login page
    assert other.get(reverse("games:lobby")).status_code == 200
    assert not card.student.card_sessions.exists()


@pytest.mark.django_db(transaction=True)
def test_new_cards_log_out_the_sessions_the_old_cards_opened(classroom):
    [card] = students_create(classroom=classroom, names=["Maya"])
    client = Client()
    client.post(reverse("student_qr_login", args=[card.token]))

    student_cards_issue(students=[card.student])

    assert client.get(reverse("games:lobby")).status_code == 302
    assert not card.student.card_sessions.exists()


@pytest.mark.django_db
def test_the_move_service_refuses_an_archived_student_even_without_a_socket_message(make_match):
    match = make_match(seed=11)
    player = mover(match)
    Student.objects.filter(user=player).update(archived_at=timezone.now())
    with pytest.raises(MoveRejected) as err:
        move_submit(match=match, player=player, action=legal_action(match), ply=match.ply)
    assert err.value.code == "not_allowed"
    with pytest.raises(MoveRejected):
        match_resign(match=match, player=player)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING and match.moves.filter(ply=match.ply).count() == 0


@pytest.mark.django_db
def test_the_move_service_refuses_moves_in_an_archived_class(make_match, classroom):
    match = make_match(seed=11)
    Classroom.objects.filter(pk=classroom.pk).update(archived_at=timezone.now())
    with pytest.raises(MoveRejected) as err:
        move_submit(match=match, player=mover(match), action=legal_action(match), ply=match.ply)
    assert err.value.code == "not_allowed"


@pytest.mark.django_db
def test_a_student_of_an_archived_class_cannot_challenge_or_accept(two_students, classroom):
    ada, ben = two_students
    challenge = invitation_create(host=ada.user, invite_user_ids=[ben.user_id])
    Classroom.objects.filter(pk=classroom.pk).update(archived_at=timezone.now())
    with pytest.raises(LobbyRefused):
        invitation_create(host=ada.user, invite_user_ids=[ben.user_id])
    with pytest.raises(LobbyRefused):
        invitation_answer(invitation_id=challenge.pk, user=ben.user, accept=True)
    assert not Match.objects.exists()
    assert Invitation.objects.get().status == Invitation.Status.OPEN


@pytest.mark.django_db(transaction=True)
async def test_a_socket_refuses_moves_from_an_archived_student_whose_notice_was_lost(make_match):
    match = await sync_to_async(make_match)(seed=11)
    player = await sync_to_async(mover)(match)
    comm = await connect(match, player)
    await receive_until(comm, 'id="board"')
    await Student.objects.filter(user=player).aupdate(archived_at=timezone.now())  # no signal
    action = await sync_to_async(legal_action)(match)
    await send(comm, ply=match.ply, **action)
    await receive_until(comm, "You cannot play any more")
    assert (await closed(comm))["code"] == 4403
    ply = match.ply
    await match.arefresh_from_db()
    assert match.ply == ply and match.status == Match.Status.PLAYING


@pytest.mark.django_db(transaction=True)
async def test_a_lobby_socket_of_an_archived_student_closes(make_student):
    ada = await sync_to_async(make_student)("Ada")
    comm = await lobby_socket(ada.user)
    await receive_until(comm, 'id="presence"')
    student = await Student.objects.select_related("user", "classroom").aget(pk=ada.pk)
    await sync_to_async(student_archive)(student=student)
    await is_told_and_closed(comm)
