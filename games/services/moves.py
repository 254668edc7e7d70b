"""Turning client messages into rules actions, and rules results into Move rows (the log)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from games import engine
from games.evidence.warriors import refused_act, warriors_act
from games.models import Match, Move, Seat
from games.services.evidence import calculations_record

KIND_OF_ACTION = {
    "strength": Move.Kind.STRENGTH,
    "mind": Move.Kind.MIND,
    "skip": Move.Kind.SKIP,
    "resign": Move.Kind.RESIGN,
    "move_timeout": Move.Kind.TIMEOUT,
    "clock_expired": Move.Kind.CLOCK,
}
MAX_EXPRESSION = 120


def _die_id(value: Any) -> str | None:
    if isinstance(value, str) and 0 < len(value) <= 16:
        return value
    return None


def client_action(data: dict[str, Any], seat: int):
    """The rules action a player's message asks for, or None when it is malformed."""
    kind = data.get("kind")
    if kind == "strength":
        attacker, target = _die_id(data.get("attacker")), _die_id(data.get("target"))
        if attacker and target:
            return engine.strength(seat, attacker, target)
    elif kind == "mind":
        expression, target = data.get("expression"), _die_id(data.get("target"))
        dice = data.get("dice") or None
        if dice is not None and (
            not isinstance(dice, list) or len(dice) > 12 or not all(map(_die_id, dice))
        ):
            return None
        if isinstance(expression, str) and 0 < len(expression) <= MAX_EXPRESSION and target:
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
        facts["best_capture"] = captures.best_capture[:200]
    target = getattr(action, "target", None)
    if target:
        facts["target"] = target
        facts["target_value"] = _value_of(before, target)
    expression = getattr(action, "expression", None)
    if expression:
        facts["expression"] = expression[:200]
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
    stored = Move.objects.bulk_create(moves)
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


def rejected_attempt(
    *, match: Match, state: engine.State, seat: Seat, action, error, now: datetime
) -> Move | None:
    """Store a refused Mind attack as evidence (outside the ply sequence); others are dropped."""
    if not isinstance(action, engine.MindAction):
        return None
    preview = engine.preview(state, seat.index, action.expression, action.dice)
    facts = _learning_facts(match, state, action, seat, now)
    act = refused_act(state, action, **_evidence_facts(facts))
    calculations_record(match=match, seats=[seat], acts=[act], now=now)
    return Move.objects.create(
        match=match,
        ply=None,
        seen_ply=match.ply,
        game_number=state.game_number,
        seat=seat.index,
        kind=Move.Kind.REJECTED,
        action=engine.action_to_json(action),
        value=engine.fraction_text(preview.value),
        success=False,
        error=str(error.message)[:200],
        **facts,
    )


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
