"""Which captures are legal: Strength pairs, Mind attacks checked and found, the penalty.

Mind attacks are parsed and evaluated by `games.rules.expressions` and found by
`games.rules.solver`; this module only adds the game's rules on top (own dice, variants,
at most six dice, the target).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from games.rules import expressions
from games.rules.messages import RuleError, gettext_noop
from games.rules.warriors_actions import Capture, Mind, Preview
from games.rules.warriors_state import Die, IllegalMove, State

try:
    from games.rules import solver
except ImportError:  # TEMPORARY: until the solver lands, Mind captures are "unknown"
    solver = None  # type: ignore[assignment]

MAX_MIND_DICE = 6
_OP_NAMES = {"+": "+", "-": "−", "*": "×", "/": "÷"}
_OP_CHARS = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "/": "/", "÷": "/"}


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


def _mind_targets(state: State, player: int) -> dict[int, str] | None:
    """Target values some Mind attack by `player` can make, each with one expression."""
    v = state.variants
    values = [d.value for d in state.dice[player]]
    targets = sorted({d.value for d in state.dice[1 - player]})
    if len(values) < v.min_dice or not targets:
        return {}
    if solver is None:  # TEMPORARY: no solver yet, so "unknown" (never force a skip)
        return None
    found = solver.capturable(values, targets, ops=v.ops, min_values=v.min_dice, powers=v.power_up)
    if len(values) <= MAX_MIND_DICE:
        return dict(found)
    # Only under Recruit: the solver may use more than six dice. A target it cannot make
    # with all the dice cannot be made with fewer, so only its answers need re-checking.
    out: dict[int, str] = {}
    for target, text in found.items():
        if len(expressions.leaves(expressions.parse(text, powers=v.power_up))) <= MAX_MIND_DICE:
            out[target] = text
            continue
        for subset in sorted(set(combinations(sorted(values), MAX_MIND_DICE))):
            hit = solver.capturable(
                subset, [target], ops=v.ops, min_values=v.min_dice, powers=v.power_up
            )
            if target in hit:
                out[target] = hit[target]
                break
    return out


def mind_captures(state: State, player: int) -> list[Capture]:
    """One Mind capture (with an expression that makes it) for every capturable target die."""
    found = _mind_targets(state, player) or {}
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
    if strength_captures(state, p):
        return True
    found = _mind_targets(state, p)
    return found is None or bool(found)


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
            (i for i, ch in enumerate(expression) if _OP_CHARS.get(ch) in bad_ops), None
        )
        allowed = " ".join(_OP_NAMES[op] for op in v.ops)
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


def _prefix_value(expression: str, powers: bool) -> Fraction | None:
    """The value of an unfinished expression's complete part (`3 × 6 +` → 18), or None."""
    text = expression.rstrip(" +-−*×/÷(√^")
    text += ")" * max(0, text.count("(") - text.count(")"))
    if not text.strip():
        return None
    try:
        return expressions.evaluate(text, powers=powers)
    except RuleError:
        return None
