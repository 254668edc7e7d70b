"""The only writers of match data. Views and consumers call these; nothing else saves models."""

from games.services.creation import game_creatable, match_create
from games.services.erasure import player_games_erase, player_matches_forfeit
from games.services.matches import (
    MoveRejected,
    expire_overdue_matches,
    match_act,
    match_expire_clock,
    match_forfeit,
    match_play_bot,
    match_resign,
    move_submit,
)

__all__ = [
    "MoveRejected",
    "expire_overdue_matches",
    "game_creatable",
    "match_act",
    "match_create",
    "match_expire_clock",
    "match_forfeit",
    "match_play_bot",
    "match_resign",
    "move_submit",
    "player_games_erase",
    "player_matches_forfeit",
]
