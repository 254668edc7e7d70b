"""The records of a class tournament: games, byes and rounds, as plain frozen values.

Player ids are ints (the app's student ids). A round is a tuple of entries, each a `Game` (two
seats: the first seat goes first, where the game lets the seat decide; a game whose own rules
pick the starter, like Maths Warriors' opening roll, takes it as seat 0) or a `Bye` (a player who
does not play that round). The class bot is a seat, `BOT`, never a participant: it has no
standing and is never "met".
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from games.rules.common import RuleError, gettext_noop


class PairingError(RuleError):
    """Inputs a pairing or standings function cannot work with; the message says which."""


class Bot(enum.Enum):
    """The class bot as an opponent (odd numbers, or a no-show replaced)."""

    BOT = "bot"

    def __repr__(self) -> str:
        return "BOT"


BOT = Bot.BOT
type Seat = int | Bot


class Outcome(enum.StrEnum):
    """How a game ended, from the seats' point of view."""

    FIRST_WON = "1-0"
    DRAW = "½-½"
    SECOND_WON = "0-1"


class Result(enum.StrEnum):
    """How a game ended for one player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class Odd(enum.StrEnum):
    """What the odd one out of a round gets, the teacher's choice: a bye or a game with the bot."""

    BYE = "bye"
    BOT = "bot"


class ByeKind(enum.StrEnum):
    """Why a player has no game in a round; the kind sets the points (see `standings`)."""

    PAIRING = "pairing"  # the odd one out, or an opponent withdrew: a full point (FIDE's PAB)
    HALF = "half"  # a round a late arrival missed: half a point


@dataclass(frozen=True, slots=True)
class Game:
    """Two seats of one round; `outcome` is None while the game is still to play."""

    first: Seat
    second: Seat
    outcome: Outcome | None = None

    def __post_init__(self) -> None:
        for seat in (self.first, self.second):
            if seat is not BOT and not _is_id(seat):
                raise PairingError(gettext_noop("a player id must be a whole number"))
        if self.first == self.second:
            raise PairingError(gettext_noop("a game needs two different players"))

    @property
    def players(self) -> tuple[int, ...]:
        """The participants in this game (the bot is not one)."""
        return tuple(seat for seat in (self.first, self.second) if seat is not BOT)

    def opponent(self, player: int) -> Seat:
        return self.second if player == self.first else self.first

    def result_for(self, player: int) -> Result | None:
        """The player's result, or None while the game is to play."""
        if self.outcome is None:
            return None
        if self.outcome is Outcome.DRAW:
            return Result.DRAW
        won = Outcome.FIRST_WON if player == self.first else Outcome.SECOND_WON
        return Result.WIN if self.outcome is won else Result.LOSS

    def ended(self, outcome: Outcome) -> Game:
        return replace(self, outcome=outcome)


@dataclass(frozen=True, slots=True)
class Bye:
    """A player who has no game this round."""

    player: int
    kind: ByeKind = ByeKind.PAIRING

    def __post_init__(self) -> None:
        if not _is_id(self.player):
            raise PairingError(gettext_noop("a player id must be a whole number"))

    @property
    def players(self) -> tuple[int, ...]:
        return (self.player,)


type Entry = Game | Bye
type Round = tuple[Entry, ...]


def draw_order(players: Iterable[int], seed: int | None = None) -> tuple[int, ...]:
    """The players in pairing order: as given, or with a seed in an order drawn by lot.

    The drawn order sorts by a hash of (seed, id), so a late arrival or a leaver never moves the
    others: every later call with the same seed agrees on everyone's place. Refuses repeated ids.
    """
    order = tuple(players)
    if not all(_is_id(player) for player in order):
        raise PairingError(gettext_noop("a player id must be a whole number"))
    if len(set(order)) != len(order):
        raise PairingError(gettext_noop("a player is listed twice"))
    if seed is None:
        return order
    return tuple(sorted(order, key=lambda player: _lot(seed, player)))


def games_of(rounds: Iterable[Round]) -> Iterable[Game]:
    for entries in rounds:
        for entry in entries:
            if isinstance(entry, Game):
                yield entry


def require_finished(rounds: Iterable[Round]) -> None:
    """Refuse rounds with a game still to play (the next round is paired from results)."""
    for number, entries in enumerate(rounds, start=1):
        if any(isinstance(entry, Game) and entry.outcome is None for entry in entries):
            raise PairingError(gettext_noop("round %(round)s is not finished"), round=number)


def pair_key(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


def apart_pairs(pairs: Iterable[Sequence[int]]) -> frozenset[frozenset[int]]:
    """The teacher's pairs to keep apart as a set of two-player keys; refuses anything else."""
    keys = set()
    for pair in pairs:
        if len(pair) != 2 or pair[0] == pair[1] or not all(_is_id(p) for p in pair):
            raise PairingError(gettext_noop("a pair to keep apart names two different players"))
        keys.add(pair_key(*pair))
    return frozenset(keys)


def _is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _lot(seed: int, player: int) -> bytes:
    return hashlib.blake2b(f"{seed}:{player}".encode(), digest_size=8).digest()
