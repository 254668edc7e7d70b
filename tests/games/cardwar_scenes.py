"""Card-war games at a chosen moment, from real rules states, for the screen's tests.

A stacked deck (top card first) is dealt one card at a time round the table, so `deck_for`
puts each seat's first cards where the dealing will give them to that seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.kinds.cardwar.view import Reveal, reveal_after, viewer_view
from games.rules.cardwar import (
    DECK,
    Action,
    Options,
    SetTarget,
    State,
    Submit,
    apply,
    start,
)

NAMES = ("Amara", "Ben", "Chloe", "Dev")


def deck_for(hands: list[list[str]]) -> list[str]:
    """A deck whose dealing gives seat s the cards hands[s] first (top first), then the rest."""
    players = len(hands)
    rest = [c for c in DECK if not any(c in h for h in hands)]
    per_seat = [list(h) for h in hands]
    size = 52 // players if players != 3 else 17
    for hand in per_seat:
        while len(hand) < size:
            hand.append(rest.pop(0))
    deck = [per_seat[s][i] for i in range(size) for s in range(players)]
    return deck + rest  # with three players the last card is set aside


@dataclass
class Scene:
    state: State
    options: Options
    events: list[dict[str, Any]] = field(default_factory=list)
    reveal: Reveal = None

    def act(self, *actions: Action) -> Scene:
        for action in actions:
            outcome = apply(self.state, action)
            self.reveal = reveal_after(self.reveal, outcome.events, round_number=self.state.round)
            self.state = outcome.state
            self.events += outcome.events
        return self

    def view(self, viewer: int | None) -> dict[str, Any]:
        """The card-war kind's view for this viewer (what the socket renders)."""
        return viewer_view(self.state, self.reveal, viewer)

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[: self.state.players]


def scene(hands: list[list[str]], **options: Any) -> Scene:
    opts = Options(**options)
    outcome = start("screen-test", len(hands), opts, deck=deck_for(hands))
    return Scene(outcome.state, opts, list(outcome.events))


def target(s: Scene, value: int) -> Scene:
    return s.act(SetTarget(s.state.setter, value))


def answer(s: Scene, seat: int, expression: str, result: str) -> Scene:
    return s.act(Submit(seat, expression, result))


def best(s: Scene, seat: int) -> Submit:
    """The seat's best choice, answered correctly (as an integer or a fraction)."""
    from games.rules.cardwar import candidates, face_up_values
    from games.rules.cardwar.values import score

    level, goal = s.state.options.level, s.state.target
    a, b = face_up_values(s.state, seat)
    values = candidates(level, a, b)
    value = max(values, key=lambda v: (score(level, v, goal), v))
    return Submit(seat, values[value], str(value))


def all_best(s: Scene, except_seats: tuple[int, ...] = ()) -> Scene:
    for seat in s.state.playing:
        if seat not in except_seats and s.state.entries[seat] is None:
            s.act(best(s, seat))
    return s


LOW = [r + suit for r in ("A", "2", "3", "4", "5") for suit in "SHDC"]
HIGH = [r + suit for r in ("9", "10", "J", "Q", "K") for suit in "SHDC"]


def level_scene(level: int, players: int = 2, **options: Any) -> Scene:
    """A game at `level` after one finished round, in the next round's answer step (target 5)."""
    hands = {
        2: [["7H", "3S", "9D", "4C"], ["8C", "3D", "KH", "QS"]],
        4: [
            ["7H", "3S", "9D", "4C"],
            ["8C", "3D", "KH", "QS"],
            ["5H", "5S", "JD", "AC"],
            ["6C", "6D", "10H", "2S"],
        ],
    }[players]
    s = scene(hands, level=level, **options)
    if s.state.phase == "target":
        target(s, 5)
    all_best(s)
    if s.state.phase == "target":
        target(s, 5)
    return s


def sacrifice_scene() -> Scene:
    """Level 1, two players: Amara loses ten rounds, then ties with four cards left: a war of two
    face-down cards each instead of six (the sacrifice rule)."""
    amara = [*LOW, "6H", "7H"]
    ben = [*HIGH, "6S", "7S"]
    s = scene([amara, ben], level=1)
    for _ in range(11):
        all_best(s)
    return s
