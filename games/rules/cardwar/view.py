"""Card war: what a UI may show of a game, per seat or for a spectator.

These queries never reveal cards in draw or collection piles, face-down cards, or answers before
they are revealed (except a viewer's own).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from games.rules.cardwar.options import card_value
from games.rules.cardwar.state import State
from games.rules.cardwar.table import next_in_play
from games.rules.cardwar.values import candidates


def awaited(state: State) -> tuple[int, ...]:
    """Seats whose input the game waits for: the target setter, or those yet to answer."""
    if state.phase == "target":
        return () if state.setter is None else (state.setter,)
    if state.phase == "answer":
        return tuple(s for s in state.playing if state.entries[s] is None)
    return ()


def submitted(state: State) -> tuple[int, ...]:
    """Seats that have answered this round (not what they answered)."""
    return tuple(s for s in state.playing if state.entries[s] is not None)


def in_play(state: State) -> tuple[int, ...]:
    """Seats not out."""
    return tuple(s for s, hand in enumerate(state.hands) if not hand.out)


def face_up_cards(state: State) -> tuple[tuple[str, ...], ...]:
    """Each seat's face-up cards this round (empty for seats not playing it)."""
    return state.face_up


def face_up_values(state: State, player: int) -> tuple[int, ...]:
    """The values of a seat's face-up cards under this game's options."""
    return tuple(card_value(c, state.options) for c in state.face_up[player])


def counts(state: State) -> tuple[int, ...]:
    """Each seat's card count (draw + collection); cards in the pot are not counted."""
    return tuple(hand.count for hand in state.hands)


def pot_counts(state: State) -> tuple[int, ...]:
    """How many cards each seat has in the pot this round (face down and earlier face up)."""
    return tuple(len(p) for p in state.pot)


def next_setter(state: State) -> int | None:
    """Who names the next round's target as things stand (None: no targets, computer, over)."""
    if not state.options.has_target or state.options.computer_targets or state.phase == "over":
        return None
    out = tuple(h.out for h in state.hands)
    return next_in_play(out, state.last_setter)


def choices(state: State, player: int) -> dict[Fraction, str]:
    """Every value the seat can make from its face-up cards (empty when it has none)."""
    if len(state.face_up[player]) != 2:
        return {}
    a, b = face_up_values(state, player)
    return candidates(state.options.level, a, b)


def public_view(state: State, viewer: int | None = None) -> dict[str, Any]:
    """A JSON-safe view for one seat (or a spectator): nothing hidden from that viewer leaks."""
    own = None
    if viewer is not None and 0 <= viewer < state.players:
        entry = state.entries[viewer]
        if entry is not None:
            own = {"expression": entry.expression, "answer": entry.answer}
    result = state.result
    return {
        "players": state.players,
        "level": state.options.level,
        "phase": state.phase,
        "round": state.round,
        "war_depth": state.war_depth,
        "playing": list(state.playing),
        "out": [h.out for h in state.hands],
        "counts": list(counts(state)),
        "pot": list(pot_counts(state)),
        "face_up": [list(c) for c in state.face_up],
        "face_up_values": [list(face_up_values(state, s)) for s in range(state.players)],
        "target": state.target,
        "setter": state.setter,
        "next_setter": next_setter(state),
        "awaited": list(awaited(state)),
        "submitted": list(submitted(state)),
        "own_answer": own,
        "result": None if result is None else result.to_json(),
    }
