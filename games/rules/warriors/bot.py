"""Computer opponents for Maths Warriors at three levels, and how long they "think".

Every action returned is legal for the state it was chosen for; the randomness comes only
from the `rng` passed in, so a bot game replays from its seeds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from games.rules import expressions, solver
from games.rules.common import IllegalMove, gettext_noop
from games.rules.warriors.actions import Action, Mind, Skip, Strength
from games.rules.warriors.captures import (
    mind_captures,
    mind_reachable,
    resolve_mind,
    strength_captures,
    winning_capture,
)
from games.rules.warriors.state import Die, State

LEVELS = ("beginner", "intermediate", "expert")
BEGINNER_MISSES = Fraction(1, 5)
BEGINNER_PREFERS_STRENGTH = Fraction(3, 4)
_THINK_MS = {"beginner": (3000, 6000), "intermediate": (2000, 5000), "expert": (1500, 3500)}
# A die showing at least this is "high": the expert keeps it rather than re-roll it.
HIGH_D20 = 15


@dataclass(frozen=True, slots=True)
class _Option:
    action: Strength | Mind
    target: Die
    used: tuple[Die, ...]


def choose_action(state: State, player: int, level: str, rng: random.Random) -> Action:
    """The bot's move for `player` at `level` ("beginner", "intermediate", "expert").

    Skips when it finds nothing (or, as a beginner, sometimes misses a capture). Raises
    ValueError for an unknown level and IllegalMove when it is not `player`'s turn.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if state.finished:
        raise IllegalMove(gettext_noop("the game is over"))
    if state.to_move != player:
        raise IllegalMove(gettext_noop("it's not your turn"))
    if level == "beginner":
        return _beginner(state, player, rng)
    if level == "intermediate":
        return _intermediate(state, player, rng)
    return _expert(state, player, rng)


def think_time_ms(level: str, rng: random.Random) -> int:
    """A human-looking delay before the bot moves: slower for the beginner."""
    low, high = _THINK_MS[level]
    return rng.randint(low, high)


def _strength_options(state: State, player: int) -> list[_Option]:
    dice = {d.id: d for seat in state.dice for d in seat}
    return [
        _Option(c.action(player), dice[c.target], (dice[c.attacker],))  # type: ignore[arg-type,index]
        for c in strength_captures(state, player)
    ]


def _mind_option(state: State, player: int, text: str, target: Die, pool: Sequence[Die]) -> _Option:
    """A Mind option whose numbers are taken from `pool` (largest type first), dice named."""
    node = expressions.parse(text, powers=state.variants.power_up)
    ordered = sorted(pool, key=lambda d: (-d.sides, d.id))
    picks = expressions.check_numbers(node, [d.value for d in ordered])
    used = tuple(ordered[i] for i in picks)
    action = Mind(player, text, target.id, tuple(d.id for d in used))
    return _Option(action, target, used)


def _beginner(state: State, player: int, rng: random.Random) -> Action:
    """Mostly Strength; Mind only as a sum of two dice; misses a capture now and then."""
    strength = _strength_options(state, player)
    sums: list[_Option] = []
    v = state.variants
    if "+" in v.ops and v.min_dice <= 2:
        own = state.dice[player]
        for a, b in combinations(own, 2):
            for target in state.dice[1 - player]:
                if a.value + b.value == target.value:
                    text = f"{a.value} + {b.value}"
                    sums.append(
                        _Option(Mind(player, text, target.id, (a.id, b.id)), target, (a, b))
                    )
    if not (strength or sums) or rng.random() < BEGINNER_MISSES:
        return Skip(player)
    if strength and (not sums or rng.random() < BEGINNER_PREFERS_STRENGTH):
        return rng.choice(strength).action
    return rng.choice(sums).action


def _intermediate(state: State, player: int, rng: random.Random) -> Action:
    """Strength or a Mind attack over two or three dice with + − ×; the biggest target wins."""
    options = _strength_options(state, player)
    v = state.variants
    ops = "".join(op for op in "+-*" if op in v.ops)
    own = state.dice[player]
    if ops and v.min_dice <= 3 and len(own) >= v.min_dice:
        targets = {d.value: d for d in state.dice[1 - player]}
        for pool in combinations(own, min(3, len(own))):
            found = solver.capturable(
                [d.value for d in pool], list(targets), ops=ops, min_values=v.min_dice
            )
            for value, text in found.items():
                options.append(_mind_option(state, player, text, targets[value], pool))
    if not options:
        return Skip(player)
    best = max(o.target.value for o in options)
    return rng.choice([o for o in options if o.target.value == best]).action


def _expert(state: State, player: int, rng: random.Random) -> Action:
    """Any exact Mind attack or Strength; big dice first, keeping its own strongest die safe."""
    options = _strength_options(state, player)
    by_value = {}
    for d in state.dice[1 - player]:
        by_value.setdefault(d.value, []).append(d)
    for capture in mind_captures(state, player):
        assert capture.expression is not None
        target = next(d for d in state.dice[1 - player] if d.id == capture.target)
        attack = resolve_mind(state, player, capture.expression)
        dice = {d.id: d for d in state.dice[player]}
        used = tuple(dice[i] for i in attack.dice)
        options.append(_Option(Mind(player, capture.expression, target.id), target, used))
    options += _mind_sparing_strongest(state, player, by_value)
    if not options:
        return Skip(player)
    wins = winning_capture(state, player)
    scores = [(_score(state, player, o, wins), i) for i, o in enumerate(options)]
    top = max(s for s, _ in scores)
    return options[rng.choice([i for s, i in scores if s == top])].action


def _mind_sparing_strongest(
    state: State, player: int, by_value: dict[int, list[Die]]
) -> list[_Option]:
    """Mind attacks that leave the own strongest die out (so it is not re-rolled)."""
    own = state.dice[player]
    v = state.variants
    if len(own) <= v.min_dice:
        return []
    strongest = max(own, key=lambda d: (d.value, d.sides))
    pool = [d for d in own if d is not strongest]
    found = mind_reachable([d.value for d in pool], by_value, v)
    return [
        _mind_option(state, player, text, target, pool)
        for value, text in found.items()
        for target in by_value[value]
    ]


def _score(state: State, player: int, option: _Option, wins: bool) -> Fraction:
    """Bigger, rarer targets score more; re-rolling dice that show more than average costs."""
    if wins:
        return Fraction(1000)
    score = Fraction(option.target.value) + Fraction(option.target.sides, 4)
    strongest = max(d.value for d in state.dice[player])
    for die in option.used:
        score -= Fraction(2 * die.value - die.sides - 1, 2) / 2  # value above its average
        if die.value == strongest and die.value >= HIGH_D20:
            score -= 10
    return score
