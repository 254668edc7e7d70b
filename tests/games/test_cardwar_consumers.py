"""Card war over real sockets: simultaneous answers, hidden information in every payload to
every socket (seats and a spectator), timers, reconnects, bad frames, bots to the end."""

import asyncio
import json
import re

import pytest
from asgiref.sync import sync_to_async

from games.kinds import kind_for
from games.models import Match, Move
from games.rules import cardwar as rules
from games.services import match_create
from tests.games.sockets import connect, sent_before_probe

pytestmark = [pytest.mark.django_db(transaction=True)]
KIND = kind_for("cardwar")
REVEAL = re.compile(r'<section id="cw-reveal".*?</section>', re.S)


@pytest.fixture
def students(make_student):
    return [make_student(name) for name in ("Ada", "Ben", "Cy", "Di")]


def card_match(classroom, players, *, seed=21, options=None, **rules_options) -> Match:
    return match_create(
        game="cardwar",
        classroom=classroom,
        players=players,
        variants=rules_options,
        seed=seed,
        options=options,
    )


def game_now(match: Match):
    match.refresh_from_db()
    return KIND.load(match.state)


class Socket:
    """A connected communicator that keeps every payload it was sent, with what was private to
    its viewer at the time (the test notes secrets before each step)."""

    def __init__(self, comm, seat: int | None) -> None:
        self.comm, self.seat, self.payloads = comm, seat, []

    async def until(self, needle: str, timeout: float = 15) -> str:
        while True:
            text = await self.comm.receive_from(timeout=timeout)
            self.payloads.append(text)
            if needle in text:
                return text

    async def drain(self) -> None:
        """Keep everything still on its way for what the socket was told so far."""
        self.payloads.extend(await sent_before_probe(self.comm))

    async def send(self, **fields) -> None:
        await self.comm.send_to(text_data=json.dumps({**fields, "HEADERS": {"HX-Request": "true"}}))


async def open_socket(match, user, seat) -> Socket:
    sock = Socket(await connect(match, user), seat)
    await sock.until('id="board"')
    return sock


def secrets_for(game, viewer: int | None) -> set[str]:
    """Every other seat's face-up cards and typed answer: what `viewer` must not be sent now."""
    hidden = set()
    for seat in range(game.rules.players):
        if seat != viewer:
            hidden.update(game.rules.face_up[seat])
            entry = game.rules.entries[seat]
            if entry is not None:
                hidden.add(entry.answer)
    return hidden


def assert_hidden(payloads: list[str], secrets: set[str]) -> None:
    for text in payloads:
        outside_reveal = REVEAL.sub("", text)
        for secret in secrets:
            pattern = rf"(?<![\w/.,-]){re.escape(secret)}(?![\w/.,])"
            assert re.search(pattern, outside_reveal) is None, (secret, outside_reveal)


def typed_answer(game, seat: int) -> tuple[str, str]:
    """The seat's first listed calculation and its result written as thirds ("21/3"): exact and
    unlike anything else on the page."""
    value, text = next(iter(rules.choices(game.rules, seat).items()))
    return text, f"{value.numerator * 3}/{value.denominator * 3}"


async def test_answers_hidden_until_the_reveal_in_every_payload_to_every_socket(
    classroom, teacher, students
):
    match = await sync_to_async(card_match)(classroom, [s.user for s in students[:3]], level=3)
    sockets = [await open_socket(match, students[s].user, s) for s in range(3)]
    watcher = await open_socket(match, teacher, None)
    everyone = [*sockets, watcher]
    game = await sync_to_async(game_now)(match)
    for sock in sockets:  # each seat is shown its own two cards, and only those
        assert all(card in sock.payloads[-1] for card in game.rules.face_up[sock.seat])
    for sock in everyone:
        assert_hidden(sock.payloads, secrets_for(game, sock.seat))
    answers = {}
    for seat in (1, 0):  # two of three answer; every payload since is checked
        text, answers[seat] = typed_answer(game, seat)
        await sockets[seat].send(
            kind="answer", ply=str(match.ply), choice=text, answer=answers[seat]
        )
        for sock in everyone:
            await sock.until(f'id="cw-seat-{seat}"')
            await sock.drain()
        game = await sync_to_async(game_now)(match)
        assert game.rules.entries[seat] is not None
        for sock in everyone:
            assert_hidden(sock.payloads, secrets_for(game, sock.seat))
    assert "You answered" in sockets[1].payloads[-1]
    # The last answer reveals the round to everybody, the spectator included.
    before = game
    text, answers[2] = typed_answer(game, 2)
    await sockets[2].send(kind="answer", ply=str(match.ply), choice=text, answer=answers[2])
    for sock in everyone:
        sock.payloads.clear()
        page = await sock.until('id="cw-reveal"')
        shown = REVEAL.search(page).group(0)
        assert all(answer in shown for answer in answers.values())
        assert all(card in shown for seat in range(3) for card in before.rules.face_up[seat])
        await sock.drain()
    game = await sync_to_async(game_now)(match)
    assert game.rules.round == 2
    for sock in everyone:  # the next round's cards are hidden again
        assert_hidden(sock.payloads, secrets_for(game, sock.seat))
        await sock.comm.disconnect()


async def test_two_sockets_answering_at_once_are_both_accepted(classroom, students):
    match = await sync_to_async(card_match)(classroom, [s.user for s in students[:2]], level=1)
    a, b = [await open_socket(match, students[s].user, s) for s in range(2)]
    game = await sync_to_async(game_now)(match)
    (ta, aa), (tb, ab) = typed_answer(game, 0), typed_answer(game, 1)
    await asyncio.gather(
        a.send(kind="answer", ply="0", choice=ta, answer=aa),
        b.send(kind="answer", ply="0", choice=tb, answer=ab),
    )
    for sock in (a, b):
        await sock.until('id="cw-reveal"')
    kinds = await sync_to_async(list)(Move.objects.filter(match=match).values_list("kind", "seat"))
    assert sorted(kinds) == [("answer", 0), ("answer", 1)]
    for sock in (a, b):
        await sock.comm.disconnect()


async def test_the_answer_timer_runs_out_with_nobody_answering(classroom, students):
    match = await sync_to_async(card_match)(
        classroom, [s.user for s in students[:2]], level=1, answer_seconds=1
    )
    sock = await open_socket(match, students[0].user, 0)
    page = await sock.until('id="cw-reveal"', timeout=15)  # the socket's own timer applied it
    assert "no answer" in page
    assert [m.kind async for m in Move.objects.filter(match=match)] == ["timeout"]
    await sock.comm.disconnect()


async def test_the_target_timer_draws_a_target_and_the_cards_come_up(classroom, students):
    match = await sync_to_async(card_match)(
        classroom, [s.user for s in students[:2]], level=5, target_seconds=1
    )
    setter = await open_socket(match, students[0].user, 0)
    other = await open_socket(match, students[1].user, 1)
    assert 'class="cw-target"' in setter.payloads[-1]
    assert 'class="cw-target"' not in other.payloads[-1]
    page = await other.until('class="cw-answer"', timeout=15)
    game = await sync_to_async(game_now)(match)
    shown = str(game.rules.target).replace("-", "−")
    assert f'<strong class="cw-target-value">{shown}</strong>' in page
    assert [m.kind async for m in Move.objects.filter(match=match)] == ["timeout"]
    for sock in (setter, other):
        await sock.comm.disconnect()


async def test_a_reconnect_mid_round_gets_the_full_view(classroom, students):
    match = await sync_to_async(card_match)(classroom, [s.user for s in students[:2]], level=2)
    a = await open_socket(match, students[0].user, 0)
    game = await sync_to_async(game_now)(match)
    text, answer = typed_answer(game, 0)
    await a.send(kind="answer", ply="0", choice=text, answer=answer)
    await a.until("You answered")
    await a.comm.disconnect()
    again = await open_socket(match, students[0].user, 0)
    page = again.payloads[-1]
    assert "You answered" in page and answer in page
    assert all(card in page for card in game.rules.face_up[0])
    other = await open_socket(match, students[1].user, 1)
    assert 'class="cw-answer"' in other.payloads[-1] and answer not in other.payloads[-1]
    for sock in (again, other):
        await sock.comm.disconnect()


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "answer", "ply": "0", "answer": "7"},
        {"kind": "answer", "ply": "0", "choice": "3 + 4", "answer": "٧"},
        {"kind": "answer", "ply": "0", "choice": "3 + 4", "answer": "7" * 41},
        {"kind": "answer", "ply": "0", "choice": "import os", "answer": "7"},
        {"kind": "target", "ply": "0", "value": "2"},  # no target at level 1
        {"kind": "teleport", "ply": "0"},
        {"kind": "answer", "ply": "x", "choice": "3 + 4", "answer": "7"},
        {"kind": "answer", "ply": "0", "choice": "3 + 4", "answer": "\u0000"},
        {"kind": "preview", "ply": "0", "expression": "3 + 4", "target": "B-D6"},  # Warriors'
    ],
)
async def test_bad_frames_change_nothing_and_never_close_the_socket(classroom, students, fields):
    match = await sync_to_async(card_match)(classroom, [s.user for s in students[:2]], level=1)
    sock = await open_socket(match, students[0].user, 0)
    await sock.send(**fields)
    assert "went wrong" not in await sock.until('id="errors"')  # refused, not a server failure
    assert await Move.objects.filter(match=match).acount() == 0
    game = await sync_to_async(game_now)(match)
    text, answer = typed_answer(game, 0)  # the socket still works
    await sock.send(kind="answer", ply="0", choice=text, answer=answer)
    await sock.until("You answered")
    await sock.comm.disconnect()


async def test_a_wrong_card_or_unreadable_result_gets_the_rules_message(classroom, students):
    match = await sync_to_async(card_match)(classroom, [s.user for s in students[:2]], level=1)
    sock = await open_socket(match, students[0].user, 0)
    game = await sync_to_async(game_now)(match)
    text, _ = typed_answer(game, 0)
    await sock.send(kind="answer", ply="0", choice=text, answer="0.3")
    assert "two decimal places" in await sock.until('id="errors"')
    await sock.send(kind="answer", ply="0", expression="99 + 99", answer="198")
    assert "not one of your cards" in await sock.until('id="errors"')
    assert await Move.objects.filter(match=match).acount() == 0
    await sock.comm.disconnect()


async def test_a_four_seat_team_game_with_bots_over_sockets_to_its_end(
    classroom, teacher, students
):
    match = await sync_to_async(card_match)(
        classroom,
        [students[0].user, "beginner", "intermediate", "expert"],
        seed=2,
        level=5,
        clock_minutes=None,
        options={"bot_delay_ms": 0},
    )
    me = await open_socket(match, students[0].user, 0)
    watcher = await open_socket(match, teacher, None)
    done: set[tuple] = set()  # the steps seat 0 has acted in
    read: set[tuple] = set()  # the steps seat 0 has moved on to (against computers, the
    # result waits for her: the page says "moved on" when she presses Next round)
    page = me.payloads[-1]
    for _ in range(2000):
        if 'data-finished="1"' in page:
            break
        game = await sync_to_async(game_now)(match)
        step = (game.rules.phase, game.rules.round, game.rules.war_depth)
        if step not in read:
            read.add(step)
            await me.send(kind="moved_on", ply=str(match.ply))
        if 0 in KIND.awaited(game) and step not in done:
            done.add(step)
            if game.rules.phase == "target":
                await me.send(kind="target", ply=str(match.ply), value="7")
            else:
                text, answer = typed_answer(game, 0)
                await me.send(kind="answer", ply=str(match.ply), choice=text, answer=answer)
        page = await me.until('id="board"', timeout=10)
    await watcher.until('data-finished="1"', timeout=10)
    await sync_to_async(match.refresh_from_db)()
    assert match.status == "finished"
    result = KIND.result(KIND.load(match.state))
    assert result.winners and len({w % 2 for w in result.winners}) == 1 and len(result.winners) == 2
    assert done  # seat 0 played its part over its socket
    for sock in (me, watcher):
        await sock.comm.disconnect()


CLOCK = re.compile(r'class="clock move-clock" data-remaining-ms="(\d+)" data-full-ms="(\d+)"')


def step_clock(payloads: list[str]) -> tuple[int, int]:
    """The last answer timer sent: (time left, the step's own length), in ms."""
    found = [m for text in payloads for m in CLOCK.findall(text)]
    left, full = found[-1]
    return int(left), int(full)


async def test_against_the_computer_moving_on_starts_the_step_on_every_screen(
    classroom, teacher, students
):
    match = await sync_to_async(card_match)(
        classroom, [students[0].user, "beginner"], level=1, options={"bot_delay_ms": 0}
    )
    me = await open_socket(match, students[0].user, 0)
    watcher = await open_socket(match, teacher, None)
    game = await sync_to_async(game_now)(match)
    text, answer = typed_answer(game, 0)
    await me.send(kind="answer", ply="0", choice=text, answer=answer)
    for sock in (me, watcher):
        await sock.until(' data-reveal="')  # the computer answered at once
        await sock.drain()
    # The result waits for her: the next step's timer shows its whole time, and holds it.
    left, full = step_clock(me.payloads)
    assert full == 30_000 and left > 60_000
    await sync_to_async(match.refresh_from_db)()
    ply = match.ply
    await me.send(kind="moved_on", ply=str(ply))
    for sock in (me, watcher):
        sock.payloads.clear()
        await sock.until('id="clock"')
        left, full = step_clock(sock.payloads)
        assert full - 2000 < left <= full == 30_000  # started now: her whole answer time
    # The computer thinks from now (no think time here): its answer is in at once, not after
    # the minute the result would otherwise wait.
    await me.until('id="board"', timeout=10)
    await sync_to_async(match.refresh_from_db)()
    assert match.ply == ply + 1
    assert "went wrong" not in "".join(me.payloads)
    for sock in (me, watcher):
        await sock.comm.disconnect()
