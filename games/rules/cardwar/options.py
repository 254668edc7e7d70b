"""Card war: the teacher's options for one game, the deck and what each card is worth.

Cards are short strings, rank then suit: "AS", "10H", "QD", "7C". Only the value matters to the
game; the suit keeps the 52 cards distinct so counts can be checked and moves replayed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from games.rules.common import RuleError, gettext_noop

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
_DECK_SET = frozenset(DECK)

LEVELS = range(1, 8)
TARGET_LEVEL = 5  # from level 5 on, a target is named each round
TARGET_MIN, TARGET_MAX = -15, 15
MAX_WAR_SIZE = 6


class OptionsError(RuleError):
    """Game options the rules cannot play with."""


@dataclass(frozen=True, slots=True)
class Options:
    """What the teacher chose for one game; stored with the game so replays use the same values.

    `clock_minutes` None means no game clock; `answer_seconds` and `target_seconds` are for the
    server's timers (the rules only see the resulting timeout actions).
    """

    level: int = 1
    ace_high: bool = False
    pictures_ten: bool = False
    war_size: int = MAX_WAR_SIZE
    practice: bool = False
    computer_targets: bool = False
    answer_seconds: int = 30
    target_seconds: int = 15
    clock_minutes: int | None = 20

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise OptionsError(gettext_noop("option %(name)s must be yes or no"), name=f.name)
            if f.type.startswith("int") and value is not None and not _is_int(value):
                raise OptionsError(
                    gettext_noop("option %(name)s must be a whole number"), name=f.name
                )
        if self.level not in LEVELS:
            raise OptionsError(gettext_noop("the level must be from 1 to 7"))
        if not 0 <= self.war_size <= MAX_WAR_SIZE:
            raise OptionsError(gettext_noop("the war size must be from 0 to 6 cards"))
        if self.answer_seconds < 1 or self.target_seconds < 1:
            raise OptionsError(gettext_noop("timers must be at least one second"))
        if self.clock_minutes is not None and self.clock_minutes < 1:
            raise OptionsError(gettext_noop("the game clock must be at least one minute"))

    @property
    def has_target(self) -> bool:
        """Levels 5–7 play towards a named target."""
        return self.level >= TARGET_LEVEL

    @property
    def powers(self) -> bool:
        """Levels 6–7 allow squares (and 7 roots), so expressions are parsed with powers."""
        return self.level >= 6

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict with every option."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Options:
        """Strictly read options stored by `to_json`; unknown keys or wrong types raise."""
        if not isinstance(data, dict):
            raise OptionsError(gettext_noop("options must be a dictionary"))
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise OptionsError(gettext_noop("unknown option %(name)s"), name=unknown[0])
        return cls(**data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_card(card: object) -> bool:
    """True for one of the 52 card codes."""
    return isinstance(card, str) and card in _DECK_SET


def card_value(card: str, options: Options) -> int:
    """The card's number: A = 1 (14 when ace high), 2–10 face value, J/Q/K = 11/12/13 (or 10)."""
    rank = card[:-1]
    if rank == "A":
        return 14 if options.ace_high else 1
    if rank in ("J", "Q", "K"):
        return 10 if options.pictures_ten else 11 + ("J", "Q", "K").index(rank)
    return int(rank)
