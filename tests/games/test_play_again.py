""" "Play again" after a game: the same game and settings against the computer at once; with
classmates, an offer they answer on their game-over screen or in their lobby (a challenge, or a
card-war table)."""

import pytest

from games.models import Invitation, Match
from games.services import invitations, match_create
from games.services.matches import match_resign

pytestmark = pytest.mark.django_db(transaction=True)


def finished(match: Match, *players) -> Match:
    for player in players:
        match_resign(match=match, player=player)
    match.refresh_from_db()
    assert match.status != Match.Status.PLAYING
    return match


@pytest.mark.parametrize(
    ("game", "bots", "variants"),
    [
        ("warriors", ["expert"], {"power_up": True}),
        ("cardwar", ["beginner"], {"level": 3}),
    ],
)
def test_against_the_computer_the_same_game_starts_at_once(
    client, make_student, classroom, game, bots, variants
):
    ada = make_student("Ada")
    old = finished(
        match_create(
            game=game,
            classroom=classroom,
            players=[ada.user, *bots],
            variants=variants,
            clock_seconds=300,
        ),
        ada.user,
    )
    client.force_login(ada.user)
    page = client.get(f"/play/m/{old.pk}/again/")
    assert page.status_code == 200 and "against the computer" in page.content.decode()
    assert Match.objects.count() == 1  # looking changes nothing
    response = client.post(f"/play/m/{old.pk}/again/")
    new = Match.objects.exclude(pk=old.pk).get()
    assert response.url == f"/play/m/{new.pk}/"
    assert new.game == game and new.variants == old.variants
    assert new.options["clock_seconds"] == 300
    seats = list(new.seats.order_by("index"))
    assert seats[0].user_id == ada.user_id and [s.bot_level for s in seats[1:]] == bots


def test_against_a_classmate_a_rematch_challenge_is_offered(client, make_student, classroom):
    ada, ben = make_student("Ada"), make_student("Ben")
    old = finished(
        match_create(
            classroom=classroom,
            players=[ada.user, ben.user],
            variants={"power_up": True},
            clock_seconds=300,
            move_seconds=60,
        ),
        ben.user,
    )
    client.force_login(ben.user)
    assert "Ada" in client.get(f"/play/m/{old.pk}/again/").content.decode()
    response = client.post(f"/play/m/{old.pk}/again/")
    assert response.url == "/play/" and Match.objects.count() == 1
    challenge = Invitation.objects.get(status=Invitation.Status.OPEN)
    invited = list(challenge.invites.values_list("user_id", flat=True))
    assert (challenge.host, invited) == (ben.user, [ada.user_id])
    assert (challenge.game, challenge.seats, challenge.bots) == ("warriors", 2, False)
    # The same game again: its variants and its clocks.
    assert challenge.variants == old.variants
    assert challenge.clocks == {"clock_seconds": 300, "move_seconds": 60}
    # Accepted, it starts with them.
    again = invitations.invitation_answer(invitation_id=challenge.pk, user=ada.user, accept=True)
    assert again.match.options["clock_seconds"] == 300
    assert again.match.options["move_seconds"] == 60
    assert again.match.variants == old.variants


def test_a_card_war_with_classmates_opens_the_same_table_again(client, make_student, classroom):
    ada, ben, cid = make_student("Ada"), make_student("Ben"), make_student("Cid")
    old = finished(
        match_create(
            game="cardwar",
            classroom=classroom,
            players=[ada.user, ben.user, cid.user, "beginner"],
            variants={"level": 5},
        ),
        ada.user,
        cid.user,  # team A (seats 1 and 3) has left: team B wins
    )
    client.force_login(ada.user)
    client.post(f"/play/m/{old.pk}/again/")
    table = Invitation.objects.get(host=ada.user, status=Invitation.Status.OPEN)
    assert table.seats == 4 and table.bots and table.variants == old.variants
    assert set(table.invites.values_list("user_id", flat=True)) == {ben.user_id, cid.user_id}


def test_only_a_player_of_a_finished_game_may_play_it_again(client, make_student, classroom):
    ada, eve = make_student("Ada"), make_student("Eve")
    match = match_create(classroom=classroom, players=[ada.user, "beginner"])
    client.force_login(eve.user)
    assert client.get(f"/play/m/{match.pk}/again/").status_code == 404
    assert client.post(f"/play/m/{match.pk}/again/").status_code == 404
    client.force_login(ada.user)
    response = client.post(f"/play/m/{match.pk}/again/", follow=True)
    assert "Finish this game first." in response.content.decode()
    assert Match.objects.count() == 1
