"""The solver: finds an expression whenever one exists, and every expression it gives is honest."""

import contextlib
import functools
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.expressions import evaluate, leaf_value, leaves, operators, parse
from games.rules.solver import capturable, find, reachable, search, solve


def assert_honest(text, values, target, *, ops="+-*/", min_values=2, use_all=False, powers=False):
    """The expression evaluates to target with allowed numbers, operators and count."""
    assert evaluate(text, powers=powers) == target
    tree = parse(text, powers=powers)
    used = [n.value for n in leaves(tree)]
    assert not Counter(used) - Counter(values), f"{text} uses numbers not in {values}"
    assert len(used) >= min_values
    if use_all:
        assert sorted(used) == sorted(values)
    assert operators(tree) <= set(ops)
    if powers:
        for n in leaves(tree):
            assert leaf_value(n) in (n.value, n.value**2) or leaf_value(n) ** 2 == n.value


def naive_values(values, ops="+-*/", powers=False, min_size=2):
    """Every value of every expression tree over ordered selections: the obvious brute force."""

    def trees(seq):
        if len(seq) == 1:
            v = seq[0]
            out = {Fraction(v)}
            if powers:
                out.add(Fraction(v * v))
                out |= {Fraction(r) for r in range(v + 1) if r * r == v}
            return out
        out = set()
        for cut in range(1, len(seq)):
            for a in trees(seq[:cut]):
                for b in trees(seq[cut:]):
                    if "+" in ops:
                        out.add(a + b)
                    if "-" in ops:
                        out.add(a - b)
                    if "*" in ops:
                        out.add(a * b)
                    if "/" in ops and b:
                        out.add(a / b)
        return out

    made = set()
    for size in range(min_size, len(values) + 1):
        for seq in set(permutations(values, size)):
            made |= trees(seq)
    return made


@pytest.fixture(scope="module")
def monkeypatch_steps():
    """A context manager setting the solver's goal-first step budget."""

    @contextlib.contextmanager
    def steps(n):
        saved, find._STEPS = find._STEPS, n
        try:
            yield
        finally:
            find._STEPS = saved

    return steps


# Examples the game relies on


def test_finds_a_pair_sum():
    assert_honest(solve([3, 4, 9], 7), [3, 4, 9], 7)


def test_finds_fraction_only_answers():
    text = solve([10, 1, 1, 2], 20, use_all=True, ops="-/")
    assert_honest(text, [10, 1, 1, 2], 20, ops="-/", use_all=True)
    # The classic 24s whose only answers pass through a fraction: 5 × (5 − 1 ÷ 5), 8 ÷ (3 − 8 ÷ 3).
    assert_honest(solve([1, 5, 5, 5], 24, use_all=True), [1, 5, 5, 5], 24, use_all=True)
    assert_honest(solve([3, 3, 8, 8], 24, use_all=True), [3, 3, 8, 8], 24, use_all=True)


def test_finds_answers_with_a_negative_in_the_middle():
    text = solve([2, 5, 8], 5, use_all=True, ops="+-")
    assert_honest(text, [2, 5, 8], 5, ops="+-", use_all=True)


def test_finds_fraction_then_whole_number():
    assert_honest(solve([5, 3, 6], 10, ops="*/", use_all=True), [5, 3, 6], 10, ops="*/")


def test_returns_none_when_impossible():
    assert solve([1, 1, 1], 20) is None
    assert solve([2, 3], 7) is None


def test_impossible_targets_among_six_values_agree_with_the_value_sets():
    # 892 is the smallest whole number six varied values cannot make; proving it switches from
    # goal-first search to value sets, which must not lose or invent answers.
    values = [2, 3, 5, 7, 11, 13]
    made = reachable(values)
    assert 892 not in made
    for target in (892, 893, Fraction(892, 3), 891, 889, -892):
        text = solve(values, target)
        assert (text is not None) == (target in made)
        if text is not None:
            assert_honest(text, values, target)
    assert set(capturable(values, [892, 891, 20])) == {t for t in (892, 891, 20) if t in made}


def test_impossible_with_powers_is_proved_without_the_whole_value_set():
    # The six-number set with squares and roots has ~1.6·10⁷ values (20 s to build); 22582 is
    # the smallest whole number it lacks.
    values = [2, 3, 5, 7, 11, 13]
    assert solve(values, 22582, powers=True) is None
    assert_honest(solve(values, 22581, powers=True), values, 22581, powers=True)


def test_a_value_is_used_at_most_as_often_as_it_appears():
    assert solve([3], 6, min_values=1) is None
    assert_honest(solve([3, 3], 6), [3, 3], 6)


def test_min_values_forces_longer_expressions():
    assert solve([3, 4, 1], 7, min_values=3) is not None
    assert_honest(solve([3, 4, 1], 7, min_values=3), [3, 4, 1], 7, min_values=3)
    assert solve([3, 4], 7, min_values=3) is None


def test_max_values_caps_the_numbers_used():
    assert solve([1, 1, 1, 1], 4, max_values=3) is None
    assert_honest(solve([1, 1, 1, 1], 3, max_values=3), [1, 1, 1, 1], 3)
    assert solve([1, 1, 1, 1], 4, use_all=True, max_values=3) is None
    assert capturable([1, 1, 1, 1], [4], max_values=3) == {}
    assert 4 not in reachable([1, 1, 1, 1], max_values=3)


def test_capture_check_with_twelve_recruited_dice_is_quick_and_honest():
    own = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    found = capturable(own, [20, 19, 18, 17, 16, 13], max_values=6)
    assert set(found) == {20, 19, 18, 17, 16, 13}
    for target, text in found.items():
        assert_honest(text, own, target)


def test_single_values_count_when_min_values_is_one():
    assert solve([3, 4], 4, min_values=1) == "4"


def test_use_all_uses_every_value():
    text = solve([1, 2, 3, 4], 10, use_all=True)
    assert_honest(text, [1, 2, 3, 4], 10, use_all=True)


def test_operators_are_restricted_and_accept_unicode_names():
    assert solve([6, 3], 2, ops="+-") is None
    assert solve([6, 3], 2, ops="×÷") == "6 ÷ 3"


def test_targets_may_be_negative_or_fractions():
    assert_honest(solve([3, 8], -5), [3, 8], -5)
    assert_honest(solve([3, 8], Fraction(3, 8)), [3, 8], Fraction(3, 8))


def test_powers_square_or_root_one_value_each():
    assert_honest(solve([3, 4], 25, powers=True), [3, 4], 25, powers=True)  # 3² + 4²
    assert_honest(solve([9, 2], 1, powers=True, use_all=True), [9, 2], 1, powers=True)
    assert solve([3, 4], 25) is None


def test_powers_never_root_a_non_square():
    assert solve([8, 2], 2 + 2, powers=True, ops="+") is None  # √8 is not allowed


def test_zero_targets_use_zero_in_the_middle():
    assert_honest(solve([2, 2, 7], 0, use_all=True, ops="-*"), [2, 2, 7], 0, ops="-*")


def test_reachable_lists_every_value_with_an_expression():
    made = reachable([3, 4])
    assert dict(made) == {
        Fraction(7): "3 + 4",
        Fraction(-1): "3 − 4",
        Fraction(1): "4 − 3",
        Fraction(12): "3 × 4",
        Fraction(3, 4): "3 ÷ 4",
        Fraction(4, 3): "4 ÷ 3",
    }
    assert 7 in made and made[7] == "3 + 4"


def test_reachable_uses_the_fewest_values_for_each():
    made = reachable([2, 3, 5])
    assert made[5] in ("2 + 3", "3 + 2")


def test_capturable_reports_only_makeable_targets():
    assert capturable([1, 2], [3, 2, 100]) == {3: "1 + 2", 2: "1 × 2"}


def test_capturable_with_no_values_or_too_few():
    assert capturable([], [1, 2]) == {}
    assert capturable([5], [5]) == {}
    assert capturable([5], [5], min_values=1) == {5: "5"}


def test_caches_can_be_cleared():
    search.clear_caches()
    assert solve([1, 2], 3) == "1 + 2"


# Properties

_dice = st.lists(st.integers(1, 20), min_size=1, max_size=5)
_ops = st.sampled_from(["+-*/", "+-", "*/", "+*", "-/"])


@settings(max_examples=60, deadline=None)
@given(_dice, st.integers(-30, 60), _ops, st.integers(1, 3), st.booleans(), st.booleans())
def test_solve_returns_an_honest_expression(values, target, ops, min_values, use_all, powers):
    text = solve(values, target, ops=ops, min_values=min_values, use_all=use_all, powers=powers)
    if text is not None:
        assert_honest(
            text, values, target, ops=ops, min_values=min_values, use_all=use_all, powers=powers
        )


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=4), _ops, st.booleans())
def test_reachable_gives_honest_expressions(values, ops, powers):
    made = reachable(values, ops=ops, powers=powers)
    for value in list(made)[:40]:
        assert_honest(made[value], values, value, ops=ops, powers=powers)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 20), min_size=2, max_size=6),
    st.lists(st.integers(1, 20), min_size=1, max_size=6),
    _ops,
    st.booleans(),
)
def test_capturable_gives_honest_expressions(values, targets, ops, powers):
    for target, text in capturable(values, targets, ops=ops, powers=powers).items():
        assert target in targets
        assert_honest(text, values, target, ops=ops, powers=powers)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 13), min_size=3, max_size=4), _ops, st.booleans())
def test_solver_finds_everything_brute_force_finds(values, ops, powers):
    wanted = naive_values(values, ops, powers)
    made = reachable(values, ops=ops, powers=powers)
    assert set(made) == wanted
    for target in sorted(wanted)[:: max(1, len(wanted) // 8)]:
        assert solve(values, target, ops=ops, powers=powers) is not None
    for target in range(-3, 25):
        if Fraction(target) not in wanted:
            assert solve(values, target, ops=ops, powers=powers) is None
    targets = list(range(1, 21))
    found = capturable(values, targets, ops=ops, powers=powers)
    assert set(found) == {t for t in targets if t in wanted}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=3, max_size=5), _ops, st.booleans())
def test_value_set_oracle_agrees_with_goal_first_search(monkeypatch_steps, values, ops, powers):
    # With no goal-first steps allowed, solve and capturable go straight to the value sets.
    wanted = reachable(values, ops=ops, powers=powers)
    targets = [Fraction(t, d) for t in range(-4, 40) for d in (1, 3)]
    with monkeypatch_steps(0):
        for target in targets[::3]:
            text = solve(values, target, ops=ops, powers=powers)
            assert (text is not None) == (target in wanted)
            if text is not None:
                assert_honest(text, values, target, ops=ops, powers=powers)
        found = capturable(values, range(1, 30), ops=ops, powers=powers)
    assert set(found) == {t for t in range(1, 30) if t in wanted}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=3, max_size=4), _ops)
def test_use_all_matches_brute_force_over_every_value(values, ops):
    wanted = naive_values(values, ops, min_size=len(values))
    for target in range(-5, 30):
        text = solve(values, target, ops=ops, use_all=True)
        assert (text is not None) == (target in wanted)


@pytest.mark.parametrize("powers", [False, True])
def test_every_capture_found_matches_solve(powers):
    values, targets = [2, 3, 5, 7, 11, 13], list(range(1, 21))
    found = capturable(values, targets, powers=powers)
    for target in targets:
        assert (target in found) == (solve(values, target, powers=powers) is not None)


@functools.cache
def reference_values(values, powers=False):
    """Values of expressions using every number once: a plain subset DP over Fractions."""
    if len(values) == 1:
        v = values[0]
        out = {Fraction(v)}
        if powers:
            out.add(Fraction(v * v))
            out |= {Fraction(r) for r in range(v + 1) if r * r == v}
        return out
    out = set()
    n = len(values)
    for mask in range(1, (1 << n) - 1):
        left = tuple(values[i] for i in range(n) if mask >> i & 1)
        right = tuple(values[i] for i in range(n) if not mask >> i & 1)
        for a in reference_values(left, powers):
            for b in reference_values(right, powers):
                out |= {a + b, a - b, a * b}
                if b:
                    out.add(a / b)
    return out


@settings(max_examples=10, deadline=None)
@given(
    st.one_of(
        st.tuples(st.lists(st.integers(0, 10), min_size=5, max_size=5), st.just(False)),
        st.tuples(st.lists(st.integers(0, 10), min_size=4, max_size=4), st.just(True)),
    )
)
def test_sign_class_bookkeeping_matches_a_plain_dp(case):
    # The four-operation sets are built from magnitudes and sign classes; this checks that
    # shortcut (zeros included) against the straightforward signed computation.
    values, powers = case
    search.clear_caches()
    made = search.values(tuple(sorted(values)), "+-*/", powers)
    assert {Fraction(n, d) for n, d in made} == reference_values(tuple(sorted(values)), powers)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=4), st.booleans())
def test_height_bound_holds_for_every_value(values, powers):
    # Goal-first search drops goals above this bound, so it must never be too small.
    sub = tuple(sorted(values))
    bound = search.height_bound(sub, powers)
    for value in reference_values(sub, powers):
        assert max(abs(value.numerator), value.denominator) <= bound
