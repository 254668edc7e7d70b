"""Arena: a time window in which a student who finishes a game is paired again at once.

Whenever students are waiting, the app asks for pairings; everyone waiting is paired at once
(a weighted matching, as Lichess' arena pairs its waiting players), minimising, most important
first:
1. a pair to keep apart meeting, 2. a rematch of the players' last game — both are never made
   while anyone is still playing (someone else will be free soon), and only as a last resort
   when nobody is: then no other pairing can ever exist;
3. the longest-waiting student being the one left over (first come, first paired);
4. the score difference between opponents: "someone near in score".
With an odd number waiting, the one left over waits for the next student to finish, or (the
teacher's choice) plays the bot at once. Seats: the lower first-player balance goes first, then
whoever went second last time, then the longer-waiting one. Late arrivals simply start waiting
(with no points); leavers are no longer waiting. Scoring and the streak bonus: `standings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.rules.common import gettext_noop
from games.tournaments.pairing.matching import (
    ODD_ONE_OUT,
    Cost,
    OddOneOut,
    min_cost_pairs,
    with_odd_one_out,
)
from games.tournaments.pairing.seats import seat, seat_records
from games.tournaments.records import (
    BOT,
    Game,
    Odd,
    PairingError,
    Seat,
    apart_pairs,
    draw_order,
    pair_key,
)
from games.tournaments.standings import arena_standings


def arena_pairs(
    waiting: Sequence[int],
    games: Sequence[Game],
    *,
    keep_apart: Iterable[Sequence[int]] = (),
    odd: Odd = Odd.BYE,
    streaks: bool = True,
) -> tuple[Game, ...]:
    """Games for the students waiting now, given in the order they started waiting.

    `games`: every arena game so far in the order they finished, the ones still in play (no
    outcome yet) last. Students not in the result keep waiting. Refuses a waiting student who is
    still in a game.
    """
    order = draw_order(waiting)
    playing = {p for game in games if game.outcome is None for p in game.players}
    if playing & set(order):
        raise PairingError(gettext_noop("a student still in a game cannot be waiting"))
    others = {p for game in games for p in game.players} - set(order)
    table = arena_standings(order + tuple(sorted(others)), games, streaks=streaks)
    points = {line.player: line.points for line in table}
    last: dict[int, Seat] = {}
    for game in games:
        for player in game.players:
            last[player] = game.opponent(player)
    apart = apart_pairs(keep_apart)
    arrival = {player: i for i, player in enumerate(order)}

    def cost(a: int, b: int | OddOneOut) -> Cost | None:
        if b is ODD_ONE_OUT:
            return (0, 0, len(order) - 1 - arrival[a], 0)
        kept_apart = pair_key(a, b) in apart
        rematch = last.get(a) == b or last.get(b) == a
        if (kept_apart or rematch) and playing:
            return None
        return (int(kept_apart), int(rematch), 0, abs(points[a] - points[b]))

    records = seat_records(game for game in games if game.outcome is not None)
    paired = []
    for a, b in min_cost_pairs(with_odd_one_out(order), cost):
        if b is not ODD_ONE_OUT:
            paired.append(seat(a, b, records, a_first_on_tie=True))
        elif odd is Odd.BOT:
            paired.append(seat(a, BOT, records, a_first_on_tie=True))
    return tuple(paired)
