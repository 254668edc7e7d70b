"""Round robin: everyone meets everyone, scheduled in full when the tournament starts.

The circle method in the form of FIDE's Berger tables: with an even number n of places, place n
stays put and meets a different player each round while the others turn around the circle. The
player in place n goes first in even rounds and second in odd ones, and the others alternate
seats as well as a circle allows (nobody goes first, or second, three times running; over a
cycle firsts and seconds differ by at most one). An odd number of players adds an empty place:
whoever it meets sits out that round (a bye, or a game with the bot), once per cycle each.
A double round robin plays the cycle twice, seats swapped the second time.

Attendance: the schedule is fixed at the start, so a late arrival cannot join it (a round robin
that grows would need everyone to meet the newcomer). A leaver is withdrawn with `withdraw`: a
game of theirs not yet played gives the opponent what the odd one out gets. Pairs to keep apart
cannot be honoured: in a round robin everyone meets everyone, so no other pairing exists.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.rules.common import gettext_noop
from games.tournaments.records import (
    BOT,
    Bye,
    Entry,
    Game,
    Odd,
    PairingError,
    Round,
    draw_order,
)


def round_robin(
    players: Sequence[int], *, double: bool = False, odd: Odd = Odd.BYE, seed: int | None = None
) -> tuple[Round, ...]:
    """Every round of the tournament: games board by board, then the bye or bot game.

    `players` in pairing order (or drawn by `seed`); at least two.
    """
    order = draw_order(players, seed)
    if len(order) < 2:
        raise PairingError(gettext_noop("a round robin needs at least two players"))
    places: list[int | None] = [*order, None] if len(order) % 2 else list(order)
    size = len(places)
    turns = size - 1
    cycle = []
    for number in range(1, size):
        pivot = ((number - 1) * size // 2) % turns
        pairs = [(places[-1], places[pivot]) if number % 2 == 0 else (places[pivot], places[-1])]
        for step in range(1, size // 2):
            pairs.append((places[(pivot + step) % turns], places[(pivot - step) % turns]))
        cycle.append(_entries(pairs, odd))
    if not double:
        return tuple(cycle)
    return (*cycle, *(tuple(_swapped(entry) for entry in entries) for entries in cycle))


def withdraw(entries: Round, withdrawn: Collection[int], *, odd: Odd = Odd.BYE) -> Round:
    """A round not yet played, without the withdrawn players: their opponents sit out instead."""
    kept: list[Entry] = []
    freed: list[Entry] = []
    for entry in entries:
        remaining = [player for player in entry.players if player not in withdrawn]
        if len(remaining) == len(entry.players):
            kept.append(entry)
        elif isinstance(entry, Game) and len(entry.players) == 2 and remaining:
            (player,) = remaining
            was_first = entry.first == player
            if odd is Odd.BOT:
                freed.append(Game(player, BOT) if was_first else Game(BOT, player))
            else:
                freed.append(Bye(player))
    return (*kept, *freed)


def _entries(pairs: list[tuple[int | None, int | None]], odd: Odd) -> Round:
    games: list[Entry] = []
    sitting_out: list[Entry] = []
    for first, second in pairs:
        if first is not None and second is not None:
            games.append(Game(first, second))
        elif odd is Odd.BOT:
            sitting_out.append(Game(BOT, second) if first is None else Game(first, BOT))
        else:
            sitting_out.append(Bye(second if first is None else first))
    return (*games, *sitting_out)


def _swapped(entry: Entry) -> Entry:
    return Game(entry.second, entry.first) if isinstance(entry, Game) else entry
