"""Fact-family grids as rows and cells for the templates (card a × card b per operation).

A cell is grey ("thin") below FACT_MIN_ATTEMPTS answers; otherwise its band says how often it
was right: at least 90 %, at least 70 %, or less. The grid is symmetric: 3 and 7 is one fact,
shown at row 3, column 7 and at row 7, column 3.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from games.progress.formats import seconds
from games.progress.selectors import FactCell

FACT_MIN_ATTEMPTS = 3
CARD_VALUES = 13  # A = 1 … K = 13; an ace-high game adds 14
OPERATIONS = {
    1: ("+", _("Addition (card war level 1)")),
    2: ("×", _("Multiplication (card war level 2)")),
    3: ("÷", _("Division (card war level 3)")),
    4: ("−", _("Subtraction (card war level 4)")),
}


@dataclass(frozen=True)
class Grid:
    level: int
    symbol: str
    title: str
    values: list[int]
    # Per row: the card value, then per cell (band, "right/answered", mean time text);
    # empty texts for pairs nobody answered. Texts are made here: a page has ~700 cells.
    rows: list[tuple[int, list[tuple[str, str, str]]]]
    answered: int


def band(cell: FactCell | None) -> str:
    if cell is None:
        return "none"
    if cell.attempts < FACT_MIN_ATTEMPTS:
        return "thin"
    if cell.accuracy >= 90:
        return "high"
    return "mid" if cell.accuracy >= 70 else "low"


def fact_grids(families: dict[int, dict[tuple, FactCell]]) -> list[Grid]:
    grids = []
    for level, cells in families.items():
        top = max([CARD_VALUES, *(high for _low, high in cells)])
        values = list(range(1, top + 1))
        rows = []
        for a in values:
            row = []
            for b in values:
                cell = cells.get((min(a, b), max(a, b)))
                if cell is None:
                    row.append(("none", "", ""))
                else:
                    row.append(
                        (band(cell), f"{cell.correct}/{cell.attempts}", seconds(cell.mean_ms))
                    )
            rows.append((a, row))
        symbol, title = OPERATIONS[level]
        grids.append(
            Grid(level, symbol, title, values, rows, sum(c.attempts for c in cells.values()))
        )
    return grids
