"""Sets of values a multiset of small whole numbers can make, computed bottom-up and cached.

Values are exact rationals held as reduced `(numerator, denominator)` int pairs (denominator > 0):
`Fraction` arithmetic is several times slower and the inner loops run millions of times.
`values(sub, ops, powers)` is the set of values of expressions using *every* number of the sorted
multiset `sub` exactly once; it depends only on the multiset, so it is cached by it (the same dice
come up again and again). How a value was made is not stored (see `search.build`). With all four
operations a set is kept as the values whose last operation is × ÷ and those whose last is + −
(see `_compute_all_four`); the kernels are in `magnitudes`.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator, Set
from contextlib import contextmanager
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from games.rules.solver import magnitudes

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


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (nested uses are fine).

    A six-number set creates ~10⁶ tuples of ints, none of which can be part of a cycle; the
    collector would otherwise run every 700 of them and re-scan the survivors (~25% of the time).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


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


class Made:
    """The values a multiset makes, as magnitudes that can be made positive and negative.

    (Zero is in both.) With all four operations the values are kept in two parts: `term`, the
    values of expressions whose last operation is × or ÷, and `factor`, those whose last is + or
    −; a single number is both. The whole sets and the sign classes are derived on first use:
    a six-number set is only ever read as signed values, and deriving costs set passes over 10⁵.
    """

    __slots__ = ("_classes", "_negative", "_positive", "_signed", "factor", "term")

    def __init__(self, positive: Set[Q] | None, negative: Set[Q] | None) -> None:
        self._positive = positive
        self._negative = negative
        self._signed: frozenset[Q] | None = None
        self._classes: tuple[Set[Q], Set[Q], Set[Q], Set[Q]] | None = None
        self.term = self.factor = self

    @classmethod
    def from_signed(cls, signed: frozenset[Q]) -> Made:
        made = cls(
            frozenset(q for q in signed if q[0] >= 0),
            frozenset((-n, d) for n, d in signed if n <= 0),
        )
        made._signed = signed
        return made

    @classmethod
    def from_parts(cls, term: Made, factor: Made) -> Made:
        made = cls(None, None)
        made.term, made.factor = term, factor
        return made

    @property
    def positive(self) -> Set[Q]:
        if self._positive is None:
            self._positive = self.term.positive | self.factor.positive
        return self._positive

    @property
    def negative(self) -> Set[Q]:
        if self._negative is None:
            self._negative = self.term.negative | self.factor.negative
        return self._negative

    def __contains__(self, q: Q) -> bool:
        n, d = q
        return q in self.positive if n >= 0 else (-n, d) in self.negative

    def add_to(self, positive: set[Q], negative: set[Q]) -> None:
        """Add the magnitudes to `positive` and `negative` (without building the whole sets)."""
        if self._positive is None and self.term is not self:
            self.term.add_to(positive, negative)
            self.factor.add_to(positive, negative)
        else:
            positive |= self.positive
            negative |= self.negative

    @property
    def signed(self) -> frozenset[Q]:
        if self._signed is None:
            self._signed = frozenset(self.positive).union((-n, d) for n, d in self.negative if n)
        return self._signed

    def classes(self) -> tuple[Set[Q], Set[Q], Set[Q], Set[Q]]:
        """(made with both signs, only positive, only negative, all magnitudes)."""
        if self._classes is None:
            p, n = self.positive, self.negative
            self._classes = (p & n, p - n, n - p, p | n)
        return self._classes


@lru_cache(maxsize=4096)
def pivot_splits(sub: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every cut of a sorted multiset into (a part with its first number, the non-empty rest)."""
    first, rest = sub[0], sub[1:]
    n = len(rest)
    seen: set[tuple[int, ...]] = set()
    out = []
    for mask in range((1 << n) - 1):
        others = tuple(rest[i] for i in range(n) if mask >> i & 1)
        if others not in seen:
            seen.add(others)
            out.append(((first, *others), tuple(rest[i] for i in range(n) if not mask >> i & 1)))
    return tuple(out)


def _signed_parts(both: set[Q], positive: set[Q], negative: set[Q]) -> Made:
    if (0, 1) in positive or (0, 1) in negative:
        both.add((0, 1))
    # Kept as (never mutated) sets: copying into frozensets costs a pass over 10⁴-10⁵ values.
    positive |= both
    negative |= both
    return Made(positive, negative)


def _compute_all_four(sub: tuple[int, ...], powers: bool) -> Made:
    """All four operations, by magnitude, without the same expression up to associativity twice.

    |a op b| depends only on |a| and |b|, and most values come with both signs, so working on
    magnitudes and a sign class does a third of the pairs. An expression whose last operation is
    + or − is a sum of signed terms (values whose last operation is × or ÷, or single numbers);
    taking the term that holds the first number as one side makes every such value once per
    way of cutting it, not once per bracketing. Likewise for × ÷ with factors.
    """
    a_both: set[Q] = set()  # + − results made with both signs
    a_pos: set[Q] = set()  # made positive (maybe also negative)
    a_neg: set[Q] = set()
    m_both: set[Q] = set()  # × ÷ results
    m_pos: set[Q] = set()
    m_neg: set[Q] = set()
    for part, rest in pivot_splits(sub):
        split = _made(part, "+-*/", powers)
        r_both, r_pos, r_neg, r_all = _made(rest, "+-*/", powers).classes()
        # Either side having both signs gives every result both signs (a+b, a−b, b−a, …).
        # Same signs: sums keep the sign, differences come both ways, products are positive.
        # Opposite signs: a − b and b − a give the sum both ways; a + b is the signed difference.
        t_both, t_pos, t_neg, t_all = split.term.classes()
        magnitudes.sums(t_both, r_all, a_both, a_both, a_both, a_both)
        magnitudes.sums(t_all - t_both, r_both, a_both, a_both, a_both, a_both)
        magnitudes.sums(t_pos, r_pos, a_pos, a_both, a_both, a_both)
        magnitudes.sums(t_neg, r_neg, a_neg, a_both, a_both, a_both)
        magnitudes.sums(t_pos, r_neg, a_both, None, a_pos, a_neg)
        magnitudes.sums(r_pos, t_neg, a_both, None, a_pos, a_neg)
        f_both, f_pos, f_neg, f_all = split.factor.classes()
        magnitudes.products(f_both, r_all, m_both)
        magnitudes.products(f_all - f_both, r_both, m_both)
        magnitudes.products(f_pos, r_pos, m_pos)
        magnitudes.products(f_neg, r_neg, m_pos)
        magnitudes.products(f_pos, r_neg, m_neg)
        magnitudes.products(r_pos, f_neg, m_neg)
    return Made.from_parts(_signed_parts(m_both, m_pos, m_neg), _signed_parts(a_both, a_pos, a_neg))


# Cache sizes by multiset size, to bound memory in a long-running server: a 3-number set holds
# ≲ 100 values (a few kB), a 4-number set ≲ 2000 (≲ 0.3 MB), a 6-number set up to ~2·10⁵ (tens of
# MB); eight big slots hold a six-number position's six 5-number sets and its 6-number set
# (fewer makes `reachable` compute the 5-number sets twice), so ~50 MB at worst.
@lru_cache(maxsize=4096)
def _made_up_to_3(sub: tuple[int, ...], ops: str, powers: bool) -> Made:
    return _compute(sub, ops, powers)


@lru_cache(maxsize=64)
def _made_of_4(sub: tuple[int, ...], ops: str, powers: bool) -> Made:
    return _compute(sub, ops, powers)


@lru_cache(maxsize=8)
def _made_of_5_or_more(sub: tuple[int, ...], ops: str, powers: bool) -> Made:
    return _compute(sub, ops, powers)


def _made(sub: tuple[int, ...], ops: str, powers: bool) -> Made:
    if len(sub) <= 3:
        return _made_up_to_3(sub, ops, powers)
    if len(sub) == 4:
        return _made_of_4(sub, ops, powers)
    return _made_of_5_or_more(sub, ops, powers)


def made(sub: tuple[int, ...], ops: str, powers: bool) -> Made:
    """What the sorted multiset `sub` makes using each number exactly once (cached)."""
    return _made(sub, ops, powers)


def values(sub: tuple[int, ...], ops: str, powers: bool) -> frozenset[Q]:
    """Every value of an expression using each number of the sorted multiset `sub` exactly once."""
    return _made(sub, ops, powers).signed


def _compute(sub: tuple[int, ...], ops: str, powers: bool) -> Made:
    if len(sub) == 1:
        return Made.from_signed(frozenset(q for q, _ in leaf_options(sub[0], powers)))
    if ops == "+-*/":
        with collector_paused():
            return _compute_all_four(sub, powers)
    out: set[Q] = set()
    for left, right in splits(sub):
        _combine(values(left, ops, powers), values(right, ops, powers), ops, out)
    return Made.from_signed(frozenset(out))


def clear_caches() -> None:
    """Forget every cached set (benchmarks measure cold runs with this)."""
    _made_up_to_3.cache_clear()
    _made_of_4.cache_clear()
    _made_of_5_or_more.cache_clear()
    splits.cache_clear()
