"""What a kind gives the match page and the replay: declared types, so the page's expectations
of a kind are written down (`games.kinds.base.GameKind.screen`, `replay_log`, `prompt`,
`tutorial`), and the rules' refusals in the viewer's words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.rules.common import RuleError


@dataclass(frozen=True)
class Screen:
    """What a kind's `screen` gives the match page for one viewer.

    `board`: the board partial's data (usually `view(state, viewer)`; None when the board reads
    only `parts`); `last_move`: the last
    move in words (the status line and the screen reader's announcement); `ending`: a finished
    game's title and text (`Ending`) for the page's game-over panel (None while playing, or when
    the kind's board tells the end itself); `parts`: whatever else the kind's own templates read
    (names by seat, sides, …), merged into their context.
    """

    board: Mapping[str, Any] | None = None
    last_move: str = ""
    ending: Any = None
    parts: Mapping[str, Any] = field(default_factory=dict)

    def context(self) -> dict[str, Any]:
        """The template context these give (the parts first: the declared names win)."""
        return {
            **self.parts,
            "board": self.board,
            "last_move": self.last_move,
            "ending": self.ending,
        }


@dataclass(frozen=True)
class Prompt:
    """One step of a guided game's script, shown beside the board."""

    title: str
    text: str
    keys: str


@dataclass(frozen=True)
class Tutorial:
    """How a kind's guided first game is set up: the computer's level, the game's options and
    the server options (fixed rolls, steps to follow, a scripted computer)."""

    bot_level: str
    variants: Mapping[str, Any]
    options: Mapping[str, Any]


@dataclass(frozen=True)
class LoggedMove:
    """One applied Move row as a kind's replay reads it (no database objects)."""

    ply: int
    facts: Mapping[str, Any]  # the row's shown facts (games.selectors.snapshot.move_facts)
    events: Sequence[Mapping[str, Any]]


def rule_message(err: RuleError) -> str:
    """The rules' message in the viewer's language, as a sentence."""
    text = _(err.template) % err.params if err.params else _(err.template)
    return text[:1].upper() + text[1:]
