"""The vocabulary every game shares: errors, outcomes, seeded randomness and the operators.

The rules library cannot import Django, so messages are marked with `gettext_noop` (which
`makemessages` extracts) and kept as a template plus parameters. `str(error)` is the English
text; the web layer shows `gettext(error.template) % error.params` in the user's language.
"""

from __future__ import annotations

import hashlib
import operator
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here."""
    return message


class RuleError(ValueError):
    """A move or input the rules refuse, with a translatable message and an optional position."""

    def __init__(self, template: str, /, position: int | None = None, **params: Any) -> None:
        self.template = template
        self.params = params
        self.position = position
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template


class IllegalMove(RuleError):
    """An action the rules refuse in this state (wrong turn, a die not on the board, a second
    answer); the state is unchanged."""


# Not slotted: CPython cannot set `__orig_class__` on a frozen slotted generic, so
# `Outcome[State](...)` would fail.
@dataclass(frozen=True)
class Outcome[S]:
    """The state after an action and JSON-safe events describing what happened, in order."""

    state: S
    events: tuple[dict[str, Any], ...]


# --- seeded randomness ------------------------------------------------------------------------


def seeded_random(*parts: int | str, salt: str | None) -> random.Random:
    """A generator fixed by `parts` alone: the same draws in every process, restart and replay.

    A fresh generator per draw keeps draws independent of how many came before in a process.
    Each game keeps the derivation its stored games were made with: without a salt (Maths
    Warriors) the text "part:part:…" seeds `random.Random` directly (which hashes text with
    SHA-512); with one (card war: "cardwar", its bots: "cardwar-bot") the first 16 bytes of
    SHA-256 of "salt:part:…" do.
    """
    key = ":".join(str(part) for part in parts)
    if salt is None:
        return random.Random(key)
    digest = hashlib.sha256(f"{salt}:{key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


class SeededSource:
    """Numbered draws: draw n comes from `seeded_random(seed, n)`, and `used` counts them, so a
    game that stores the count continues from any saved state."""

    __slots__ = ("salt", "seed", "used")

    def __init__(self, seed: int | str, used: int = 0, *, salt: str | None) -> None:
        self.seed = seed
        self.used = used
        self.salt = salt

    def _next(self) -> random.Random:
        rng = seeded_random(self.seed, self.used, salt=self.salt)
        self.used += 1
        return rng

    def shuffle[T](self, items: Sequence[T]) -> tuple[T, ...]:
        """A shuffled copy (one draw)."""
        out = list(items)
        self._next().shuffle(out)
        return tuple(out)

    def integer(self, low: int, high: int) -> int:
        """A whole number from low to high inclusive (one draw)."""
        return self._next().randint(low, high)


# --- the operators ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Operator:
    """One of + − × ÷: the code the rules store, the symbol children see, the name the reports
    use, how tightly it binds and what it computes."""

    code: str
    symbol: str
    name: str
    precedence: int
    compute: Callable[[Fraction, Fraction], Fraction]


# The operators by code, in the order "+-*/" that every list of operators keeps.
OPERATORS: dict[str, Operator] = {
    op.code: op
    for op in (
        Operator("+", "+", "addition", 1, operator.add),
        Operator("-", "−", "subtraction", 1, operator.sub),
        Operator("*", "×", "multiplication", 2, operator.mul),
        Operator("/", "÷", "division", 2, operator.truediv),
    )
}

# The code of every character a child may type for an operator (ASCII or + − × ÷).
TYPED_OPERATORS: dict[str, str] = {
    char: op.code for op in OPERATORS.values() for char in (op.code, op.symbol)
}


def operator_codes(ops: str) -> str:
    """The codes of the operators in `ops` (typed in either form), in "+-*/" order.

    Raises ValueError for a character that is not an operator.
    """
    try:
        chosen = {TYPED_OPERATORS[char] for char in ops}
    except KeyError as err:
        raise ValueError(f"unknown operator in ops: {ops!r}") from err
    return "".join(code for code in OPERATORS if code in chosen)
