"""Evidence from real play: Warriors through the match services, card-war rounds through the
rules library and the evidence mapping (as the game seam's door will do)."""

from __future__ import annotations

from contextlib import suppress
from datetime import datetime

from django.utils import timezone

from games.evidence.cardwar import cardwar_acts
from games.models import Match, Seat
from games.rules import cardwar as cw
from games.services import MoveRejected, move_submit
from games.services.evidence import calculations_record
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
    """A card-war match row with these students seated (the rows reports read)."""
    match = Match.objects.create(
        game=Match.Game.CARDWAR,
        classroom=classroom,
        seed=level,
        variants={"level": level},
        status=Match.Status.FINISHED,
        finished_at=timezone.now(),
        winner_seat=0,
    )
    for index, user in enumerate(users):
        Seat.objects.create(match=match, index=index, user=user)
    return match


def play_cardwar(match: Match, *, level: int, rounds: int, now: datetime | None = None) -> int:
    """Play `rounds` rounds of a real card-war game; seat 0 picks a worse choice every third
    round and types a wrong result every fourth. Returns how many acts were stored."""
    seats = list(match.seats.order_by("index"))
    state = cw.new_game(
        f"progress-{match.pk}", len(seats), cw.Options(level=level, computer_targets=True)
    )
    stored = 0
    for round_number in range(rounds):
        for seat in cw.awaited(state):
            values = cw.choices(state, seat)
            ranked = sorted(values, reverse=True)
            value = ranked[-1] if seat == 0 and round_number % 3 == 2 else ranked[0]
            if level >= 5:
                value = min(values, key=lambda v: abs(v - state.target))
            typed = str(value + 1) if seat == 0 and round_number % 4 == 3 else str(value)
            outcome = cw.apply(state, cw.Submit(seat, values[value], typed))
            state = outcome.state
            acts = cardwar_acts(outcome.events, level=level, think_ms={0: 2500, 1: 4100})
            stored += len(
                calculations_record(match=match, seats=seats, acts=acts, now=now or timezone.now())
            )
            if state.phase == "over":
                return stored
    return stored
