"""Maths Warriors actions, the captures and previews the queries return, and strict action JSON.

Action JSON comes from the network, so `action_from_json` checks every field's type and
refuses extras.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.rules.common import IllegalMove, RuleError
from games.rules.expressions import MAX_LENGTH as MAX_EXPRESSION_LENGTH


@dataclass(frozen=True, slots=True)
class Strength:
    """Attack the opponent's die `target` with own die `attacker` (ids)."""

    player: int
    attacker: str
    target: str


@dataclass(frozen=True, slots=True)
class Mind:
    """Make `target`'s value exactly with `expression` over own dice.

    `dice` names the die behind each number, left to right; None picks them automatically
    (an unused own die showing that number, the largest type first).
    """

    player: int
    expression: str
    target: str
    dice: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Skip:
    """Pass the turn voluntarily."""

    player: int


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up the game (the whole match under Best of Three); allowed on either turn."""

    player: int


@dataclass(frozen=True, slots=True)
class ClockExpired:
    """The shared game clock ran out (the server applies this, exactly once)."""


@dataclass(frozen=True, slots=True)
class MoveTimeout:
    """The per-move limit ran out for `player`; counts as a voluntary skip."""

    player: int


Action = Strength | Mind | Skip | Resign | ClockExpired | MoveTimeout


@dataclass(frozen=True, slots=True)
class Capture:
    """One legal capture: `kind` "strength" (with `attacker`) or "mind" (with `expression`)."""

    kind: str
    target: str
    attacker: str | None = None
    expression: str | None = None

    def action(self, player: int) -> Strength | Mind:
        """The action that makes this capture."""
        if self.kind == "strength":
            assert self.attacker is not None
            return Strength(player, self.attacker, self.target)
        assert self.expression is not None
        return Mind(player, self.expression, self.target)


@dataclass(frozen=True, slots=True)
class Preview:
    """What a Mind attack being typed would do now; never changes the state.

    `value` is the value of the text so far (of its complete prefix when the text is
    unfinished), `error` why it cannot be played yet, `targets` the opponent dice it would
    capture (empty unless `error` is None), `dice` the own dice it would use.
    """

    value: Fraction | None
    error: RuleError | None
    targets: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()
    text: str | None = None


_KINDS: dict[str, tuple[type, tuple[str, ...]]] = {
    "strength": (Strength, ("player", "attacker", "target")),
    "mind": (Mind, ("player", "expression", "target", "dice")),
    "skip": (Skip, ("player",)),
    "resign": (Resign, ("player",)),
    "clock_expired": (ClockExpired, ()),
    "move_timeout": (MoveTimeout, ("player",)),
}
_NAMES = {cls: kind for kind, (cls, _) in _KINDS.items()}


def action_to_json(action: Action) -> dict[str, Any]:
    """`{"type": kind, ...fields}`; Mind `dice` as a list or None."""
    kind = _NAMES.get(type(action))
    if kind is None:
        raise TypeError(f"not a Maths Warriors action: {action!r}")
    out: dict[str, Any] = {"type": kind}
    for name in _KINDS[kind][1]:
        value = getattr(action, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def _bad(what: str) -> IllegalMove:
    return IllegalMove("that move is not understood: %(what)s", what=what)


def action_from_json(data: Any) -> Action:
    """Read `action_to_json` output strictly; IllegalMove for anything malformed.

    `dice` may be missing (None). Unknown keys, wrong types, booleans as seats, seats other
    than 0/1, empty ids and over-long expressions are all refused.
    """
    if not isinstance(data, dict):
        raise _bad("not an object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise _bad("unknown type")
    cls, names = _KINDS[kind]
    extra = set(data) - {"type", *names}
    if extra:
        raise _bad("unexpected fields")
    values: dict[str, Any] = {}
    for name in names:
        value = data.get(name)
        if name == "player":
            if type(value) is not int or value not in (0, 1):
                raise _bad("player must be 0 or 1")
        elif name == "dice":
            if value is not None:
                if not isinstance(value, list) or len(value) > 12:
                    raise _bad("dice must be a list of die ids")
                value = tuple(_id(v) for v in value)
        elif name == "expression":
            if not isinstance(value, str) or len(value) > MAX_EXPRESSION_LENGTH:
                raise _bad("expression must be text")
        else:
            value = _id(value)
        values[name] = value
    return cls(**values)


def _id(value: Any) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 16:
        raise _bad("a die id must be short text")
    return value
