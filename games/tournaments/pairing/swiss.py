"""Swiss: a set number of rounds, each paired from the standings so far.

The whole round is paired at once by a weighted matching (see `matching`). What the pairing
minimises, most important first, each only as far as the ones before allow:
1. a pair to keep apart meeting (so they meet only when no other pairing of the round exists);
2. the odd one out being someone who has already sat out (a pairing bye or a bot game): nobody
   sits out twice while someone present has not (a second free point is a standings unfairness,
   worse than a repeated game);
3. repeated games (a pair meeting for the second time, or third);
4. the odd one out ranked higher than needed: it goes to the lowest-ranked who has not sat out;
5. first-player balances (firsts minus seconds) pushed beyond ±1;
6. score differences between opponents, squared (two players floating half a point cost less
   than one floating a whole point);
7. two opponents both due the same seat (someone goes first, or second, twice running);
8. within a score group the top half meeting the bottom half (1 v 3, 2 v 4: the Dutch system's
   fold); a floater meets the nearest rank.
Ranks are the standings' (points, Buchholz, Sonneborn-Berger, wins, then pairing order). Seats:
the lower first-player balance goes first, then whoever went second last time; a full tie
alternates down the boards and from round to round.

Attendance: `players` are the students present; a leaver is left out and never paired again,
their results staying in `rounds`. A late arrival scores ½ for every round they missed
(`join_late`), as half-point byes: they join the middle of the field, and a half-point bye is not
a pairing bye, so they can still be the odd one out later. Undo: drop the round and pair again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from games.tournaments.pairing.matching import (
    ODD_ONE_OUT,
    Cost,
    OddOneOut,
    min_cost_pairs,
    with_odd_one_out,
)
from games.tournaments.pairing.seats import NO_GAMES, colour_costs, seat, seat_records
from games.tournaments.records import (
    BOT,
    Bye,
    ByeKind,
    Entry,
    Game,
    Odd,
    Round,
    apart_pairs,
    draw_order,
    games_of,
    pair_key,
    require_finished,
)
from games.tournaments.standings import standings


def swiss_round(
    players: Sequence[int],
    rounds: Sequence[Round],
    *,
    keep_apart: Iterable[Sequence[int]] = (),
    odd: Odd = Odd.BYE,
    seed: int | None = None,
) -> Round:
    """The pairing of the next round: games on boards best first, then the bye or bot game.

    `players`: the students to pair now, in pairing order (or drawn by `seed`); `rounds`: every
    round so far with its results (withdrawn players' games included); a round with a game
    still to play is refused. The same inputs always give the same round.
    """
    require_finished(rounds)
    order = draw_order(players, seed)
    apart = apart_pairs(keep_apart)
    present = set(order)
    departed = {p for entries in rounds for entry in entries for p in entry.players} - present
    table = standings(order + tuple(sorted(departed)), rounds)
    ranked = [line.player for line in table if line.player in present]
    rank = {player: i for i, player in enumerate(ranked)}
    points = {line.player: line.points for line in table}
    group_size = Counter(points[player] for player in ranked)
    met = Counter(pair_key(*game.players) for game in games_of(rounds) if len(game.players) == 2)
    sat_out = Counter(_sitting_out(rounds))
    records = seat_records(games_of(rounds))

    def cost(a: int, b: int | OddOneOut) -> Cost:
        if b is ODD_ONE_OUT:
            return (0, sat_out[a], 0, len(ranked) - 1 - rank[a], 0, 0, 0, 0)
        key = pair_key(a, b)
        beyond, same_due = colour_costs(records.get(a, NO_GAMES), records.get(b, NO_GAMES))
        gap = abs(rank[a] - rank[b])
        fold = group_size[points[a]] // 2 if points[a] == points[b] else 0
        halves = int(2 * (points[a] - points[b]))
        return (
            int(key in apart),
            0,
            met[key],
            0,
            beyond,
            halves * halves,
            same_due,
            abs(gap - fold),
        )

    number = len(rounds) + 1
    games: list[Entry] = []
    sitting_out: list[Entry] = []
    for board, (a, b) in enumerate(min_cost_pairs(with_odd_one_out(ranked), cost)):
        tie = (board + number) % 2 == 1
        if b is not ODD_ONE_OUT:
            games.append(seat(a, b, records, a_first_on_tie=tie))
        elif odd is Odd.BOT:
            sitting_out.append(seat(a, BOT, records, a_first_on_tie=tie))
        else:
            sitting_out.append(Bye(a))
    return (*games, *sitting_out)


def join_late(rounds: Sequence[Round], player: int) -> tuple[Round, ...]:
    """`rounds` with a half-point bye for `player` in every round they are not in yet."""
    return tuple(
        entries
        if any(player in entry.players for entry in entries)
        else (*entries, Bye(player, ByeKind.HALF))
        for entries in rounds
    )


def _sitting_out(rounds: Iterable[Round]) -> Iterable[int]:
    """Who sat out each round: pairing byes and games against the bot."""
    for entries in rounds:
        for entry in entries:
            if isinstance(entry, Bye) and entry.kind is ByeKind.PAIRING:
                yield entry.player
            elif isinstance(entry, Game) and BOT in (entry.first, entry.second):
                yield from entry.players
