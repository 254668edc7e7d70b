"""Creating matches and applying moves, clocks and bots to them.

Every path that changes a playing match locks its row (`select_for_update`) and re-checks the
status and ply under the lock, so two server processes, two tabs or a bot and a clock racing
each other apply at most one change per ply.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from classrooms.models import Classroom, User
from classrooms.permissions import account_is_current
from games import engine
from games.models import Match, Move, Seat
from games.services.broadcast import on_commit_match_changed
from games.services.moves import client_action, record_move, record_opening, rejected_attempt
from games.signals import on_commit_match_finished
from games.snapshot import snapshot

DEFAULT_CLOCK_SECONDS = 720
CANNOT_PLAY = gettext_lazy("You cannot play any more. Ask your teacher.")
CHANGING_FIELDS = [
    "state",
    "ply",
    "turn_started_at",
    "status",
    "finished_at",
    "winner_seat",
    "result_reason",
    "clock_deadline",
    "move_deadline",
]


class MoveRejected(Exception):
    """A move the server refused; `message` is translated and safe to show the sender."""

    def __init__(self, message: str, *, code: str = "rejected") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


# The games `match_create` can start; the game seam adds the card war here.
CREATABLE_GAMES = frozenset({Match.Game.WARRIORS})


def game_creatable(game: str) -> bool:
    """Whether `match_create` can start a match of this game yet (pages ask before offering)."""
    return game in CREATABLE_GAMES


@dataclass(frozen=True)
class Applied:
    match: Match
    moves: list[Move]


def match_create(
    *,
    game: str = Match.Game.WARRIORS,
    classroom: Classroom | None,
    players: Sequence[User | str],
    variants: dict[str, Any] | None = None,
    clock_seconds: int | None = DEFAULT_CLOCK_SECONDS,
    move_seconds: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
) -> Match:
    """Start a match: seat 0 then seat 1, each a user or a bot level ("beginner" …).

    `options` is for code only (tests, the guided game): `bot_delay_ms`, `scripted_rolls`,
    `guided`. `clock_seconds=None` turns the game clock off.
    """
    if not game_creatable(game):
        raise ValueError(f"unsupported game {game!r}")
    if len(players) != 2:
        raise ValueError("a match has exactly two players")
    seed = secrets.randbelow(2**62) if seed is None else seed
    variants_json = engine.variants_to_json(engine.variants_from_json(variants))
    opts = {"clock_seconds": clock_seconds, "move_seconds": move_seconds, **(options or {})}
    state, events = engine.start(seed, variants_json, opts.get("scripted_rolls"))
    now = timezone.now()
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            classroom=classroom,
            variants=variants_json,
            options=opts,
            seed=seed,
            state=engine.dump(state),
            turn_started_at=now,
            clock_deadline=now + timedelta(seconds=clock_seconds) if clock_seconds else None,
            move_deadline=now + timedelta(seconds=move_seconds) if move_seconds else None,
        )
        for index, player in enumerate(players):
            if isinstance(player, str):
                if player not in engine.BOT_LEVELS:
                    raise ValueError(f"unknown bot level {player!r}")
                Seat.objects.create(match=match, index=index, bot_level=player)
            else:
                Seat.objects.create(match=match, index=index, user=player)
        record_opening(match=match, events=events)
        on_commit_match_changed(match_id=match.pk, ply=0, classroom_id=match.classroom_id)
    return match


def _locked(match: Match | int) -> Match:
    pk = match if isinstance(match, int) else match.pk
    return Match.objects.select_for_update().get(pk=pk)


def seats_of(match: Match) -> list[Seat]:
    """The match's two seats (with users, their student rows and classes), loaded once per call.

    The player checks below read the account's state from here, under the row lock: keep it
    fresh per transaction (a seat cached across moves would miss an archived student).
    """
    cached = getattr(match, "_seats_loaded", None)
    if cached is None:
        cached = list(match.seats.select_related("user__student__classroom").order_by("index"))
        match._seats_loaded = cached
    return cached


def _seat_of(match: Match, user: User) -> Seat | None:
    if not user.is_authenticated:
        return None
    return next((s for s in seats_of(match) if s.user_id == user.pk), None)


def _player_seat(match: Match, user: User) -> Seat:
    """The locked match's seat of `user`, who must still be allowed to play; MoveRejected if not.

    An archived student, or one whose class is archived, can no longer play even over a socket
    opened before: checked on every move from the seats query, so it costs no extra query.
    """
    seat = _seat_of(match, user)
    if seat is None:
        raise MoveRejected(_("You are not playing in this match."), code="not_seated")
    if not account_is_current(seat.user):
        raise MoveRejected(str(CANNOT_PLAY), code="not_allowed")
    return seat


def _apply_locked(
    match: Match, state: engine.State, action, *, seat: Seat | None, now: datetime
) -> Applied:
    """Apply a legal action to the locked match and store its Move rows; caller holds the lock."""
    scripted = match.options.get("scripted_rolls")
    new_state, events = engine.apply(state, action, scripted)
    seats = seats_of(match)
    moves = record_move(
        match=match,
        seats=seats,
        before=state,
        after=new_state,
        action=action,
        seat=seat,
        events=events,
        now=now,
    )
    match.state = engine.dump(new_state)
    match.ply += len(moves)
    match.turn_started_at = now
    if new_state.status != "playing":
        match.status = Match.Status.FINISHED
        match.finished_at = now
        match.winner_seat = new_state.winner
        match.result_reason = str(new_state.reason or "")
        match.clock_deadline = None
        match.move_deadline = None
        on_commit_match_finished(match_id=match.pk)
    else:
        if any(event.get("type") == "new_game" for event in events):
            seconds = match.options.get("clock_seconds")
            match.clock_deadline = now + timedelta(seconds=seconds) if seconds else None
        seconds = match.options.get("move_seconds")
        match.move_deadline = now + timedelta(seconds=seconds) if seconds else None
    match.save(update_fields=CHANGING_FIELDS)
    on_commit_match_changed(
        match_id=match.pk,
        ply=match.ply,
        classroom_id=match.classroom_id,
        snap=snapshot(match, seats, moves[-1]),
    )
    return Applied(match, moves)


def _expire_locked(match: Match, now: datetime) -> Applied | None:
    """Apply a passed clock or move deadline to the locked match, or do nothing."""
    if match.status != Match.Status.PLAYING:
        return None
    state = engine.load(match.state)
    if match.clock_deadline is not None and match.clock_deadline <= now:
        return _apply_locked(match, state, engine.clock_expired(), seat=None, now=now)
    if match.move_deadline is not None and match.move_deadline <= now:
        seat = seats_of(match)[state.to_move]
        return _apply_locked(match, state, engine.move_timeout(state.to_move), seat=seat, now=now)
    return None


def rule_message(err: engine.RuleError) -> str:
    """The rules' message in the viewer's language, as a sentence."""
    text = _(err.template) % err.params if err.params else _(err.template)
    return text[:1].upper() + text[1:]


def _check_guided_step(match: Match, state: engine.State, rules_action, action: dict) -> None:
    """In the guided game the student follows the prompts; the rules still judge first, so a
    refused move shows the rules' own lesson (e.g. the first-player penalty)."""
    step = (match.options.get("guided_steps") or {}).get(str(match.ply))
    if step is None:
        return
    engine.apply(state, rules_action, match.options.get("scripted_rolls"))
    if any(action.get(key) != value for key, value in step.items()):
        raise MoveRejected(_("In the guided game, follow the prompt for now."), code="guided")


def move_submit(
    *, match: Match, player: User, action: dict[str, Any], ply: int, now: datetime | None = None
) -> Applied:
    """Apply a player's move seen at `ply`; raises MoveRejected (changing nothing, except that
    a refused Mind attack is stored as an attempt).

    Refused: a finished match, someone not seated or no longer allowed to play (archived), a
    stale or duplicate ply, not their turn, a malformed action, an illegal move, or a move after
    the clock ran out (the expiry is applied instead).
    """
    now = now or timezone.now()
    rejection: MoveRejected | None = None
    with transaction.atomic():
        locked = _locked(match)
        seat = _player_seat(locked, player)
        if locked.status != Match.Status.PLAYING:
            raise MoveRejected(_("This match is over."), code="finished")
        if _expire_locked(locked, now) is not None:
            rejection = MoveRejected(_("Time ran out before your move arrived."), code="expired")
        elif ply != locked.ply:
            raise MoveRejected(
                _("The board changed before your move arrived. Look again and try."),
                code="stale",
            )
        else:
            state = engine.load(locked.state)
            if state.to_move != seat.index:
                raise MoveRejected(_("It is not your turn."), code="not_your_turn")
            rules_action = client_action(action, seat.index)
            if rules_action is None:
                raise MoveRejected(_("That move is not understood."), code="malformed")
            try:
                _check_guided_step(locked, state, rules_action, action)
                return _apply_locked(locked, state, rules_action, seat=seat, now=now)
            except engine.RuleError as err:
                message = rule_message(err)
                rejected_attempt(
                    match=locked, state=state, seat=seat, action=rules_action, error=err, now=now
                )
                rejection = MoveRejected(message, code="illegal")
    assert rejection is not None
    raise rejection


def _resign(match: Match, player: User, now: datetime | None, *, checked: bool) -> Applied:
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(match)
        seat = _player_seat(locked, player) if checked else _seat_of(locked, player)
        if seat is None:
            raise MoveRejected(_("You are not playing in this match."), code="not_seated")
        if locked.status != Match.Status.PLAYING:
            raise MoveRejected(_("This match is over."), code="finished")
        state = engine.load(locked.state)
        return _apply_locked(locked, state, engine.resign(seat.index), seat=seat, now=now)


def match_resign(*, match: Match, player: User, now: datetime | None = None) -> Applied:
    """Resign for `player` whoever's turn it is; raises MoveRejected when not seated, no longer
    allowed to play, or over."""
    return _resign(match, player, now, checked=True)


def match_forfeit(*, match: Match, player: User, now: datetime | None = None) -> Applied:
    """Resign for a player who can no longer play (being archived or erased): the classmate
    wins. Raises MoveRejected when not seated or over."""
    return _resign(match, player, now, checked=False)


def match_expire_clock(*, match: Match | int, now: datetime | None = None) -> Applied | None:
    """Apply a passed game clock (or per-move limit) exactly once; None when nothing was due.

    Safe to call from every process and timer at once: the row lock and the status/deadline
    re-check under it make later callers no-ops.
    """
    now = now or timezone.now()
    with transaction.atomic():
        return _expire_locked(_locked(match), now)


def expire_overdue_matches(*, now: datetime | None = None) -> int:
    """The sweep: expire every playing match whose deadline has passed; returns how many.

    When nothing is due this is one query, on the (status, deadline) indexes.
    """
    now = now or timezone.now()
    due = Match.objects.filter(
        Q(clock_deadline__lte=now) | Q(move_deadline__lte=now), status=Match.Status.PLAYING
    )
    count = 0
    for pk in due.order_by().values_list("pk", flat=True):
        if match_expire_clock(match=pk, now=now) is not None:
            count += 1
    return count


def match_play_bot(*, match: Match | int, ply: int, now: datetime | None = None) -> Applied | None:
    """Make the computer's move seen at `ply`; None when it is not the bot's turn any more.

    Deterministic per match and ply, and a stale ply is a no-op, so every process may try.
    """
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(match)
        if locked.status != Match.Status.PLAYING or locked.ply != ply:
            return None
        if _expire_locked(locked, now) is not None:
            return None
        state = engine.load(locked.state)
        seat = seats_of(locked)[state.to_move]
        if not seat.is_bot:
            return None
        if locked.options.get("bot_script") == "skip":  # the guided game's patient computer
            action = engine.skip(seat.index)
        else:
            action = engine.bot_action(state, seat.index, seat.bot_level, f"{locked.seed}:{ply}")
        return _apply_locked(locked, state, action, seat=seat, now=now)
