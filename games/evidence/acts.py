"""One arithmetic (or strategic) act of a student, as the reports store it.

Act kinds (`Calculation.act`):
- `mind`: an applied Mind attack (Maths Warriors); `correct` is True.
- `mind_refused`: a refused Mind attack; `correct` says whether the calculation made the
  target's value (it may be refused for another rule, e.g. too few dice under Big Brain).
- `strength`: a Strength attack: a decision row for the strategy figures, no arithmetic skill.
- `skip`: a voluntary skip, or a per-move time-out (the rules count it as voluntary); a
  decision row. Forced skips, resigning and the clock are not acts of the student.
- `cardwar_answer`: a card-war answer (expression chosen and result typed); a round the
  student did not answer in time is not stored (it is no act), the round itself is in the log.
- `cardwar_target`: a target the student named (levels 5–7); the computer's are not stored.
`assisted` marks an act whose value the student saw before committing to it (a Mind attack
built with the value preview on): it counts for no skill, and the reports say how many.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

MIND = "mind"
MIND_REFUSED = "mind_refused"
STRENGTH = "strength"
SKIP = "skip"
CARDWAR_ANSWER = "cardwar_answer"
CARDWAR_TARGET = "cardwar_target"
ACT_KINDS = (MIND, MIND_REFUSED, STRENGTH, SKIP, CARDWAR_ANSWER, CARDWAR_TARGET)

# Column sizes of `Calculation`: the mapping clamps to them, so nothing stored can overflow.
MAX_EXPRESSION = 200
# Levels whose answers are one fact (two numbers, one operation): their acts carry `fact_low`
# and `fact_high`, which the fact-family grids of the reports count.
FACT_FAMILY_LEVELS = (1, 2, 3, 4)
MAX_ANSWER = 40
MAX_FRACTION = 40
MAX_VARIANT = 120
MAX_THINK_MS = 24 * 60 * 60 * 1000
MAX_OPERANDS = 12


@dataclass(frozen=True, slots=True)
class Act:
    """What one act shows. `seat` is the player's seat; the service turns it into a student."""

    seat: int
    kind: str
    expression: str = ""
    operands: tuple[int, ...] = ()
    add: bool = False
    sub: bool = False
    mul: bool = False
    div: bool = False
    square: bool = False
    root: bool = False
    brackets: bool = False
    non_integer: bool = False
    value: Fraction | None = None
    target: int | None = None
    answer: str = ""
    correct: bool | None = None
    best_value: Fraction | None = None
    best_expression: str = ""
    chose_best: bool | None = None
    option_available: bool | None = None
    think_ms: int | None = None
    level: int | None = None
    variant: str = ""
    fact_low: int | None = None
    fact_high: int | None = None
    assisted: bool = False  # the value was shown before the student committed to it

    @property
    def operator_count(self) -> int:
        """How many of + − × ÷ the act used (2 or more is a mixed calculation)."""
        return self.add + self.sub + self.mul + self.div


def clean_text(text: object, limit: int) -> str:
    """Text as stored: a str without NUL (PostgreSQL refuses it), cut to the column's size."""
    if not isinstance(text, str):
        return ""
    return text.replace("\x00", "")[:limit]


def fraction_text(value: Fraction | None) -> str | None:
    """An exact value as "n/d", or None when there is none or it does not fit its column."""
    if value is None:
        return None
    text = f"{value.numerator}/{value.denominator}"
    return text if len(text) <= MAX_FRACTION else None


def think_ms_clamped(value: object) -> int | None:
    """A think time in ms within 0..24 h (None for anything that is not a whole number)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return max(0, min(value, MAX_THINK_MS))


def small_int(value: object, lo: int = -32768, hi: int = 32767) -> int | None:
    """A whole number that fits a small integer column, else None."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        return None
    return value
