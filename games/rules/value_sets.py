"""Sets of values a multiset of small whole numbers can make, computed bottom-up and cached.

Values are exact rationals held as reduced `(numerator, denominator)` int pairs (denominator > 0):
`Fraction` arithmetic is several times slower and the inner loops run millions of times.
`values(sub, ops, powers)` is the set of values of expressions using *every* number of the sorted
multiset `sub` exactly once; it depends only on the multiset, so it is cached by it (the same dice
come up again and again). How a value was made is not stored (see `search.build`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
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


def _magnitudes(
    xs: frozenset[Q],
    ys: frozenset[Q],
    sums: set[Q],
    diffs: set[Q] | None,
    prods: set[Q],
    positive: set[Q],
    negative: set[Q],
) -> None:
    """Magnitudes of x + y, |x − y|, x × y, x ÷ y, y ÷ x for magnitudes x in xs, y in ys.

    Sums go to `sums`, products and quotients to `prods`, differences to `diffs`; when `diffs`
    is None, x − y keeps its sign and goes to `positive` or `negative` (as a magnitude).
    """
    if not xs or not ys:
        return
    # A whole number against a set goes set-at-a-time (C loops, and ± need no gcd); leaves and
    # most small values are whole, so this covers the big leaf-against-the-rest cuts.
    flipped = len(ys) < len(xs)
    small, large = (ys, xs) if flipped else (xs, ys)
    wholes = [n for n, d in small if d == 1]
    if wholes and (len(large) > 8 or len(wholes) == len(small)):
        if flipped:  # x − y seen from y's side is −(y − x)
            positive, negative = negative, positive
        for v in wholes:
            _with_whole(v, large, sums, diffs, prods, positive, negative)
        rest = small - {(v, 1) for v in wholes}
        if flipped:
            positive, negative = negative, positive
            xs, ys = large, rest
        else:
            xs, ys = rest, large
    _magnitude_pairs(xs, ys, sums, diffs, prods, positive, negative)


def _with_whole(
    v: int,
    ys: frozenset[Q],
    sums: set[Q],
    diffs: set[Q] | None,
    prods: set[Q],
    positive: set[Q],
    negative: set[Q],
) -> None:
    """`_magnitudes` for the single whole magnitude x = v (v/1 ± n/d needs no reducing)."""
    # Generators, not set comprehensions: a tuple's hash is not cached, so hash each result once.
    sums.update((n + v * d, d) for n, d in ys)
    if diffs is not None:
        diffs.update((abs(v * d - n), d) for n, d in ys)
    else:
        positive.update((v * d - n, d) for n, d in ys if v * d > n)
        negative.update((n - v * d, d) for n, d in ys if v * d <= n)
    if v:
        prods.update((n * (v // g), d // g) for n, d in ys for g in (gcd(v, d),))
        prods.update((n // g, d * (v // g)) for n, d in ys for g in (gcd(n, v),))
        prods.update(((v // g) * d, n // g) for n, d in ys if n for g in (gcd(v, n),))
    else:
        prods.add((0, 1))  # 0 × y = 0 (and 0 ÷ y = 0 too when y ≠ 0)


def _magnitude_pairs(
    xs: Iterable[Q],
    ys: Iterable[Q],
    sums: set[Q],
    diffs: set[Q] | None,
    prods: set[Q],
    positive: set[Q],
    negative: set[Q],
) -> None:
    add_sum, add_prod = sums.add, prods.add
    add_diff = diffs.add if diffs is not None else None
    for xn, xd in xs:
        for yn, yd in ys:
            x = xn * yd
            y = yn * xd
            d = xd * yd
            if d == 1:
                add_sum((x + y, 1))
                add_prod((x * y, 1))
                if add_diff is not None:
                    add_diff((x - y, 1) if x >= y else (y - x, 1))
                elif x > y:
                    positive.add((x - y, 1))
                else:
                    negative.add((y - x, 1))
            else:
                n = x + y
                g = gcd(n, d)
                add_sum((n // g, d // g))
                n = xn * yn
                g = gcd(n, d)
                add_prod((n // g, d // g))
                n = x - y if x >= y else y - x
                g = gcd(n, d)
                if add_diff is not None:
                    add_diff((n // g, d // g))
                elif x > y:
                    positive.add((n // g, d // g))
                else:
                    negative.add((n // g, d // g))
            if y:
                g = gcd(x, y)
                add_prod((x // g, y // g))
                if x:
                    add_prod((y // g, x // g))
            elif x:
                add_prod((0, 1))


class Made:
    """The values a multiset makes, as magnitudes that can be made positive and negative.

    (Zero is in both.) The signed set and the sign classes are derived on first use: a
    six-number set is only ever read as signed values, and deriving costs set passes over 10⁵.
    """

    __slots__ = ("_classes", "_signed", "negative", "positive")

    def __init__(self, positive: frozenset[Q], negative: frozenset[Q]) -> None:
        self.positive = positive
        self.negative = negative
        self._signed: frozenset[Q] | None = None
        self._classes: tuple[frozenset[Q], frozenset[Q], frozenset[Q], frozenset[Q]] | None = None

    @classmethod
    def from_signed(cls, signed: frozenset[Q]) -> Made:
        made = cls(
            frozenset(q for q in signed if q[0] >= 0),
            frozenset((-n, d) for n, d in signed if n <= 0),
        )
        made._signed = signed
        return made

    def __contains__(self, q: Q) -> bool:
        n, d = q
        return q in self.positive if n >= 0 else (-n, d) in self.negative

    def add_signed_to(self, out: set[Q]) -> None:
        """Add every signed value to `out` (without building the signed set if not built yet)."""
        if self._signed is not None:
            out |= self._signed
        else:
            out |= self.positive
            out.update((-n, d) for n, d in self.negative if n)

    @property
    def signed(self) -> frozenset[Q]:
        if self._signed is None:
            self._signed = self.positive | {(-n, d) for n, d in self.negative if n}
        return self._signed

    def classes(self) -> tuple[frozenset[Q], frozenset[Q], frozenset[Q], frozenset[Q]]:
        """(made with both signs, only positive, only negative, all magnitudes)."""
        if self._classes is None:
            p, n = self.positive, self.negative
            self._classes = (p & n, p - n, n - p, p | n)
        return self._classes


def _compute_all_four(sub: tuple[int, ...], powers: bool) -> Made:
    """All four operations, by magnitude: |a op b| depends only on |a| and |b|, and most values
    come with both signs, so working on magnitudes and a sign class does a third of the pairs."""
    both: set[Q] = set()
    positive: set[Q] = set()  # made positive (maybe also negative)
    negative: set[Q] = set()
    for left, right in splits(sub):
        a_both, a_pos, a_neg, _ = _made(left, "+-*/", powers).classes()
        b_both, b_pos, b_neg, b_all = _made(right, "+-*/", powers).classes()
        # Either side having both signs gives every result both signs (a+b, a−b, b−a, …).
        _magnitudes(a_both, b_all, both, both, both, both, both)
        _magnitudes(a_pos | a_neg, b_both, both, both, both, both, both)
        # Same signs: sums keep the sign, differences come both ways, products are positive.
        _magnitudes(a_pos, b_pos, positive, both, positive, both, both)
        _magnitudes(a_neg, b_neg, negative, both, positive, both, both)
        # Opposite signs: a − b and b − a give the sum both ways; a + b is the signed difference.
        _magnitudes(a_pos, b_neg, both, None, negative, positive, negative)
        _magnitudes(b_pos, a_neg, both, None, negative, positive, negative)
    if (0, 1) in positive or (0, 1) in negative:
        both.add((0, 1))
    positive |= both
    negative |= both
    return Made(frozenset(positive), frozenset(negative))


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
