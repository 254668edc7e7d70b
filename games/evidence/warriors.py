"""Maths Warriors moves as acts: a Mind attack (applied or refused), a Strength attack, a skip.

Two doors, one mapping: `warriors_act` for a move being applied (the rules' state before it,
the action and its events) and `stored_move_act` for a `Move` row already in the log (the data
migration). Both reduce to the facts a `Move` row stores and go through `_move_act`.

`best_capture` is the text `games.kinds.warriors.engine.describe_capture` stores:
"mind 3 + 4=B-D8" or "strength A-D12>B-D8"; its value is the target die's value on the board
before the move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.evidence.acts import (
    MAX_EXPRESSION,
    MAX_VARIANT,
    MIND,
    MIND_REFUSED,
    SKIP,
    STRENGTH,
    Act,
    clean_text,
    think_ms_clamped,
)
from games.evidence.expression import expression_facts
from games.rules import warriors

# Move kinds (games.models.Move.Kind values) that are acts of the student.
_ACT_OF_MOVE = {
    "mind": MIND,
    "rejected": MIND_REFUSED,
    "strength": STRENGTH,
    "skip": SKIP,
    "timeout": SKIP,
}
_MOVE_OF_ACTION = {
    warriors.Mind: "mind",
    warriors.Strength: "strength",
    warriors.Skip: "skip",
    warriors.MoveTimeout: "timeout",
}


@dataclass(frozen=True, slots=True)
class MoveFacts:
    """What a Warriors `Move` row stores about a player's move (the mapping's input)."""

    seat: int
    kind: str  # a Move.Kind value
    dice: Mapping[str, int]  # every die's value before the move, by id
    variants: Mapping[str, Any]
    expression: str = ""
    attacker: str = ""
    target: str = ""
    success: bool | None = None
    capture_available: bool | None = None
    best_capture: str = ""
    think_ms: int | None = None


def variant_text(variants: Mapping[str, Any]) -> str:
    """The variants in force, by name, comma-separated ("" for the standard game)."""
    return ",".join(sorted(name for name, on in variants.items() if on is True))[:MAX_VARIANT]


def best_of(text: str, dice: Mapping[str, int]) -> tuple[Fraction | None, str]:
    """(value, calculation) of the best capture as stored; (None, "") when none or unreadable."""
    kind, _, rest = (text or "").partition(" ")
    if kind == "mind":
        expression, _, target = rest.rpartition("=")
        value = dice.get(target)
        return (Fraction(value), expression) if value is not None and expression else (None, "")
    if kind == "strength":
        attacker, _, target = rest.partition(">")
        a, d = dice.get(attacker), dice.get(target)
        return (Fraction(d), f"{a} ≥ {d}") if a is not None and d is not None else (None, "")
    return None, ""


def _move_act(move: MoveFacts) -> Act | None:
    kind = _ACT_OF_MOVE.get(move.kind)
    if kind is None:
        return None
    best_value, best_expression = best_of(move.best_capture, move.dice)
    common: dict[str, Any] = {
        "seat": move.seat,
        "kind": kind,
        "best_value": best_value,
        "best_expression": clean_text(best_expression, MAX_EXPRESSION),
        "option_available": move.capture_available,
        "think_ms": think_ms_clamped(move.think_ms),
        "variant": variant_text(move.variants),
    }
    target = move.dice.get(move.target)
    if kind == SKIP:
        return Act(**common, chose_best=False if move.capture_available else None)
    if kind == STRENGTH:
        attacker = move.dice.get(move.attacker)
        operands = tuple(v for v in (attacker, target) if v is not None)
        return Act(
            **common,
            operands=operands,
            target=target,
            chose_best=_chose_best(target, best_value, move.success),
        )
    facts = expression_facts(move.expression, powers=move.variants.get("power_up") is True)
    expression = clean_text(move.expression, MAX_EXPRESSION)
    if facts is None:  # unreadable: stored as evidence, counted in no skill (value unknown)
        return Act(**common, expression=expression, target=target, correct=False)
    success = kind == MIND and move.success is not False
    return Act(
        **common,
        expression=expression,
        operands=facts.operands,
        add=facts.add,
        sub=facts.sub,
        mul=facts.mul,
        div=facts.div,
        square=facts.square,
        root=facts.root,
        brackets=facts.brackets,
        non_integer=facts.non_integer,
        value=facts.value,
        target=target,
        correct=success or (facts.value is not None and facts.value == target),
        chose_best=_chose_best(target, best_value, True) if success else None,
    )


def _chose_best(captured: int | None, best: Fraction | None, success: bool | None) -> bool | None:
    if not success or captured is None:
        return None
    return best is None or captured >= best


def _dice_of(state: warriors.State) -> dict[str, int]:
    return {d.id: d.value for side in state.dice for d in side}


def warriors_act(
    before: warriors.State,
    action: warriors.Action,
    events: list[dict[str, Any]],
    *,
    capture_available: bool | None,
    best_capture: str,
    think_ms: int | None,
) -> Act | None:
    """The act of a move being applied (None for actions that are not a student's act)."""
    kind = _MOVE_OF_ACTION.get(type(action))
    if kind is None:
        return None
    capture = next((e for e in events if e.get("type") == "capture"), None)
    return _move_act(
        MoveFacts(
            seat=action.player,
            kind=kind,
            dice=_dice_of(before),
            variants=before.variants.to_json(),
            expression=getattr(action, "expression", ""),
            attacker=getattr(action, "attacker", ""),
            target=getattr(action, "target", ""),
            success=capture is not None if kind in ("mind", "strength") else None,
            capture_available=capture_available,
            best_capture=best_capture,
            think_ms=think_ms,
        )
    )


def refused_act(
    before: warriors.State,
    action: warriors.Mind,
    *,
    capture_available: bool | None,
    best_capture: str,
    think_ms: int | None,
) -> Act | None:
    """The act of a Mind attack the rules refused."""
    return _move_act(
        MoveFacts(
            seat=action.player,
            kind="rejected",
            dice=_dice_of(before),
            variants=before.variants.to_json(),
            expression=action.expression,
            target=action.target,
            success=False,
            capture_available=capture_available,
            best_capture=best_capture,
            think_ms=think_ms,
        )
    )


def stored_move_act(row: Mapping[str, Any], variants: Mapping[str, Any]) -> Act | None:
    """The act of a stored `Move` row (as `.values()` gives it), for the data migration.

    `dice_before` is [[id, sides, value], …] per seat; a row the rules did not write (no seat)
    or of a kind that is no act gives None.
    """
    if row.get("seat") is None or row.get("kind") not in _ACT_OF_MOVE:
        return None
    dice: dict[str, int] = {}
    for side in row.get("dice_before") or []:
        for entry in side:
            if isinstance(entry, list) and len(entry) == 3 and isinstance(entry[2], int):
                dice[str(entry[0])] = entry[2]
    action = row.get("action") or {}
    return _move_act(
        MoveFacts(
            seat=row["seat"],
            kind=row["kind"],
            dice=dice,
            variants=variants or {},
            expression=row.get("expression") or "",
            attacker=str(action.get("attacker") or ""),
            target=row.get("target") or "",
            success=row.get("success"),
            capture_available=row.get("capture_available"),
            best_capture=row.get("best_capture") or "",
            think_ms=row.get("think_ms"),
        )
    )
