"""The hot loops of the value sets: sums, differences, products and quotients of magnitudes.

Values are reduced `(numerator, denominator)` int pairs (denominator > 0); these functions see
only magnitudes (numerator ≥ 0): |a op b| depends only on |a| and |b|, and `value_sets` keeps
track of which signs each magnitude can be made with. Additive and multiplicative results are
computed apart because `value_sets` pairs different sets for each (see `_compute_all_four`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Set

type Q = tuple[int, int]

gcd = math.gcd

# A whole number against a bigger set goes set-at-a-time (C loops, and ± need no gcd); leaves
# and most small values are whole, so this covers the big leaf-against-the-rest cuts.
_SET_AT_A_TIME = 8


def _whole_first(xs: Set[Q], ys: Set[Q]) -> tuple[bool, list[int], Set[Q], Set[Q]]:
    """(flipped, whole magnitudes of the smaller side, its other values, the larger side)."""
    flipped = len(ys) < len(xs)
    small, large = (ys, xs) if flipped else (xs, ys)
    wholes = [n for n, d in small if d == 1]
    if wholes and (len(large) > _SET_AT_A_TIME or len(wholes) == len(small)):
        return flipped, wholes, small - {(v, 1) for v in wholes}, large
    return flipped, [], small, large


def sums(
    xs: Set[Q],
    ys: Set[Q],
    sums: set[Q],
    diffs: set[Q] | None,
    positive: set[Q],
    negative: set[Q],
) -> None:
    """x + y into `sums` and |x − y| into `diffs`, for magnitudes x in xs, y in ys.

    When `diffs` is None, x − y keeps its sign: it goes to `positive` or `negative` (as a
    magnitude; zero goes to `negative`).
    """
    if not xs or not ys:
        return
    flipped, wholes, rest, large = _whole_first(xs, ys)
    if wholes:
        # x − y seen from y's side is −(y − x)
        pos, neg = (negative, positive) if flipped else (positive, negative)
        add_sums, add_pos, add_neg = sums.update, pos.update, neg.update
        add_diffs = diffs.update if diffs is not None else None
        # Generators, not set comprehensions: a tuple's hash is not cached, so hash each once.
        for v in wholes:
            add_sums((n + v * d, d) for n, d in large)
            if add_diffs is not None:
                add_diffs((abs(v * d - n), d) for n, d in large)
            else:
                add_pos((v * d - n, d) for n, d in large if v * d > n)
                add_neg((n - v * d, d) for n, d in large if v * d <= n)
    if flipped:
        _sum_pairs(large, rest, sums, diffs, positive, negative)
    else:
        _sum_pairs(rest, large, sums, diffs, positive, negative)


def _sum_pairs(
    xs: Iterable[Q],
    ys: Iterable[Q],
    sums: set[Q],
    diffs: set[Q] | None,
    positive: set[Q],
    negative: set[Q],
) -> None:
    add_sum = sums.add
    add_diff = diffs.add if diffs is not None else None
    for xn, xd in xs:
        for yn, yd in ys:
            x = xn * yd
            y = yn * xd
            if xd == 1 and yd == 1:
                add_sum((x + y, 1))
                if add_diff is not None:
                    add_diff((x - y, 1) if x >= y else (y - x, 1))
                elif x > y:
                    positive.add((x - y, 1))
                else:
                    negative.add((y - x, 1))
                continue
            d = xd * yd
            n = x + y
            g = gcd(n, d)
            add_sum((n // g, d // g))
            n = x - y if x >= y else y - x
            g = gcd(n, d)
            if add_diff is not None:
                add_diff((n // g, d // g))
            elif x > y:
                positive.add((n // g, d // g))
            else:
                negative.add((n // g, d // g))


def products(xs: Set[Q], ys: Set[Q], prods: set[Q]) -> None:
    """x × y, x ÷ y and y ÷ x (divisor ≠ 0) into `prods`, for magnitudes x in xs, y in ys."""
    if not xs or not ys:
        return
    _, wholes, rest, large = _whole_first(xs, ys)
    update, add = prods.update, prods.add
    for v in wholes:
        if v == 1:  # 1 × y = y ÷ 1 = y: no new tuples (dice show 1 often)
            update(large)
            update((d, n) for n, d in large if n)
        elif v:
            update((n * (v // g), d // g) for n, d in large for g in (gcd(v, d),))
            # y ÷ v and v ÷ y share gcd(n, v)
            for n, d in large:
                g = gcd(n, v)
                add((n // g, d * (v // g)))
                if n:
                    add(((v // g) * d, n // g))
        else:
            add((0, 1))  # 0 × y = 0 (and 0 ÷ y = 0 too when y ≠ 0)
    for xn, xd in rest:
        for yn, yd in large:
            n, d = xn * yn, xd * yd
            if d == 1:
                add((n, 1))
            else:
                g = gcd(n, d)
                add((n // g, d // g))
            x = xn * yd
            y = yn * xd
            if y:
                g = gcd(x, y)
                add((x // g, y // g))
                if x:
                    add((y // g, x // g))
            elif x:
                add((0, 1))
