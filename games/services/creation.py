"""Starting a match of any registered game: seats, the kind's start, the opening log."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from classrooms.models import Classroom, User
from games.kinds import DEFAULT_GAME, Setup, kind_for, registered
from games.models import Match, Seat
from games.services.broadcast import on_commit_match_changed
from games.services.log import moves_append

DEFAULT_CLOCK_SECONDS = 720


def game_creatable(game: str) -> bool:
    """Whether `match_create` can start a match of this game (it has a registered kind)."""
    return game in registered()


def match_create(
    *,
    game: str = DEFAULT_GAME,
    classroom: Classroom | None,
    players: Sequence[User | str],
    variants: dict[str, Any] | None = None,
    clock_seconds: int | None = DEFAULT_CLOCK_SECONDS,
    move_seconds: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
) -> Match:
    """Start a match: seats in order, each a user or a bot level ("beginner" …).

    `variants` are the game's own options (Warriors variants, the card war's teacher options);
    ValueError when the game cannot play them or that number of players. `options` is for
    code only (tests, the guided game): `bot_delay_ms`, `scripted_rolls`, `guided`, `preview`
    (the value of a calculation shown while it is built; by default in the guided game and
    where the class's teacher switched it on).
    `clock_seconds=None` turns the Warriors game clock off.
    """
    if not game_creatable(game):
        raise ValueError(f"unsupported game {game!r}")
    kind = kind_for(game)
    if len(players) not in kind.seat_counts:
        raise ValueError(f"this game is for {', '.join(map(str, kind.seat_counts))} players")
    for player in players:
        if isinstance(player, str) and player not in kind.bot_levels:
            raise ValueError(f"unknown bot level {player!r}")
    seed = secrets.randbelow(2**62) if seed is None else seed
    rules = kind.rules_options(variants, len(players))
    opts = {"clock_seconds": clock_seconds, "move_seconds": move_seconds, **(options or {})}
    # A calculation's value is shown while it is built only where it teaches: the guided game,
    # and a class whose teacher switched it on (beginners). Elsewhere the child works it out.
    opts.setdefault("preview", bool(opts.get("guided")) or show_values(classroom))
    setup = Setup(
        seed, rules, opts, len(players), tuple(p if isinstance(p, str) else "" for p in players)
    )
    state, events = kind.start(setup)
    timing = kind.timing(setup, None, state, events)
    opening = kind.opening_log(setup, state, events)
    now = timezone.now()
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            classroom=classroom,
            variants=rules,
            options=opts,
            seed=seed,
            state=kind.dump(state),
            ply=len(opening),
            step_ply=len(opening),
            turn_started_at=now,
            clock_deadline=after_seconds(now, timing.clock_seconds),
            move_deadline=after_seconds(now, timing.step_seconds),
        )
        seats = Seat.objects.bulk_create(
            Seat(match=match, index=index, **_player(player))
            for index, player in enumerate(players)
        )
        moves_append(match=match, seats=seats, rows=opening, first_ply=0, think_ms=None, now=now)
        on_commit_match_changed(match_id=match.pk, ply=0, classroom_id=match.classroom_id)
    return match


def show_values(classroom: Classroom | None) -> bool:
    """Whether the class's teacher has the value preview on (beginners)."""
    return classroom is not None and classroom.show_values


def _player(player: User | str) -> dict[str, Any]:
    return {"bot_level": player} if isinstance(player, str) else {"user": player}


def after_seconds(now: datetime, seconds: int | None) -> datetime | None:
    """`now` plus `seconds`; None when there is no such deadline."""
    return now + timedelta(seconds=seconds) if seconds else None
