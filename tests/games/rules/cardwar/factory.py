"""Card war test factory: tables with stacked piles, and short ways to play moves."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from games.rules import cardwar as cw
from games.rules.cardwar.options import RANKS, SUITS
from games.rules.cardwar.state import Hand, Source
from games.rules.cardwar.table import Table, start_round


def cards(spec: str, used: set[str]) -> list[str]:
    """'5 3 K AS' -> distinct card codes; a bare rank takes the first suit not used yet."""
    out = []
    for token in spec.split():
        if token[-1] in SUITS and token[:-1] in RANKS:
            card = token
        else:
            card = next(token + s for s in "SHDC" if token + s not in used)
        assert card not in used, card
        used.add(card)
        out.append(card)
    return out


def table(
    *seats: str | tuple[str, str],
    source: Source | None = None,
    last_setter: int = -1,
    **options: Any,
) -> cw.Outcome:
    """Start a round where seat i's draw pile is seats[i] (top first) or (draw, collection).

    Every other card is set aside, out of play, so counts are exactly what the test wrote.
    """
    used: set[str] = set()
    hands = []
    for spec in seats:
        draw, collection = (spec, "") if isinstance(spec, str) else spec
        hands.append(Hand(tuple(cards(draw, used)), tuple(cards(collection, used))))
    n = len(seats)
    options.setdefault("level", 1)
    state = cw.State(
        seed="test",
        draws=0,
        players=n,
        options=cw.Options(**options),
        hands=tuple(hands),
        set_aside=tuple(c for c in cw.DECK if c not in used),
        pot=((),) * n,
        face_up=((),) * n,
        entries=(None,) * n,
        last_setter=last_setter,
    )
    t = Table(state, source or cw.SeededSource("test", 0, salt=cw.SOURCE_SALT))
    start_round(t)
    return cw.Outcome(t.freeze(), tuple(t.events))


def best_text(state: cw.State, player: int) -> tuple[str, Fraction]:
    """The first best expression for the player's face-up cards and its value."""
    a, b = cw.face_up_values(state, player)
    value = cw.best_value(state.options.level, a, b, state.target)
    return cw.candidates(state.options.level, a, b)[value], value


def answer(state: cw.State, player: int, expression: str | None = None, result: str | None = None):
    """Submit `expression` (default: the best) with `result` (default: its correct value)."""
    if expression is None:
        expression, value = best_text(state, player)
    else:
        a, b = cw.face_up_values(state, player)
        value = cw.read_choice(state.options.level, a, b, expression).value
    return cw.apply(state, cw.Submit(player, expression, str(value) if result is None else result))


def play(state: cw.State, *actions: cw.Action) -> tuple[cw.State, list[dict[str, Any]]]:
    """Apply actions in order; the final state and every event."""
    events: list[dict[str, Any]] = []
    for action in actions:
        outcome = cw.apply(state, action)
        state = outcome.state
        events += outcome.events
    return state, events


def all_best(state: cw.State) -> tuple[cw.State, list[dict[str, Any]]]:
    """Everyone awaited answers their best choice correctly."""
    actions = []
    for p in cw.awaited(state):
        text, value = best_text(state, p)
        actions.append(cw.Submit(p, text, str(value)))
    return play(state, *actions)


def of(events: Sequence[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type."""
    return [e for e in events if e["type"] == kind]
