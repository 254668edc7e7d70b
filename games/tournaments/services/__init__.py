"""The only writers of tournament data: views, consumers and receivers call these."""

from games.tournaments.services.common import TournamentRefused
from games.tournaments.services.rounds import (
    arena_pause,
    arena_start,
    pairing_arrived,
    pairing_result_record,
    round_end_early,
    round_pair,
    round_start,
    round_unpair,
)
from games.tournaments.services.tournaments import (
    entrant_add,
    entrant_withdraw,
    keep_apart_add,
    keep_apart_remove,
    tournament_create,
    tournament_end,
)

__all__ = [
    "TournamentRefused",
    "arena_pause",
    "arena_start",
    "entrant_add",
    "entrant_withdraw",
    "keep_apart_add",
    "keep_apart_remove",
    "pairing_arrived",
    "pairing_result_record",
    "round_end_early",
    "round_pair",
    "round_start",
    "round_unpair",
    "tournament_create",
    "tournament_end",
]
