"""Card war state: immutable data for one game, its random source, and JSON round-trips.

Private fields (never sent to a browser as they are): `State.seed`, `State.draws`, the cards in
every draw and collection pile, `State.set_aside`, the face-down cards in `State.pot`, and each
`Entry` until the answers are revealed. Everything the UI needs goes through the query helpers in
`games.rules.cardwar`, which expose only counts, face-up cards and revealed answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from games.rules.cardwar.options import DECK, Options, is_card

STATE_VERSION = 1
PHASES = ("target", "answer", "over")
SOURCE_SALT = "cardwar"


class Source(Protocol):
    """Where a game's randomness comes from; `used` is stored in the state as `draws`.

    In play `common.SeededSource(seed, draws, salt=SOURCE_SALT)`; tests script one.
    """

    used: int

    def shuffle(self, cards: Sequence[str]) -> tuple[str, ...]: ...

    def integer(self, low: int, high: int) -> int: ...


class ScriptedSource:
    """A source for tests: shuffles return the given orders (or keep the order), integers come
    from a list; every draw still counts in `used`, as a seeded one would."""

    def __init__(
        self, shuffles: Sequence[Sequence[str]] = (), integers: Sequence[int] = (), used: int = 0
    ) -> None:
        self.shuffles = [tuple(s) for s in shuffles]
        self.integers = list(integers)
        self.used = used

    def shuffle(self, cards: Sequence[str]) -> tuple[str, ...]:
        self.used += 1
        if self.shuffles:
            order = self.shuffles.pop(0)
            assert sorted(order) == sorted(cards), "a scripted shuffle must reorder the same cards"
            return order
        return tuple(cards)

    def integer(self, low: int, high: int) -> int:
        self.used += 1
        value = self.integers.pop(0) if self.integers else low
        assert low <= value <= high
        return value


@dataclass(frozen=True, slots=True)
class Hand:
    """One seat's cards: draw pile (index 0 is the top) and collection pile. Both private."""

    draw: tuple[str, ...] = ()
    collection: tuple[str, ...] = ()
    out: bool = False

    @property
    def count(self) -> int:
        """Draw + collection: the player's card count."""
        return len(self.draw) + len(self.collection)


@dataclass(frozen=True, slots=True)
class Entry:
    """A checked submission: what was typed and what it was worth. Private until revealed."""

    expression: str
    answer: str
    choice: str
    value: Fraction
    correct: bool
    op: str
    squared: bool
    rooted: int


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: `winners` are seats (a whole team with four players); empty on a
    draw, when `tied` holds the seats sharing the most cards."""

    reason: str  # "last_standing", "clock", "nobody_left"
    winners: tuple[int, ...]
    draw: bool
    counts: tuple[int, ...]  # cards that count per seat (0 for players out)
    tied: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "winners": list(self.winners),
            "draw": self.draw,
            "counts": list(self.counts),
            "tied": list(self.tied),
        }


@dataclass(frozen=True, slots=True)
class State:
    """One card war game between actions. Seats are 0..players-1; see the module doc for privacy.

    `playing` are the seats turning up cards this round (in a war only those at war); `pot[s]` are
    the cards seat s laid this round and its wars, in the order laid; `face_up[s]` the two cards
    s shows now; `setter` named this round's target (None: the computer, or no target);
    `last_setter` is where the rotation continues from (-1 before the first target).
    """

    seed: str
    draws: int
    players: int
    options: Options
    hands: tuple[Hand, ...]
    set_aside: tuple[str, ...] = ()
    phase: str = "answer"
    round: int = 0
    war_depth: int = 0
    playing: tuple[int, ...] = ()
    pot: tuple[tuple[str, ...], ...] = ()
    face_up: tuple[tuple[str, ...], ...] = ()
    entries: tuple[Entry | None, ...] = ()
    target: int | None = None
    setter: int | None = None
    last_setter: int = -1
    result: Result | None = field(default=None)

    def all_cards(self) -> list[str]:
        """Every card the state holds anywhere (for conservation checks)."""
        cards = list(self.set_aside)
        for hand in self.hands:
            cards += hand.draw + hand.collection
        for pile in (*self.pot, *self.face_up):
            cards += pile
        return cards


def side_of(players: int, seat: int) -> int:
    """Seat's side: with four players teams 0&2 (side 0) and 1&3 (side 1), else the seat."""
    return seat % 2 if players == 4 else seat


def _entry_to_json(entry: Entry | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {
        "expression": entry.expression,
        "answer": entry.answer,
        "choice": entry.choice,
        "value": str(entry.value),
        "correct": entry.correct,
        "op": entry.op,
        "squared": entry.squared,
        "rooted": entry.rooted,
    }


def state_to_json(state: State) -> dict[str, Any]:
    """A JSON-safe dict of the whole state, private fields included (for the server's store)."""
    return {
        "version": STATE_VERSION,
        "seed": state.seed,
        "draws": state.draws,
        "players": state.players,
        "options": state.options.to_json(),
        "hands": [
            {"draw": list(h.draw), "collection": list(h.collection), "out": h.out}
            for h in state.hands
        ],
        "set_aside": list(state.set_aside),
        "phase": state.phase,
        "round": state.round,
        "war_depth": state.war_depth,
        "playing": list(state.playing),
        "pot": [list(p) for p in state.pot],
        "face_up": [list(p) for p in state.face_up],
        "entries": [_entry_to_json(e) for e in state.entries],
        "target": state.target,
        "setter": state.setter,
        "last_setter": state.last_setter,
        "result": None if state.result is None else state.result.to_json(),
    }


def _cards(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(is_card(c) for c in value):
        raise ValueError("expected a list of cards")
    return tuple(value)


def _ints(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise ValueError("expected a list of whole numbers")
    return tuple(value)


def _entry_from_json(data: object) -> Entry | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError("bad entry")
    return Entry(
        expression=str(data["expression"]),
        answer=str(data["answer"]),
        choice=str(data["choice"]),
        value=Fraction(str(data["value"])),
        correct=bool(data["correct"]),
        op=str(data["op"]),
        squared=bool(data["squared"]),
        rooted=int(data["rooted"]),
    )


def state_from_json(data: dict[str, Any]) -> State:
    """Rebuild a state from `state_to_json`; raises ValueError if it is malformed or loses cards."""
    try:
        if data["version"] != STATE_VERSION:
            raise ValueError(f"unknown state version {data['version']!r}")
        raw = data["result"]
        result = None
        if raw is not None:
            result = Result(
                reason=str(raw["reason"]),
                winners=_ints(raw["winners"]),
                draw=bool(raw["draw"]),
                counts=_ints(raw["counts"]),
                tied=_ints(raw["tied"]),
            )
        state = State(
            seed=str(data["seed"]),
            draws=int(data["draws"]),
            players=int(data["players"]),
            options=Options.from_json(data["options"]),
            hands=tuple(
                Hand(_cards(h["draw"]), _cards(h["collection"]), bool(h["out"]))
                for h in data["hands"]
            ),
            set_aside=_cards(data["set_aside"]),
            phase=str(data["phase"]),
            round=int(data["round"]),
            war_depth=int(data["war_depth"]),
            playing=_ints(data["playing"]),
            pot=tuple(_cards(p) for p in data["pot"]),
            face_up=tuple(_cards(p) for p in data["face_up"]),
            entries=tuple(_entry_from_json(e) for e in data["entries"]),
            target=None if data["target"] is None else int(data["target"]),
            setter=None if data["setter"] is None else int(data["setter"]),
            last_setter=int(data["last_setter"]),
            result=result,
        )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"malformed card war state: {exc!r}") from exc
    check_state(state)
    return state


def check_state(state: State) -> None:
    """Raise ValueError unless the state is internally consistent (every card exactly once)."""
    if state.players not in (2, 3, 4) or state.phase not in PHASES:
        raise ValueError("bad players or phase")
    n = state.players
    if not (len(state.hands) == len(state.pot) == len(state.face_up) == len(state.entries) == n):
        raise ValueError("per-seat fields must have one item per seat")
    if sorted(state.all_cards()) != sorted(DECK):
        raise ValueError("the state must hold each of the 52 cards exactly once")
    if any(not 0 <= s < n for s in state.playing):
        raise ValueError("bad seat in playing")
