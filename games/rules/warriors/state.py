"""Maths Warriors data: dice, variants, roll sources, the game state and its JSON form.

Everything here is plain immutable data plus pure helpers; the moves live in `play`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

from games.rules.common import seeded_random

DIE_TYPES: tuple[int, ...] = (4, 6, 8, 10, 12, 20)
SEAT_LETTERS = ("A", "B")
STATE_VERSION = 1


@dataclass(frozen=True, slots=True)
class Die:
    """One die on the board; `id` is its first owner and type (`A-D12`) and never changes."""

    id: str
    sides: int
    value: int

    @property
    def label(self) -> str:
        """The die type as players say it, e.g. `D12`."""
        return f"D{self.sides}"


def die_id(seat: int, sides: int) -> str:
    """The stable id of seat `seat`'s die with `sides` sides (`A-D4`, `B-D20`)."""
    return f"{SEAT_LETTERS[seat]}-D{sides}"


@dataclass(frozen=True, slots=True)
class Variants:
    """The variant switches in force; all compose except Plus and Minus with Times and Divide."""

    three_captures: bool = False
    recruit: bool = False
    best_of_three: bool = False
    mind_only: bool = False
    plus_minus: bool = False
    times_divide: bool = False
    power_up: bool = False
    big_brain: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            if not isinstance(getattr(self, f.name), bool):
                raise ValueError(f"variant {f.name} must be true or false")
        if self.plus_minus and self.times_divide:
            raise ValueError("Plus and Minus and Times and Divide cannot both be on")

    @property
    def ops(self) -> str:
        """The operators a Mind attack may use."""
        if self.plus_minus:
            return "+-"
        if self.times_divide:
            return "*/"
        return "+-*/"

    @property
    def min_dice(self) -> int:
        """The fewest dice a Mind attack may use (3 under Big Brain)."""
        return 3 if self.big_brain else 2

    def to_json(self) -> dict[str, bool]:
        """Every switch by name."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Any) -> Variants:
        """Read `to_json` output; missing switches are off, unknown names are an error."""
        if not isinstance(data, dict):
            raise ValueError("variants must be an object")
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown variants: {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)


class RollSource(Protocol):
    """Where dice values come from: roll number `index` of a die with `sides` sides."""

    def roll(self, sides: int, index: int) -> int: ...


@dataclass(frozen=True, slots=True)
class SeededRolls:
    """Roll `index` is derived from (seed, index) alone, so any state can continue its game."""

    seed: int | str

    def roll(self, sides: int, index: int) -> int:
        return seeded_random(self.seed, index, salt=None).randint(1, sides)


class RollsExhausted(LookupError):
    """A `ScriptedRolls` was asked for more rolls than it was given."""


@dataclass(frozen=True, slots=True)
class ScriptedRolls:
    """Scripted values: roll number `index` is `values[index - start]` (tests, the guided game).

    Indexing by the state's roll counter (not an internal cursor) keeps the source stateless,
    so the same script can continue a game from any saved state. Raises `RollsExhausted` past
    the end and `ValueError` when a scripted value does not fit the die.
    """

    values: tuple[int, ...]
    start: int = 0

    def __init__(self, values: Sequence[int], start: int = 0) -> None:
        object.__setattr__(self, "values", tuple(values))
        object.__setattr__(self, "start", start)

    def roll(self, sides: int, index: int) -> int:
        i = index - self.start
        if not 0 <= i < len(self.values):
            raise RollsExhausted(
                f"the script has no roll number {index} (it covers rolls {self.start}"
                f"..{self.start + len(self.values) - 1})"
            )
        value = self.values[i]
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {index} is {value}, which a D{sides} cannot show")
        return value


Opening = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


@dataclass(frozen=True, slots=True)
class State:
    """A whole match at one moment; with its seed (or script) it is enough to continue.

    `dice[s]` are the dice seat `s` holds now (sorted by type, then id); `captured[s]` the ids
    seat `s` has captured in the current game, in order; `opening` every opening roll of the
    current game (the last one decided who went first); `results` the (winner, reason) of each
    finished game of a Best of Three. `ply` counts applied actions in the match.
    """

    seed: int | str
    variants: Variants
    dice: tuple[tuple[Die, ...], tuple[Die, ...]]
    captured: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    capture_events: tuple[int, int] = (0, 0)
    first: int = 0
    to_move: int = 0
    ply: int = 0
    rolls: int = 0
    skips_in_row: int = 0
    forced_skips_in_row: int = 0
    status: str = "playing"
    winner: int | None = None
    reason: str | None = None
    game_number: int = 1
    games_won: tuple[int, int] = (0, 0)
    opening: Opening = ()
    results: tuple[tuple[int, str], ...] = ()

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    def find(self, die: str) -> tuple[int, Die] | None:
        """(seat, die) for a die id on the board, or None."""
        for seat in (0, 1):
            for d in self.dice[seat]:
                if d.id == die:
                    return seat, d
        return None


def sort_dice(dice: Sequence[Die]) -> tuple[Die, ...]:
    """A seat's dice in board order: by type, then id (own die before a recruited twin)."""
    return tuple(sorted(dice, key=lambda d: (d.sides, d.id)))


def first_player(values_a: Sequence[int], values_b: Sequence[int]) -> int | None:
    """0 or 1: the seat with the smaller value at the first differing pair of sorted values.

    None when every pair is equal (both roll again).
    """
    for a, b in zip(sorted(values_a), sorted(values_b), strict=True):
        if a != b:
            return 0 if a < b else 1
    return None


# --- JSON -------------------------------------------------------------------------------------


def state_to_json(state: State) -> dict[str, Any]:
    """The state as JSON-safe data (ints, strings, booleans, None, lists, dicts)."""
    return {
        "version": STATE_VERSION,
        "seed": state.seed,
        "variants": state.variants.to_json(),
        "dice": [[[d.id, d.sides, d.value] for d in seat] for seat in state.dice],
        "captured": [list(c) for c in state.captured],
        "capture_events": list(state.capture_events),
        "first": state.first,
        "to_move": state.to_move,
        "ply": state.ply,
        "rolls": state.rolls,
        "skips_in_row": state.skips_in_row,
        "forced_skips_in_row": state.forced_skips_in_row,
        "status": state.status,
        "winner": state.winner,
        "reason": state.reason,
        "game_number": state.game_number,
        "games_won": list(state.games_won),
        "opening": [[list(a), list(b)] for a, b in state.opening],
        "results": [[w, r] for w, r in state.results],
    }


def _int(value: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise ValueError(f"{name} must be a whole number >= {lo}")
    if hi is not None and value > hi:
        raise ValueError(f"{name} must be at most {hi}")
    return value


def _seat(value: Any, name: str) -> int:
    return _int(value, name, 0, 1)


def _list(value: Any, name: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"{name} must be a list" + (f" of {length}" if length else ""))
    return value


def _str(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{name} must be text")
    return value


def _die_from_json(value: Any) -> Die:
    die_id_, sides, rolled = _list(value, "a die", 3)
    sides = _int(sides, "die sides", 1)
    if sides not in DIE_TYPES:
        raise ValueError(f"there is no D{sides}")
    return Die(_str(die_id_, "die id"), sides, _int(rolled, "die value", 1, sides))


def state_from_json(data: Any) -> State:
    """Rebuild a state from `state_to_json` output; ValueError on anything malformed."""
    if not isinstance(data, dict):
        raise ValueError("a state must be an object")
    if data.get("version") != STATE_VERSION:
        raise ValueError(f"unsupported state version {data.get('version')!r}")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError("seed must be a whole number or text")
    status = data.get("status")
    if status not in ("playing", "finished"):
        raise ValueError("status must be 'playing' or 'finished'")
    winner = data.get("winner")
    reason = data.get("reason")
    dice = tuple(
        sort_dice([_die_from_json(d) for d in _list(seat, "dice")])
        for seat in _list(data.get("dice"), "dice", 2)
    )
    captured = tuple(
        tuple(_str(i, "captured id") for i in _list(c, "captured"))
        for c in _list(data.get("captured"), "captured", 2)
    )
    opening = tuple(
        (
            tuple(_int(v, "opening value", 1) for v in _list(a, "opening roll")),
            tuple(_int(v, "opening value", 1) for v in _list(b, "opening roll")),
        )
        for a, b in (_list(o, "opening", 2) for o in _list(data.get("opening"), "opening"))
    )
    results = tuple(
        (_seat(w, "result winner"), _str(r, "result reason"))
        for w, r in (_list(x, "result", 2) for x in _list(data.get("results"), "results"))
    )
    return State(
        seed=seed,
        variants=Variants.from_json(data.get("variants")),
        dice=(dice[0], dice[1]),
        captured=(captured[0], captured[1]),
        capture_events=_pair(data.get("capture_events"), "capture_events"),
        first=_seat(data.get("first"), "first"),
        to_move=_seat(data.get("to_move"), "to_move"),
        ply=_int(data.get("ply"), "ply"),
        rolls=_int(data.get("rolls"), "rolls"),
        skips_in_row=_int(data.get("skips_in_row"), "skips_in_row"),
        forced_skips_in_row=_int(data.get("forced_skips_in_row"), "forced_skips_in_row"),
        status=status,
        winner=None if winner is None else _seat(winner, "winner"),
        reason=None if reason is None else _str(reason, "reason"),
        game_number=_int(data.get("game_number"), "game_number", 1, 3),
        games_won=_pair(data.get("games_won"), "games_won"),
        opening=opening,
        results=results,
    )


def _pair(value: Any, name: str) -> tuple[int, int]:
    a, b = _list(value, name, 2)
    return _int(a, name), _int(b, name)
