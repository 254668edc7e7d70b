"""Goal-first search over value sets: does a multiset make a target, and with which expression.

`reaches` answers yes or no without enumerating big sets; `build` finds an expression tree again
when (and only when) one is asked for, so the hot loops never store how a value was made.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache

from games.rules.expressions import BinOp, Node, Num
from games.rules.solver.value_sets import (
    Made,
    Q,
    add,
    clear_caches,
    div,
    from_q,
    leaf_options,
    made,
    mul,
    splits,
    sub_multisets,
    to_q,
    values,
)

__all__ = [
    "SMALL",
    "Made",
    "OutOfSteps",
    "Q",
    "Steps",
    "build",
    "clear_caches",
    "from_q",
    "full_set_limit",
    "height_bound",
    "made",
    "oracle_limit",
    "reaches",
    "sub_multisets",
    "to_q",
    "values",
]

# With all four operations, sets for up to this many numbers are cheap enough (≲ 100 values) to
# enumerate in full when only a few targets are wanted; bigger multisets are searched goal-first
# (see `reaches`), since a six-number set can hold 10⁵ values.
SMALL = 3


def full_set_limit(ops: str) -> int:
    """Largest multiset whose whole value set is worth computing for a membership test.

    With only + − (or only × ÷) every value is ±v₁ ± v₂ … (or v₁^±1 × v₂^±1 …), at most 3ⁿ of
    them, so whole sets stay small; goal-first search would be slower when targets are missing.
    """
    mixed = any(op in ops for op in "+-") and any(op in ops for op in "*/")
    return SMALL if mixed else 64


def _partners(op: str, target: Q, known: Q, known_is_left: bool) -> Iterator[Q | None]:
    """Values x with `known op x == target` (or `x op known` when not known_is_left).

    Yields None for "any value will do" (e.g. 0 × x == 0), and nothing when none works.
    """
    tn, td = target
    kn, kd = known
    if op == "+":
        yield add(tn, td, -kn, kd)
    elif op == "-":
        # known − x = t  →  x = known − t;   x − known = t  →  x = t + known
        yield add(kn, kd, -tn, td) if known_is_left else add(tn, td, kn, kd)
    elif op == "*":
        if kn:
            yield div(tn, td, kn, kd)
        elif tn == 0:
            yield None
    elif known_is_left:  # known ÷ x = t, x ≠ 0
        if tn:
            if kn:
                yield div(kn, kd, tn, td)
        elif kn == 0:
            yield None
    elif kn:  # x ÷ known = t
        yield mul(tn, td, kn, kd)


class OutOfSteps(Exception):
    """A goal-first search used up its step budget (see `Steps`)."""


class Steps:
    """A budget of goal-first search steps, shared across calls.

    Goal-first search is quick when a target can be made, but proving a target impossible can
    take 10⁴-10⁶ steps; past the budget the caller switches to value sets (see `oracle_limit`).
    """

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


def oracle_limit(ops: str, powers: bool) -> int:
    """Largest multiset whose value set is built to answer "impossible?" quickly.

    Five numbers make ≲ 10⁴ values with + − × ÷ (a few ms); with squares and roots ~3·10⁵
    (seconds), so then four (≲ 10⁴ values).
    """
    return max(full_set_limit(ops), 4 if powers else 5)


@lru_cache(maxsize=4096)
def height_bound(sub: tuple[int, ...], powers: bool) -> int:
    """A bound on |numerator| and denominator of every value `sub` makes (reduced or not).

    For a = n/d and b = m/e, a ± b = (ne ± md)/de, a × b = nm/de, a ÷ b = ne/dm: each part is at
    most 2·H(a)·H(b), where H is the larger of |numerator| and denominator.
    """
    bound = 2 ** (len(sub) - 1)
    for v in sub:
        bound *= max(v * v if powers else v, 1)
    return bound


def reaches(
    sub: tuple[int, ...],
    target: Q,
    ops: str,
    powers: bool,
    *,
    limit: int | None = None,
    steps: Steps | None = None,
) -> bool:
    """Whether some expression using all of `sub` equals target, searching goal-first.

    Multisets of up to `limit` numbers (default `full_set_limit`) are answered from their value
    set. Raises OutOfSteps when `steps` runs out.
    """
    if limit is None:
        limit = full_set_limit(ops)
    if steps is not None:
        steps.left -= 1
        if steps.left < 0:
            raise OutOfSteps
    if len(sub) <= limit:
        return target in made(sub, ops, powers)
    if max(abs(target[0]), target[1]) > height_bound(sub, powers):
        return False
    for left, right in splits(sub):
        small, big = (left, right) if len(left) <= len(right) else (right, left)
        for known in values(small, ops, powers):
            for op in ops:
                for known_is_left in (True, False) if op in "-/" else (True,):
                    for goal in _partners(op, target, known, known_is_left):
                        if goal is None:
                            if _any_partner(big, op, ops, powers) is not None:
                                return True
                        elif reaches(big, goal, ops, powers, limit=limit, steps=steps):
                            return True
    return False


def build(
    sub: tuple[int, ...],
    target: Q,
    ops: str,
    powers: bool,
    known: Mapping[tuple[int, ...], Made] | None = None,
    limit: int | None = None,
) -> Node | None:
    """An expression tree using all of `sub` that equals target, or None.

    `known` holds value sets the caller already has (by multiset): membership in them replaces
    a goal-first search, which matters when printing many values of a six-number position.
    """
    known = known or {}
    if len(sub) == 1:
        for q, power in leaf_options(sub[0], powers):
            if q == target:
                return Num(sub[0], power=power)
        return None
    for left, right in splits(sub):
        # Enumerate the side with fewer numbers (its set is small and cached); find the other
        # side's partner goal-first, so no big set is ever built just to print an expression.
        known_sub, other_sub = (left, right) if len(left) <= len(right) else (right, left)
        for value in sorted(values(known_sub, ops, powers), key=_simplest):
            for op in ops:
                for known_is_left in (True, False) if op in "-/" else (True,):
                    for goal in _partners(op, target, value, known_is_left):
                        if goal is None:
                            goal = _any_partner(other_sub, op, ops, powers)
                            if goal is None:
                                continue
                        elif other_sub in known:
                            if goal not in known[other_sub]:
                                continue
                        elif not reaches(other_sub, goal, ops, powers, limit=limit):
                            continue
                        known_tree = build(known_sub, value, ops, powers, known, limit)
                        other_tree = build(other_sub, goal, ops, powers, known, limit)
                        assert known_tree is not None and other_tree is not None
                        if known_is_left:
                            return BinOp(op, known_tree, other_tree)
                        return BinOp(op, other_tree, known_tree)
    return None


def _simplest(q: Q) -> tuple[int, int, int]:
    # Whole, small, positive values first: the expressions read more naturally.
    return (q[1], abs(q[0]), -q[0])


def _any_partner(sub: tuple[int, ...], op: str, ops: str, powers: bool) -> Q | None:
    """A value of `sub` that works when any will do (× anything, ÷ anything but zero)."""
    usable = [q for q in values(sub, ops, powers) if op == "*" or q[0]]
    return min(usable, key=_simplest) if usable else None
