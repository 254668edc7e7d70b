"""Every challenge moves into the one invitation model (migration 0015), nothing open or in
play lost: a pending challenge is still open and can be accepted, an accepted one keeps its
match, a declined one says so; and the card-war tables keep their seats and answers."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Invitation, Invitee, Match
from games.services import invitations
from games.services.creation import match_create

BEFORE = [("games", "0014_move_drop_warriors_columns")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_challenges_and_tables_move_into_invitations_and_back(make_student, classroom):
    ada, ben, cid = make_student("Ada"), make_student("Ben"), make_student("Cid")
    played = match_create(classroom=classroom, players=[ben.user, cid.user])
    latest = _latest()
    try:
        old = _migrate(BEFORE)
        Challenge = old.get_model("games", "Challenge")
        Table = old.get_model("games", "Table")
        TableInvite = old.get_model("games", "TableInvite")
        room, power = classroom.pk, {"power_up": True}
        Challenge.objects.create(
            classroom_id=room, from_user_id=ada.user_id, to_user_id=ben.user_id, variants=power
        )
        Challenge.objects.create(
            classroom_id=room,
            from_user_id=ben.user_id,
            to_user_id=cid.user_id,
            status="accepted",
            match_id=played.pk,
        )
        Challenge.objects.create(
            classroom_id=room, from_user_id=cid.user_id, to_user_id=ada.user_id, status="declined"
        )
        table = Table.objects.create(
            classroom_id=room, host_id=cid.user_id, seats=3, variants={"level": 4}, bots=True
        )
        TableInvite.objects.create(table=table, user_id=ada.user_id, status="accepted")
        TableInvite.objects.create(table=table, user_id=ben.user_id)

        _migrate(latest)
        moved = Invitation.objects.get(host=ada.user)
        assert (moved.game, moved.seats, moved.bots, moved.status) == ("warriors", 2, False, "open")
        assert moved.variants == power
        assert list(moved.invites.values_list("user_id", "status")) == [(ben.user_id, "invited")]
        kept = Invitation.objects.get(host=ben.user)
        assert (kept.status, kept.match_id) == ("started", played.pk)
        said_no = Invitation.objects.get(host=cid.user, game="warriors")
        assert said_no.status == "cancelled"
        assert said_no.invites.get().status == Invitee.Status.DECLINED
        moved_table = Invitation.objects.get(host=cid.user, game="cardwar")
        assert (moved_table.seats, moved_table.variants, moved_table.status) == (
            3,
            {"level": 4},
            "open",
        )
        assert dict(moved_table.invites.values_list("user_id", "status")) == {
            ada.user_id: "accepted",
            ben.user_id: "invited",
        }
        # The challenge that was waiting can still be accepted: it starts its game.
        started = invitations.invitation_answer(invitation_id=moved.pk, user=ben.user, accept=True)
        assert started.match.game == "warriors" and started.match.variants["power_up"] is True

        # And back: the two-seat Warriors invitations are challenges again.
        old = _migrate(BEFORE)
        Challenge = old.get_model("games", "Challenge")
        assert sorted(Challenge.objects.values_list("from_user_id", "status")) == sorted(
            [(ada.user_id, "accepted"), (ben.user_id, "accepted"), (cid.user_id, "declined")]
        )
        assert old.get_model("games", "Table").objects.get().seats == 3
    finally:
        _migrate(latest)
    assert Match.objects.count() == 2
