"""Evidence from real play: both games through the match services' one door."""

from __future__ import annotations

from contextlib import suppress
from datetime import datetime

from games.kinds import kind_for
from games.models import Match
from games.rules import cardwar as cw
from games.services import MoveRejected, match_create, match_resign, move_submit
from tests.games.conftest import legal_action, mover


def play_warriors(match: Match, *, moves: int = 12) -> None:
    """Up to `moves` legal moves by whoever is to move, each after one refused attempt."""
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return
        player = mover(match)
        wrong = {"kind": "mind", "expression": "1 + 1 + 1", "target": "B-D20"}
        with suppress(MoveRejected):
            move_submit(match=match, player=player, action=wrong, ply=match.ply)
        move_submit(match=match, player=player, action=legal_action(match), ply=match.ply)


def cardwar_match(classroom, users, level: int) -> Match:
    """A live card-war match at `level` for these students (the computer names targets)."""
    return match_create(
        game="cardwar",
        classroom=classroom,
        players=users,
        variants={"level": level, "computer_targets": True},
        seed=level,
    )


def play_cardwar(match: Match, *, level: int, rounds: int, now: datetime | None = None) -> int:
    """Play `rounds` rounds through the door, as the students' browsers would; seat 0 picks a
    worse choice every third round and types a wrong result every fourth. Returns how many
    answers were sent."""
    kind = kind_for(match.game)
    players = [seat.user for seat in match.seats.order_by("index")]
    sent = 0
    for round_number in range(rounds):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            break
        state = kind.load(match.state).rules
        step = match.ply
        for seat in cw.awaited(state):
            values = cw.choices(state, seat)
            ranked = sorted(values, reverse=True)
            value = ranked[-1] if seat == 0 and round_number % 3 == 2 else ranked[0]
            if level >= 5:
                value = min(values, key=lambda v: abs(v - state.target))
            typed = str(value + 1) if seat == 0 and round_number % 4 == 3 else str(value)
            frame = {"kind": "answer", "expression": values[value], "answer": typed}
            move_submit(match=match, player=players[seat], action=frame, ply=step, now=now)
            sent += 1
    match_resign(match=match, player=players[1], now=now)  # the lesson ends: the game too
    return sent
