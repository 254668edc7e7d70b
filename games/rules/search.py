"""The search behind the solver: which values a multiset of small whole numbers can make.

Values are exact rationals held as reduced `(numerator, denominator)` int pairs (denominator > 0):
`Fraction` arithmetic is several times slower and the inner loops run millions of times.
`values(sub, ops, powers)` is the set of values an expression using *every* number of the sorted
multiset `sub` exactly once can make; it depends only on the multiset, so it is cached by it (the
same dice come up again and again). How a value was made is not stored: `build` finds it again by
a goal-directed search when (and only when) an expression is asked for, which keeps the hot loops
down to set insertions.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from games.rules.expressions import BinOp, Node, Num

type Q = tuple[int, int]

# Sets for up to this many numbers are cheap enough (≲ 100 values) to enumerate in full when only
# a few targets are wanted; bigger multisets are searched goal-first (see `reaches`).
SMALL = 3

gcd = math.gcd


def to_q(value: int | Fraction) -> Q:
    """An int or Fraction as a reduced pair."""
    f = Fraction(value)
    return (f.numerator, f.denominator)


def from_q(q: Q) -> Fraction:
    return Fraction(q[0], q[1])


def _div(an: int, ad: int, bn: int, bd: int) -> Q:
    """(an/ad) ÷ (bn/bd) for bn ≠ 0, reduced."""
    n, d = an * bd, ad * bn
    g = gcd(n, d)
    if d < 0:
        g = -g
    return (n // g, d // g)


def _add(an: int, ad: int, bn: int, bd: int) -> Q:
    if ad == 1 and bd == 1:
        return (an + bn, 1)
    n, d = an * bd + bn * ad, ad * bd
    g = gcd(n, d)
    return (n // g, d // g)


def _mul(an: int, ad: int, bn: int, bd: int) -> Q:
    n, d = an * bn, ad * bd
    g = gcd(n, d)
    return (n // g, d // g)


def leaf_options(value: int, powers: bool) -> list[tuple[Q, str | None]]:
    """What one number can stand for: itself, then (with powers) its square, then its root."""
    options: list[tuple[Q, str | None]] = [((value, 1), None)]
    if powers:
        if value * value != value:
            options.append(((value * value, 1), "square"))
        root = math.isqrt(value) if value >= 0 else -1
        if root * root == value and root != value:
            options.append(((root, 1), "sqrt"))
    return options


@lru_cache(maxsize=4096)
def splits(sub: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every cut of a sorted multiset into two non-empty sorted parts, each unordered pair once."""
    n = len(sub)
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    out = []
    # Keeping the first element on the left visits each unordered cut once (up to equal values).
    for mask in range(1, 1 << n, 2):
        if mask == (1 << n) - 1:
            continue
        left = tuple(sub[i] for i in range(n) if mask >> i & 1)
        right = tuple(sub[i] for i in range(n) if not mask >> i & 1)
        key = (left, right) if left <= right else (right, left)
        if key not in seen:
            seen.add(key)
            out.append(key)
    # Smallest part first: cheap pairs give answers (and early exits) soonest.
    out.sort(key=lambda cut: min(len(cut[0]), len(cut[1])))
    return tuple(out)


def sub_multisets(values: tuple[int, ...], size: int) -> Iterator[tuple[int, ...]]:
    """Distinct sorted sub-multisets of a sorted tuple with `size` elements."""
    seen: set[tuple[int, ...]] = set()
    for combo in combinations(values, size):
        if combo not in seen:
            seen.add(combo)
            yield combo


def _combine(va: frozenset[Q], vb: frozenset[Q], ops: str, out: set[Q]) -> None:
    """Add to `out` every a op b and b op a for a in va, b in vb."""
    add = out.add
    plus, minus, times, divide = "+" in ops, "-" in ops, "*" in ops, "/" in ops
    for an, ad in va:
        for bn, bd in vb:
            if ad == 1 and bd == 1:
                # Whole numbers: most values are, and they need no gcd for + − ×.
                if plus:
                    add((an + bn, 1))
                if minus:
                    add((an - bn, 1))
                    add((bn - an, 1))
                if times:
                    add((an * bn, 1))
                if divide:
                    if bn:
                        g = gcd(an, bn)
                        add((an // g, bn // g) if bn > 0 else (-an // g, -bn // g))
                    if an:
                        g = gcd(an, bn)
                        add((bn // g, an // g) if an > 0 else (-bn // g, -an // g))
                continue
            if plus or minus:
                d = ad * bd
                x, y = an * bd, bn * ad
                if plus:
                    n = x + y
                    g = gcd(n, d)
                    add((n // g, d // g))
                if minus:
                    n = x - y
                    g = gcd(n, d)
                    add((n // g, d // g))
                    add((-n // g, d // g))
            if times:
                n, d = an * bn, ad * bd
                g = gcd(n, d)
                add((n // g, d // g))
            if divide:
                if bn:
                    n, d = an * bd, ad * bn
                    g = gcd(n, d)
                    add((n // g, d // g) if d > 0 else (-n // g, -d // g))
                if an:
                    n, d = bn * ad, bd * an
                    g = gcd(n, d)
                    add((n // g, d // g) if d > 0 else (-n // g, -d // g))


# Cache sizes by multiset size: a 3-number set holds ≲ 100 values, a 4-number set ≲ 2000, a
# 6-number set up to ~10⁵ (megabytes), so the big ones get few slots.
@lru_cache(maxsize=4096)
def _values_up_to_3(sub: tuple[int, ...], ops: str, powers: bool) -> frozenset[Q]:
    return _compute(sub, ops, powers)


@lru_cache(maxsize=256)
def _values_of_4(sub: tuple[int, ...], ops: str, powers: bool) -> frozenset[Q]:
    return _compute(sub, ops, powers)


@lru_cache(maxsize=8)
def _values_of_5_or_more(sub: tuple[int, ...], ops: str, powers: bool) -> frozenset[Q]:
    return _compute(sub, ops, powers)


def values(sub: tuple[int, ...], ops: str, powers: bool) -> frozenset[Q]:
    """Every value of an expression using each number of the sorted multiset `sub` exactly once."""
    if len(sub) <= 3:
        return _values_up_to_3(sub, ops, powers)
    if len(sub) == 4:
        return _values_of_4(sub, ops, powers)
    return _values_of_5_or_more(sub, ops, powers)


def _compute(sub: tuple[int, ...], ops: str, powers: bool) -> frozenset[Q]:
    if len(sub) == 1:
        return frozenset(q for q, _ in leaf_options(sub[0], powers))
    out: set[Q] = set()
    for left, right in splits(sub):
        _combine(values(left, ops, powers), values(right, ops, powers), ops, out)
    return frozenset(out)


def clear_caches() -> None:
    """Forget every cached set (benchmarks measure cold runs with this)."""
    _values_up_to_3.cache_clear()
    _values_of_4.cache_clear()
    _values_of_5_or_more.cache_clear()
    splits.cache_clear()


def _partners(op: str, target: Q, known: Q, known_is_left: bool) -> Iterator[Q | None]:
    """Values x with `known op x == target` (or `x op known` when not known_is_left).

    Yields None for "any value will do" (e.g. 0 × x == 0), and nothing when none works.
    """
    tn, td = target
    kn, kd = known
    if op == "+":
        yield _add(tn, td, -kn, kd)
    elif op == "-":
        # known − x = t  →  x = known − t;   x − known = t  →  x = t + known
        yield _add(kn, kd, -tn, td) if known_is_left else _add(tn, td, kn, kd)
    elif op == "*":
        if kn:
            yield _div(tn, td, kn, kd)
        elif tn == 0:
            yield None
    elif known_is_left:  # known ÷ x = t, x ≠ 0
        if tn:
            if kn:
                yield _div(kn, kd, tn, td)
        elif kn == 0:
            yield None
    elif kn:  # x ÷ known = t
        yield _mul(tn, td, kn, kd)


def reaches(sub: tuple[int, ...], target: Q, ops: str, powers: bool) -> bool:
    """Whether some expression using all of `sub` equals target, searching goal-first."""
    if len(sub) <= SMALL:
        return target in values(sub, ops, powers)
    for left, right in splits(sub):
        small, big = (left, right) if len(left) <= len(right) else (right, left)
        for known in values(small, ops, powers):
            for op in ops:
                for known_is_left in (True, False) if op in "-/" else (True,):
                    for goal in _partners(op, target, known, known_is_left):
                        if goal is None:
                            if _any_partner(big, op, ops, powers) is not None:
                                return True
                        elif reaches(big, goal, ops, powers):
                            return True
    return False


def build(sub: tuple[int, ...], target: Q, ops: str, powers: bool) -> Node | None:
    """An expression tree using all of `sub` that equals target, or None."""
    if len(sub) == 1:
        for q, power in leaf_options(sub[0], powers):
            if q == target:
                return Num(sub[0], power=power)
        return None
    for left, right in splits(sub):
        # Enumerate the side with fewer values; find the other side's partner goal-first.
        if len(values(left, ops, powers)) <= len(values(right, ops, powers)):
            known_sub, other_sub = left, right
        else:
            known_sub, other_sub = right, left
        for known in sorted(values(known_sub, ops, powers), key=_simplest):
            for op in ops:
                for known_is_left in (True, False) if op in "-/" else (True,):
                    for goal in _partners(op, target, known, known_is_left):
                        if goal is None:
                            goal = _any_partner(other_sub, op, ops, powers)
                            if goal is None:
                                continue
                        elif not reaches(other_sub, goal, ops, powers):
                            continue
                        known_tree = build(known_sub, known, ops, powers)
                        other_tree = build(other_sub, goal, ops, powers)
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
