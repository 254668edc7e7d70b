"""Maths Warriors (shared/rules/maths-warriors.md): the public entry points. Import from here.

The game is split along seams: dice, variants, roll sources and the state's JSON (`state`),
actions and their JSON (`actions`), which captures are legal (`captures`), starting and applying
(`play`) and the computer opponents (`bot`, imported as `games.rules.warriors.bot`).

Events (JSON-safe dicts, in the order things happened):
- capture: by, die, value, kind ("strength"/"mind"), expression (tidy text; "9 ≥ 7" for
  Strength), exact ("n/d" text), plus attacker (Strength) or dice and entered (Mind)
- reroll: die, old, new — each die used, in expression order
- recruit: die, from, to, old, new — Recruit only, after the rerolls
- skip: player, forced, timeout
- game_over: winner, reason, game_number, match_over
- new_game: game_number, first, opening (every opening roll, A's values then B's)
Reasons: all_captured, three_captures, clock, resigned, stalled (two forced skips in a row:
nobody could capture), skips (four skips in a row, of any kind).
"""

from games.rules.common import IllegalMove, Outcome
from games.rules.warriors.actions import (
    Action,
    Capture,
    ClockExpired,
    Mind,
    MoveTimeout,
    Preview,
    Resign,
    Skip,
    Strength,
    action_from_json,
    action_to_json,
)
from games.rules.warriors.captures import (
    MAX_MIND_DICE,
    best_capture,
    can_capture,
    capture_available,
    legal_captures,
    mind_preview,
)
from games.rules.warriors.play import (
    DEFAULT_CLOCK_SECONDS,
    DEFAULT_MOVE_LIMIT_SECONDS,
    apply,
    clock_outcome,
    new_game,
    replay,
    start_game,
)
from games.rules.warriors.state import (
    DIE_TYPES,
    Die,
    RollsExhausted,
    RollSource,
    ScriptedRolls,
    SeededRolls,
    State,
    Variants,
    first_player,
    state_from_json,
    state_to_json,
)

__all__ = [
    "DEFAULT_CLOCK_SECONDS",
    "DEFAULT_MOVE_LIMIT_SECONDS",
    "DIE_TYPES",
    "MAX_MIND_DICE",
    "Action",
    "Capture",
    "ClockExpired",
    "Die",
    "IllegalMove",
    "Mind",
    "MoveTimeout",
    "Outcome",
    "Preview",
    "Resign",
    "RollSource",
    "RollsExhausted",
    "ScriptedRolls",
    "SeededRolls",
    "Skip",
    "State",
    "Strength",
    "Variants",
    "action_from_json",
    "action_to_json",
    "apply",
    "best_capture",
    "can_capture",
    "capture_available",
    "clock_outcome",
    "first_player",
    "legal_captures",
    "mind_preview",
    "new_game",
    "replay",
    "start_game",
    "state_from_json",
    "state_to_json",
]
