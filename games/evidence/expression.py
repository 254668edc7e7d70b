"""The facts of a typed calculation: its numbers, operators, brackets and any fractional step.

Definitions the reports rely on:
- brackets: the calculation as typed needs its brackets, i.e. they change the order of
  operations (`(2 + 3) × 4`, `12 − (5 − 1)`); brackets that change nothing (`2 + (3 × 4)`,
  `(2 + 3) + 4`) do not count. Tested by printing the parsed tree with the fewest brackets that
  keep its meaning (`expressions.to_text`): if that still has a bracket, the typed ones mattered.
- non-integer step: some operation in the calculation, the last one included, gives a value
  that is not a whole number (`5 ÷ 3 × 6`, or `7 ÷ 2` in the card war).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from games.rules import expressions


@dataclass(frozen=True, slots=True)
class ExpressionFacts:
    operands: tuple[int, ...]
    add: bool
    sub: bool
    mul: bool
    div: bool
    square: bool
    root: bool
    brackets: bool
    non_integer: bool
    value: Fraction | None  # None: a division by zero somewhere


def _values(node: expressions.Node, steps: list[Fraction]) -> Fraction | None:
    """The node's exact value, appending every operation's result to `steps`; None on ÷ 0."""
    if isinstance(node, expressions.Num):
        return Fraction(expressions.leaf_value(node))
    left = _values(node.left, steps)
    right = _values(node.right, steps)
    if left is None or right is None:
        return None
    if node.op == "+":
        value = left + right
    elif node.op == "-":
        value = left - right
    elif node.op == "*":
        value = left * right
    elif right == 0:
        return None
    else:
        value = left / right
    steps.append(value)
    return value


def expression_facts(text: str, *, powers: bool) -> ExpressionFacts | None:
    """The facts of `text`, or None when it is not a calculation the rules can read."""
    try:
        tree = expressions.parse(text, powers=powers)
    except expressions.ExpressionError:
        return None
    nums = expressions.leaves(tree)
    ops = expressions.operators(tree)
    steps: list[Fraction] = []
    value = _values(tree, steps)
    return ExpressionFacts(
        operands=tuple(num.value for num in nums),
        add="+" in ops,
        sub="-" in ops,
        mul="*" in ops,
        div="/" in ops,
        square=any(num.power == "square" for num in nums),
        root=any(num.power == "sqrt" for num in nums),
        brackets="(" in expressions.to_text(tree),
        non_integer=any(step.denominator != 1 for step in steps),
        value=value,
    )
