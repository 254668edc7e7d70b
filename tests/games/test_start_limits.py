"""What one pupil may start: 10 games, challenges or tables a minute and 120 an hour, which a
child never meets in play; past that a clear message and nothing stored or told to anyone."""

import pytest

from classrooms.services import throttle
from games.models import Invitation, Match
from games.services import invitations
from games.services.lobby import LobbyRefused
from tests.games.start_data import computer_post

pytestmark = pytest.mark.django_db
PER_MINUTE = throttle.PUPIL_STARTS.windows[0][0]
TOO_FAST = "You have started a lot of games just now. Wait"


class Clock:
    now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    """The throttle's clock, moved by hand (the counts start empty: tests/conftest.py)."""
    fake = Clock()
    monkeypatch.setattr(throttle, "clock", fake)
    return fake


@pytest.fixture
def pupils(make_student):
    return [make_student(name) for name in ("Amara", "Ben", "Chloe")]


def test_a_flood_of_challenges_stops_at_ten_a_minute_and_tells_no_one_more(
    pupils, clock, django_capture_on_commit_callbacks
):
    amara, ben, _ = pupils
    for _ in range(PER_MINUTE):
        invitations.invitation_create(host=amara.user, invite_user_ids=[ben.user_id])
    with django_capture_on_commit_callbacks() as told, pytest.raises(LobbyRefused) as refused:
        invitations.invitation_create(host=amara.user, invite_user_ids=[ben.user_id])
    assert TOO_FAST in refused.value.message and "seconds" in refused.value.message
    assert told == [] and Invitation.objects.count() == PER_MINUTE
    clock.now += 60
    invitations.invitation_create(host=amara.user, invite_user_ids=[ben.user_id])


def test_a_flood_of_tables_stops_at_ten_a_minute(pupils, clock):
    amara, ben, chloe = pupils
    for _ in range(PER_MINUTE):
        invitations.invitation_create(
            game="cardwar",
            bots=True,
            host=amara.user,
            invite_user_ids=[ben.user_id],
            seats=3,
            variants={"level": 2},
        )
    with pytest.raises(LobbyRefused, match=TOO_FAST):
        invitations.invitation_create(
            game="cardwar",
            bots=True,
            host=amara.user,
            invite_user_ids=[chloe.user_id],
            seats=3,
            variants={"level": 2},
        )
    assert Invitation.objects.count() == PER_MINUTE
    assert not Invitation.objects.filter(invites__user=chloe.user).exists()


def test_refused_starts_cost_nothing(pupils, make_student, make_classroom, clock):
    amara, ben, _ = pupils
    stranger = make_student("Zed", room=make_classroom("Other class"))
    for _ in range(3 * PER_MINUTE):
        with pytest.raises(LobbyRefused, match="classmates"):
            invitations.invitation_create(host=amara.user, invite_user_ids=[stranger.user_id])
    invitations.invitation_create(host=amara.user, invite_user_ids=[ben.user_id])


@pytest.mark.parametrize("game", ["warriors", "cardwar"])
def test_games_against_the_computer_stop_at_ten_a_minute_with_a_message(
    client, pupils, clock, game
):
    data = computer_post(game)
    client.force_login(pupils[0].user)
    for _ in range(PER_MINUTE):
        assert client.post("/play/computer/", data).status_code == 302
    refused = client.post("/play/computer/", data)
    assert refused.status_code == 429
    assert TOO_FAST in refused.content.decode()
    assert Match.objects.count() == PER_MINUTE


def test_a_child_playing_all_day_never_meets_the_limit(pupils, clock):
    """A new challenge every 30 seconds for eight hours (no child is that quick)."""
    amara, ben, _ = pupils
    for _ in range(8 * 120):
        invitations.invitation_create(host=amara.user, invite_user_ids=[ben.user_id])
        clock.now += 30


def test_the_guided_game_too_says_why_on_the_lobby(client, pupils, clock):
    client.force_login(pupils[0].user)
    for _ in range(PER_MINUTE):
        assert client.post("/play/guided/")["Location"].startswith("/play/m/")
    refused = client.post("/play/guided/", follow=True)
    assert refused.redirect_chain[-1][0] == "/play/"
    assert TOO_FAST in refused.content.decode()
    assert Match.objects.count() == PER_MINUTE
