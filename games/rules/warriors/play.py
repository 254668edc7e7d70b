"""Maths Warriors play: start a game, apply actions, replay, judge at clock expiry.

`apply` checks everything before rolling a die, so it never half-applies; all randomness
comes from a `RollSource` indexed by the state's roll counter. The events are listed in
`games.rules.warriors`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from games.rules.common import IllegalMove, Outcome, gettext_noop
from games.rules.warriors.actions import (
    Action,
    ClockExpired,
    Mind,
    MoveTimeout,
    Resign,
    Skip,
    Strength,
)
from games.rules.warriors.captures import can_capture, check_mind, check_strength
from games.rules.warriors.state import (
    DIE_TYPES,
    Die,
    RollSource,
    SeededRolls,
    State,
    Variants,
    die_id,
    first_player,
    sort_dice,
)

# The server owns the clocks; these are the spec's defaults (the teacher may change them).
DEFAULT_CLOCK_SECONDS = 12 * 60
DEFAULT_MOVE_LIMIT_SECONDS: int | None = None  # the per-move limit is off by default

STALLED_FORCED_SKIPS = 2
STALLED_SKIPS = 4
GAMES_TO_WIN_MATCH = 2

Events = list[dict[str, Any]]


class _Roller:
    """Rolls from a source and counts, so the state can record where the sequence is."""

    def __init__(self, source: RollSource, count: int) -> None:
        self.source = source
        self.count = count

    def roll(self, sides: int) -> int:
        value = self.source.roll(sides, self.count)
        self.count += 1
        return value


def _opening(roller: _Roller) -> tuple[tuple[tuple[Die, ...], tuple[Die, ...]], Any, int]:
    """Roll both boards (A's six dice, then B's) until someone goes first."""
    attempts = []
    while True:
        rolled = tuple(tuple(roller.roll(s) for s in DIE_TYPES) for _ in (0, 1))
        attempts.append((rolled[0], rolled[1]))
        first = first_player(rolled[0], rolled[1])
        if first is not None:
            break
    dice = tuple(
        tuple(Die(die_id(seat, s), s, v) for s, v in zip(DIE_TYPES, rolled[seat], strict=True))
        for seat in (0, 1)
    )
    return (dice[0], dice[1]), tuple(attempts), first


def _new_game_event(state: State) -> dict[str, Any]:
    return {
        "type": "new_game",
        "game_number": state.game_number,
        "first": state.first,
        "opening": [[list(a), list(b)] for a, b in state.opening],
    }


def start_game(
    seed: int | str, variants: Variants | None = None, *, source: RollSource | None = None
) -> Outcome[State]:
    """`new_game` with its events: the opening (new_game) and any forced skips at the start."""
    variants = Variants() if variants is None else variants
    roller = _Roller(SeededRolls(seed) if source is None else source, 0)
    dice, attempts, first = _opening(roller)
    state = State(
        seed=seed, variants=variants, dice=dice, first=first, to_move=first, opening=attempts
    )
    events: Events = [_new_game_event(state)]
    state = _forced_skips(state, events, roller)
    return Outcome(replace(state, rolls=roller.count), tuple(events))


def new_game(
    seed: int | str, variants: Variants | None = None, *, source: RollSource | None = None
) -> State:
    """A fresh match: opening boards rolled (again while tied), first player to move.

    If the first player cannot capture, the forced skip(s) are already applied.
    """
    return start_game(seed, variants, source=source).state


def clock_outcome(state: State) -> int:
    """Who wins the current game if it ends now by the clock.

    More captures wins (under Recruit: more dice held); equal → the player who went second.
    """
    if state.variants.recruit:
        a, b = len(state.dice[0]), len(state.dice[1])
    else:
        a, b = state.capture_events
    if a != b:
        return 0 if a > b else 1
    return 1 - state.first


def replay(
    seed: int | str,
    variants: Variants | None,
    actions: Iterable[Action],
    *,
    source: RollSource | None = None,
) -> State:
    """The state after `actions` from `new_game(seed, variants)` (a fold of `apply`)."""
    state = new_game(seed, variants, source=source)
    for action in actions:
        state = apply(state, action, source=source).state
    return state


def apply(state: State, action: Action, *, source: RollSource | None = None) -> Outcome[State]:
    """The state after `action`, with events; IllegalMove (or ExpressionError) if illegal.

    Nothing is rolled before the action is fully checked. After the action, forced skips
    (and a stalled-game end) follow automatically. `ply` counts applied actions only.
    """
    if state.finished:
        raise IllegalMove(gettext_noop("the game is over"))
    roller = _Roller(SeededRolls(state.seed) if source is None else source, state.rolls)
    events: Events = []
    match action:
        case Resign(player=p):
            _check_seat(p)
            state = _end_game(state, 1 - p, "resigned", events, roller, whole_match=True)
        case ClockExpired():
            state = _end_game(state, clock_outcome(state), "clock", events, roller)
        case Skip(player=p) | MoveTimeout(player=p):
            _check_turn(state, p)
            timeout = isinstance(action, MoveTimeout)
            events.append({"type": "skip", "player": p, "forced": False, "timeout": timeout})
            state = replace(
                state, to_move=1 - p, skips_in_row=state.skips_in_row + 1, forced_skips_in_row=0
            )
            if state.skips_in_row >= STALLED_SKIPS:
                state = _end_game(state, clock_outcome(state), "skips", events, roller)
        case Strength(player=p, attacker=attacker, target=target):
            _check_turn(state, p)
            attack, victim = check_strength(state, p, attacker, target)
            events.append(_capture_event(p, victim, "strength", f"{attack.value} ≥ {victim.value}"))
            events[-1]["attacker"] = attack.id
            state = _capture(state, p, victim, (attack.id,), events, roller)
        case Mind(player=p):
            _check_turn(state, p)
            mind, victim = check_mind(state, action)
            events.append(_capture_event(p, victim, "mind", mind.text))
            events[-1].update(dice=list(mind.dice), entered=action.expression)
            state = _capture(state, p, victim, mind.dice, events, roller)
        case _:
            raise IllegalMove(gettext_noop("that move is not understood: %(what)s"), what="type")
    state = _forced_skips(state, events, roller)
    return Outcome(replace(state, ply=state.ply + 1, rolls=roller.count), tuple(events))


def _check_seat(player: object) -> None:
    if type(player) is not int or player not in (0, 1):
        raise IllegalMove(gettext_noop("there is no player %(player)s"), player=str(player))


def _check_turn(state: State, player: int) -> None:
    _check_seat(player)
    if player != state.to_move:
        raise IllegalMove(gettext_noop("it's not your turn"))


def _capture_event(player: int, victim: Die, kind: str, text: str) -> dict[str, Any]:
    return {
        "type": "capture",
        "by": player,
        "die": victim.id,
        "value": victim.value,
        "kind": kind,
        "expression": text,
        "exact": str(victim.value),
    }


def _capture(
    state: State,
    player: int,
    victim: Die,
    used: tuple[str, ...],
    events: Events,
    roller: _Roller,
) -> State:
    """Take `victim`, re-roll the dice used (in order), recruit it if the variant says so."""
    opponent = 1 - player
    rerolled = [d for d in state.dice[player] if d.id not in used]
    by_id = {d.id: d for d in state.dice[player]}
    for die_id_ in used:
        old = by_id[die_id_]
        new = roller.roll(old.sides)
        events.append({"type": "reroll", "die": old.id, "old": old.value, "new": new})
        rerolled.append(replace(old, value=new))
    if state.variants.recruit:
        new = roller.roll(victim.sides)
        events.append(
            {
                "type": "recruit",
                "die": victim.id,
                "from": opponent,
                "to": player,
                "old": victim.value,
                "new": new,
            }
        )
        rerolled.append(replace(victim, value=new))
    dice = list(state.dice)
    dice[player] = sort_dice(rerolled)
    dice[opponent] = tuple(d for d in state.dice[opponent] if d.id != victim.id)
    captured = list(state.captured)
    captured[player] = (*captured[player], victim.id)
    events_count = list(state.capture_events)
    events_count[player] += 1
    state = replace(
        state,
        dice=(dice[0], dice[1]),
        captured=(captured[0], captured[1]),
        capture_events=(events_count[0], events_count[1]),
        to_move=opponent,
        skips_in_row=0,
        forced_skips_in_row=0,
    )
    if not state.dice[opponent]:
        return _end_game(state, player, "all_captured", events, roller)
    if state.variants.three_captures and state.capture_events[player] >= 3:
        return _end_game(state, player, "three_captures", events, roller)
    return state


def _forced_skips(state: State, events: Events, roller: _Roller) -> State:
    """Skip the side to move while it cannot capture; end a stalled game as at clock expiry.

    The end names its cause: "stalled" when neither side could capture, "skips" when a side
    that could (an earlier voluntary skip) made the fourth skip in a row.
    """
    while not state.finished and not can_capture(state, state.to_move):
        p = state.to_move
        events.append({"type": "skip", "player": p, "forced": True, "timeout": False})
        state = replace(
            state,
            to_move=1 - p,
            skips_in_row=state.skips_in_row + 1,
            forced_skips_in_row=state.forced_skips_in_row + 1,
        )
        if state.forced_skips_in_row >= STALLED_FORCED_SKIPS:
            state = _end_game(state, clock_outcome(state), "stalled", events, roller)
        elif state.skips_in_row >= STALLED_SKIPS:
            state = _end_game(state, clock_outcome(state), "skips", events, roller)
    return state


def _end_game(
    state: State,
    winner: int,
    reason: str,
    events: Events,
    roller: _Roller,
    *,
    whole_match: bool = False,
) -> State:
    """Record a finished game; under Best of Three start the next one unless the match is won."""
    games_won = list(state.games_won)
    if state.variants.best_of_three and not whole_match:
        games_won[winner] += 1
    results = (*state.results, (winner, reason))
    match_over = (
        not state.variants.best_of_three or whole_match or games_won[winner] >= GAMES_TO_WIN_MATCH
    )
    events.append(
        {
            "type": "game_over",
            "winner": winner,
            "reason": reason,
            "game_number": state.game_number,
            "match_over": match_over,
        }
    )
    state = replace(state, games_won=(games_won[0], games_won[1]), results=results)
    if match_over:
        return replace(state, status="finished", winner=winner, reason=reason)
    dice, attempts, first = _opening(roller)
    state = replace(
        state,
        dice=dice,
        captured=((), ()),
        capture_events=(0, 0),
        first=first,
        to_move=first,
        skips_in_row=0,
        forced_skips_in_row=0,
        game_number=state.game_number + 1,
        opening=attempts,
    )
    events.append(_new_game_event(state))
    return state
