"""Which captures are legal: Strength pairs, Mind attacks checked and found, the penalty.

Mind attacks are parsed and evaluated by `games.rules.expressions` and found by
`games.rules.solver`; this module only adds the game's rules on top (own dice, variants,
at most six dice, the target).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from games.rules import expressions, solver
from games.rules.common import OPERATORS, TYPED_OPERATORS, IllegalMove, RuleError, gettext_noop
from games.rules.solver import search
from games.rules.warriors.actions import Capture, Mind, Preview
from games.rules.warriors.state import Die, State, Variants

MAX_MIND_DICE = 6


def winning_capture(state: State, player: int) -> bool:
    """Whether `player`'s next capture would win the current game (where the penalty bites)."""
    if len(state.dice[1 - player]) == 1:
        return True
    return state.variants.three_captures and state.capture_events[player] + 1 >= 3


def strength_must_be_greater(state: State, player: int) -> bool:
    """The first-player penalty: the first player's winning Strength capture needs `>`."""
    return player == state.first and winning_capture(state, player)


def strength_captures(state: State, player: int) -> list[Capture]:
    """Every legal (attacker, target) Strength pair, in board order."""
    if state.variants.mind_only:
        return []
    strict = strength_must_be_greater(state, player)
    return [
        Capture("strength", t.id, attacker=a.id)
        for t in state.dice[1 - player]
        for a in state.dice[player]
        if a.value > t.value or (a.value == t.value and not strict)
    ]


def _mind_targets(state: State, player: int) -> dict[int, str]:
    """Target values some Mind attack by `player` can make, each with one expression."""
    v = state.variants
    values = [d.value for d in state.dice[player]]
    targets = [d.value for d in state.dice[1 - player]]
    return mind_reachable(values, targets, v)


def mind_reachable(
    values: Sequence[int], targets: Iterable[int], variants: Variants
) -> dict[int, str]:
    """Which `targets` a Mind attack over some of `values` can make under `variants`.

    One expression each; at most six dice; cached, so do not mutate the result.
    """
    wanted = tuple(sorted(set(targets)))
    if len(values) < variants.min_dice or not wanted:
        return {}
    return _capturable(
        tuple(sorted(values)), wanted, variants.ops, variants.min_dice, variants.power_up
    )


# The same board is asked about several times per move (forced-skip check, reports, bots).
# Callers must not mutate the cached dict.
@lru_cache(maxsize=1024)
def _capturable(
    values: tuple[int, ...], targets: tuple[int, ...], ops: str, min_dice: int, powers: bool
) -> dict[int, str]:
    if ops == "*/":
        targets = tuple(t for t in targets if _primes_among_dice(t, values))
        if not targets:
            return {}
    if len(values) <= MAX_MIND_DICE:
        return solver.capturable(values, targets, ops=ops, min_values=min_dice, powers=powers)
    return _capturable_with_at_most_six(values, targets, ops, min_dice, powers)


def _primes_among_dice(target: int, values: tuple[int, ...]) -> bool:
    """Whether every prime factor of `target` divides some die value.

    With only × and ÷ every value made is a product of dice values (squared or rooted under
    Power Up, which keeps their primes) and their inverses, so a target with a prime no die
    has is out of reach. Checking this first spares an exhaustive search (seconds with a big
    Recruit army) for a question answered by arithmetic.
    """
    n, p = target, 2
    while n > 1:
        if n % p == 0:
            if not any(v % p == 0 for v in values):
                return False
            while n % p == 0:
                n //= p
        p += 1
    return True


def _capturable_with_at_most_six(
    values: tuple[int, ...], targets: tuple[int, ...], ops: str, min_dice: int, powers: bool
) -> dict[int, str]:
    """`solver.capturable` limited to six dice (only Recruit can hold more).

    The solver has no upper limit on how many values it combines, and letting it try all
    eleven dice of a big Recruit army takes minutes when a target is unreachable, so walk
    the same search it uses (fewest dice first) but stop at six.
    """
    remaining = {t: search.to_q(t) for t in targets}
    found: dict[int, tuple[int, ...]] = {}
    # With only + − or only × ÷ a multiset makes few values, so listing them all beats a
    # goal-first search per target (0.3 s instead of 13 s for eleven dice that cannot make
    # any target); with all four operators the sets get huge. The solver knows the limit.
    full_set_limit = search.full_set_limit(ops)
    for size in range(min_dice, MAX_MIND_DICE + 1):
        for sub in search.sub_multisets(values, size):
            if size <= full_set_limit:
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
    out = {}
    for t, sub in found.items():
        text = solver.solve(sub, t, use_all=True, ops=ops, min_values=min_dice, powers=powers)
        assert text is not None  # `reaches` said so
        out[t] = text
    return out


def mind_captures(state: State, player: int) -> list[Capture]:
    """One Mind capture (with an expression that makes it) for every capturable target die."""
    found = _mind_targets(state, player)
    return [
        Capture("mind", d.id, expression=found[d.value])
        for d in state.dice[1 - player]
        if d.value in found
    ]


def legal_captures(state: State, player: int | None = None) -> list[Capture]:
    """Every Strength capture and one Mind capture per capturable die; [] once finished.

    `player` defaults to the side to move; for the other side it answers "if it were
    their turn now".
    """
    if state.finished:
        return []
    p = state.to_move if player is None else player
    return strength_captures(state, p) + mind_captures(state, p)


def can_capture(state: State, player: int | None = None) -> bool:
    """Whether `legal_captures` would be non-empty, trying the cheap Strength check first."""
    if state.finished:
        return False
    p = state.to_move if player is None else player
    return bool(strength_captures(state, p)) or bool(_mind_targets(state, p))


def capture_available(state: State, player: int) -> bool:
    """For reports: could `player` capture anything on this board?"""
    return can_capture(state, player)


def best_capture(state: State, player: int) -> Capture | None:
    """The capture of the largest value; ties prefer Mind, then board order.

    Mind wins ties because exact arithmetic is what the reports track and it is never
    hit by the first-player penalty.
    """
    values = {d.id: d.value for d in state.dice[1 - player]}
    captures = legal_captures(state, player)
    if not captures:
        return None
    return max(captures, key=lambda c: (values[c.target], c.kind == "mind"))


# --- checking a Mind attack -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MindAttack:
    """A checked Mind attack: its tidy text, exact value and the own dice behind its numbers."""

    text: str
    value: Fraction
    dice: tuple[str, ...]


def _preferred(dice: Sequence[Die]) -> list[Die]:
    # The keyboard's rule: when several dice show a number, the largest type first.
    return sorted(dice, key=lambda d: (-d.sides, d.id))


def resolve_mind(
    state: State, player: int, expression: str, dice: Sequence[str] | None = None
) -> MindAttack:
    """Parse and check `expression` as `player`'s Mind attack (any target).

    Raises ExpressionError (bad syntax, division by zero, a die used twice, no die showing
    a number) or IllegalMove (too few or too many dice, an operator the variant forbids,
    a chosen die that is not yours or shows another number).
    """
    v = state.variants
    node = expressions.parse(expression, powers=v.power_up)
    nums = expressions.leaves(node)
    if len(nums) < v.min_dice:
        raise IllegalMove(
            gettext_noop("a Mind attack needs at least %(n)d of your dice"), n=v.min_dice
        )
    if len(nums) > MAX_MIND_DICE:
        raise IllegalMove(gettext_noop("a Mind attack can use at most %(n)d dice"), n=MAX_MIND_DICE)
    bad_ops = expressions.operators(node) - set(v.ops)
    if bad_ops:
        position = next(
            (i for i, ch in enumerate(expression) if TYPED_OPERATORS.get(ch) in bad_ops), None
        )
        allowed = " ".join(OPERATORS[op].symbol for op in v.ops)
        raise IllegalMove(
            gettext_noop("in this game you can only use %(allowed)s"),
            position=position,
            allowed=allowed,
        )
    own = state.dice[player]
    if dice is None:
        preferred = _preferred(own)
        picks = expressions.check_numbers(node, [d.value for d in preferred])
        used = tuple(preferred[i].id for i in picks)
    else:
        used = tuple(dice)
        _check_chosen_dice(state, player, nums, used)
    value = expressions.evaluate_tree(node)
    return MindAttack(expressions.to_text(node), value, used)


def _check_chosen_dice(state: State, player: int, nums: list, used: tuple[str, ...]) -> None:
    if len(used) != len(nums):
        raise IllegalMove(
            gettext_noop("choose one die for each number: %(n)d numbers, %(k)d dice"),
            n=len(nums),
            k=len(used),
        )
    seen: set[str] = set()
    for num, die in zip(nums, used, strict=True):
        found = state.find(die)
        if found is None:
            raise IllegalMove(gettext_noop("that die is not on the board"), position=num.start)
        seat, d = found
        if seat != player:
            raise IllegalMove(
                gettext_noop("the %(die)s is not yours: use your own dice"),
                position=num.start,
                die=d.label,
            )
        if die in seen:
            raise IllegalMove(
                gettext_noop("a die can be used only once: your %(die)s is already in it"),
                position=num.start,
                die=d.label,
            )
        seen.add(die)
        if d.value != num.value:
            raise IllegalMove(
                gettext_noop("your %(die)s shows %(shown)d, not %(number)d"),
                position=num.start,
                die=d.label,
                shown=d.value,
                number=num.value,
            )


def target_die(state: State, player: int, target: str) -> Die:
    """The opponent die `target`, or IllegalMove."""
    found = state.find(target)
    if found is None:
        raise IllegalMove(gettext_noop("that die is not on the board"))
    seat, die = found
    if seat == player:
        raise IllegalMove(
            gettext_noop("that is your own %(die)s: capture one of theirs"), die=die.label
        )
    return die


def check_strength(state: State, player: int, attacker: str, target: str) -> tuple[Die, Die]:
    """The attacking and the captured die of a legal Strength attack, or IllegalMove."""
    if state.variants.mind_only:
        raise IllegalMove(
            gettext_noop("in Mind Only, capture with arithmetic: no Strength attacks")
        )
    found = state.find(attacker)
    if found is None:
        raise IllegalMove(gettext_noop("that die is not on the board"))
    seat, attack = found
    if seat != player:
        raise IllegalMove(
            gettext_noop("the %(die)s is not yours: attack with one of your own dice"),
            die=attack.label,
        )
    victim = target_die(state, player, target)
    if attack.value < victim.value:
        raise IllegalMove(
            gettext_noop("your %(attack)d is smaller than their %(target)d"),
            attack=attack.value,
            target=victim.value,
        )
    if attack.value == victim.value and strength_must_be_greater(state, player):
        raise IllegalMove(
            gettext_noop(
                "you went first, so your winning Strength attack must be bigger:"
                " %(attack)d is not bigger than %(target)d"
            ),
            attack=attack.value,
            target=victim.value,
        )
    return attack, victim


def check_mind(state: State, action: Mind) -> tuple[MindAttack, Die]:
    """The checked attack and the die it captures, or an error saying what is wrong."""
    target = target_die(state, action.player, action.target)
    attack = resolve_mind(state, action.player, action.expression, action.dice)
    if attack.value != target.value:
        raise IllegalMove(
            gettext_noop("%(expression)s makes %(value)s, not %(target)d"),
            expression=attack.text,
            value=str(attack.value),
            target=target.value,
        )
    return attack, target


def mind_preview(
    state: State, player: int, expression: str, dice: Sequence[str] | None = None
) -> Preview:
    """What `expression` would do for `player` right now (value, error, targets); no change."""
    try:
        attack = resolve_mind(state, player, expression, dice)
    except RuleError as error:
        return Preview(_prefix_value(expression, state.variants.power_up), error)
    targets = tuple(d.id for d in state.dice[1 - player] if d.value == attack.value)
    return Preview(attack.value, None, targets, attack.dice, attack.text)


# What an unfinished expression may end with: an operator, an opening bracket, √ or ^, spaces.
_UNFINISHED = " (√^" + "".join(TYPED_OPERATORS)


def _prefix_value(expression: str, powers: bool) -> Fraction | None:
    """The value of an unfinished expression's complete part (`3 × 6 +` → 18), or None."""
    text = expression.rstrip(_UNFINISHED)
    text += ")" * max(0, text.count("(") - text.count(")"))
    if not text.strip():
        return None
    try:
        return expressions.evaluate(text, powers=powers)
    except RuleError:
        return None
