"""What one viewer may see of a card-war game: the only way its state leaves the server.

Hidden until the answers are revealed: every other seat's face-up cards and answer. Never shown:
draw and collection piles, face-down cards, the set-aside card, the seed. A spectator (a
teacher watching) is a viewer with no seat: counts, the target and who is awaited, then the
reveal. The last reveal is kept beside the rules' state (`Reveal`) because the rules forget a
round once it is won.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.rules.cardwar import (
    State,
    awaited,
    choices,
    counts,
    face_up_values,
    next_setter,
    pot_counts,
    side_of,
    submitted,
)

# The facts of a revealed submission everybody may see (the reports keep the rest).
_PUBLIC_FACTS = (
    "player",
    "cards",
    "card_values",
    "target",
    "war_depth",
    "answered",
    "expression",
    "choice",
    "answer",
    "value",
    "correct",
    "counted",
    "best",
    "best_value",
    "exact",
    "distance",
)
# What a reveal led to, kept whole for the screen's story (who won and why, a war and how many
# cards went face down, the bonus per seat): every key of these events is public.
_OUTCOMES = ("round_won", "war_started", "bonus", "player_out")
type Reveal = dict[str, Any] | None


def _revealed(event: Mapping[str, Any], round_number: int | None) -> dict[str, Any]:
    return {
        "round": round_number,
        "submissions": [
            {key: fact[key] for key in _PUBLIC_FACTS if key in fact}
            for fact in event["submissions"]
        ],
        "winner": None,  # the seat that took the pot, when the round was won
        "how": None,  # best_value, exact_hit, war_unopposed, war_abandoned, opponents_left
        "cards": 0,  # how many cards it took
        "war": [],  # the seats that went to war instead
        "bonus": 0,  # cards paid for an exact hit
        "out": [],  # seats that went out
        "outcome": [],  # the events above as they happened (`_OUTCOMES`)
    }


def reveal_after(
    previous: Reveal, events: Iterable[Mapping[str, Any]], *, round_number: int | None = None
) -> Reveal:
    """The last reveal once these events happened: the newest `answers_revealed`'s public facts
    and what it led to within the same action (a bonus, a war, the pot won, players out), else
    the previous reveal. Never the next round's `cards_revealed`: those are hidden.
    `round_number` is the round the action was in (the rules number rounds, not reveals)."""
    reveal = previous
    fresh = False
    for event in events:
        kind = event.get("type")
        if kind == "answers_revealed":
            reveal, fresh = _revealed(event, round_number), True
        elif not fresh or reveal is None:
            continue
        if kind in _OUTCOMES:
            reveal["outcome"].append(dict(event))
        if kind == "round_won" and reveal["winner"] is None:
            reveal.update(winner=event["player"], how=event["how"], cards=event["cards"])
        elif kind == "war_started" and not reveal["war"] and reveal["winner"] is None:
            reveal["war"] = list(event["players"])
        elif kind == "bonus":
            reveal["bonus"] = event["cards"]
        elif kind == "player_out":
            reveal["out"].append(event["player"])
    return reveal


def _seat(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    mine = seat == viewer
    shows = len(state.face_up[seat])
    return {
        "seat": seat,
        "side": side_of(state.players, seat),
        "count": counts(state)[seat],
        "pot": pot_counts(state)[seat],
        "out": state.hands[seat].out,
        "playing": seat in state.playing,
        "answered": seat in submitted(state),
        "awaited": seat in awaited(state),
        "mine": mine,
        # Others' cards are face down to this viewer until the answers are revealed.
        "face_up": shows,
        "cards": list(state.face_up[seat]) if mine else [],
        "values": list(face_up_values(state, seat)) if mine else [],
    }


def viewer_view(state: State, reveal: Reveal, viewer: int | None) -> dict[str, Any]:
    """A JSON-safe view for seat `viewer` (None: a spectator); nothing hidden from it leaks."""
    me = viewer if viewer is not None and 0 <= viewer < state.players else None
    own: dict[str, Any] | None = None
    options: list[str] = []
    naming = me is not None and state.phase == "target" and state.setter == me
    if me is not None:
        entry = state.entries[me]
        if entry is not None:
            own = {"expression": entry.expression, "answer": entry.answer}
        if state.phase == "answer" and me in state.playing and entry is None:
            options = list(choices(state, me).values())
    result = state.result
    return {
        "players": state.players,
        "teams": state.players == 4,
        "level": state.options.level,
        "has_target": state.options.has_target,
        # The teacher's options the screen explains: corrections, and the sacrifice rule.
        "practice": state.options.practice,
        "war_size": state.options.war_size,
        "phase": state.phase,
        "round": state.round,
        "war_depth": state.war_depth,
        "target": state.target,
        "setter": state.setter,
        "next_setter": next_setter(state),
        "awaited": list(awaited(state)),
        "seats": [_seat(state, seat, me) for seat in range(state.players)],
        "me": me,
        "my_answer": own,
        "my_choices": options,
        "naming": naming,
        "reveal": reveal,
        "result": None if result is None else result.to_json(),
    }
