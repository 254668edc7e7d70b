"""One way to start any game, for every registered kind (the test-only "make the number" too,
which the platform has never heard of): a pupil's invitation, the teacher's pairing and
"pair everyone present", a game against the computer, and play again."""

from __future__ import annotations

import random

import pytest

from games.kinds import kind_for, registered
from games.models import Invitation, Invitee, Match
from games.services import invitations, lobby
from games.services.lobby import LobbyRefused
from games.services.matches import match_resign
from games.services.rematch import rematch_create
from tests.games.start_data import computer_post, invite_post, pair_post

pytestmark = pytest.mark.django_db
GAMES = sorted(registered())


def test_the_test_only_kind_is_registered():
    assert "make_number" in GAMES


@pytest.fixture
def pupils(make_student):
    return [make_student(name) for name in ("Amara", "Ben", "Chloe", "Dev", "Eli")]


def in_lobby(*students):
    for s in students:
        lobby.presence_join(student=s, channel_name=f"lobby-{s.pk}")


@pytest.mark.parametrize("game", GAMES)
def test_a_pupil_invites_classmates_to_any_game_and_it_starts_when_all_accept(game, pupils):
    kind = kind_for(game)
    seats = max(kind.seat_counts)
    host, *guests = [s.user for s in pupils[:seats]]
    clocks = {"clock_seconds": 300, "move_seconds": None}
    invitation = invitations.invitation_create(
        host=host, invite_user_ids=[g.pk for g in guests], game=game, seats=seats, clocks=clocks
    )
    shown = invitations.invitations_for(guests[0])["invitations"]
    assert [t["invitation"].pk for t in shown] == [invitation.pk]
    assert shown[0]["what"]  # what is played, in words
    for guest in guests:
        invitation = invitations.invitation_answer(
            invitation_id=invitation.pk, user=guest, accept=True
        )
    assert invitation.status == Invitation.Status.STARTED
    match = invitation.match
    assert match.game == game and match.options["clock_seconds"] == 300
    assert [s.user_id for s in match.seats.order_by("index")] == [host.pk] + [g.pk for g in guests]


@pytest.mark.parametrize("game", GAMES)
def test_a_declined_challenge_to_any_game_closes_and_tells_the_host(game, pupils):
    amara, ben = pupils[0].user, pupils[1].user
    invitation = invitations.invitation_create(host=amara, invite_user_ids=[ben.pk], game=game)
    invitations.invitation_answer(invitation_id=invitation.pk, user=ben, accept=False)
    assert Invitation.objects.get(pk=invitation.pk).status == Invitation.Status.CANCELLED
    assert "Ben said no" in invitations.invitations_for(amara)["notice"]
    assert not Match.objects.exists()


@pytest.mark.parametrize("game", GAMES)
def test_an_invitation_the_game_cannot_seat_is_refused_and_stores_nothing(game, pupils):
    kind = kind_for(game)
    too_many = max(kind.seat_counts) + 1
    with pytest.raises(LobbyRefused, match="players"):
        invitations.invitation_create(
            host=pupils[0].user,
            invite_user_ids=[s.user_id for s in pupils[1:too_many]],
            game=game,
            seats=too_many,
        )
    with pytest.raises(LobbyRefused, match="cannot be played here"):
        invitations.invitation_create(
            host=pupils[0].user, invite_user_ids=[pupils[1].user_id], game=game + "_not"
        )
    assert not Invitation.objects.exists() and not Invitee.objects.exists()


@pytest.mark.parametrize("game", GAMES)
def test_the_teacher_pairs_everyone_present_at_any_game(game, classroom, teacher, pupils):
    in_lobby(*pupils)
    per_match = min(kind_for(game).seat_counts)
    matches = invitations.pair_everyone_present(
        classroom=classroom, teacher=teacher, rng=random.Random(3), game=game, per_match=per_match
    )
    assert {m.game for m in matches} == {game}
    seated = sorted(s.user_id for m in matches for s in m.seats.all() if s.user_id)
    assert seated == sorted(p.user_id for p in pupils)  # everyone once; the computer fills in
    assert all(m.seats.count() == per_match for m in matches)
    started = Invitation.objects.filter(match__in=matches)
    assert started.count() == len(matches) and {i.host for i in started} == {teacher}
    # Everyone is playing now: nobody is left to pair.
    assert invitations.pair_everyone_present(classroom=classroom, teacher=teacher, game=game) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_computer_and_play_again_start_any_game_at_once(game, classroom, pupils):
    amara = pupils[0]
    first = invitations.game_start(
        host=amara.user,
        classroom=classroom,
        players=[amara.user, "beginner"],
        game=game,
        clocks={"clock_seconds": None},
    )
    assert Invitation.objects.get(match=first).status == Invitation.Status.STARTED
    match_resign(match=first, player=amara.user)
    again = rematch_create(match=Match.objects.get(pk=first.pk), user=amara.user)
    assert again.game == game and again.pk != first.pk
    assert again.options["clock_seconds"] is None  # the same settings


LOBBY_SETTINGS = {
    # A game's lobby form, with one setting changed, and what the invitation then says.
    "warriors": ({"clock": "300", "power_up": "on"}, "Power Up · 5-minute clock"),
    "cardwar": ({"level": "3"}, "level 3"),
}


@pytest.mark.parametrize("game", sorted(LOBBY_SETTINGS))
def test_a_challenge_from_the_lobby_carries_its_settings_and_says_them(client, game, pupils):
    amara, ben = pupils[0], pupils[1]
    changes, said = LOBBY_SETTINGS[game]
    client.force_login(amara.user)
    data = invite_post(game, amara, classmate=ben.pk, **changes)
    assert client.post("/play/invite/", data).status_code == 302
    invitation = Invitation.objects.get(host=amara.user)
    assert invitation.game == game and invitation.seats == 2
    shown = invitations.invitations_for(ben.user)["invitations"][0]["what"]
    assert said in shown
    client.force_login(ben.user)
    assert said in client.get("/play/").content.decode()
    started = invitations.invitation_answer(invitation_id=invitation.pk, user=ben.user, accept=True)
    if "clock" in changes:
        assert started.match.options["clock_seconds"] == int(changes["clock"])


def test_an_unknown_game_posted_to_the_lobby_is_refused_and_starts_nothing(client, pupils):
    client.force_login(pupils[0].user)
    for url in ("/play/invite/", "/play/computer/"):
        response = client.post(url, {"game": "chess"})
        assert response.status_code == 400
        assert "That game cannot be played here." in response.content.decode()
    assert not Invitation.objects.exists() and not Match.objects.exists()


@pytest.mark.parametrize("game", GAMES)
def test_a_host_whose_lobby_was_loading_when_it_started_is_sent_to_the_match(game, pupils):
    amara, ben = pupils[0].user, pupils[1].user
    invitation = invitations.invitation_create(host=amara, invite_user_ids=[ben.pk], game=game)
    assert invitations.just_started_for(amara) is None  # nothing started yet
    started = invitations.invitation_answer(invitation_id=invitation.pk, user=ben, accept=True)
    assert invitations.just_started_for(amara) == started.match_id
    assert invitations.just_started_for(ben) is None  # he was there: he goes with his answer
    match_resign(match=started.match, player=amara)
    assert invitations.just_started_for(amara) is None  # over: nowhere to go
    invitations.game_start(
        host=amara, classroom=started.match.classroom, players=[amara, "beginner"], game=game
    )
    assert invitations.just_started_for(amara) is None  # a game started at once is not waited for


@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_one_form_starts_any_game(client, game, classroom, teacher, pupils):
    """The live page offers every registered game; posted with its settings as they come, it
    starts it for the chosen pupils, and "pair everyone present" for the rest."""
    in_lobby(*pupils)
    client.force_login(teacher)
    page = client.get(f"/play/class/{classroom.pk}/live/").content.decode()
    assert f'value="{game}"' in page and f'data-shown-when="pair-game={game}"' in page
    seats = min(kind_for(game).seat_counts)
    response = client.post(f"/play/class/{classroom.pk}/pair/", pair_post(game, pupils[:seats]))
    assert response.status_code == 302
    (match,) = Match.objects.all()
    assert match.game == game
    response = client.post(f"/play/class/{classroom.pk}/pair-all/", pair_post(game))
    assert response.status_code == 302
    started = Match.objects.exclude(pk=match.pk)
    assert {m.game for m in started} == {game}
    seated = {s.user_id for m in Match.objects.all() for s in m.seats.all() if s.user_id}
    assert seated == {p.user_id for p in pupils}


HOSTILE_INVITES = {
    "seats the game has not": {"seats": "9"},
    "seats not a number": {"seats": "abc"},
    "a classmate id too big for the column": {"classmate": "9" * 30},
    "a classmate id not a number": {"classmate": "x"},
    "more classmates, an id too big": {"invite": ["9" * 30]},
    "a level that is not one": {"level": "8"},
    "a clock not offered": {"clock_minutes": "-1"},
}


@pytest.mark.parametrize("change", HOSTILE_INVITES.values(), ids=HOSTILE_INVITES.keys())
def test_hostile_invitations_are_form_errors_that_store_nothing(client, pupils, change):
    amara, ben = pupils[0], pupils[1]
    client.force_login(amara.user)
    data = invite_post("cardwar", amara, classmate=ben.pk, seats="3")
    data |= {f"cardwar-invite-{k}": v for k, v in change.items()}
    response = client.post("/play/invite/", data)
    assert response.status_code == 400 and 'class="errorlist' in response.content.decode()
    assert not Invitation.objects.exists()


HOSTILE_COMPUTER = [
    ("warriors", {"strength": "god"}),
    ("warriors", {"clock": "7"}),
    ("cardwar", {"strength": "god"}),
    ("cardwar", {"players": "9"}),
    ("cardwar", {"players": "\x00"}),
]


@pytest.mark.parametrize(("game", "change"), HOSTILE_COMPUTER)
def test_hostile_games_against_the_computer_are_form_errors(client, pupils, game, change):
    client.force_login(pupils[0].user)
    data = computer_post(game) | {f"{game}-computer-{k}": v for k, v in change.items()}
    response = client.post("/play/computer/", data)
    assert response.status_code == 400 and 'class="errorlist' in response.content.decode()
    assert not Match.objects.exists() and not Invitation.objects.exists()
