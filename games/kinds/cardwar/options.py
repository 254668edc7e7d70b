"""The teacher's card-war options, checked and written as canonical JSON for `Match.options`.

The rules' `Options` holds the game's choices; this module is where the web layer's input
becomes one, so a match stores exactly one spelling of each game (equal games compare equal,
and replays read them back with `Options.from_json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.rules.cardwar import Options, OptionsError
from games.rules.cardwar.options import TARGET_LEVEL
from games.rules.common import gettext_noop

SEATS = (2, 3, 4)
# Upper bounds the rules leave open: a lesson is an hour, and a timer longer than a few minutes
# means a student has left the table.
MAX_ANSWER_SECONDS = 300
MAX_TARGET_SECONDS = 120
MAX_CLOCK_MINUTES = 90
_NAMES = frozenset(Options.__dataclass_fields__)


def options_for(raw: Mapping[str, Any] | None) -> Options:
    """Teacher input (missing keys take the rules' defaults) as the rules' Options.

    Raises OptionsError for unknown keys, wrong types (no bools for numbers, no strings) and
    values out of range. Below level 5 there is no target, so the target options are set to
    their defaults (a level-1 game with `computer_targets` on is the same game as without).
    """
    data = dict(raw or {})
    unknown = sorted(set(data) - _NAMES)
    if unknown:
        raise OptionsError(gettext_noop("unknown option %(name)s"), name=unknown[0])
    options = Options(**data)
    if options.answer_seconds > MAX_ANSWER_SECONDS:
        raise OptionsError(
            gettext_noop("the answer timer can be at most %(limit)s seconds"),
            limit=MAX_ANSWER_SECONDS,
        )
    if options.target_seconds > MAX_TARGET_SECONDS:
        raise OptionsError(
            gettext_noop("the target timer can be at most %(limit)s seconds"),
            limit=MAX_TARGET_SECONDS,
        )
    if options.clock_minutes is not None and options.clock_minutes > MAX_CLOCK_MINUTES:
        raise OptionsError(
            gettext_noop("the game clock can be at most %(limit)s minutes"),
            limit=MAX_CLOCK_MINUTES,
        )
    if options.level < TARGET_LEVEL:
        defaults = Options()
        options = replace(
            options,
            computer_targets=defaults.computer_targets,
            target_seconds=defaults.target_seconds,
        )
    return options


def canonical_options(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """`options_for(raw)` as the JSON `Match.options` stores (every key, in one order)."""
    return options_for(raw).to_json()


def check_seats(count: int) -> None:
    """Card war is for 2, 3 or 4 seats (teams 0 & 2 against 1 & 3 at four)."""
    if count not in SEATS:
        raise OptionsError(gettext_noop("card war is for 2, 3 or 4 players"))
