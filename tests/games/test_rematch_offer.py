"""A rematch offer reaches the other players on the game-over screen they are still on: it shows
for the invitee only, comes and goes live on the match socket, and answering it there starts the
new match (and takes them to it) or closes the offer."""

import json

import pytest
from asgiref.sync import sync_to_async

from games.live.messages import BadMessage, parse
from games.models import Invitation, Invitee, Match
from games.services import invitations, match_create
from games.services.matches import match_resign
from games.services.rematch import rematch_create
from tests.games.sockets import connect, receive_until, sent_before_probe

pytestmark = pytest.mark.django_db(transaction=True)


def finished_between(classroom, *students, game: str = "warriors", **kwargs) -> Match:
    """A match the students played, ended by the first one's leaving it."""
    match = match_create(
        game=game, classroom=classroom, players=[s.user for s in students], **kwargs
    )
    match_resign(match=match, player=students[0].user)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def answer_frame(kind: str, invitation: int | str, **extra) -> str:
    """What the offer's form sends (live.js adds the board's ply to every frame)."""
    body = {"kind": kind, "invitation": str(invitation), "ply": "3", **extra}
    return json.dumps({**body, "HEADERS": {"HX-Request": "true"}})


def test_the_offer_shows_on_the_game_over_screen_of_the_invitee_only(
    client, classroom, teacher, make_student
):
    ada, ben, cid = make_student("Ada"), make_student("Ben"), make_student("Cid")
    old = finished_between(classroom, ada, ben, clock_seconds=300)
    invitations.invitation_create(host=cid.user, invite_user_ids=[ada.user_id])
    client.force_login(ada.user)
    page = client.get(f"/play/m/{old.pk}/").content.decode()
    assert 'id="rematch"' in page and "asks for a rematch" not in page  # Cid did not play it
    assert rematch_create(match=old, user=ben.user) is None
    offer = Invitation.objects.get(host=ben.user, status=Invitation.Status.OPEN)
    page = client.get(f"/play/m/{old.pk}/").content.decode()
    assert "Ben asks for a rematch:" in page
    assert "Maths Warriors (standard) · 5-minute clock" in page
    assert f'name="invitation" value="{offer.pk}"' in page and "No, thanks" in page
    for other in (ben.user, teacher):  # the host who asked, and the teacher watching
        client.force_login(other)
        page = client.get(f"/play/m/{old.pk}/").content.decode()
        assert "asks for a rematch" not in page and 'value="accept_invitation"' not in page


def test_no_offer_shows_while_the_game_is_played(client, classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    old = finished_between(classroom, ada, ben)
    rematch_create(match=old, user=ben.user)
    playing = match_create(classroom=classroom, players=[ada.user, "beginner"])
    client.force_login(ada.user)
    page = client.get(f"/play/m/{playing.pk}/").content.decode()
    assert "asks for a rematch" not in page


def test_the_host_is_told_where_the_classmates_are_asked(client, classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    old = finished_between(classroom, ada, ben)
    client.force_login(ben.user)
    page = client.post(f"/play/m/{old.pk}/again/", follow=True).content.decode()
    assert "see it on their game-over screen or in their lobby" in page


def test_an_answer_frame_carries_the_invitations_number_and_needs_no_ply():
    message = parse(json.dumps({"kind": "accept_invitation", "invitation": "12", "HEADERS": {}}))
    assert (message.kind, message.action["invitation"]) == ("accept_invitation", 12)
    assert parse(answer_frame("decline_invitation", 7)).action == {
        "kind": "decline_invitation",
        "invitation": 7,
    }
    for bad in ("", "x1", "١٢", "1" * 19):
        with pytest.raises(BadMessage):
            parse(answer_frame("accept_invitation", bad))
    with pytest.raises(BadMessage):
        parse(json.dumps({"kind": "accept_invitation", "HEADERS": {}}))


async def test_the_offer_arrives_live_and_accepting_it_takes_the_invitee_to_the_new_match(
    classroom, make_student
):
    ada, ben = await sync_to_async(lambda: (make_student("Ada"), make_student("Ben")))()
    old = await sync_to_async(finished_between)(classroom, ada, ben, variants={"power_up": True})
    page = await connect(old, ada.user)
    await receive_until(page, 'id="gameover"')
    await sync_to_async(rematch_create)(match=old, user=ben.user)
    text = await receive_until(page, "asks for a rematch")
    assert 'id="rematch"' in text and "Ben asks for a rematch:" in text
    offer = await Invitation.objects.aget(host=ben.user, status=Invitation.Status.OPEN)
    await page.send_to(text_data=answer_frame("accept_invitation", offer.pk))
    text = await receive_until(page, "data-goto")
    new = await Match.objects.exclude(pk=old.pk).aget()
    assert f'data-goto="/play/m/{new.pk}/"' in text
    seated = [s.user_id async for s in new.seats.order_by("index")]
    assert seated == [ben.user_id, ada.user_id] and new.variants == old.variants
    await page.disconnect()


async def test_declining_closes_the_offer(classroom, make_student):
    ada, ben = await sync_to_async(lambda: (make_student("Ada"), make_student("Ben")))()
    old = await sync_to_async(finished_between)(classroom, ada, ben)
    await sync_to_async(rematch_create)(match=old, user=ben.user)
    offer = await Invitation.objects.aget(host=ben.user)
    page = await connect(old, ada.user)
    assert "Ben asks for a rematch" in await receive_until(page, 'id="rematch"')
    await page.send_to(text_data=answer_frame("decline_invitation", offer.pk))
    text = await receive_until(page, 'id="rematch"')
    assert "asks for a rematch" not in text and " hidden" in text
    await offer.arefresh_from_db()
    assert offer.status == Invitation.Status.CANCELLED  # nobody is left to answer
    invite = await Invitee.objects.aget(invitation=offer)
    assert invite.status == Invitee.Status.DECLINED
    assert not await Match.objects.exclude(pk=old.pk).aexists()
    await page.disconnect()


async def test_an_offer_taken_back_goes_and_a_late_answer_is_told_so(classroom, make_student):
    ada, ben = await sync_to_async(lambda: (make_student("Ada"), make_student("Ben")))()
    old = await sync_to_async(finished_between)(classroom, ada, ben)
    await sync_to_async(rematch_create)(match=old, user=ben.user)
    offer = await Invitation.objects.aget(host=ben.user)
    page = await connect(old, ada.user)
    await receive_until(page, "Ben asks for a rematch")
    await sync_to_async(invitations.invitation_cancel)(invitation_id=offer.pk, host=ben.user)
    assert "asks for a rematch" not in await receive_until(page, 'id="rematch"')
    await page.send_to(text_data=answer_frame("accept_invitation", offer.pk))
    text = await receive_until(page, "rematch-notice")
    assert "That invitation is no longer open." in text
    assert await sent_before_probe(page) == []  # the socket is still open and answers
    assert not await Match.objects.exclude(pk=old.pk).aexists()
    await page.disconnect()


async def test_only_the_invitee_may_answer(classroom, teacher, make_student):
    ada, ben, cid = await sync_to_async(
        lambda: (make_student("Ada"), make_student("Ben"), make_student("Cid"))
    )()
    old = await sync_to_async(finished_between)(classroom, ada, ben)
    theirs = await sync_to_async(finished_between)(classroom, cid, ben)
    await sync_to_async(rematch_create)(match=old, user=ben.user)
    offer = await Invitation.objects.aget(host=ben.user)
    # Cid, on a game-over screen of his own, answers the offer made to Ada.
    page = await connect(theirs, cid.user)
    await receive_until(page, 'id="gameover"')
    await page.send_to(text_data=answer_frame("accept_invitation", offer.pk))
    assert "That invitation is no longer open." in await receive_until(page, "rematch-notice")
    await page.disconnect()
    # The teacher watching Ada's game cannot answer it either.
    watching = await connect(old, teacher)
    await receive_until(watching, 'id="gameover"')
    await watching.send_to(text_data=answer_frame("accept_invitation", offer.pk))
    assert "You are watching this match" in await receive_until(watching, 'id="errors"')
    await watching.disconnect()
    await offer.arefresh_from_db()
    assert offer.status == Invitation.Status.OPEN
    assert not await Match.objects.filter(seats__user=cid.user).exclude(pk=theirs.pk).aexists()


async def test_a_game_in_play_is_never_left_for_a_new_match(classroom, make_student):
    ada, ben = await sync_to_async(lambda: (make_student("Ada"), make_student("Ben")))()
    playing = await sync_to_async(match_create)(classroom=classroom, players=[ada.user, "expert"])
    page = await connect(playing, ada.user)
    await receive_until(page, 'id="board"')
    invitation = await sync_to_async(invitations.invitation_create)(
        host=ben.user, invite_user_ids=[ada.user_id]
    )
    await sync_to_async(invitations.invitation_answer)(
        invitation_id=invitation.pk, user=ada.user, accept=True
    )
    sent = await sent_before_probe(page)
    assert not any("data-goto" in text or 'id="rematch"' in text for text in sent)
    await page.disconnect()


async def test_a_table_accepted_waits_on_the_screen_until_its_host_starts_it(
    classroom, make_student
):
    """A card war of four: a classmate who says yes is told it waits; when the host starts it
    (the computer in the empty seat) they are taken there, and one who never answered is not."""
    ada, ben, cid = await sync_to_async(
        lambda: (make_student("Ada"), make_student("Ben"), make_student("Cid"))
    )()

    def played() -> Match:
        match = match_create(
            game="cardwar",
            classroom=classroom,
            players=[ada.user, ben.user, cid.user, "beginner"],
            variants={"level": 5},
        )
        for leaving in (ada, cid):  # team A (seats 1 and 3) has left: team B wins
            match_resign(match=match, player=leaving.user)
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED
        return match

    old = await sync_to_async(played)()
    await sync_to_async(rematch_create)(match=old, user=ada.user)
    table = await Invitation.objects.aget(host=ada.user, status=Invitation.Status.OPEN)
    ben_page, cid_page = await connect(old, ben.user), await connect(old, cid.user)
    for page in (ben_page, cid_page):
        assert "Ada asks for a rematch:" in await receive_until(page, "asks for a rematch")
    await ben_page.send_to(text_data=answer_frame("accept_invitation", table.pk))
    text = await receive_until(ben_page, "You said yes")
    assert "Ada's rematch. Waiting for it to start" in text and "accept_invitation" not in text
    await sync_to_async(invitations.invitation_start)(invitation_id=table.pk, host=ada.user)
    text = await receive_until(ben_page, "data-goto")
    new = await Match.objects.exclude(pk=old.pk).aget()
    assert f'data-goto="/play/m/{new.pk}/"' in text
    assert "asks for a rematch" not in await receive_until(cid_page, 'id="rematch"')
    assert not any("data-goto" in t for t in await sent_before_probe(cid_page))
    for page in (ben_page, cid_page):
        await page.disconnect()
