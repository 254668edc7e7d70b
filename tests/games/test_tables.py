"""Card-war tables for two to four: invitations, answers, starting when full or with bots."""

import pytest

from games.kinds import kind_for
from games.models import Invitation, Invitee, Match
from games.services import invitations, lobby
from games.services.lobby import LobbyRefused
from tests.games.start_data import invite_post

OPTIONS = {"level": 5, "answer_seconds": 45}


@pytest.fixture
def four(make_student):
    return [make_student(name) for name in ("Amara", "Ben", "Chloe", "Dev")]


def test_a_table_of_four_starts_when_the_last_seat_is_taken(
    four, django_capture_on_commit_callbacks
):
    amara, ben, chloe, dev = four
    table = invitations.invitation_create(
        game="cardwar",
        bots=True,
        host=amara.user,
        invite_user_ids=[ben.user_id, chloe.user_id, dev.user_id],
        seats=4,
        variants=OPTIONS,
    )
    # The invitation says what is played: the game, its level and its clock.
    invitation = invitations.invitations_for(dev.user)["invitations"][0]
    assert invitation["what"] == "Card war, level 5 · 20-minute clock"
    invitations.invitation_answer(invitation_id=table.pk, user=chloe.user, accept=True)
    invitations.invitation_answer(invitation_id=table.pk, user=ben.user, accept=True)
    table.refresh_from_db()
    assert table.status == Invitation.Status.OPEN and table.match is None
    assert invitations.invitations_for(amara.user)["my_invitation"]["taken"] == 3
    table = invitations.invitation_answer(invitation_id=table.pk, user=dev.user, accept=True)
    assert table.status == Invitation.Status.STARTED
    match = table.match
    assert match.game == "cardwar"
    seats = list(match.seats.order_by("index").values_list("user_id", flat=True))
    # The host first, then in the order they accepted: teams Amara & Ben against Chloe & Dev.
    assert seats == [amara.user_id, chloe.user_id, ben.user_id, dev.user_id]
    assert kind_for("cardwar").load(match.state).rules.options.level == 5


def test_the_host_starts_early_and_the_computer_takes_the_empty_seats(four):
    amara, ben, chloe, _ = four
    table = invitations.invitation_create(
        game="cardwar",
        bots=True,
        host=amara.user,
        invite_user_ids=[ben.user_id, chloe.user_id],
        seats=4,
        variants=OPTIONS,
    )
    invitations.invitation_answer(invitation_id=table.pk, user=ben.user, accept=True)
    table = invitations.invitation_start(invitation_id=table.pk, host=amara.user)
    seats = list(table.match.seats.order_by("index"))
    assert [s.user_id for s in seats] == [amara.user_id, ben.user_id, None, None]
    assert [bool(s.bot_level) for s in seats] == [False, False, True, True]
    # Chloe never answered: her invitation is closed.
    assert Invitee.objects.get(invitation=table, user=chloe.user).status == "declined"
    with pytest.raises(LobbyRefused):
        invitations.invitation_answer(invitation_id=table.pk, user=chloe.user, accept=True)


def test_a_table_without_bots_waits_for_everyone(four):
    amara, ben, chloe, _ = four
    table = invitations.invitation_create(
        game="cardwar",
        host=amara.user,
        invite_user_ids=[ben.user_id, chloe.user_id],
        seats=3,
        variants=OPTIONS,
        bots=False,
    )
    with pytest.raises(LobbyRefused, match="waits until every seat"):
        invitations.invitation_start(invitation_id=table.pk, host=amara.user)
    invitations.invitation_answer(invitation_id=table.pk, user=ben.user, accept=False)
    assert invitations.invitations_for(amara.user)["my_invitation"]["declined"] == ["Ben"]


@pytest.mark.parametrize(
    ("seats", "invite", "message"),
    [
        (5, 1, "Card war is for 2, 3 or 4 players"),
        (1, 1, "Card war is for 2, 3 or 4 players"),
        (3, 0, "at least one"),
        (3, 3, "more classmates than"),
    ],
)
def test_bad_tables_are_refused(four, seats, invite, message):
    amara, *others = four
    ids = [s.user_id for s in others[:invite]]
    with pytest.raises(LobbyRefused, match=message):
        invitations.invitation_create(
            game="cardwar",
            bots=True,
            host=amara.user,
            invite_user_ids=ids,
            seats=seats,
            variants=OPTIONS,
        )
    assert not Invitation.objects.exists()


def test_only_classmates_and_only_the_host(four, make_student, make_classroom):
    amara, ben, *_ = four
    stranger = make_student("Zed", room=make_classroom("Other class"))
    with pytest.raises(LobbyRefused, match="classmates"):
        invitations.invitation_create(
            game="cardwar",
            bots=True,
            host=amara.user,
            invite_user_ids=[stranger.user_id],
            seats=3,
            variants=OPTIONS,
        )
    table = invitations.invitation_create(
        game="cardwar",
        bots=True,
        host=amara.user,
        invite_user_ids=[ben.user_id],
        seats=3,
        variants=OPTIONS,
    )
    with pytest.raises(LobbyRefused):
        invitations.invitation_start(invitation_id=table.pk, host=ben.user)
    with pytest.raises(LobbyRefused):
        invitations.invitation_answer(invitation_id=table.pk, user=stranger.user, accept=True)
    invitations.invitation_cancel(invitation_id=table.pk, host=amara.user)
    assert Invitation.objects.get(pk=table.pk).status == Invitation.Status.CANCELLED


def test_a_challenge_to_one_classmate_starts_when_accepted(four):
    amara, ben, *_ = four
    table = invitations.invitation_create(
        game="cardwar",
        bots=True,
        host=amara.user,
        invite_user_ids=[ben.user_id],
        seats=2,
        variants={"level": 3},
    )
    table = invitations.invitation_answer(invitation_id=table.pk, user=ben.user, accept=True)
    assert table.status == Invitation.Status.STARTED
    seats = table.match.seats.order_by("index").values_list("user_id", flat=True)
    assert list(seats) == [amara.user_id, ben.user_id]


def in_lobby(*students):
    for s in students:
        lobby.presence_join(student=s, channel_name=f"lobby-{s.pk}")


def test_the_teacher_seats_four_in_two_teams_from_the_live_page(client, classroom, teacher, four):
    in_lobby(*four)
    client.force_login(teacher)
    page = client.get(f"/play/class/{classroom.pk}/live/").content.decode()
    assert "Settings for Card war" in page and "Player 4 (if the game seats four)" in page
    response = client.post(
        f"/play/class/{classroom.pk}/pair/",
        {
            "pair-game": "cardwar",
            "pair-player_1": four[0].pk,
            "pair-player_2": four[1].pk,
            "pair-player_3": four[2].pk,
            "pair-player_4": four[3].pk,
            "pair-cardwar-level": "4",
            "pair-cardwar-target_seconds": "15",
            "pair-cardwar-clock_minutes": "15",
            "pair-cardwar-war_size": "4",
            "pair-cardwar-practice": "on",
        },
    )
    assert response.status_code == 302
    match = Match.objects.get(game="cardwar")
    seats = list(match.seats.order_by("index").values_list("user_id", flat=True))
    assert seats == [s.user_id for s in four]
    game = kind_for("cardwar").load(match.state).rules
    assert (game.options.level, game.options.war_size, game.options.practice) == (4, 4, True)
    assert game.options.clock_minutes == 15 and game.options.answer_seconds == 30


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ((0, 0), "Choose each student once."),
        ((0, 1, None, 2), "Choose player 3 before player 4."),
    ],
)
def test_bad_seatings_are_form_errors_that_start_nothing(
    client, classroom, teacher, four, chosen, message
):
    in_lobby(*four)
    client.force_login(teacher)
    data = {
        "pair-game": "cardwar",
        "pair-cardwar-level": "1",
        "pair-cardwar-target_seconds": "15",
        "pair-cardwar-clock_minutes": "20",
        "pair-cardwar-war_size": "6",
    }
    for n, index in enumerate(chosen, start=1):
        if index is not None:
            data[f"pair-player_{n}"] = four[index].pk
    response = client.post(f"/play/class/{classroom.pk}/pair/", data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Match.objects.exists()


def test_a_student_not_in_the_lobby_is_not_seated(client, classroom, teacher, four):
    in_lobby(*four[:2])
    with pytest.raises(LobbyRefused, match="Chloe is not in the lobby"):
        invitations.pair_students(
            classroom=classroom,
            teacher=teacher,
            students=four[:3],
            game="cardwar",
            variants={"level": 1},
            per_match=3,
        )
    assert not Match.objects.exists()


def test_only_the_classes_teacher_seats_students(classroom, make_teacher, four):
    in_lobby(*four)
    with pytest.raises(LobbyRefused, match="do not teach"):
        invitations.pair_students(
            classroom=classroom,
            teacher=make_teacher(),
            students=four[:2],
            game="cardwar",
            variants={},
        )


def test_the_lobby_challenge_invites_the_chosen_classmate_and_the_ticked_ones_once(client, four):
    amara, ben, chloe, _dev = four
    client.force_login(amara.user)
    form = invite_post("cardwar", amara, level="2", seats="3")
    response = client.post("/play/invite/", form)
    assert response.status_code == 400 and "Choose a classmate to invite." in response.text
    assert not Invitation.objects.exists()
    chosen = {"cardwar-invite-classmate": ben.pk, "cardwar-invite-invite": [ben.pk, chloe.pk]}
    assert client.post("/play/invite/", form | chosen).status_code == 302
    table = Invitation.objects.get(host=amara.user)
    assert sorted(table.invites.values_list("user_id", flat=True)) == sorted(
        [ben.user_id, chloe.user_id]
    )
