"""Boards and card-war tables for evidence tests, built with the rules' public API."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.evidence.acts import Act
from games.evidence.warriors import refused_act
from games.rules import cardwar as cw
from games.rules import warriors
from games.rules.warriors.state import sort_dice


def board(
    a: Mapping[int, int],
    b: Mapping[int, int],
    *,
    variants: warriors.Variants | None = None,
) -> warriors.State:
    """Seat 0 to move, with dice {sides: value} per seat (ids A-D6, B-D20 …)."""

    def side(letter: str, values: Mapping[int, int]) -> tuple[warriors.Die, ...]:
        dice = [warriors.Die(f"{letter}-D{s}", s, v) for s, v in values.items()]
        return sort_dice(dice)

    return warriors.State(
        seed="evidence",
        variants=variants or warriors.Variants(),
        dice=(side("A", a), side("B", b)),
    )


def refused(state: warriors.State, text: str, target: str, think_ms: int = 5000) -> Act | None:
    """The act of seat 0's Mind attack `text` on `target`, refused, with a capture on the board."""
    return refused_act(state, warriors.Mind(0, text, target), capture_available=True,
                       best_capture="", think_ms=think_ms)  # fmt: skip


def stacked_deck(*piles: Sequence[str]) -> list[str]:
    """A deck dealing each seat the given cards (top first), then the rest of the deck."""
    used = {card for pile in piles for card in pile}
    out: list[str] = []
    for cards in zip(*piles, strict=True):
        out += cards
    return out + [card for card in cw.DECK if card not in used]


def cardwar_round(
    level: int,
    piles: Sequence[Sequence[str]],
    answers: Sequence[tuple[str, str]],
    *,
    target: int = 0,
    **options: Any,
) -> list[dict[str, Any]]:
    """Play one round where seat i answers answers[i] = (expression, result); every event.

    At levels 5–7 seat 0 names `target` first."""
    outcome = cw.start(
        "evidence", len(piles), cw.Options(level=level, **options), deck=stacked_deck(*piles)
    )
    state, events = outcome.state, list(outcome.events)
    if state.phase == "target":
        outcome = cw.apply(state, cw.SetTarget(state.setter, target))
        state, events = outcome.state, events + list(outcome.events)
    for seat, (expression, result) in enumerate(answers):
        outcome = cw.apply(state, cw.Submit(seat, expression, result))
        state, events = outcome.state, events + list(outcome.events)
    return events
