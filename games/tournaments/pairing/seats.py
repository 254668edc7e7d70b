"""Who goes first: the tournament's "colours", balanced per player.

A player's balance is games played first minus games played second (games against the bot count:
the student sat in that seat). The one with the lower balance goes first; on equal balances the
one who went second last time goes first (alternation); a remaining tie is for the caller.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.tournaments.records import BOT, Game, Seat


@dataclass(frozen=True, slots=True)
class SeatRecord:
    balance: int = 0  # firsts minus seconds
    last_first: bool | None = None  # None: no game yet

    def after(self, first: bool) -> SeatRecord:
        return SeatRecord(self.balance + (1 if first else -1), first)


NO_GAMES = SeatRecord()


def seat_records(games: Iterable[Game]) -> dict[int, SeatRecord]:
    """Each player's seat record over `games` (in the order played)."""
    records: dict[int, SeatRecord] = {}
    for game in games:
        for seat, first in ((game.first, True), (game.second, False)):
            if seat is not BOT:
                records[seat] = records.get(seat, NO_GAMES).after(first)
    return records


def due_first(record: SeatRecord) -> bool | None:
    """Whether the player should go first next (None: no preference)."""
    if record.balance:
        return record.balance < 0
    return None if record.last_first is None else not record.last_first


def seat(a: Seat, b: Seat, records: dict[int, SeatRecord], *, a_first_on_tie: bool) -> Game:
    """The game of `a` and `b`, seated by their records; `a_first_on_tie` settles a full tie."""
    ra, rb = (NO_GAMES if s is BOT else records.get(s, NO_GAMES) for s in (a, b))
    wish_a, wish_b = due_first(ra), due_first(rb)
    if ra.balance != rb.balance:
        a_first = ra.balance < rb.balance
    elif wish_a is not None and wish_a != wish_b:
        a_first = wish_a
    elif wish_b is not None and wish_b != wish_a:
        a_first = not wish_b
    else:
        a_first = a_first_on_tie
    return Game(a, b) if a_first else Game(b, a)


def colour_costs(ra: SeatRecord, rb: SeatRecord) -> tuple[int, int]:
    """What seating a pair costs: (balances pushed beyond ±1, both due the same seat)."""
    low, high = sorted((ra.balance, rb.balance))
    beyond = max(0, abs(low + 1) - 1) + max(0, abs(high - 1) - 1)
    same_due = int(due_first(ra) is not None and due_first(ra) == due_first(rb))
    return beyond, same_due
