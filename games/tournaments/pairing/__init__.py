"""Pairing for each format: pure functions of (players, history, options).

- `round_robin(players, *, double, odd, seed)`: the whole schedule; `withdraw` for leavers.
- `bracket`, `elimination_round(players, rounds, *, third_place, withdrawn, seed)`, `placings`.
- `swiss_round(players, rounds, *, keep_apart, odd, seed)`; `join_late` for late arrivals.
- `arena_pairs(waiting, games, *, keep_apart, odd, streaks)`.
Each module's docstring states its rules (byes, seats, attendance, draws).
"""

from games.tournaments.pairing.arena import arena_pairs
from games.tournaments.pairing.elimination import bracket, elimination_round, placings
from games.tournaments.pairing.round_robin import round_robin, withdraw
from games.tournaments.pairing.swiss import join_late, swiss_round

__all__ = [
    "arena_pairs",
    "bracket",
    "elimination_round",
    "join_late",
    "placings",
    "round_robin",
    "swiss_round",
    "withdraw",
]
