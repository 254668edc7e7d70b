"""Arithmetic expressions as children type them: tokenizer, parser, exact evaluation, printing.

Whole numbers, `+ - * / × ÷ −`, brackets and spaces; no unary minus, no decimals, no constants.
With `powers=True` a number may carry `²` (or `^2`) directly after it or `√` directly before it.
Values are exact `Fraction`s. Every error is an `ExpressionError` with a 0-based `position` into the
text (it may equal `len(text)` when something is missing at the end) and a message a child can act
on. Input is bounded (length, bracket depth, count of numbers) so no text can crash or stall it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from games.rules.common import OPERATORS, TYPED_OPERATORS, RuleError, gettext_noop

MAX_LENGTH = 200
MAX_DEPTH = 20
MAX_NUMBERS = 12


class ExpressionError(RuleError):
    """A calculation the rules cannot read or evaluate; `position` points into the typed text."""


@dataclass(frozen=True, slots=True)
class Num:
    """One typed number; `start`/`end` span its digits; `power` is None, "square" or "sqrt"."""

    value: int
    start: int = field(default=-1, compare=False)
    end: int = field(default=-1, compare=False)
    power: str | None = None


@dataclass(frozen=True, slots=True)
class BinOp:
    """`left op right` with op in "+-*/"; `position` is the operator's index in the text."""

    op: str
    left: Node
    right: Node
    position: int = field(default=-1, compare=False)


type Node = Num | BinOp


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "num", "op", "(", ")", "square", "sqrt"
    start: int
    end: int
    text: str
    value: int = 0


def _error(template: str, position: int | None, **params: object) -> ExpressionError:
    return ExpressionError(template, position=position, **params)


def _tokenize(text: str, powers: bool) -> list[_Token]:
    if len(text) > MAX_LENGTH:
        raise _error(
            gettext_noop("this calculation is too long: use at most %(limit)s symbols"),
            MAX_LENGTH,
            limit=MAX_LENGTH,
        )
    tokens: list[_Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t\u00a0":
            i += 1
        elif "0" <= ch <= "9":
            j = i
            while j < n and "0" <= text[j] <= "9":
                j += 1
            digits = text[i:j]
            if len(digits) > 1 and digits[0] == "0":
                raise _error(
                    gettext_noop("write %(number)s without the 0 in front"),
                    i,
                    number=digits.lstrip("0") or "0",
                )
            tokens.append(_Token("num", i, j, digits, int(digits)))
            i = j
        elif ch in TYPED_OPERATORS:
            tokens.append(_Token("op", i, i + 1, ch, 0))
            i += 1
        elif ch in "()":
            tokens.append(_Token(ch, i, i + 1, ch))
            i += 1
        elif ch in "²^√":
            if not powers:
                raise _error(
                    gettext_noop("squares and square roots are not allowed in this game"), i
                )
            if ch == "^":
                if text[i + 1 : i + 2] != "2" or text[i + 2 : i + 3].isdigit():
                    raise _error(gettext_noop("only ^2 (squaring) is allowed after a number"), i)
                tokens.append(_Token("square", i, i + 2, "^2"))
                i += 2
            else:
                tokens.append(_Token("square" if ch == "²" else "sqrt", i, i + 1, ch))
                i += 1
        elif ch in ".,":
            raise _error(gettext_noop("use whole numbers only, without a decimal point"), i)
        else:
            raise _error(gettext_noop("unknown symbol '%(symbol)s'"), i, symbol=ch)
    return tokens


class _Parser:
    """Recursive descent: expr := term (± term)*, term := factor (×÷ factor)*."""

    def __init__(self, text: str, tokens: list[_Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.i = 0
        self.depth = 0
        self.numbers = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def parse(self) -> Node:
        if not self.tokens:
            raise _error(gettext_noop("type a calculation"), 0)
        node = self.expr()
        tok = self.peek()
        if tok is not None:
            if tok.kind == ")":
                raise _error(gettext_noop("this bracket was never opened"), tok.start)
            self.after_operand(tok)
        return node

    def expr(self) -> Node:
        node = self.term(self.tokens[self.i - 1] if self.i else None)
        while (
            (tok := self.peek()) is not None
            and tok.kind == "op"
            and TYPED_OPERATORS[tok.text] in "+-"
        ):
            self.i += 1
            node = BinOp(TYPED_OPERATORS[tok.text], node, self.term(tok), tok.start)
        return node

    def term(self, before: _Token | None) -> Node:
        node = self.factor(before)
        while (
            (tok := self.peek()) is not None
            and tok.kind == "op"
            and TYPED_OPERATORS[tok.text] in "*/"
        ):
            self.i += 1
            node = BinOp(TYPED_OPERATORS[tok.text], node, self.factor(tok), tok.start)
        return node

    def factor(self, before: _Token | None) -> Node:
        """An operand; `before` is the token just before it (for messages), None at the start."""
        tok = self.peek()
        if tok is None:
            if before is None:
                raise _error(gettext_noop("type a calculation"), 0)
            raise _error(
                gettext_noop("there is nothing after %(symbol)s"), before.start, symbol=before.text
            )
        if tok.kind == "num":
            self.i += 1
            return self.number(tok, None)
        if tok.kind == "sqrt":
            self.i += 1
            nxt = self.peek()
            if nxt is None:
                raise _error(
                    gettext_noop("there is nothing after %(symbol)s"), tok.start, symbol="√"
                )
            if nxt.kind == "(":
                raise _error(gettext_noop("√ works only on a number, not on a bracket"), tok.start)
            if nxt.kind == "sqrt":
                raise _error(gettext_noop("use only one ² or √ on each number"), nxt.start)
            if nxt.kind != "num":
                raise _error(gettext_noop("put a number right after √"), tok.start)
            if nxt.start != tok.end:
                raise _error(
                    gettext_noop("write √ right before the number, with no space"), tok.start
                )
            self.i += 1
            return self.number(nxt, tok)
        if tok.kind == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _error(
                    gettext_noop("too many brackets inside each other: use at most %(limit)s"),
                    tok.start,
                    limit=MAX_DEPTH,
                )
            self.i += 1
            inner_tok = self.peek()
            if inner_tok is not None and inner_tok.kind == ")":
                raise _error(gettext_noop("there is nothing inside these brackets"), tok.start)
            node = self.expr()
            close = self.peek()
            if close is None or close.kind != ")":
                if close is None:
                    last = self.tokens[-1]
                    raise _error(
                        gettext_noop("a bracket is missing after %(last)s"),
                        last.end,
                        last=last.text,
                    )
                self.after_operand(close)
            self.i += 1
            self.depth -= 1
            after = self.peek()
            if after is not None and after.kind == "square":
                raise _error(
                    gettext_noop("² works only on a number, not on a bracket"), after.start
                )
            return node
        # An operator, ")" or "²" where a number should be.
        if tok.kind == ")":
            if before is None:
                raise _error(gettext_noop("this bracket was never opened"), tok.start)
            if before.kind == "(":
                raise _error(gettext_noop("there is nothing inside these brackets"), before.start)
            raise _error(
                gettext_noop("put a number between %(left)s and %(right)s"),
                tok.start,
                left=before.text,
                right=")",
            )
        if tok.kind == "square":
            raise _error(gettext_noop("² must come right after a number"), tok.start)
        # tok is an operator
        if before is None:
            raise _error(
                gettext_noop("there is nothing before %(symbol)s"), tok.start, symbol=tok.text
            )
        raise _error(
            gettext_noop("put a number between %(left)s and %(right)s"),
            tok.start,
            left=before.text,
            right=tok.text,
        )

    def number(self, tok: _Token, sqrt: _Token | None) -> Num:
        self.numbers += 1
        if self.numbers > MAX_NUMBERS:
            raise _error(
                gettext_noop("too many numbers: use at most %(limit)s"),
                tok.start,
                limit=MAX_NUMBERS,
            )
        power = None
        if sqrt is not None:
            root = math.isqrt(tok.value)
            if root * root != tok.value:
                raise _error(
                    gettext_noop(
                        "√ works only on square numbers like 4, 9, 16; %(number)s is not one"
                    ),
                    sqrt.start,
                    number=tok.value,
                )
            power = "sqrt"
        after = self.peek()
        if after is not None and after.kind == "square":
            if power is not None:
                raise _error(gettext_noop("use only one ² or √ on each number"), after.start)
            if after.start != tok.end:
                raise _error(
                    gettext_noop("write ² right after the number, with no space"), after.start
                )
            self.i += 1
            power = "square"
            after = self.peek()
            if after is not None and after.kind == "square":
                raise _error(gettext_noop("use only one ² or √ on each number"), after.start)
        return Num(tok.value, tok.start, tok.end, power)

    def after_operand(self, tok: _Token) -> None:
        """Raise the error for a token that cannot follow a complete operand."""
        prev = self.tokens[self.i - 1]
        if tok.kind in ("num", "sqrt"):
            raise _error(
                gettext_noop("put a sign between %(left)s and %(right)s"),
                tok.start,
                left=prev.text,
                right=tok.text,
            )
        if tok.kind == "(":
            raise _error(gettext_noop("put a sign before this bracket"), tok.start)
        if tok.kind == ")":
            raise _error(gettext_noop("this bracket was never opened"), tok.start)
        raise _error(gettext_noop("² must come right after a number"), tok.start)


def parse(text: str, *, powers: bool = False) -> Node:
    """Parse a typed calculation into a tree; raises ExpressionError (with a position) if bad."""
    return _Parser(text, _tokenize(text, powers)).parse()


def leaf_value(num: Num) -> int | Fraction:
    """The number's value after its ² or √ (√ is only ever of a perfect square)."""
    if num.power == "square":
        return num.value * num.value
    if num.power == "sqrt":
        return math.isqrt(num.value)
    return num.value


def evaluate_tree(node: Node) -> Fraction:
    """Exact value of a tree; division by zero anywhere raises ExpressionError at that operator."""
    if isinstance(node, Num):
        return Fraction(leaf_value(node))
    left = evaluate_tree(node.left)
    right = evaluate_tree(node.right)
    if node.op == "/" and right == 0:
        position = node.position if node.position >= 0 else None
        raise _error(gettext_noop("you can't divide by zero"), position)
    return OPERATORS[node.op].compute(left, right)


def evaluate(text: str, *, powers: bool = False) -> Fraction:
    """Parse and evaluate exactly; raises ExpressionError for bad input or division by zero."""
    return evaluate_tree(parse(text, powers=powers))


def leaves(node: Node) -> list[Num]:
    """The numbers of the tree, left to right."""
    out: list[Num] = []
    stack: list[Node] = [node]
    while stack:
        top = stack.pop()
        if isinstance(top, Num):
            out.append(top)
        else:
            stack.append(top.right)
            stack.append(top.left)
    return out


def operators(node: Node) -> set[str]:
    """The ASCII operators the tree uses ("+-*/")."""
    out: set[str] = set()
    stack: list[Node] = [node]
    while stack:
        top = stack.pop()
        if isinstance(top, BinOp):
            out.add(top.op)
            stack.append(top.left)
            stack.append(top.right)
    return out


def _num_text(num: Num, unicode: bool) -> str:
    if num.power == "square":
        return f"{num.value}²" if unicode else f"{num.value}^2"
    if num.power == "sqrt":
        return f"√{num.value}"
    return str(num.value)


def to_text(node: Node, *, unicode: bool = True) -> str:
    """Print with the fewest brackets that keep the meaning; × ÷ − when unicode, else * / -."""
    if isinstance(node, Num):
        return _num_text(node, unicode)
    prec = OPERATORS[node.op].precedence
    left = to_text(node.left, unicode=unicode)
    if isinstance(node.left, BinOp) and OPERATORS[node.left.op].precedence < prec:
        left = f"({left})"
    right = to_text(node.right, unicode=unicode)
    if isinstance(node.right, BinOp):
        right_prec = OPERATORS[node.right.op].precedence
        # − and ÷ are not associative: a − (b + c) and a ÷ (b × c) keep their brackets.
        if right_prec < prec or (right_prec == prec and node.op in "-/"):
            right = f"({right})"
    symbol = OPERATORS[node.op].symbol if unicode else node.op
    return f"{left} {symbol} {right}"


def check_numbers(node: Node, available: Sequence[int]) -> tuple[int, ...]:
    """Map each leaf (left to right) to a distinct index of `available` with the typed value.

    Takes the first unused match, so callers order `available` by preference. Raises
    ExpressionError at the leaf when no value matches or every match is already used.
    """
    used: set[int] = set()
    picked: list[int] = []
    for num in leaves(node):
        matches = [i for i, v in enumerate(available) if v == num.value]
        free = [i for i in matches if i not in used]
        if not matches:
            raise _error(
                gettext_noop("there is no die showing %(value)s"), num.start, value=num.value
            )
        if not free:
            if len(matches) == 1:
                template = gettext_noop("a die can be used only once: only one die shows %(value)s")
            else:
                template = gettext_noop(
                    "a die can be used only once: only %(count)s dice show %(value)s"
                )
            raise _error(template, num.start, value=num.value, count=len(matches))
        used.add(free[0])
        picked.append(free[0])
    return tuple(picked)
