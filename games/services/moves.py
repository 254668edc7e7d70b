"""Turning client messages into rules actions, and rules results into Move rows (the log)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db.models import CharField

from games import engine
from games.evidence.warriors import refused_act, warriors_act
from games.models import Match, Move, Seat
from games.services.evidence import calculations_record
from games.socket_messages import MAX_DICE, is_die_id, is_expression

KIND_OF_ACTION = {
    "strength": Move.Kind.STRENGTH,
    "mind": Move.Kind.MIND,
    "skip": Move.Kind.SKIP,
    "resign": Move.Kind.RESIGN,
    "move_timeout": Move.Kind.TIMEOUT,
    "clock_expired": Move.Kind.CLOCK,
}
# Refused Mind attacks are evidence for the reports, but one socket can send hundreds a second.
# Stored per player and turn (ply): the same expression at the same target once, at most
# ATTEMPTS_PER_SECOND in any second and at most ATTEMPTS_PER_TURN in all; the first attempts of
# a turn, the ones a report reads, are always kept. The sender gets the rules'
# message for every attempt: only storage is limited.
ATTEMPTS_PER_SECOND = 3
ATTEMPTS_PER_TURN = 20


def client_action(data: dict[str, Any], seat: int):
    """The rules action a player's message asks for, or None when it is malformed (the same
    limits as the socket's edge, for callers that do not come through it)."""
    kind = data.get("kind")
    if kind == "strength":
        attacker, target = data.get("attacker"), data.get("target")
        if is_die_id(attacker) and is_die_id(target):
            return engine.strength(seat, attacker, target)
    elif kind == "mind":
        expression, target = data.get("expression"), data.get("target")
        dice = data.get("dice") or None
        if dice is not None and (
            not isinstance(dice, list) or len(dice) > MAX_DICE or not all(map(is_die_id, dice))
        ):
            return None
        if is_expression(expression) and is_die_id(target):
            return engine.mind(seat, expression, target, dice)
    elif kind == "skip":
        return engine.skip(seat)
    return None


def dice_snapshot(state: engine.State) -> list[list[list[Any]]]:
    """Both sides' dice as [[id, sides, value], …] per seat (what the board showed)."""
    return [[[d.id, d.sides, d.value] for d in side] for side in state.dice]


def _value_of(state: engine.State, die_id: str) -> int | None:
    found = state.find(die_id)
    return found[1].value if found else None


def _ops(expression: str) -> str:
    ops = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "/": "/", "÷": "/"}
    return "".join(sorted({ops[c] for c in expression if c in ops}))


def _think_ms(match: Match, now: datetime) -> int | None:
    if match.turn_started_at is None:
        return None
    return max(0, int((now - match.turn_started_at).total_seconds() * 1000))


def _learning_facts(match: Match, before: engine.State, action, seat: Seat | None, now: datetime):
    """The report columns every player move carries."""
    facts: dict[str, Any] = {"dice_before": dice_snapshot(before)}
    if seat is not None:
        facts["user_id"] = seat.user_id
        facts["think_ms"] = _think_ms(match, now)
        captures = engine.capture_facts(before, seat.index)
        facts["capture_available"] = captures.capture_available
        facts["best_capture"] = captures.best_capture
    target = getattr(action, "target", None)
    if target:
        facts["target"] = target
        facts["target_value"] = _value_of(before, target)
    expression = getattr(action, "expression", None)
    if expression:
        facts["expression"] = expression
        facts["operators"] = _ops(expression)
    return facts


def record_move(
    *,
    match: Match,
    seats: list[Seat],
    before: engine.State,
    after: engine.State,
    action,
    seat: Seat | None,
    events: list[dict[str, Any]],
    now: datetime,
) -> list[Move]:
    """Append the Move rows for one applied action: the action itself, then forced skips."""
    action_json = engine.action_to_json(action)
    facts = _learning_facts(match, before, action, seat, now)
    summary = engine.summarise(before, action, events)
    main = Move(
        match=match,
        ply=match.ply,
        game_number=before.game_number,
        seat=seat.index if seat is not None else None,
        kind=KIND_OF_ACTION[action_json["type"]],
        action=action_json,
        success=summary.success,
        value=summary.value,
        dice_used=summary.dice_used,
        rerolled=summary.rerolled,
        events=events,
        **facts,
    )
    moves = [main]
    for player in summary.forced_skips:
        moves.append(
            Move(
                match=match,
                ply=match.ply + len(moves),
                game_number=after.game_number,
                seat=player,
                user_id=seats[player].user_id,
                kind=Move.Kind.FORCED_SKIP,
                capture_available=False,
                success=None,
            )
        )
    stored = Move.objects.bulk_create([fitted(move) for move in moves])
    if seat is not None:
        act = warriors_act(before, action, events, **_evidence_facts(facts))
        calculations_record(match=match, seats=seats, acts=[act], now=now)
    return stored


def _evidence_facts(facts: dict[str, Any]) -> dict[str, Any]:
    """The seat facts the evidence mapping takes, from the move's learning facts."""
    return {
        "capture_available": facts.get("capture_available"),
        "best_capture": facts.get("best_capture", ""),
        "think_ms": facts.get("think_ms"),
    }


_TEXT_COLUMNS = [f for f in Move._meta.concrete_fields if isinstance(f, CharField)]


def fitted(move: Move) -> Move:
    """The move with every text column cut to fit (PostgreSQL refuses over-long values).

    An exact value too long for its column is left empty rather than cut into a wrong number:
    the stored expression still evaluates to it exactly.
    """
    for field in _TEXT_COLUMNS:
        text = getattr(move, field.attname)
        if len(text) > field.max_length:
            setattr(move, field.attname, "" if field.name == "value" else text[: field.max_length])
    return move


def _attempt_storable(match: Match, seat: Seat, action, now: datetime) -> bool:
    """Within the attempt limits (above): one query on the (match, seat, ply) index of refused
    attempts, under the match's row lock, reading at most ATTEMPTS_PER_TURN rows."""
    stored = (
        Move.objects.filter(
            match=match, seat=seat.index, seen_ply=match.ply, kind=Move.Kind.REJECTED
        )
        .order_by()  # the log's default order would join the match for nothing
        .values_list("expression", "target", "created_at")
    )
    recent = now - timedelta(seconds=1)
    seconds = 0
    for expression, target, created_at in stored:
        if expression == action.expression and target == action.target:
            return False
        seconds += created_at > recent
    return len(stored) < ATTEMPTS_PER_TURN and seconds < ATTEMPTS_PER_SECOND


def rejected_attempt(
    *, match: Match, state: engine.State, seat: Seat, action, error, now: datetime
) -> Move | None:
    """Store a refused Mind attack as evidence (outside the ply sequence) within the attempt
    limits; None when it is not stored (other refused moves, repeats, past a limit)."""
    if not isinstance(action, engine.MindAction) or not _attempt_storable(match, seat, action, now):
        return None
    preview = engine.preview(state, seat.index, action.expression, action.dice)
    facts = _learning_facts(match, state, action, seat, now)
    # The same limits keep the evidence: a stored attempt has its calculation, no other.
    act = refused_act(state, action, **_evidence_facts(facts))
    calculations_record(match=match, seats=[seat], acts=[act], now=now)
    attempt = Move(
        match=match,
        ply=None,
        seen_ply=match.ply,
        game_number=state.game_number,
        seat=seat.index,
        kind=Move.Kind.REJECTED,
        action=engine.action_to_json(action),
        value=engine.fraction_text(preview.value),
        success=False,
        error=str(error.message),
        created_at=now,
        **facts,
    )
    fitted(attempt).save()
    return attempt


def record_opening(*, match: Match, events: list[dict[str, Any]]) -> list[Move]:
    """Forced skips the rules applied at the very start (the first player could not capture)."""
    moves = [
        Move(
            match=match,
            ply=ply,
            seat=player,
            kind=Move.Kind.FORCED_SKIP,
            user_id=match.seats.get(index=player).user_id,
            capture_available=False,
        )
        for ply, player in enumerate(engine.opening_forced_skips(events))
    ]
    if moves:
        match.ply = len(moves)
        match.save(update_fields=["ply"])
    return Move.objects.bulk_create(moves)
