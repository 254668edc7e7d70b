"""The one door every change to a playing match goes through (`games.services.creation`
starts them).

`match_act` locks the match row (`select_for_update`), applies any passed deadline, checks the
actor (seated, account current, awaited, not stale), asks the game's kind to apply the action,
appends the Move rows and the evidence, saves the snapshot and broadcasts it on commit. Two
server processes, two tabs, a bot and a timer racing each other therefore apply at most one
change per step and seat. The named services below are thin wrappers around it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from classrooms.models import User
from classrooms.permissions import account_is_current
from games.kinds import GameKind, MoveOn, Setup, kind_for
from games.kinds.shown import rule_message
from games.models import Match, Move, Seat
from games.rules.common import RuleError
from games.selectors.snapshot import snapshot
from games.services.broadcast import on_commit_match_changed, on_commit_match_retimed
from games.services.creation import after_seconds
from games.services.evidence import calculations_record, calculations_statements
from games.services.lock import match_locked_with_seats
from games.services.log import attempt_append, attempt_storable, move_rows
from games.services.outbox import outbox_statement
from games.services.statement import insert_sql, statements_run, update_sql
from games.signals import on_commit_match_finished

CANNOT_PLAY = gettext_lazy("You cannot play any more. Ask your teacher.")
CHANGING_FIELDS = [
    "state",
    "ply",
    "step_ply",
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


@dataclass(frozen=True)
class Applied:
    match: Match
    moves: list[Move]


# --- intents: what an actor asks the door for ---------------------------------------------------
@dataclass(frozen=True)
class Play:
    """A player's client frame (already bounded by the socket's edge)."""

    frame: dict[str, Any]


@dataclass(frozen=True)
class Leave:
    """Resign; `forfeit` for a player who can no longer play (being archived or erased)."""

    forfeit: bool = False


@dataclass(frozen=True)
class BotTurn:
    """The computer at `seat` (None: the first awaited computer) acts."""

    seat: int | None = None


@dataclass(frozen=True)
class Expire:
    """Apply a passed deadline, if any (timers and the sweeper)."""


type Intent = Play | Leave | BotTurn | Expire


def setup_of(match: Match) -> Setup:
    seats = seats_of(match)
    return Setup(
        match.seed, match.variants, match.options, len(seats), tuple(s.bot_level for s in seats)
    )


def _locked(match: Match | int) -> Match:
    """The match row locked for this transaction, with its seats and accounts (one query)."""
    return match_locked_with_seats(match if isinstance(match, int) else match.pk)


def seats_of(match: Match) -> list[Seat]:
    """The match's seats (with users, their student rows and classes), loaded once per call.

    The player checks read the account's state from here, under the row lock: keep it fresh
    per transaction (a seat cached across moves would miss an archived student).
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


def _think_ms(match: Match, now: datetime) -> int | None:
    """Since the step started (a card-war answer counts from the round's start)."""
    if match.turn_started_at is None:
        return None
    return max(0, int((now - match.turn_started_at).total_seconds() * 1000))


def _commit(match: Match, kind: GameKind, state, action, now: datetime, applied=None) -> Applied:
    """Apply a checked action to the locked match (or take `applied`, the (state, events) it
    already gave), log it, record its evidence, save, broadcast.

    Raises RuleError (nothing written) when the rules refuse it.
    """
    setup = setup_of(match)
    seats = seats_of(match)
    after, events = applied or kind.apply(setup, state, action)
    seat = kind.actor(action)
    think_ms = _think_ms(match, now) if seat is not None else None
    rows = kind.log(setup, state, after, action, events)
    since = match.ply
    moves = move_rows(
        match=match, seats=seats, rows=rows, first_ply=since, think_ms=think_ms, now=now
    )
    acts = kind.evidence(setup, state, action, events, {seat: think_ms} if seat is not None else {})
    writes = [insert_sql(moves)] if moves else []
    writes += calculations_statements(match=match, seats=seats, acts=acts, now=now)
    match.state = kind.dump(after)
    match.ply += len(moves)
    result = kind.result(after)
    if result is not None:
        match.status = Match.Status.FINISHED
        match.finished_at = now
        match.winner_seat = result.winner_seat
        match.result_reason = result.reason
        match.clock_deadline = match.move_deadline = None
        on_commit_match_finished(match_id=match.pk)
    else:
        timing = kind.timing(setup, state, after, events)
        if timing.clock_seconds:
            match.clock_deadline = after_seconds(now, timing.clock_seconds)
        if timing.new_step:
            starts = now + timedelta(milliseconds=timing.pause_ms)
            match.step_ply = match.ply
            match.turn_started_at = starts
            match.move_deadline = after_seconds(starts, timing.step_seconds)
    # The log, the evidence, the news and the match's new state: one statement.
    writes.append(outbox_statement(match=match, now=now))
    statements_run(writes, update_sql(match, CHANGING_FIELDS))
    awaited = kind.awaited(after)
    snap = snapshot(match, seats, moves[-1] if moves else None, awaited=awaited)
    on_commit_match_changed(
        match_id=match.pk, ply=match.ply, classroom_id=match.classroom_id, snap=snap, since=since
    )
    return Applied(match, moves)


def _expire_due(match: Match, kind: GameKind, now: datetime) -> Applied | None:
    """Apply a passed clock or step deadline to the locked match, or do nothing."""
    if match.status != Match.Status.PLAYING:
        return None
    for which, deadline in (("clock", match.clock_deadline), ("step", match.move_deadline)):
        if deadline is not None and deadline <= now:
            state = kind.load(match.state)
            action = kind.due_action(state, which)
            if action is not None:
                return _commit(match, kind, state, action, now)
            # Nothing to apply (the kind says the deadline is moot): stop sweeping for it.
            field = "clock_deadline" if which == "clock" else "move_deadline"
            setattr(match, field, None)
            match.save(update_fields=[field])
    return None


def _refuse_rule(match: Match, kind: GameKind, state, action, err: RuleError, now: datetime):
    """Keep a refused action as evidence within the attempt limits; the sender's message."""
    refusal = kind.refusal(setup_of(match), state, action, err, _think_ms(match, now))
    if refusal is not None and attempt_storable(
        match=match, seat=refusal.row.seat, key=refusal.key, now=now
    ):
        seats = seats_of(match)
        calculations_record(match=match, seats=seats, acts=refusal.acts, now=now)
        attempt_append(
            match=match, seats=seats, refusal=refusal, think_ms=_think_ms(match, now), now=now
        )
    return MoveRejected(rule_message(err), code="illegal")


def _seated(match: Match, actor: User, intent: Intent) -> Seat:
    """The locked match's seat of `actor`, who must still be allowed to play (unless forfeiting).

    An archived student, or one whose class is archived, can no longer play even over a socket
    opened before: checked on every move from the seats query, so it costs no extra query.
    """
    seat = _seat_of(match, actor)
    if seat is None:
        raise MoveRejected(_("You are not playing in this match."), code="not_seated")
    forfeit = isinstance(intent, Leave) and intent.forfeit
    if not forfeit and not account_is_current(seat.user):
        raise MoveRejected(str(CANNOT_PLAY), code="not_allowed")
    return seat


def match_act(
    *,
    match: Match | int,
    actor: User | None,
    intent: Intent,
    seen_ply: int | None,
    now: datetime | None = None,
) -> Applied | None:
    """The one door: lock → apply due deadlines → check → apply → log → evidence → broadcast.

    `actor` is the player (None: the server's timers and bots); `seen_ply` the ply the actor's
    screen showed (None: whatever is current; resigning). Players' refusals raise MoveRejected
    and change nothing, except that a passed deadline is still applied and a refused attempt
    the kind keeps as evidence is stored; the server's intents, and a player's moving on
    (`MoveOn`) that changes nothing, return None.
    """
    now = now or timezone.now()
    rejection: MoveRejected
    with transaction.atomic():
        locked = _locked(match)
        kind = kind_for(locked.game)
        seat = _seated(locked, actor, intent) if actor is not None else None
        if locked.status != Match.Status.PLAYING:
            if actor is None:
                return None
            raise MoveRejected(_("This match is over."), code="finished")
        expired = _expire_due(locked, kind, now)
        if isinstance(intent, Expire):
            return expired
        stale = seen_ply is not None and not locked.step_ply <= seen_ply <= locked.ply
        if actor is None:
            if expired is not None or stale or locked.status != Match.Status.PLAYING:
                return None
            return _bot_turn(locked, kind, intent, now)
        if locked.status != Match.Status.PLAYING or (expired is not None and seen_ply is not None):
            rejection = MoveRejected(_("Time ran out before your move arrived."), code="expired")
        elif stale:
            raise MoveRejected(
                _("The board changed before your move arrived. Look again and try."),
                code="stale",
            )
        else:
            state = kind.load(locked.state)
            if isinstance(intent, Leave):
                try:
                    return _commit(locked, kind, state, kind.resign(seat.index), now)
                except RuleError as err:  # leaving twice: the first took the player out
                    raise MoveRejected(_("You are out of this game already."), code="out") from err
            action = kind.parse(intent.frame, seat.index)
            if isinstance(action, MoveOn):  # whoever's turn it is: no move, no evidence
                return _move_on(locked, kind, state, action, now)
            if seat.index not in kind.awaited(state):
                raise MoveRejected(_("It is not your turn."), code="not_your_turn")
            if action is None:
                raise MoveRejected(_("That move is not understood."), code="malformed")
            try:
                applied = kind.apply(setup_of(locked), state, action)
            except RuleError as err:
                rejection = _refuse_rule(locked, kind, state, action, err, now)
            else:
                # A scripted game (the guided one) may refuse a legal move: the rules judged
                # first, so a refused move shows the rules' own lesson.
                off_script = kind.off_script(setup_of(locked), locked.ply, intent.frame)
                if off_script is not None:
                    raise MoveRejected(off_script, code="guided")
                # A move in a pause held for its player moves on too (a client that did not say).
                _start_held(locked, kind, state, seat.index, now)
                return _commit(locked, kind, state, action, now, applied)
    raise rejection


def _start_held(match: Match, kind: GameKind, state, seat: int, now: datetime) -> bool:
    """Start the step now if it is still in a pause the kind holds for `seat` (its think time
    and deadline come that much sooner); whether it did (the caller saves the match)."""
    started = match.turn_started_at
    if started is None or started <= now or not kind.held(setup_of(match), state, seat):
        return False
    match.turn_started_at = now
    if match.move_deadline is not None:
        match.move_deadline -= started - now
    return True


def _move_on(match: Match, kind: GameKind, state, move_on: MoveOn, now: datetime):
    """A player moved on from what the last step showed: a step still in a pause the kind holds
    for them starts now. None, changing nothing, once the step has started (a second click, the
    pause's most run out) or where the pause is not theirs to end (a game with classmates).

    Nothing is logged (no ply: no move), so the news is the step's new times, not a ply.
    """
    if not _start_held(match, kind, state, move_on.seat, now):
        return None
    match.save(update_fields=["turn_started_at", "move_deadline"])
    snap = snapshot(match, seats_of(match), None, awaited=kind.awaited(state))
    on_commit_match_retimed(match_id=match.pk, snap=snap)
    return Applied(match, [])


def _bot_turn(match: Match, kind: GameKind, intent: BotTurn, now: datetime) -> Applied | None:
    state = kind.load(match.state)
    seats = seats_of(match)
    awaited = [s for s in kind.awaited(state) if seats[s].is_bot]
    seat = intent.seat if intent.seat is not None else next(iter(awaited), None)
    if seat is None or seat not in awaited:
        return None
    action = kind.scripted_action(setup_of(match), state, seat)
    if action is None:
        action = kind.bot_action(state, seat, seats[seat].bot_level, f"{match.seed}:{match.ply}")
    return _commit(match, kind, state, action, now)


# --- the named services: thin wrappers around the door -----------------------------------------
def move_submit(
    *, match: Match, player: User, action: dict[str, Any], ply: int, now: datetime | None = None
) -> Applied:
    """Apply a player's move seen at `ply`; raises MoveRejected (changing nothing, except that
    a refused attempt the kind keeps, e.g. a Mind attack, is stored).

    Refused: a finished match, someone not seated or no longer allowed to play (archived), a
    stale or duplicate ply, not their turn, a malformed action, an illegal move, or a move after
    a deadline passed (the expiry is applied instead).
    """
    return match_act(match=match, actor=player, intent=Play(action), seen_ply=ply, now=now)


def match_resign(*, match: Match, player: User, now: datetime | None = None) -> Applied:
    """Resign for `player` whoever's turn it is; raises MoveRejected when not seated, no longer
    allowed to play, or over."""
    return match_act(match=match, actor=player, intent=Leave(), seen_ply=None, now=now)


def match_forfeit(*, match: Match, player: User, now: datetime | None = None) -> Applied:
    """Resign for a player who can no longer play (being archived or erased): the others win.
    Raises MoveRejected when not seated or over."""
    return match_act(match=match, actor=player, intent=Leave(forfeit=True), seen_ply=None, now=now)


def match_expire_clock(*, match: Match | int, now: datetime | None = None) -> Applied | None:
    """Apply a passed game clock or step deadline exactly once; None when nothing was due.

    Safe to call from every process and timer at once: the row lock and the status/deadline
    re-check under it make later callers no-ops.
    """
    return match_act(match=match, actor=None, intent=Expire(), seen_ply=None, now=now)


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


def match_play_bot(
    *, match: Match | int, ply: int, seat: int | None = None, now: datetime | None = None
) -> Applied | None:
    """The computer's move at `seat` (None: the one awaited) seen at `ply`; None when moot.

    Deterministic per match and ply, and a stale ply is a no-op, so every process may try.
    """
    return match_act(match=match, actor=None, intent=BotTurn(seat), seen_ply=ply, now=now)
