"""Sets of values a multiset of small whole numbers can make, computed bottom-up and cached.

Values are exact rationals held as reduced `(numerator, denominator)` int pairs (denominator > 0):
`Fraction` arithmetic is several times slower and the inner loops run millions of times.
`values(sub, ops, powers)` is the set of values of expressions using *every* number of the sorted
multiset `sub` exactly once; it depends only on the multiset, so it is cached by it (the same dice
come up again and again). How a value was made is not stored (see `search.build`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

type Q = tuple[int, int]

gcd = math.gcd


def to_q(value: int | Fraction) -> Q:
    """An int or Fraction as a reduced pair."""
    f = Fraction(value)
    return (f.numerator, f.denominator)


def from_q(q: Q) -> Fraction:
    return Fraction(q[0], q[1])


def div(an: int, ad: int, bn: int, bd: int) -> Q:
    """(an/ad) ÷ (bn/bd) for bn ≠ 0, reduced."""
    n, d = an * bd, ad * bn
    g = gcd(n, d)
    if d < 0:
        g = -g
    return (n // g, d // g)


def add(an: int, ad: int, bn: int, bd: int) -> Q:
    if ad == 1 and bd == 1:
        return (an + bn, 1)
    n, d = an * bd + bn * ad, ad * bd
    g = gcd(n, d)
    return (n // g, d // g)


def mul(an: int, ad: int, bn: int, bd: int) -> Q:
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
