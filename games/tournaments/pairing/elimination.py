"""Single elimination: a seeded bracket, byes to the top seeds, an optional third-place match.

The bracket has the next power of two places; seed 1 meets the last seed, 2 the second last and
so on, placed so that seeds 1 and 2 can meet only in the final, 1-4 only from the semi-finals.
With fewer players than places the missing seeds are byes, so the top seeds go straight to
round two; after round one there are no more byes (unless a player withdraws).

Who advances: the winner. Maths Warriors never draws: its own clock rule decides (more captures
win; equal captures go to the player who moved second). A card-war game can draw: its clock ends
with equal counts as a draw. A drawn game advances the player in the second seat, the nearest
thing to Warriors' rule, so ties go the same way in both games. Seats: the player who has had
the first seat less often in the tournament takes it; on a tie the lower seed does, so the
better seed holds the seat that wins a draw, as it holds the byes.

Attendance: the bracket is drawn from the players present at the start (a knockout cannot grow).
A withdrawn player's next opponent advances with a bye (a walkover). Pairs to keep apart follow
the seeding: a knockout has one path, so they meet only if both win through to each other.
The class bot plays no part: byes are the knockout's answer to odd numbers.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from games.rules.common import gettext_noop
from games.tournaments.pairing.seats import seat, seat_records
from games.tournaments.records import (
    Bye,
    Entry,
    Game,
    Outcome,
    PairingError,
    Round,
    draw_order,
    games_of,
    require_finished,
)


def bracket(players: Sequence[int], *, seed: int | None = None) -> tuple[int | None, ...]:
    """The first round's places in bracket order (None: a bye's empty place).

    Places 0-1 meet, 2-3 meet, and so on; the winners of neighbouring matches meet next.
    """
    order = draw_order(players, seed)
    if len(order) < 2:
        raise PairingError(gettext_noop("a knockout needs at least two players"))
    size = 1
    seeds = [1]
    while size < len(order):
        size *= 2
        seeds = [s for top in seeds for s in (top, size + 1 - top)]
    return tuple(order[s - 1] if s <= len(order) else None for s in seeds)


def elimination_round(
    players: Sequence[int],
    rounds: Sequence[Round],
    *,
    third_place: bool = False,
    withdrawn: Collection[int] = (),
    seed: int | None = None,
) -> Round:
    """The next round: games in bracket order (the final before the third-place match), then
    byes; an empty round when the final has been played.

    `players` in seed order, best first (or drawn by `seed`); `rounds`: the rounds so far with
    their results, each as this function gave it. A round with a game still to play is refused.
    """
    walk = _walk(players, rounds, withdrawn, seed)
    if len(walk.alive) == 1:
        return ()
    records = seat_records(games_of(rounds))
    place = {player: i for i, player in enumerate(draw_order(players, seed))}
    games: list[Entry] = []
    byes: list[Entry] = []
    matches = list(zip(walk.alive[::2], walk.alive[1::2], strict=True))
    if third_place and len(walk.alive) == 2 and len(walk.semi_losers) == 2:
        matches.append(tuple(walk.semi_losers))
    for a, b in matches:
        a, b = (None if p in withdrawn else p for p in (a, b))
        if a is not None and b is not None:
            better, lower = sorted((a, b), key=place.__getitem__)
            games.append(seat(lower, better, records, a_first_on_tie=True))
        elif a is not None or b is not None:
            byes.append(Bye(a if a is not None else b))
    return (*games, *byes)


def placings(
    players: Sequence[int],
    rounds: Sequence[Round],
    *,
    withdrawn: Collection[int] = (),
    seed: int | None = None,
) -> dict[int, int]:
    """The places decided so far: 1 and 2 after the final, 3 and 4 after a third-place match
    (without one both semi-final losers are 3), then shared places by round (quarter-final
    losers 5, and so on). Players still in have no place yet; the arguments are
    `elimination_round`'s."""
    walk = _walk(players, rounds, withdrawn, seed)
    places = dict(walk.places)
    if len(walk.alive) == 1 and walk.alive[0] is not None:
        places[walk.alive[0]] = 1
    return places


@dataclass
class _Walk:
    alive: list[int | None]
    places: dict[int, int]
    semi_losers: list[int]


def _walk(
    players: Sequence[int], rounds: Sequence[Round], withdrawn: Collection[int], seed: int | None
) -> _Walk:
    """Follow the bracket through the rounds played: who is still in, who went out where."""
    require_finished(rounds)
    alive: list[int | None] = list(bracket(players, seed=seed))
    places: dict[int, int] = {}
    semi_losers: list[int] = []
    for number, entries in enumerate(rounds, start=1):
        if len(alive) == 1:
            raise PairingError(
                gettext_noop("the knockout was over before round %(round)s"), round=number
            )
        winners: list[int | None] = []
        losers: list[int] = []
        for a, b in zip(alive[::2], alive[1::2], strict=True):
            winner = _winner(a, b, entries, number, withdrawn)
            winners.append(winner)
            losers += [p for p in (a, b) if p is not None and p != winner]
        if len(alive) == 2 and semi_losers:
            third = _third_place(semi_losers, entries)
            if third is not None:
                places[third] = 3
                places.update({p: 4 for p in semi_losers if p != third})
        for loser in losers:
            places[loser] = len(winners) + 1
        semi_losers = losers if len(alive) == 4 else []
        alive = winners
    return _Walk(alive, places, semi_losers)


def _winner(
    a: int | None, b: int | None, entries: Round, number: int, withdrawn: Collection[int]
) -> int | None:
    if a is None or b is None:
        return a if b is None else b
    for entry in entries:
        if isinstance(entry, Game) and set(entry.players) == {a, b}:
            return _advances(entry)
        if isinstance(entry, Bye) and entry.player in (a, b):
            return entry.player
    if a in withdrawn and b in withdrawn:
        return None
    raise PairingError(
        gettext_noop("round %(round)s has no game between %(a)s and %(b)s"), round=number, a=a, b=b
    )


def _third_place(semi_losers: list[int], entries: Round) -> int | None:
    """The third-place match's winner (or walkover), None when it was not played."""
    for entry in entries:
        if isinstance(entry, Game) and set(entry.players) == set(semi_losers):
            return _advances(entry)
        if isinstance(entry, Bye) and entry.player in semi_losers:
            return entry.player
    return None


def _advances(game: Game) -> int:
    return game.first if game.outcome is Outcome.FIRST_WON else game.second
