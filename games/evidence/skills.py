"""The skills the reports follow, and which of them one act is evidence for.

A skill attempt is (skill, right or not). The definitions (also on the teachers' help page):
- addition, subtraction, multiplication, division: a readable calculation that uses the
  operation (a Mind attack, applied or refused, or a card-war answer); right when it made the
  target (Mind) or the typed result was right (card war).
- fractions: such a calculation with a step that is not a whole number (`5 ÷ 3 × 6`, `7 ÷ 2`).
- brackets: a Mind attack whose brackets change the order of operations.
- mixed: a calculation with two or more of + − × ÷.
- squares, roots: a calculation that squares a number, or takes a square root.
- best_choice: a card-war answer where the cards allowed more than one value; right when the
  choice was the best there was (highest, or nearest the target; ties count as best).
- exact_target: a Mind attack (right when it made the target), or a card-war answer at levels
  5–7 when the target could be made exactly (right when the student made it and typed it right).
A refused Mind attack that cannot be read as a calculation (bad syntax, a division by zero) is
stored, but counts for no skill: there is no value to judge. Nor does an assisted act (its
value was shown before the student committed): the reports count those apart.
"""

from __future__ import annotations

from bisect import bisect_right

from games.evidence.acts import CARDWAR_ANSWER, MIND, MIND_REFUSED, Act

ADDITION = "addition"
SUBTRACTION = "subtraction"
MULTIPLICATION = "multiplication"
DIVISION = "division"
FRACTIONS = "fractions"
BRACKETS = "brackets"
MIXED = "mixed"
SQUARES = "squares"
ROOTS = "roots"
BEST_CHOICE = "best_choice"
EXACT_TARGET = "exact_target"
SKILLS = (
    ADDITION,
    SUBTRACTION,
    MULTIPLICATION,
    DIVISION,
    FRACTIONS,
    BRACKETS,
    MIXED,
    SQUARES,
    ROOTS,
    BEST_CHOICE,
    EXACT_TARGET,
)
TARGET_LEVELS = (5, 6, 7)

# Think-time bands of the rollup, in ms: band i holds times in [EDGES[i-1], EDGES[i]).
BAND_EDGES = (1000, 2000, 3000, 4000, 5000, 6000, 8000, 10000, 15000, 20000, 30000, 45000,
              60000, 120000)  # fmt: skip
BANDS = len(BAND_EDGES) + 1


def band_of(think_ms: int) -> int:
    """The time band a think time falls in (0 .. BANDS - 1)."""
    return bisect_right(BAND_EDGES, think_ms)


def skills_of(act: Act) -> list[tuple[str, bool]]:
    """The skill attempts one act is evidence for, each with whether it was right."""
    if act.kind not in (MIND, MIND_REFUSED, CARDWAR_ANSWER) or act.value is None or act.assisted:
        return []
    right = bool(act.correct)
    out = [
        (skill, right)
        for skill, used in (
            (ADDITION, act.add),
            (SUBTRACTION, act.sub),
            (MULTIPLICATION, act.mul),
            (DIVISION, act.div),
            (FRACTIONS, act.non_integer),
            (BRACKETS, act.brackets),
            (MIXED, act.operator_count >= 2),
            (SQUARES, act.square),
            (ROOTS, act.root),
        )
        if used
    ]
    if act.kind != CARDWAR_ANSWER:
        out.append((EXACT_TARGET, right))
        return out
    if act.option_available:
        out.append((BEST_CHOICE, bool(act.chose_best)))
    if act.level in TARGET_LEVELS and act.target is not None and act.best_value == act.target:
        out.append((EXACT_TARGET, right and act.value == act.target))
    return out
