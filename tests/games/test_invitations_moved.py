"""An invitation is checked again when it is answered: a pupil moved to another class (or
archived) since it was sent starts no match in the old class, whichever way a game starts."""

import pytest

from classrooms.services.students import student_archive, student_move
from games.models import Invitation, Invitee, Match
from games.services import invitations, lobby
from games.services.lobby import LobbyRefused

pytestmark = pytest.mark.django_db
OPTIONS = {"level": 2}
GONE = "moved to another class or left"


@pytest.fixture
def pupils(make_student):
    return [make_student(name) for name in ("Amara", "Ben", "Chloe")]


@pytest.fixture
def elsewhere(make_classroom):
    return make_classroom("Class 5C")


@pytest.mark.parametrize("who_moves", ["invited", "inviter"])
def test_a_challenge_across_a_move_is_refused_and_closed(pupils, elsewhere, who_moves):
    amara, ben, _ = pupils
    challenge = invitations.invitation_create(host=amara.user, invite_user_ids=[ben.user_id])
    student_move(student=ben if who_moves == "invited" else amara, to_classroom=elsewhere)
    with pytest.raises(LobbyRefused, match=GONE):
        invitations.invitation_answer(invitation_id=challenge.pk, user=ben.user, accept=True)
    challenge.refresh_from_db()
    assert challenge.status == Invitation.Status.CANCELLED and challenge.match is None
    assert not Match.objects.exists()


def test_an_archived_challenger_starts_nothing(pupils):
    amara, ben, _ = pupils
    challenge = invitations.invitation_create(host=amara.user, invite_user_ids=[ben.user_id])
    student_archive(student=amara)
    with pytest.raises(LobbyRefused, match=GONE):
        invitations.invitation_answer(invitation_id=challenge.pk, user=ben.user, accept=True)
    assert not Match.objects.exists()


def test_declining_across_a_move_is_still_allowed(pupils, elsewhere):
    amara, ben, _ = pupils
    challenge = invitations.invitation_create(host=amara.user, invite_user_ids=[ben.user_id])
    student_move(student=amara, to_classroom=elsewhere)
    invitations.invitation_answer(invitation_id=challenge.pk, user=ben.user, accept=False)
    assert Invitee.objects.get(invitation=challenge).status == Invitee.Status.DECLINED
    assert Invitation.objects.get(pk=challenge.pk).status == Invitation.Status.CANCELLED


def _table(host, *invited, seats=2, bots=True):
    return invitations.invitation_create(
        game="cardwar",
        host=host.user,
        invite_user_ids=[s.user_id for s in invited],
        seats=seats,
        variants=OPTIONS,
        bots=bots,
    )


def test_a_moved_pupil_cannot_take_a_seat_at_the_old_class_table(pupils, elsewhere):
    amara, ben, _ = pupils
    table = _table(amara, ben)
    student_move(student=ben, to_classroom=elsewhere)
    with pytest.raises(LobbyRefused, match=GONE):
        invitations.invitation_answer(invitation_id=table.pk, user=ben.user, accept=True)
    invite = Invitee.objects.get(invitation=table, user=ben.user)
    assert invite.status == Invitee.Status.DECLINED
    assert Invitation.objects.get(pk=table.pk).status == Invitation.Status.OPEN
    assert not Match.objects.exists()


def test_a_table_whose_host_moved_closes_when_answered(pupils, elsewhere):
    amara, ben, chloe = pupils
    table = _table(amara, ben, chloe, seats=3)
    student_move(student=amara, to_classroom=elsewhere)
    with pytest.raises(LobbyRefused, match=GONE):
        invitations.invitation_answer(invitation_id=table.pk, user=ben.user, accept=True)
    assert Invitation.objects.get(pk=table.pk).status == Invitation.Status.CANCELLED
    assert not Match.objects.exists()


def test_a_host_who_moved_cannot_start_the_old_class_table(pupils, elsewhere):
    amara, ben, _ = pupils
    table = _table(amara, ben, seats=3)
    student_move(student=amara, to_classroom=elsewhere)
    with pytest.raises(LobbyRefused, match=GONE):
        invitations.invitation_start(invitation_id=table.pk, host=amara.user)
    assert Invitation.objects.get(pk=table.pk).status == Invitation.Status.CANCELLED
    assert not Match.objects.exists()


def test_an_accepted_classmate_who_moved_is_left_out_and_the_computer_plays_instead(
    pupils, elsewhere
):
    amara, ben, chloe = pupils
    table = _table(amara, ben, chloe, seats=3)
    invitations.invitation_answer(invitation_id=table.pk, user=ben.user, accept=True)
    student_move(student=ben, to_classroom=elsewhere)
    table = invitations.invitation_start(invitation_id=table.pk, host=amara.user)
    seats = list(table.match.seats.order_by("index").values_list("user_id", flat=True))
    assert ben.user_id not in seats and seats[0] == amara.user_id
    assert table.match.classroom_id == amara.classroom_id
    assert Invitee.objects.get(invitation=table, user=ben.user).status == (Invitee.Status.DECLINED)


def test_a_table_without_bots_waits_when_an_accepted_classmate_moved(pupils, elsewhere):
    amara, ben, chloe = pupils
    table = _table(amara, ben, chloe, seats=3, bots=False)
    invitations.invitation_answer(invitation_id=table.pk, user=ben.user, accept=True)
    student_move(student=ben, to_classroom=elsewhere)
    table = invitations.invitation_answer(invitation_id=table.pk, user=chloe.user, accept=True)
    assert table.status == Invitation.Status.OPEN and table.match is None
    assert not Match.objects.exists()


def test_the_teacher_cannot_pair_or_seat_a_pupil_from_another_class(
    pupils, elsewhere, teacher, classroom, monkeypatch
):
    amara, ben, _ = pupils
    monkeypatch.setattr(lobby, "online_students", lambda room: [amara, ben])
    student_move(student=ben, to_classroom=elsewhere)
    with pytest.raises(LobbyRefused, match="this class"):
        invitations.pair_students(classroom=classroom, teacher=teacher, students=[amara, ben])
    with pytest.raises(LobbyRefused, match="this class"):
        invitations.pair_students(
            classroom=classroom,
            teacher=teacher,
            students=[amara, ben],
            game="cardwar",
            variants=OPTIONS,
        )
    assert not Match.objects.exists()
