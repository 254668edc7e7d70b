"""Which targets a handful of numbers can make with + − × ÷ (and, optionally, ² and √).

The game asks this every turn (can any opponent die be captured by a Mind attack?), the card war
for every pair of cards, and bots and hints for their moves. Every expression returned reads back
with `evaluate(text, powers=...)` to exactly the value it was returned for, uses each number at
most once, and uses only the operators allowed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction

from games.rules import search
from games.rules.expressions import to_text
from games.rules.search import Made, Q, from_q, to_q
from games.rules.value_sets import collector_paused

_CANONICAL_OPS = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "/": "/", "÷": "/"}


def _canonical_ops(ops: str) -> str:
    try:
        chosen = {_CANONICAL_OPS[op] for op in ops}
    except KeyError as err:
        raise ValueError(f"unknown operator in ops: {ops!r}") from err
    return "".join(op for op in "+-*/" if op in chosen)


def _sizes(count: int, min_values: int, max_values: int | None, use_all: bool) -> range:
    lowest = max(min_values, 1)
    highest = count if max_values is None else min(count, max_values)
    if use_all:
        return range(count, count + 1) if lowest <= count <= highest else range(0)
    return range(lowest, highest + 1)


def _text(
    sub: tuple[int, ...],
    target: Q,
    ops: str,
    powers: bool,
    known: Mapping[tuple[int, ...], Made] | None = None,
) -> str:
    tree = search.build(sub, target, ops, powers, known)
    assert tree is not None  # only called for values the search has found
    return to_text(tree)


def solve(
    values: Sequence[int],
    target: int | Fraction,
    *,
    use_all: bool = False,
    ops: str = "+-*/",
    min_values: int = 2,
    max_values: int | None = None,
    powers: bool = False,
) -> str | None:
    """An expression equal to target using each value at most once (all of them if use_all).

    Uses at least `min_values` values (fewest first), at most `max_values` (None: no limit; a
    Mind attack uses at most six dice), and only operators in `ops` (ASCII or × ÷ −); with
    `powers` a value may appear as v, v² or √v (√ only of a perfect square). None when no such
    expression exists (also when there are fewer values than min_values).
    """
    ops = _canonical_ops(ops)
    numbers = tuple(sorted(values))
    goal = to_q(target)
    for size in _sizes(len(numbers), min_values, max_values, use_all):
        for sub in search.sub_multisets(numbers, size):
            if search.reaches(sub, goal, ops, powers):
                return _text(sub, goal, ops, powers)
    return None


class Reachable(Mapping[Fraction, str]):
    """Value → one expression that makes it; the expressions are built when first looked up.

    A six-number position reaches ~10⁵ values and building every text would dominate; read-only
    Mapping, equal to the dict with the same items.
    """

    def __init__(
        self,
        positive: set[Q],
        negative: set[Q],
        makers: list[tuple[tuple[int, ...], Made]],
        ops: str,
        powers: bool,
    ) -> None:
        # Magnitudes made positive / negative, as the value sets keep them: negating 10⁵
        # values into one signed set would cost more than the rest of the work.
        negative.discard((0, 1))
        self._positive = positive
        self._negative = negative
        self._makers = makers  # smallest multisets first
        self._known = dict(makers)
        self._ops = ops
        self._powers = powers
        self._texts: dict[Q, str] = {}

    def __getitem__(self, value: int | Fraction) -> str:
        if value not in self:
            raise KeyError(value)
        q = to_q(value)
        text = self._texts.get(q)
        if text is None:
            sub = next(sub for sub, made in self._makers if q in made)
            text = self._texts[q] = _text(sub, q, self._ops, self._powers, self._known)
        return text

    def __contains__(self, value: object) -> bool:
        if isinstance(value, float | bool) or not isinstance(value, int | Fraction):
            return False
        n, d = to_q(value)
        return (n, d) in self._positive if n >= 0 else (-n, d) in self._negative

    def __iter__(self) -> Iterator[Fraction]:
        yield from (from_q(q) for q in self._positive)
        yield from (Fraction(-n, d) for n, d in self._negative)

    def __len__(self) -> int:
        return len(self._positive) + len(self._negative)

    def __repr__(self) -> str:
        return f"<Reachable: {len(self)} values>"


def reachable(
    values: Sequence[int],
    *,
    ops: str = "+-*/",
    min_values: int = 2,
    max_values: int | None = None,
    powers: bool = False,
) -> Reachable:
    """Every value some allowed subset (min_values..max_values numbers) makes, with one expression.

    Each expression uses as few numbers as possible. The result is a read-only mapping whose
    texts are built lazily; `dict(result)` forces them all.
    """
    ops = _canonical_ops(ops)
    numbers = tuple(sorted(values))
    positive: set[Q] = set()
    negative: set[Q] = set()
    makers: list[tuple[tuple[int, ...], Made]] = []
    with collector_paused():
        for size in _sizes(len(numbers), min_values, max_values, use_all=False):
            for sub in search.sub_multisets(numbers, size):
                made = search.made(sub, ops, powers)
                made.add_to(positive, negative)
                makers.append((sub, made))
    return Reachable(positive, negative, makers, ops, powers)


def capturable(
    values: Sequence[int],
    targets: Iterable[int],
    *,
    ops: str = "+-*/",
    min_values: int = 2,
    max_values: int | None = None,
    powers: bool = False,
) -> dict[int, str]:
    """For each target some allowed subset of values makes, one expression (fewest values first).

    Targets that cannot be made are left out. Stops searching once every target is found.
    """
    ops = _canonical_ops(ops)
    numbers = tuple(sorted(values))
    wanted = {t: to_q(t) for t in targets}
    remaining = dict(wanted)
    found: dict[int, tuple[int, ...]] = {}
    limit = search.full_set_limit(ops)
    for size in _sizes(len(numbers), min_values, max_values, use_all=False):
        for sub in search.sub_multisets(numbers, size):
            if size <= limit:
                made = search.values(sub, ops, powers)
                hits = [t for t, q in remaining.items() if q in made]
            else:
                hits = [t for t, q in remaining.items() if search.reaches(sub, q, ops, powers)]
            for t in hits:
                found[t] = sub
                del remaining[t]
            if not remaining:
                break
        if not remaining:
            break
    return {t: _text(found[t], wanted[t], ops, powers) for t in wanted if t in found}
