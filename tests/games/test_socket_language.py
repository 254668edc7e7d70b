"""Each socket speaks its own user's language: on connect, in group messages (a move broadcast
to both players), in what it renders in database threads, and in the rules' own messages."""

import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.utils import translation

from classrooms.services.languages import user_language_set
from games.kinds.shown import rule_message
from games.rules.cardwar.values import AnswerError, parse_answer
from tests.games.conftest import legal_action, mover
from tests.games.sockets import connect, receive_until, rejected, send
from tests.games.test_lobby import lobby_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.smoke]


@pytest.fixture
def match(make_match):
    return make_match(seed=11)


def seated(match):
    """(the player to move, the other one)"""
    player = mover(match)
    return player, match.seats.exclude(user=player).get().user


async def test_two_players_of_one_match_each_read_it_in_their_own_language(match):
    player, other = await sync_to_async(seated)(match)
    await sync_to_async(user_language_set)(user=player, language="nb")  # the class: English
    norsk, english = await connect(match, player), await connect(match, other)
    first = await receive_until(norsk, 'id="board"')
    assert "Din tur" in first
    # Numbers the page's script reads stay plain digits in every language.
    assert re.search(r'data-remaining-ms="\d{5,}"', first)
    assert "Waiting for" in await receive_until(english, 'id="board"')
    await send(norsk, ply=match.ply, **await sync_to_async(legal_action)(match))
    # The move reaches both sockets as one group message; each renders its own words.
    moved_nb = await receive_until(norsk, 'id="announce"')
    moved_en = await receive_until(english, 'id="announce"')
    assert " tok " in moved_nb or "stod over" in moved_nb
    assert "captured" in moved_en or "skipped" in moved_en
    assert "Your turn." in moved_en
    await norsk.disconnect()
    await english.disconnect()


async def test_a_refusal_made_in_a_database_thread_is_in_the_senders_language(match):
    _player, other = await sync_to_async(seated)(match)
    await sync_to_async(user_language_set)(user=other, language="nb")
    comm = await connect(match, other)
    await receive_until(comm, 'id="board"')
    await send(comm, "skip", match.ply)
    assert "Det er ikke din tur." in await rejected(comm, match.ply, match)
    await comm.disconnect()


async def test_a_language_changed_mid_match_arrives_with_the_next_connect(match):
    _player, other = await sync_to_async(seated)(match)
    first = await connect(match, other)
    assert "Waiting for" in await receive_until(first, 'id="board"')
    await sync_to_async(user_language_set)(user=other, language="nb")
    await first.disconnect()
    again = await connect(match, other)
    assert "Venter på" in await receive_until(again, 'id="board"')
    await again.disconnect()


async def test_a_challenge_in_the_lobby_reads_in_each_students_language(make_student):
    ada, ben = await sync_to_async(lambda: (make_student("Ada"), make_student("Ben")))()
    await sync_to_async(user_language_set)(user=ada.user, language="nb")
    norsk, english = await lobby_socket(ada.user), await lobby_socket(ben.user)
    await norsk.send_to(text_data=json.dumps({"kind": "challenge", "to": str(ben.user_id)}))
    assert "Venter på svar fra Ben …" in await receive_until(norsk, "Venter på svar")
    assert "Ada challenges you!" in await receive_until(english, "challenges you")
    await norsk.disconnect()
    await english.disconnect()


def test_the_rules_messages_are_shown_in_the_viewers_language():
    with pytest.raises(AnswerError) as refused:
        parse_answer("2,5")
    with translation.override("nb"):
        assert rule_message(refused.value) == "Skriv minst to desimaler, som 4,50 eller 4,33"
    with translation.override("en"):
        assert rule_message(refused.value) == "Give at least two decimal places, like 4.50 or 4.33"
