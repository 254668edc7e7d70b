"""Erasing a student: their data goes, the classmate's match history stays and replays."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.db import IntegrityError, transaction
from django.urls import reverse

from classrooms.exports import student_data_csv
from classrooms.selectors import student_data_export
from classrooms.services.students import student_delete
from games.kinds.warriors import engine
from games.models import Match, Move, Presence, Seat
from games.selectors.snapshot import snapshot_from_db
from games.services import MoveRejected, match_create, move_submit
from games.services.invitations import invitation_create
from games.services.lobby import presence_join
from tests.games.conftest import legal_action, mover, state_of
from tests.games.sockets import closed, connect, receive_until

pytestmark = pytest.mark.django_db


def play_to_end(match: Match, limit: int = 400) -> None:
    for _ in range(limit):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return
        move_submit(match=match, player=mover(match), action=legal_action(match), ply=match.ply)
    raise AssertionError("the game did not end")


def attempt_wrongly(match: Match, expression: str) -> None:
    """The player to move tries a Mind attack the rules refuse (kept as a rejected attempt)."""
    state = state_of(match)
    target = state.dice[1 - state.to_move][-1]
    with pytest.raises(MoveRejected):
        move_submit(
            match=match,
            player=mover(match),
            action={"kind": "mind", "expression": expression, "target": target.id},
            ply=match.ply,
        )


def seat_user(match: Match, index: int):
    return match.seats.get(index=index).user


def test_erasing_a_student_who_finished_a_match_keeps_it_for_the_classmate(
    client, make_match, two_students
):
    ada, ben = two_students
    match = make_match()
    attempt_wrongly(match, "99 + 98")
    play_to_end(match)
    ada_user_pk = ada.user_id

    student_delete(student=ada)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    seat = match.seats.get(index=0)
    assert seat.user is None and seat.is_erased and not seat.is_bot
    assert not Move.objects.filter(user_id=ada_user_pk).exists()
    assert match.moves.filter(seat=0, ply__isnull=False).exists()
    assert snapshot_from_db(match)["names"] == ["Former student", "Ben"]
    client.force_login(ben.user)
    html = client.get(f"/play/m/{match.pk}/").content.decode()
    assert "Former student" in html
    assert "Ada" not in html


def test_the_stored_game_still_replays_after_erasure(make_match, two_students):
    match = make_match(seed=3)
    play_to_end(match)
    student_delete(student=two_students[1])
    match.refresh_from_db()
    actions = [
        m.action
        for m in match.moves.filter(ply__isnull=False).order_by("ply")
        if m.kind != Move.Kind.FORCED_SKIP
    ]
    assert engine.dump(engine.replay(match.seed, match.variants, actions)) == match.state
    assert list(match.moves.filter(ply__isnull=False).values_list("ply", flat=True)) == list(
        range(match.ply)
    )


def test_erasing_a_student_mid_match_forfeits_it_to_the_opponent(client, make_match, two_students):
    ada, ben = two_students
    match = make_match()
    move_submit(match=match, player=mover(match), action=legal_action(match), ply=match.ply)

    student_delete(student=ada)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.winner_seat == 1
    assert match.clock_deadline is None and match.move_deadline is None
    resign = match.moves.get(kind=Move.Kind.RESIGN)
    assert resign.seat == 0 and resign.user_id is None
    client.force_login(ben.user)
    response = client.get(f"/play/m/{match.pk}/")
    assert response.status_code == 200
    assert "Former student" in response.content.decode()
    with pytest.raises(MoveRejected):
        move_submit(match=match, player=ben.user, action={"kind": "skip"}, ply=match.ply)


def test_erasing_a_student_mid_match_against_the_computer_ends_it(make_student, classroom):
    student = make_student("Cleo")
    match = match_create(classroom=classroom, players=[student.user, "beginner"], seed=5)
    student_delete(student=student)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_seat == 1
    assert snapshot_from_db(match)["names"] == ["Former student", "Computer (Beginner)"]


def test_the_teacher_erases_a_student_through_the_page_and_still_sees_the_matches(
    client, teacher, classroom, make_match, two_students
):
    ada, ben = two_students
    finished = make_match()
    play_to_end(finished)
    live = make_match(seed=11)
    presence_join(student=ada, channel_name="ada-tab")
    invitation_create(host=ben.user, invite_user_ids=[ada.user_id])
    assert Presence.objects.filter(user=ada.user).exists() and ben.user.invitations_hosted.exists()
    client.force_login(teacher)

    response = client.post(reverse("student_delete", args=[ada.pk]))

    assert response.status_code == 302
    assert not Presence.objects.filter(classroom=classroom).exists()
    assert not ben.user.invitations_hosted.exists()
    live.refresh_from_db()
    assert live.status == Match.Status.FINISHED and live.winner_seat == 1
    for url in (
        f"/play/m/{finished.pk}/",
        f"/play/m/{live.pk}/",
        f"/play/class/{classroom.pk}/live/",
        f"/play/class/{classroom.pk}/matches/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    assert "Former student" in client.get(f"/play/class/{classroom.pk}/matches/").content.decode()


def test_a_seat_still_cannot_be_both_a_user_and_the_computer(make_match):
    match = make_match()
    seat = match.seats.get(index=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(bot_level="expert")


def test_the_export_holds_the_students_games_and_moves_but_not_the_classmates_attempts(
    make_match, make_student, classroom, two_students
):
    ada, ben = two_students
    match = make_match()
    # Whoever moves first tries "99 + 98"; after one legal move the other tries "97 + 96".
    first = mover(match)
    attempt_wrongly(match, "99 + 98")
    move_submit(match=match, player=first, action=legal_action(match), ply=match.ply)
    attempt_wrongly(match, "97 + 96")
    play_to_end(match)
    computer = match_create(classroom=classroom, players=[ada.user, "expert"], seed=9)
    mine, theirs = ("99 + 98", "97 + 96") if first == ada.user else ("97 + 96", "99 + 98")

    data = student_data_export(student=ada)

    games = data["games"]
    assert [g["match"] for g in games] == [match.pk, computer.pk]
    assert games[0]["opponent"] == "Ben"
    assert games[0]["result"] in ("won", "lost", "draw")
    assert games[1]["opponent"] == "Computer (Expert)" and games[1]["result"] == "playing"
    moves = games[0]["moves"]
    assert len(moves) == match.moves.filter(user=ada.user).count()
    rejected = [m for m in moves if m["kind"] == Move.Kind.REJECTED]
    assert [m["expression"] for m in rejected] == [mine]
    assert rejected[0]["success"] is False and rejected[0]["value"]
    assert {"expression", "value", "target", "success", "think_ms", "capture_available"} <= set(
        moves[0]
    )
    text = json.dumps(data)
    assert theirs not in text
    json.dumps(games)  # JSON-safe

    student_delete(student=ben)
    assert student_data_export(student=ada)["games"][0]["opponent"] == "Former student"


def test_the_csv_export_carries_the_games_safely(make_match, two_students):
    ada, _ben = two_students
    match = make_match()
    play_to_end(match)
    text = student_data_csv(student=ada)
    games_row = next(line for line in text.splitlines() if line.startswith("games,"))
    assert str(match.pk) in games_row
    for line in text.splitlines():
        for cell in line.split(","):
            assert not cell.startswith(("=", "+", "-", "@"))


@pytest.mark.django_db(transaction=True)
async def test_an_erasure_mid_match_closes_the_erased_socket_with_a_message_only(
    make_match, two_students
):
    ada, ben = two_students
    match = await sync_to_async(make_match)(seed=11)
    a, b = await connect(match, ada.user), await connect(match, ben.user)
    await receive_until(a, 'id="board"')
    await receive_until(b, 'id="board"')

    await sync_to_async(student_delete)(student=ada)

    await receive_until(b, f'data-ply="{match.ply + 1}"')
    await receive_until(a, "You cannot use this page any more.")
    assert (await closed(a))["code"] == 4403
    await b.disconnect()
    again = await connect(match, ben.user)
    assert "Former student" in await receive_until(again, 'id="board"')
    await again.disconnect()
