"""The only module that touches `games.rules.warriors`: API drift in the rules costs one file.

The Warriors kind (`games.kinds.warriors.kind`) is built on it.

Everything here speaks JSON-able data in and out where the web layer stores it, and rules
objects (`State`, actions) where the services need them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.rules import warriors
from games.rules.common import RuleError
from games.rules.warriors import bot as warriors_bot

State = warriors.State
IllegalMove = warriors.IllegalMove
MindAction = warriors.Mind
BOT_LEVELS = ("beginner", "intermediate", "expert")

__all__ = ["BOT_LEVELS", "IllegalMove", "RuleError", "State"]


def variants_from_json(data: dict[str, Any] | None) -> warriors.Variants:
    return warriors.Variants.from_json(dict(data or {}))


def variants_to_json(variants: warriors.Variants) -> dict[str, Any]:
    return variants.to_json()


def roll_source(scripted: list[int] | None):
    """Scripted rolls (tests, the guided game), or None: the rules then use the seed.

    ScriptedRolls is indexed by the state's roll counter, so the whole script is passed every
    time and the game continues from any snapshot.
    """
    return None if scripted is None else warriors.ScriptedRolls(list(scripted))


def start(seed: int, variants: dict[str, Any], scripted: list[int] | None = None):
    """A fresh game; returns (state, events) (events: the opening and any forced skips)."""
    outcome = warriors.start_game(seed, variants_from_json(variants), source=roll_source(scripted))
    return outcome.state, list(outcome.events)


def load(data: dict[str, Any]) -> State:
    return warriors.state_from_json(data)


def dump(state: State) -> dict[str, Any]:
    return warriors.state_to_json(state)


def apply(state: State, action, scripted: list[int] | None = None):
    """Apply an action; returns (new_state, events). Raises RuleError for illegal actions."""
    outcome = warriors.apply(state, action, source=roll_source(scripted))
    return outcome.state, list(outcome.events)


def action_from_json(data: dict[str, Any]):
    return warriors.action_from_json(data)


def action_to_json(action) -> dict[str, Any]:
    return warriors.action_to_json(action)


def strength(player: int, attacker: str, target: str):
    return warriors.Strength(player, attacker, target)


def mind(player: int, expression: str, target: str, dice: list[str] | None = None):
    return warriors.Mind(player, expression, target, tuple(dice) if dice else None)


def skip(player: int):
    return warriors.Skip(player)


def resign(player: int):
    return warriors.Resign(player)


def clock_expired():
    return warriors.ClockExpired()


def move_timeout(player: int):
    return warriors.MoveTimeout(player)


@dataclass(frozen=True)
class Facts:
    capture_available: bool
    best_capture: str


def capture_facts(state: State, player: int) -> Facts:
    """Whether the player had any capture, and the best one in words (for reports)."""
    available = bool(warriors.capture_available(state, player))
    best = warriors.best_capture(state, player) if available else None
    return Facts(available, describe_capture(best) if best is not None else "")


def describe_capture(capture) -> str:
    if capture.kind == "strength":
        return f"strength {capture.attacker}>{capture.target}"
    return f"mind {capture.expression}={capture.target}"


def preview(state: State, player: int, expression: str, dice: list[str] | None = None):
    """Preview(value, error, targets, dice, text) of a Mind attack being typed."""
    return warriors.mind_preview(state, player, expression, tuple(dice) if dice else None)


def fraction_text(value: Fraction | None) -> str:
    """Exact value as stored: "n/d" ("" when there is none)."""
    if value is None:
        return ""
    return f"{value.numerator}/{value.denominator}"


def fraction_display(value: Fraction | None) -> str:
    """Exact value as shown: "7", "5/3", "-2" ("" when there is none)."""
    if value is None:
        return ""
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def die_label(die_id: str) -> str:
    return die_id.split("-", 1)[-1]


@dataclass(frozen=True)
class Summary:
    """What the log needs from an applied action's events."""

    success: bool | None
    value: str
    dice_used: int | None
    rerolled: list[list[Any]]
    forced_skips: list[int]


def summarise(before: State, action, events: list[dict[str, Any]]) -> Summary:
    capture = next((e for e in events if e.get("type") == "capture"), None)
    rerolled = [[e["die"], e["new"]] for e in events if e.get("type") in ("reroll", "recruit")]
    forced = [e["player"] for e in events if e.get("type") == "skip" and e.get("forced")]
    value = ""
    dice_used = None
    if capture is not None:
        value = f"{capture['value']}/1"
        dice_used = len(capture.get("dice") or [capture.get("attacker")])
    kind = type(action).__name__
    success = capture is not None if kind in ("Strength", "Mind") else None
    return Summary(success, value, dice_used, rerolled, forced)


def opening_forced_skips(events: list[dict[str, Any]]) -> list[int]:
    return [e["player"] for e in events if e.get("type") == "skip" and e.get("forced")]


def bot_action(state: State, player: int, level: str, seed_text: str):
    """The computer's move; deterministic for a match and ply, so two processes agree."""
    return warriors_bot.choose_action(state, player, level, random.Random(seed_text))


def bot_think_ms(level: str, seed_text: str) -> int:
    return int(warriors_bot.think_time_ms(level, random.Random(seed_text)))


def replay(seed: int, variants: dict[str, Any], actions: list[dict[str, Any]], scripted=None):
    """Fold the stored actions over a fresh game (the snapshot must equal this)."""
    state, _events = start(seed, variants, scripted)
    for data in actions:
        state, _events = apply(state, action_from_json(data), scripted)
    return state
