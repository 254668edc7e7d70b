"""Card war arithmetic: the values a level allows from two cards, the best one, and checking
a student's chosen expression and typed result.

Everything is exact (`Fraction`); typed decimals are read with `decimal`, never floats.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from games.rules import expressions
from games.rules.cardwar.options import LEVELS, TARGET_LEVEL
from games.rules.common import OPERATORS, RuleError, gettext_noop

# The one operation levels 1–4 allow; from level 5 on, all four.
_LEVEL_OPS = {1: "+", 2: "*", 3: "/", 4: "-"}

MAX_ANSWER_LENGTH = 40


class ChoiceError(RuleError):
    """An expression that is not a legal choice for this level and these two cards."""


class AnswerError(RuleError):
    """A typed result that is not a number we can read (junk, not merely wrong)."""


def _check_level(level: int) -> None:
    if level not in LEVELS:
        raise ValueError(f"level must be 1..7, got {level!r}")


def _is_square(n: int) -> bool:
    return n >= 0 and math.isqrt(n) ** 2 == n


def _operands(level: int, a: int, b: int) -> list[tuple[tuple[int, str], tuple[int, str]]]:
    """(value, text) pairs for the two cards: plain, then squared, then with roots (level 7)."""
    plain = ((a, str(a)), (b, str(b)))
    pairs = [plain]
    if level >= 6:
        pairs += [((a * a, f"{a}²"), plain[1]), (plain[0], (b * b, f"{b}²"))]
    if level >= 7:
        ra = (math.isqrt(a), f"√{a}") if _is_square(a) else None
        rb = (math.isqrt(b), f"√{b}") if _is_square(b) else None
        if ra:
            pairs.append((ra, plain[1]))
        if rb:
            pairs.append((plain[0], rb))
        if ra and rb:
            pairs.append((ra, rb))
        if ra:
            pairs.append((ra, (b * b, f"{b}²")))
        if rb:
            pairs.append(((a * a, f"{a}²"), rb))
    return pairs


def candidates(level: int, a: int, b: int) -> dict[Fraction, str]:
    """Every value the level allows from card values `a` and `b`, each with one expression.

    Plain expressions come before squared ones before rooted ones, `a` before `b`, then + − × ÷,
    and the first expression found for a value is kept. Levels 1–2 give one value; 3–4 two (either
    order, equal when a == b). Every text is readable by `expressions.evaluate(text,
    powers=level >= 6)` and evaluates to its key.
    """
    _check_level(level)
    if a < 1 or b < 1:
        raise ValueError("card values are at least 1")
    out: dict[Fraction, str] = {}
    ops = [OPERATORS[code] for code in _LEVEL_OPS.get(level, "+-*/")]
    for (xv, xt), (yv, yt) in _operands(level, a, b):
        x, y = Fraction(xv), Fraction(yv)
        for op in ops:
            out.setdefault(op.compute(x, y), f"{xt} {op.symbol} {yt}")
            if op.code in "-/":
                out.setdefault(op.compute(y, x), f"{yt} {op.symbol} {xt}")
    return out


def distance(value: Fraction, target: int) -> Fraction:
    """How far a value is from the target, exactly."""
    return abs(Fraction(value) - target)


def score(level: int, value: Fraction, target: int | None) -> Fraction:
    """A number where higher is better: the value itself (levels 1–4) or minus the distance."""
    if level >= TARGET_LEVEL:
        if target is None:
            raise ValueError("levels 5-7 need a target")
        return -distance(value, target)
    return Fraction(value)


def best_value(level: int, a: int, b: int, target: int | None = None) -> Fraction:
    """The best value the level allows: highest (1–4) or nearest the target (5–7).

    Two values equally near the target are both best; this returns the higher of them.
    """
    values = candidates(level, a, b)
    return max(values, key=lambda v: (score(level, v, target), v))


def is_best(level: int, a: int, b: int, value: Fraction, target: int | None = None) -> bool:
    """True when no choice at this level is better than `value` (ties with the best count)."""
    return score(level, value, target) == score(level, best_value(level, a, b, target), target)


@dataclass(frozen=True, slots=True)
class Choice:
    """A legal expression for two cards: canonical text, exact value and what it used."""

    text: str
    value: Fraction
    op: str  # "+", "-", "*" or "/"
    squared: bool
    rooted: int  # how many cards were rooted (0–2)

    @property
    def operation(self) -> str:
        """The operation's name, for accuracy per operation in the reports."""
        return OPERATORS[self.op].name


def read_choice(level: int, a: int, b: int, expression: str) -> Choice:
    """Check that `expression` is a legal choice for the level using exactly cards `a` and `b`.

    Raises ChoiceError (or ExpressionError for unreadable text) with a message a child can act on:
    wrong operation for the level, a number that is not one of the cards, a card used twice or
    not at all, more than one operation, or a square/root the level does not allow.
    """
    _check_level(level)
    if not isinstance(expression, str):
        raise ChoiceError(gettext_noop("type a calculation"))
    tree = expressions.parse(expression, powers=level >= 6)
    if not isinstance(tree, expressions.BinOp) or not all(
        isinstance(side, expressions.Num) for side in (tree.left, tree.right)
    ):
        nums = expressions.leaves(tree)
        if len(nums) < 2:
            raise ChoiceError(gettext_noop("use both of your cards, %(a)s and %(b)s"), a=a, b=b)
        raise ChoiceError(
            gettext_noop("use one sign only, between your two cards %(a)s and %(b)s"), a=a, b=b
        )
    left, right = tree.left, tree.right
    assert isinstance(left, expressions.Num) and isinstance(right, expressions.Num)
    if sorted((left.value, right.value)) != sorted((a, b)):
        wrong = left if left.value not in (a, b) else right
        if wrong.value not in (a, b):
            raise ChoiceError(
                gettext_noop("%(number)s is not one of your cards: use %(a)s and %(b)s"),
                position=wrong.start,
                number=wrong.value,
                a=a,
                b=b,
            )
        raise ChoiceError(
            gettext_noop("use each card once: your cards are %(a)s and %(b)s"),
            position=right.start,
            a=a,
            b=b,
        )
    allowed = _LEVEL_OPS.get(level)
    if allowed is not None and tree.op != allowed:
        raise ChoiceError(
            gettext_noop("at this level you must use %(symbol)s"),
            position=tree.position if tree.position >= 0 else None,
            symbol=OPERATORS[allowed].symbol,
        )
    powers = [num.power for num in (left, right)]
    squared = powers.count("square")
    rooted = powers.count("sqrt")
    if squared > 1:
        raise ChoiceError(gettext_noop("you may square only one of your cards"))
    if rooted and level < 7:
        raise ChoiceError(gettext_noop("square roots are allowed from level 7"))
    value = expressions.evaluate_tree(tree)
    return Choice(
        text=expressions.to_text(tree),
        value=value,
        op=tree.op,
        squared=bool(squared),
        rooted=rooted,
    )


_INTEGER = re.compile(r"[+-]?\d+")
_FRACTION = re.compile(r"([+-]?)(\d+)/(\d+)")
_MIXED = re.compile(r"([+-]?)(\d+) (\d+)/(\d+)")
_DECIMAL = re.compile(r"[+-]?(\d+[.,]\d*|[.,]\d+)")
_LOOSE_SPACES = re.compile(r"(?<=[+-]) | (?=/)|(?<=/) ")
MIN_DECIMAL_PLACES = 2  # "0.3" is asked again: a decimal answer gives at least two places

# The forms parse_answer reads, for a screen that checks early (cardwar.js builds its checks
# from these, so the two never disagree): whole-string patterns, in JavaScript-safe syntax,
# and `loose`, the spaces removed after one space is left between words.
ANSWER_PATTERNS = {
    "integer": _INTEGER.pattern,
    "fraction": _FRACTION.pattern,
    "mixed": _MIXED.pattern,
    "decimal": _DECIMAL.pattern,
    "loose": _LOOSE_SPACES.pattern,
}


def parse_answer(text: str) -> Fraction | Decimal:
    """Read a typed result: integer, fraction (`13/3`), mixed number (`-4 1/3`) or decimal.

    Returns a Fraction, or a Decimal for decimal notation (its number of places matters when
    checking). `−` and `,` are accepted as minus and decimal comma. Raises AnswerError for
    anything else, for a zero denominator, for a mixed number whose fraction part is not below
    1, and for a decimal with fewer than two places (`0.3`): those are asked again, not marked
    wrong.
    """
    if not isinstance(text, str) or not text.strip():
        raise AnswerError(gettext_noop("type your answer"))
    if len(text) > MAX_ANSWER_LENGTH:
        raise AnswerError(gettext_noop("this answer is too long"))
    # One space between words, none after a sign or around "/": "- 4  1 / 3" is "-4 1/3".
    clean = _LOOSE_SPACES.sub("", " ".join(text.replace("−", "-").split()))
    if _INTEGER.fullmatch(clean):
        return Fraction(int(clean))
    if m := _FRACTION.fullmatch(clean):
        sign, num, den = m.group(1), int(m.group(2)), int(m.group(3))
        if den == 0:
            raise AnswerError(gettext_noop("a fraction can't have 0 under the line"))
        return Fraction(-num if sign == "-" else num, den)
    if m := _MIXED.fullmatch(clean):
        sign, whole, num, den = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
        if den == 0:
            raise AnswerError(gettext_noop("a fraction can't have 0 under the line"))
        if num >= den or num == 0:
            raise AnswerError(
                gettext_noop("in a mixed number like 4 1/3 the fraction part must be less than 1")
            )
        value = whole + Fraction(num, den)
        return -value if sign == "-" else value
    if _DECIMAL.fullmatch(clean):
        number = Decimal(clean.replace(",", "."))  # the pattern guarantees a valid number
        if -number.as_tuple().exponent < MIN_DECIMAL_PLACES:  # type: ignore[operator]
            raise AnswerError(gettext_noop("give at least two decimal places, like 4.50 or 4.33"))
        return number
    raise AnswerError(gettext_noop("write your answer as a number, like 4, 13/3 or 4.33"))


def answer_matches(answer: Fraction | Decimal, value: Fraction) -> bool:
    """True when a parsed answer counts as the exact value.

    A Fraction must be equal. A decimal with n places (n ≥ 2) must equal the value, or be the
    value truncated towards zero or rounded (halves away from zero) to n places.
    """
    if isinstance(answer, Fraction):
        return answer == value
    places = -answer.as_tuple().exponent  # type: ignore[operator]
    if Fraction(answer) == value:
        return True
    return any(
        _round_to_places(value, places, half_up) == Fraction(answer) for half_up in (False, True)
    )


def _round_to_places(value: Fraction, places: int, half_up: bool) -> Fraction:
    """The exact value truncated towards zero, or rounded with halves away from zero."""
    scale = 10**places
    scaled = value * scale
    whole = math.trunc(scaled)
    if half_up and abs(scaled - whole) >= Fraction(1, 2):
        whole += 1 if scaled > 0 else -1
    return Fraction(whole, scale)
