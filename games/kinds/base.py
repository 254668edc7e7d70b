"""The game seam: what a game must provide so matches, sockets, timers and pages can run it.

Every game is one `GameKind` in the registry, keyed by `Match.game`. The door
(`games.services.matches.match_act`) locks the match, applies due deadlines, asks the kind,
logs, records evidence and broadcasts; it never looks inside a rules state. A kind never touches
the database: it maps rules objects to plain data (JSON, `LogRow`, evidence `Act`s, views).

The words used below:
- `Setup`: what a match was created with (seed, the game's own options, server options, seats);
  every call that may need it gets it, so a kind keeps no per-match memory.
- a *step*: the stretch of play one deadline covers (Warriors: one turn; card war: naming a
  target, or one round's answers). Answers inside one step are not stale for each other: a
  client's `seen_ply` is stale only when it is older than the step's first ply.
- deadlines: `clock` (the game clock: Match.clock_deadline) and `step` (the per-move limit, or
  the answer/target timer: Match.move_deadline). When one passes, `due_action` says what the
  rules are told.
- a step's *pause* (`Timing.pause_ms`): what just happened is read before the step's think time
  and deadline start. Where the kind `held` it for a player, it is only the most the step waits:
  that player's `MoveOn` (parsed from the game's "moved on" frame) starts the step at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Protocol, runtime_checkable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.evidence.acts import Act
from games.kinds.shown import LoggedMove, Prompt, Screen, Tutorial

type Deadline = Literal["clock", "step"]
DEADLINES: tuple[Deadline, ...] = ("clock", "step")


@dataclass(frozen=True)
class Setup:
    """How a match was created; stored on it (seed, Match.variants, Match.options, seats)."""

    seed: int
    rules: Mapping[str, Any]  # the kind's canonical options (`GameKind.rules_options`)
    server: Mapping[str, Any]  # clock_seconds, move_seconds, scripted_rolls, guided, …
    seats: int
    # Each seat's computer level, "" for a person (Seat.bot_level; empty when not known, as in a
    # kind's own tests): a game played against computers only may wait for its one player.
    bots: tuple[str, ...] = ()


@dataclass(frozen=True)
class Timing:
    """What an applied action (or the start) does to the step and the deadlines.

    `new_step`: the action opened a new step (think time and the step deadline start now, and
    plies seen before it are stale). `step_seconds`: the new step's limit (read only with
    `new_step`; None: no limit). `clock_seconds`: (re)start the game clock with this many seconds;
    None leaves it as it is (at the start, None means no clock). `pause_ms`: the new step's
    think time and deadline start this much later (a moment to read what just happened; where
    the kind `held` the pause for a player, at most this much later: see `MoveOn`).
    """

    new_step: bool
    step_seconds: int | None = None
    clock_seconds: int | None = None
    pause_ms: int = 0


@dataclass(frozen=True)
class MoveOn:
    """A player has read what the last step showed and moves on (a game's "moved on" frame).

    Not a move: the door logs nothing, counts nothing and asks the rules nothing. When the step
    is still in its pause and the kind `held` that pause for this player, the step (its think
    time and deadline) starts now; otherwise (the step has started, a second click, a game with
    classmates, whose pause is everyone's) nothing changes.
    """

    seat: int


@dataclass(frozen=True)
class Result:
    """A finished game: the winning seats (a team is several; none on a draw) and why."""

    winners: tuple[int, ...]
    reason: str

    @property
    def winner_seat(self) -> int | None:
        """The one winner Match.winner_seat stores (None for a draw or a team)."""
        return self.winners[0] if len(self.winners) == 1 else None


@dataclass(frozen=True)
class LogRow:
    """One Move row to append, in kind terms; the door adds match, ply, user, think time, time.

    `kind` is a Move.Kind value; `facts` fill the Move columns they name (expression, value,
    target, success, error: text is cut to fit) and the rest is the move's own `facts`
    (e.g. Warriors' dice_before, target_value, rerolled), which only the kind reads.
    """

    kind: str
    seat: int | None
    action: Mapping[str, Any] = field(default_factory=dict)
    events: Sequence[Mapping[str, Any]] = ()
    game_number: int = 1
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Refusal:
    """A refused action worth keeping as evidence (Warriors: a refused Mind attack).

    The door stores `row` (kind "rejected", outside the ply sequence) and `acts` within the
    attempt limits; `key` is the row's (expression, target) columns: the same key at the same
    seen ply is a repeat, stored once.
    """

    row: LogRow
    acts: Sequence[Act]
    key: tuple[str, ...]


@runtime_checkable
class GameKind(Protocol):
    """One game, as the match platform sees it. Pure: no database, no sockets.

    `State` and `Action` are the rules' own objects; the platform stores them only through
    `dump`/`action_to_json` and reads them only through the methods here.
    """

    game: ClassVar[str]  # the Match.game value
    seat_counts: ClassVar[tuple[int, ...]]  # e.g. (2,) or (2, 3, 4)
    bot_levels: ClassVar[tuple[str, ...]]  # Seat.bot_level values the kind's bots play
    board_template: ClassVar[str]  # the board partial, rendered with `view(...)` as `board`

    # --- setting up and storing -----------------------------------------------------------------
    def rules_options(self, data: Mapping[str, Any] | None, seats: int) -> dict[str, Any]:
        """The game's options in canonical JSON (Match.variants); ValueError when unplayable."""
        ...

    def start(self, setup: Setup) -> tuple[Any, list[dict[str, Any]]]:
        """A fresh game: (state, events)."""
        ...

    def load(self, data: Mapping[str, Any]) -> Any: ...

    def dump(self, state: Any) -> dict[str, Any]: ...

    def action_to_json(self, action: Any) -> dict[str, Any]: ...

    def action_from_json(self, data: Mapping[str, Any]) -> Any:
        """A stored action back (for replay); raises RuleError on a shape it never stored."""
        ...

    # --- playing ----------------------------------------------------------------------------
    def parse(self, frame: Mapping[str, Any], seat: int) -> Any | None:
        """The rules action a player's client frame asks for (or `MoveOn`, for a game whose
        screen holds what happened until the player moves on), or None when not understood.

        The one place a client message becomes an action; the frame's shape is already bounded
        by the socket's edge, but callers from elsewhere rely on the limits here too.
        """
        ...

    def resign(self, seat: int) -> Any:
        """The action for `seat` leaving the game (resigning or forfeiting)."""
        ...

    def frame(self, action: Any) -> dict[str, Any]:
        """A player's action as the browser's form sends it (the inverse of `parse`: the demo
        data and the tests play through the door with it)."""
        ...

    def apply(self, setup: Setup, state: Any, action: Any) -> tuple[Any, list[dict[str, Any]]]:
        """(new state, events); raises RuleError (state unchanged) when the rules refuse."""
        ...

    def awaited(self, state: Any) -> tuple[int, ...]:
        """Seats whose input the game waits for now (empty once over or waiting on a timer)."""
        ...

    def actor(self, action: Any) -> int | None:
        """The seat an action is by (None for the server's: clock, timers)."""
        ...

    def result(self, state: Any) -> Result | None:
        """The result once the whole match is over (None while playing)."""
        ...

    # --- time -------------------------------------------------------------------------------
    def timing(
        self, setup: Setup, before: Any | None, after: Any, events: Sequence[Mapping[str, Any]]
    ) -> Timing:
        """The step and deadlines after the start (`before` None) or an applied action."""
        ...

    def due_action(self, state: Any, which: Deadline) -> Any | None:
        """The action a passed deadline applies (None: nothing, e.g. a stale timer)."""
        ...

    def bot_action(self, state: Any, seat: int, level: str, seed_text: str) -> Any:
        """The computer's action at `seat`; deterministic for `seed_text` (the same in every
        process, so two servers racing agree)."""
        ...

    def bot_think_ms(self, state: Any, seat: int, level: str, seed_text: str) -> int:
        """How long the computer waits before acting, from the start of its step."""
        ...

    # --- the record -------------------------------------------------------------------------
    def log(
        self,
        setup: Setup,
        before: Any,
        after: Any,
        action: Any,
        events: Sequence[Mapping[str, Any]],
    ) -> list[LogRow]:
        """The Move rows one applied action appends, in ply order (the action's row first)."""
        ...

    def opening_log(self, setup: Setup, state: Any, events: Sequence[Mapping[str, Any]]):
        """Move rows for what the rules did by themselves at the start (often none)."""
        ...

    def evidence(
        self,
        setup: Setup,
        before: Any,
        action: Any,
        events: Sequence[Mapping[str, Any]],
        think_ms: Mapping[int, int | None],
    ) -> list[Act]:
        """The arithmetic acts in one applied action (any seats); `think_ms` by seat."""
        ...

    def refusal(
        self, setup: Setup, state: Any, action: Any, error: Exception, think_ms: int | None
    ) -> Refusal | None:
        """A refused action kept as evidence, or None (most refusals are not)."""
        ...

    # --- showing ----------------------------------------------------------------------------
    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        """JSON-safe data for one seat (None: a spectator or the teacher); nothing hidden from
        that viewer is in it."""
        ...

    def screen(self, snap: Mapping[str, Any], state: Any, viewer: int | None) -> Screen:
        """The board partial's and the page's data for one viewer, from a broadcast snapshot
        (names, last move, `board`: usually `view(state, viewer)`); nothing hidden leaks."""
        ...

    def summary(self, state: Any) -> dict[str, Any]:
        """Public facts for lists (lobby, the teacher's live view): e.g. captures, card counts,
        round; JSON-safe, nothing hidden."""
        ...

    def result_text(self, state: Any, names: Sequence[str]) -> str:
        """A finished match's result in a few words, e.g. "Ada won: made three captures"."""
        ...

    # --- the edges: socket frames, the page, the replay, the guided game (defaults: KindBase) --
    label: ClassVar[str]  # the game's name, e.g. "Card war" (lazy: translated when shown)
    frames: ClassVar[Mapping[str, frozenset[str]]]  # client frame kinds → fields `parse` reads
    page_template: ClassVar[str | None]  # the page's parts outside the swapped fragments
    help_template: ClassVar[str | None]  # the help dialog's body (None: none)
    styles: ClassVar[tuple[str, ...]]  # static css the match page links
    scripts: ClassVar[tuple[str, ...]]  # static js the match page loads after live.js
    replay_template: ClassVar[str | None]  # the game-over replay (None: the board tells it)
    preview_template: ClassVar[str | None]  # a builder preview's fragment, if the kind has one

    def step_label(self, data: Mapping[str, Any]) -> str:
        """What the step clock counts down for, read from the stored (dumped) state."""
        ...

    def preview_on(self, options: Mapping[str, Any]) -> bool:
        """Whether this match shows the builder preview (a match's options may switch it off)."""
        ...

    def preview(self, state: Any, seat: int, fields: Mapping[str, str]) -> dict[str, Any] | None:
        """The builder preview's context for a half-typed move; None when not understood."""
        ...

    def replay_log(self, moves: Sequence[LoggedMove], names: Sequence[str]) -> list[Any]:
        """A finished game's replay, from its applied moves in ply order."""
        ...

    def prompt(self, snap: Mapping[str, Any]) -> Prompt | None:
        """The guided game's prompt for a snapshot (None: not guided)."""
        ...

    def tutorial(self) -> Tutorial | None:
        """The guided first game's set-up, or None when the kind has none."""
        ...

    def off_script(self, setup: Setup, ply: int, frame: Mapping[str, Any]) -> str | None:
        """Why a legal move at `ply` is refused in a scripted game (None: it may be played)."""
        ...

    def scripted_action(self, setup: Setup, state: Any, seat: int) -> Any | None:
        """The computer's action when the game's script decides it (None: its bot plays)."""
        ...

    def held(self, setup: Setup, state: Any, seat: int) -> bool:
        """Whether the step's pause waits for `seat` to move on (`MoveOn`): the pause is then
        only the most it waits. A pause others share is never ended by one of them."""
        ...

    def options_label(self, rules: Mapping[str, Any]) -> str:
        """The game and its options in a few words, e.g. "Card war: level 3"."""
        ...

    def live_label(self, rules: Mapping[str, Any]) -> str:
        """The game in the teacher's live list: as short as says what is played."""
        ...

    live_template: ClassVar[str | None]  # the teacher's live list: a playing row's summary cell
    lobby_template: ClassVar[str | None]  # what the game's card in the lobby says of it
    # The game's options form (None: it has none): a django Form whose `options()` gives the
    # options `rules_options` takes and `option_fields()` the fields to show, rendered by
    # `options_template` (with `form`). The platform's forms (games.forms) put it beside whom to
    # play, and the clocks unless the game's clock is one of its options (`clock_in_options`).
    options_form: ClassVar[type | None]
    options_template: ClassVar[str]
    clock_in_options: ClassVar[bool]

    def seats_text(self, seats: int, computer: bool) -> str:
        """A choice of how many play, in words: against the computer ("You against two computer
        players") or with classmates ("Three, each for themselves")."""
        ...

    def invitation_text(self, rules: Mapping[str, Any], clock_seconds: int | None) -> str:
        """What an invitation offers in a few words: the game, its level or variants and its
        clock, e.g. "Card war, level 3 · 20-minute clock"."""
        ...

    def awaited_text(self, summary: Mapping[str, Any], names: str) -> str:
        """Whom a playing match waits for, in words, for the teacher's live list."""
        ...


class KindBase:
    """The defaults of a kind's edges: a kind subclasses this and writes only what differs."""

    label: ClassVar[str] = ""
    frames: ClassVar[Mapping[str, frozenset[str]]] = {}
    page_template: ClassVar[str | None] = None
    help_template: ClassVar[str | None] = None
    styles: ClassVar[tuple[str, ...]] = ()
    scripts: ClassVar[tuple[str, ...]] = ()
    replay_template: ClassVar[str | None] = None
    preview_template: ClassVar[str | None] = None

    def step_label(self, data: Mapping[str, Any]) -> str:
        return gettext_lazy("Move")

    def preview_on(self, options: Mapping[str, Any]) -> bool:
        return self.preview_template is not None

    def preview(self, state: Any, seat: int, fields: Mapping[str, str]) -> dict[str, Any] | None:
        return None

    def replay_log(self, moves: Sequence[LoggedMove], names: Sequence[str]) -> list[Any]:
        return []

    def prompt(self, snap: Mapping[str, Any]) -> Prompt | None:
        return None

    def tutorial(self) -> Tutorial | None:
        return None

    def off_script(self, setup: Setup, ply: int, frame: Mapping[str, Any]) -> str | None:
        return None

    def held(self, setup: Setup, state: Any, seat: int) -> bool:
        return False

    def scripted_action(self, setup: Setup, state: Any, seat: int) -> Any | None:
        return None

    def options_label(self, rules: Mapping[str, Any]) -> str:
        return str(self.label)

    def live_label(self, rules: Mapping[str, Any]) -> str:
        return self.options_label(rules)

    live_template: ClassVar[str | None] = None
    lobby_template: ClassVar[str | None] = None
    options_form: ClassVar[type | None] = None
    options_template: ClassVar[str] = "games/_options.html"
    clock_in_options: ClassVar[bool] = False

    def seats_text(self, seats: int, computer: bool) -> str:
        if computer:
            if seats == 2:
                return _("You against the computer")
            return ngettext(
                "You against %(n)s computer player",
                "You against %(n)s computer players",
                seats - 1,
            ) % {"n": seats - 1}
        if seats == 2:
            return _("Two: you challenge one classmate")
        return _("%(n)s players") % {"n": seats}

    def invitation_text(self, rules: Mapping[str, Any], clock_seconds: int | None) -> str:
        return f"{self.options_label(rules)} · {clock_text(clock_seconds)}"

    def awaited_text(self, summary: Mapping[str, Any], names: str) -> str:
        return _("%(name)s to move") % {"name": names}


def clock_text(seconds: int | None) -> str:
    """A game clock in words: "12-minute clock", or "no clock"."""
    if seconds is None:
        return _("no clock")
    minutes = max(1, seconds // 60)
    return ngettext("%(n)s-minute clock", "%(n)s-minute clock", minutes) % {"n": minutes}


_KINDS: dict[str, GameKind] = {}
GAME_KEY_LENGTH = 16  # Match.game, Calculation.game and Tournament.game hold the key


def register(kind: GameKind) -> GameKind:
    """Add a kind to the registry (its module does this on import); one kind per game."""
    if not 0 < len(kind.game) <= GAME_KEY_LENGTH:
        raise ValueError(f"a game's key is 1 to {GAME_KEY_LENGTH} characters: {kind.game!r}")
    if kind.game in _KINDS and type(_KINDS[kind.game]) is not type(kind):
        raise ValueError(f"a kind for {kind.game!r} is already registered")
    _KINDS[kind.game] = kind
    return kind


def kind_for(game: str) -> GameKind:
    """The kind of a Match.game value; KeyError for a game with no kind."""
    return _KINDS[game]


def registered() -> tuple[str, ...]:
    """The games that have a kind, in registration order."""
    return tuple(_KINDS)


def styles() -> list[str]:
    """Every registered kind's stylesheets, once each (pages that list every game)."""
    return list(dict.fromkeys(href for game in _KINDS for href in _KINDS[game].styles))


def replay(kind: GameKind, setup: Setup, actions: Sequence[Mapping[str, Any]]) -> Any:
    """Fold stored actions (Move.action, ply order) over a fresh game: equals the snapshot."""
    state, _events = kind.start(setup)
    for data in actions:
        state, _events = kind.apply(setup, state, kind.action_from_json(data))
    return state
