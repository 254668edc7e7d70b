"""The match socket end to end: session auth, validation, per-viewer fragments, reconnects."""

import json

import pytest
from asgiref.sync import sync_to_async

from games.models import Move
from tests.games.conftest import legal_action, mover, state_of
from tests.games.sockets import connect, receive_until, rejected, send

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.smoke]


@pytest.fixture
def match(make_match):
    return make_match(seed=11)


async def test_a_move_reaches_both_players(match):
    player = await sync_to_async(mover)(match)
    other = await sync_to_async(lambda: match.seats.exclude(user=player).get().user)()
    a, b = await connect(match, player), await connect(match, other)
    first = await receive_until(a, 'id="board"')
    await receive_until(b, 'id="board"')
    assert f'data-ply="{match.ply}"' in first
    action = await sync_to_async(legal_action)(match)
    await send(a, ply=match.ply, **action)
    await receive_until(a, f'data-ply="{match.ply + 1}"')
    text = await receive_until(b, 'id="announce"')
    assert "captured" in text or "skipped" in text
    await a.disconnect()
    await b.disconnect()


async def test_several_tabs_of_one_student_all_get_updates(match):
    player = await sync_to_async(mover)(match)
    tab1, tab2 = await connect(match, player), await connect(match, player)
    await receive_until(tab1, 'id="board"')
    await receive_until(tab2, 'id="board"')
    await send(tab1, ply=match.ply, **await sync_to_async(legal_action)(match))
    await receive_until(tab2, f'data-ply="{match.ply + 1}"')
    await tab1.disconnect()
    await tab2.disconnect()


async def test_a_stale_ply_is_rejected_with_a_message(match):
    player = await sync_to_async(mover)(match)
    comm = await connect(match, player)
    await receive_until(comm, 'id="board"')
    await send(comm, ply=match.ply + 3, **await sync_to_async(legal_action)(match))
    text = await rejected(comm, match.ply, match)
    assert "board changed" in text
    await comm.disconnect()


async def test_the_wrong_players_move_is_rejected(match):
    player = await sync_to_async(mover)(match)
    other = await sync_to_async(lambda: match.seats.exclude(user=player).get().user)()
    comm = await connect(match, other)
    await receive_until(comm, 'id="board"')
    await send(comm, "skip", match.ply)
    assert "not your turn" in await rejected(comm, match.ply, match)
    await comm.disconnect()


async def test_an_illegal_attack_is_rejected_and_the_attempt_stored(match):
    player = await sync_to_async(mover)(match)
    state = await sync_to_async(state_of)(match)
    mine, theirs = state.dice[state.to_move], state.dice[1 - state.to_move]
    target = max(theirs, key=lambda d: d.value)
    weak = min(mine, key=lambda d: d.value)
    comm = await connect(match, player)
    await receive_until(comm, 'id="board"')
    if weak.value < target.value:
        await send(comm, "strength", match.ply, attacker=weak.id, target=target.id)
        assert "smaller" in await rejected(comm, match.ply, match)
    expression = f"{mine[0].value} + {mine[1].value} + {mine[2].value}"
    miss = next(d for d in theirs if d.value != mine[0].value + mine[1].value + mine[2].value)
    await send(comm, "mind", match.ply, expression=expression, target=miss.id)
    await rejected(comm, match.ply, match)
    count = await Move.objects.filter(match=match, kind=Move.Kind.REJECTED).acount()
    assert count == 1
    await comm.disconnect()


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        json.dumps({"kind": "teleport", "ply": "0"}),
        json.dumps({"kind": "skip", "ply": "0", "extra": "x"}),
        json.dumps({"kind": "skip"}),
        json.dumps({"kind": "strength", "ply": "0", "attacker": "A-D7", "target": "B-D4"}),
        json.dumps({"kind": "skip", "ply": 0}),
        json.dumps({"kind": "mind", "ply": "0", "expression": "1+" * 3000, "target": "B-D4"}),
    ],
)
async def test_malformed_messages_are_rejected_and_change_nothing(match, text):
    player = await sync_to_async(mover)(match)
    comm = await connect(match, player)
    await receive_until(comm, 'id="board"')
    await comm.send_to(text_data=text)
    assert "not understood" in await rejected(comm, match.ply, match)
    await comm.disconnect()


async def test_a_foreign_student_is_refused(match, make_student):
    outsider = await sync_to_async(lambda: make_student().user)()
    comm = await connect(match, outsider)
    text = await comm.receive_from()
    assert "cannot open this match" in text
    output = await comm.receive_output()
    assert output["type"] == "websocket.close" and output["code"] == 4403


async def test_an_anonymous_visitor_is_refused(match):
    comm = await connect(match)
    assert "cannot open this match" in await comm.receive_from()
    assert (await comm.receive_output())["code"] == 4403


async def test_the_teacher_watches_but_cannot_move(match, teacher):
    comm = await connect(match, teacher)
    text = await receive_until(comm, 'id="board"')
    assert "disabled" in text
    await send(comm, "skip", match.ply)
    assert "watching" in await rejected(comm, match.ply, match)
    await comm.disconnect()


async def test_reconnecting_receives_the_full_state(match):
    player = await sync_to_async(mover)(match)
    comm = await connect(match, player)
    await receive_until(comm, 'id="board"')
    await send(comm, ply=match.ply, **await sync_to_async(legal_action)(match))
    await receive_until(comm, f'data-ply="{match.ply + 1}"')
    await comm.disconnect()
    again = await connect(match, player)
    text = await receive_until(again, 'id="board"')
    for fragment in ('id="board"', 'id="status"', 'id="clock"', 'id="gameover"'):
        assert fragment in text
    assert f'data-ply="{match.ply + 1}"' in text
    await again.disconnect()


@pytest.mark.parametrize("preview", [True, False])
async def test_the_mind_preview_shows_the_value_only_where_it_is_on(make_match, preview):
    """On (the guided game, a class with it on): the value, to the sender. Off (class play):
    the child works it out, and a hand-made preview frame is refused without a value."""
    match = await sync_to_async(make_match)(seed=11, options={"preview": preview})
    player = await sync_to_async(mover)(match)
    state = await sync_to_async(state_of)(match)
    a, b = state.dice[state.to_move][:2]
    comm = await connect(match, player)
    await receive_until(comm, 'id="board"')
    await comm.send_to(
        text_data=json.dumps({"kind": "preview", "expression": f"{a.value} + {b.value}"})
    )
    text = await receive_until(comm, 'id="preview"' if preview else 'id="errors"')
    assert (f"= {a.value + b.value}" in text) is preview
    assert ("not understood" in text) is not preview
    await comm.disconnect()


async def test_the_bot_replies_through_the_socket(make_match, two_students):
    match = await sync_to_async(make_match)(
        players=[two_students[0].user, "beginner"], options={"bot_delay_ms": 50}, seed=5
    )
    comm = await connect(match, two_students[0].user)
    await receive_until(comm, 'id="board"')
    state = await sync_to_async(state_of)(match)
    if state.to_move == 0:
        await send(comm, ply=match.ply, **await sync_to_async(legal_action)(match))
    await sync_to_async(match.refresh_from_db)()
    start = match.ply
    # The computer's move reaches the socket like anyone's (or the game is over).
    while not await Move.objects.filter(match=match, seat=1, ply__gte=start).aexists():
        await comm.receive_from(timeout=3)  # the next change the socket is told of
    await comm.disconnect()


async def test_the_end_reaches_every_socket_with_the_replay_read_once_per_language(
    match, teacher, monkeypatch
):
    """Both players and the watching teacher get the game-over panel with every move in its
    replay, each in their own language (the teacher reads Norwegian); the process reads the
    replay from the database once per language, not once per socket."""
    from games.live import render
    from games.services import move_submit

    for _ in range(3):
        player = await sync_to_async(mover)(match)
        action = await sync_to_async(legal_action)(match)
        await sync_to_async(move_submit)(match=match, player=player, action=action, ply=match.ply)
        await sync_to_async(match.refresh_from_db)()
    teacher.language = "nb"
    await sync_to_async(teacher.save)()
    reads = []
    real_log = render.match_log
    monkeypatch.setattr(
        render, "match_log", lambda m, names: reads.append(m.pk) or real_log(m, names)
    )
    player = await sync_to_async(mover)(match)
    other = await sync_to_async(lambda: match.seats.exclude(user=player).get().user)()
    sockets = [await connect(match, user) for user in (player, other, teacher)]
    for comm in sockets:
        await receive_until(comm, 'id="board"')
    await send(sockets[0], "resign", match.ply)
    plies = match.ply + 1  # the three moves and the resignation
    for comm, heading in zip(sockets, ("Replay", "Replay", "Se igjen"), strict=True):
        text = await receive_until(comm, "data-replay")
        assert text.count("data-replay-step") == plies
        assert f"<h3>{heading}</h3>" in text
        assert 'id="gameover"' in text and "hidden" not in text.split('id="gameover"')[1][:40]
    assert reads == [match.pk, match.pk]
    for comm in sockets:
        await comm.disconnect()
