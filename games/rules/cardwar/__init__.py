"""Card war with arithmetic, levels 1–7 (shared/rules/card-war.md): the public entry points.

The game is split along seams: options and card values (`options`), arithmetic and answer
checking (`values`), state and JSON (`state`), actions (`actions`), applying them (`engine`,
`table`) and bots (`bot`). Import from here.

The query helpers below are what a UI may show: they never reveal cards in draw or collection
piles, face-down cards, or answers before they are revealed (except a viewer's own).

Events (`Outcome.events`, JSON-safe dicts, in order; values as exact fraction strings "13/3"):
  dealt{counts, set_aside}  round_started{round, players, setter}
  target_set{player, value, by: player|computer|timeout}  setter_changed{player}
  reshuffled{player, cards}  cards_revealed{player, cards, values}
  answer_received{player, private}  -- `private` is for that player and storage only
  answer_timeout{missing}  answers_revealed{submissions: [facts per player]}
  war_started{players, depth, war_size, reason: tie|no_values, target}  face_down{player, count}
  bonus{player, given: per seat, cards}
  round_won{player, side, how, value, war_depth, cards, taken: per seat}
  player_out{player, reason: too_few_cards|resigned, cards}  clock_expired{dropped: seats}
  pot_returned{returned: per seat}  game_over{reason, winners, draw, counts, tied}
The facts per submission: player, cards, card_values, level, target, war_depth, best_value,
answered, and when answered expression (as typed), choice, operation, squared, rooted, answer
(as typed), value, correct, counted (None when it earned no value), best, distance, exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from games.rules.cardwar.actions import (
    Action,
    AnswerTimeout,
    ClockExpired,
    Resign,
    SetTarget,
    Submit,
    TargetTimeout,
    action_from_json,
    action_to_json,
)
from games.rules.cardwar.engine import apply, start
from games.rules.cardwar.options import DECK, Options, OptionsError, card_value
from games.rules.cardwar.state import (
    SOURCE_SALT,
    Entry,
    Hand,
    Result,
    ScriptedSource,
    Source,
    State,
    side_of,
    state_from_json,
    state_to_json,
)
from games.rules.cardwar.table import next_in_play
from games.rules.cardwar.values import (
    AnswerError,
    Choice,
    ChoiceError,
    answer_matches,
    best_value,
    candidates,
    distance,
    is_best,
    parse_answer,
    read_choice,
)
from games.rules.common import IllegalMove, Outcome, SeededSource

__all__ = [
    "DECK",
    "SOURCE_SALT",
    "Action",
    "AnswerError",
    "AnswerTimeout",
    "Choice",
    "ChoiceError",
    "ClockExpired",
    "Entry",
    "Hand",
    "IllegalMove",
    "Options",
    "OptionsError",
    "Outcome",
    "Resign",
    "Result",
    "ScriptedSource",
    "SeededSource",
    "SetTarget",
    "Source",
    "State",
    "Submit",
    "TargetTimeout",
    "action_from_json",
    "action_to_json",
    "answer_matches",
    "apply",
    "awaited",
    "best_value",
    "candidates",
    "card_value",
    "choices",
    "counts",
    "distance",
    "face_up_cards",
    "face_up_values",
    "in_play",
    "is_best",
    "new_game",
    "next_setter",
    "parse_answer",
    "pot_counts",
    "public_view",
    "read_choice",
    "replay",
    "side_of",
    "start",
    "state_from_json",
    "state_to_json",
    "submitted",
]


def new_game(
    seed: int | str, players: int, options: Options, *, deck: Sequence[str] | None = None
) -> State:
    """A dealt game waiting for its first input (a target at levels 5–7, else answers)."""
    return start(seed, players, options, deck=deck).state


def replay(
    seed: int | str,
    players: int,
    options: Options,
    actions: Iterable[Action],
    *,
    deck: Sequence[str] | None = None,
) -> State:
    """Rebuild a game from its seed and actions; equals the live state exactly."""
    state = new_game(seed, players, options, deck=deck)
    for action in actions:
        state = apply(state, action).state
    return state


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
