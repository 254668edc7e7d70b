"""Find expressions: one for a target (`solve`), for each of several targets (`capturable`), for
every value (`reachable`), with + − × ÷ (and, optionally, ² and √).

The game asks this every turn (can any opponent die be captured by a Mind attack?), the card war
for every pair of cards, and bots and hints for their moves. Every expression returned reads back
with `evaluate(text, powers=...)` to exactly the value it was returned for, uses each number at
most once, and uses only the operators allowed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction

from games.rules.common import operator_codes
from games.rules.expressions import to_text
from games.rules.solver import search
from games.rules.solver.search import Made, Q, from_q, to_q
from games.rules.solver.value_sets import collector_paused


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
    limit: int | None = None,
) -> str:
    tree = search.build(sub, target, ops, powers, known, limit)
    assert tree is not None  # only called for values the search has found
    return to_text(tree)


# Goal-first steps before switching to value sets: finding a target takes ≲ 10² steps, proving
# one impossible can take 10⁵ (see `search.Steps`).
_STEPS = 1000


def _first_makers[K](
    numbers: tuple[int, ...], sizes: range, goals: Mapping[K, Q], ops: str, powers: bool
) -> dict[K, tuple[tuple[int, ...], int]]:
    """For each goal, the first sub-multiset (fewest numbers first) that makes it, if any.

    Each comes with the value-set size limit to build its expression with. Goal-first search
    while it is cheap; past the step budget, value sets of up to `oracle_limit` numbers decide,
    so an impossible goal costs about as much as those sets.
    """
    found: dict[K, tuple[tuple[int, ...], int]] = {}
    try:
        _search(numbers, sizes, goals, found, ops, powers, search.full_set_limit(ops), _STEPS)
    except search.OutOfSteps:
        rest = {k: q for k, q in goals.items() if k not in found}
        _search(numbers, sizes, rest, found, ops, powers, search.oracle_limit(ops, powers), None)
    return found


def _search[K](
    numbers: tuple[int, ...],
    sizes: range,
    goals: Mapping[K, Q],
    found: dict[K, tuple[tuple[int, ...], int]],
    ops: str,
    powers: bool,
    limit: int,
    steps: int | None,
) -> None:
    remaining = dict(goals)
    budget = None if steps is None else search.Steps(steps)
    for size in sizes:
        for sub in search.sub_multisets(numbers, size):
            if not remaining:
                return
            if size <= limit:
                made = search.made(sub, ops, powers)
                hits = [k for k, q in remaining.items() if q in made]
            else:
                hits = [
                    k
                    for k, q in remaining.items()
                    if search.reaches(sub, q, ops, powers, limit=limit, steps=budget)
                ]
            for k in hits:
                found[k] = (sub, limit)
                del remaining[k]


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
    ops = operator_codes(ops)
    numbers = tuple(sorted(values))
    goal = to_q(target)
    sizes = _sizes(len(numbers), min_values, max_values, use_all)
    found = _first_makers(numbers, sizes, {goal: goal}, ops, powers)
    if goal not in found:
        return None
    sub, limit = found[goal]
    return _text(sub, goal, ops, powers, limit=limit)


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
    ops = operator_codes(ops)
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
    ops = operator_codes(ops)
    numbers = tuple(sorted(values))
    wanted = {t: to_q(t) for t in targets}
    sizes = _sizes(len(numbers), min_values, max_values, use_all=False)
    found = _first_makers(numbers, sizes, wanted, ops, powers)
    return {
        t: _text(found[t][0], wanted[t], ops, powers, limit=found[t][1])
        for t in wanted
        if t in found
    }
