"""Card war actions: what players and the server's timers can do, and strict JSON for them.

Actions arrive from the network, so `action_from_json` accepts exactly the documented shapes and
nothing else (no extra keys, no bools for numbers, bounded text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.cardwar.values import MAX_ANSWER_LENGTH
from games.rules.common import IllegalMove, gettext_noop
from games.rules.expressions import MAX_LENGTH as MAX_EXPRESSION_LENGTH


@dataclass(frozen=True, slots=True)
class SetTarget:
    """The round's target setter names a whole number from −15 to 15."""

    player: int
    value: int


@dataclass(frozen=True, slots=True)
class Submit:
    """A player's expression choice for their two face-up cards and the result they computed."""

    player: int
    expression: str
    answer: str


@dataclass(frozen=True, slots=True)
class TargetTimeout:
    """The setter's time ran out: a random target is drawn."""


@dataclass(frozen=True, slots=True)
class AnswerTimeout:
    """The answer timer ran out: players who have not submitted have no value this round."""


@dataclass(frozen=True, slots=True)
class ClockExpired:
    """The game clock ran out: play stops and the most cards wins."""


@dataclass(frozen=True, slots=True)
class Resign:
    """A player leaves the game; they are out from now on."""

    player: int


type Action = SetTarget | Submit | TargetTimeout | AnswerTimeout | ClockExpired | Resign

_KINDS: dict[str, tuple[type, tuple[str, ...]]] = {
    "set_target": (SetTarget, ("player", "value")),
    "submit": (Submit, ("player", "expression", "answer")),
    "target_timeout": (TargetTimeout, ()),
    "answer_timeout": (AnswerTimeout, ()),
    "clock_expired": (ClockExpired, ()),
    "resign": (Resign, ("player",)),
}
_NAMES = {cls: name for name, (cls, _) in _KINDS.items()}
_TEXT_LIMITS = {"expression": MAX_EXPRESSION_LENGTH, "answer": MAX_ANSWER_LENGTH}


def action_to_json(action: Action) -> dict[str, Any]:
    """{"type": ..., fields...}: JSON-safe and accepted by `action_from_json`."""
    name = _NAMES[type(action)]
    return {"type": name} | {key: getattr(action, key) for key in _KINDS[name][1]}


def _bad(template: str, **params: Any) -> IllegalMove:
    return IllegalMove(template, **params)


def action_from_json(data: object) -> Action:
    """Strictly read an action; raises IllegalMove for any other shape."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise _bad(gettext_noop("this move is not one the game understands"))
    kind = _KINDS.get(data["type"])
    if kind is None:
        raise _bad(gettext_noop("this move is not one the game understands"))
    cls, keys = kind
    if set(data) != {"type", *keys}:
        raise _bad(gettext_noop("this move is not one the game understands"))
    values: dict[str, Any] = {}
    for key in keys:
        value = data[key]
        if key in _TEXT_LIMITS:
            if not isinstance(value, str):
                raise _bad(gettext_noop("this move is not one the game understands"))
            if len(value) > _TEXT_LIMITS[key]:
                raise _bad(
                    gettext_noop("this is too long: use at most %(limit)s symbols"),
                    limit=_TEXT_LIMITS[key],
                )
        elif not isinstance(value, int) or isinstance(value, bool) or abs(value) > 1000:
            raise _bad(gettext_noop("this move is not one the game understands"))
        values[key] = value
    return cls(**values)
