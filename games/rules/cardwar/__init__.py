"""Card war with arithmetic, levels 1–7 (shared/rules/card-war.md): the public entry points.

The game is split along seams: options and card values (`options`), arithmetic and answer
checking (`values`), state and JSON (`state`), actions (`actions`), applying them (`engine`,
`table`), what a UI may show (`view`: never a card or answer hidden from that viewer) and bots
(`bot`, imported as `games.rules.cardwar.bot`). Import from here.

Events (`Outcome.events`, JSON-safe dicts, in order; values as exact fraction strings "13/3"):
  dealt{counts, set_aside}  round_started{round, players, setter}
  target_set{player, value, by: player|computer|timeout}  setter_changed{player}
  reshuffled{player, cards}  cards_revealed{player, cards, values}
  answer_received{player, private}  -- `private` is for that player and storage only
  answer_timeout{missing}  answers_revealed{submissions: [facts per player]}
  war_started{players, depth, war_size, reason: tie|no_values, target}  face_down{player, count}
  bonus{player, given: per seat, cards}
  round_won{player, side, how, value, war_depth, cards, taken: per seat}
  player_out{player, reason: too_few_cards|resigned, cards}  clock_expired{dropped: seats}
  pot_returned{returned: per seat}  game_over{reason, winners, draw, counts, tied}
The facts per submission: player, cards, card_values, level, target, war_depth, best_value,
answered, and when answered expression (as typed), choice, operation, squared, rooted, answer
(as typed), value, correct, counted (None when it earned no value), best, distance, exact.
"""

from games.rules.cardwar.actions import (
    Action,
    AnswerTimeout,
    ClockExpired,
    Resign,
    SetTarget,
    Submit,
    TargetTimeout,
    action_from_json,
    action_to_json,
)
from games.rules.cardwar.engine import apply, new_game, replay, start
from games.rules.cardwar.options import (
    DECK,
    TARGET_MAX,
    TARGET_MIN,
    Options,
    OptionsError,
    card_value,
)
from games.rules.cardwar.state import (
    SOURCE_SALT,
    Entry,
    Hand,
    Result,
    ScriptedSource,
    Source,
    State,
    side_of,
    state_from_json,
    state_to_json,
)
from games.rules.cardwar.values import (
    ANSWER_PATTERNS,
    MIN_DECIMAL_PLACES,
    AnswerError,
    Choice,
    ChoiceError,
    answer_matches,
    best_value,
    candidates,
    distance,
    is_best,
    parse_answer,
    read_choice,
)
from games.rules.cardwar.view import (
    awaited,
    choices,
    counts,
    face_up_cards,
    face_up_values,
    in_play,
    next_setter,
    pot_counts,
    public_view,
    submitted,
)
from games.rules.common import IllegalMove, Outcome, SeededSource

__all__ = [
    "ANSWER_PATTERNS",
    "DECK",
    "MIN_DECIMAL_PLACES",
    "SOURCE_SALT",
    "TARGET_MAX",
    "TARGET_MIN",
    "Action",
    "AnswerError",
    "AnswerTimeout",
    "Choice",
    "ChoiceError",
    "ClockExpired",
    "Entry",
    "Hand",
    "IllegalMove",
    "Options",
    "OptionsError",
    "Outcome",
    "Resign",
    "Result",
    "ScriptedSource",
    "SeededSource",
    "SetTarget",
    "Source",
    "State",
    "Submit",
    "TargetTimeout",
    "action_from_json",
    "action_to_json",
    "answer_matches",
    "apply",
    "awaited",
    "best_value",
    "candidates",
    "card_value",
    "choices",
    "counts",
    "distance",
    "face_up_cards",
    "face_up_values",
    "in_play",
    "is_best",
    "new_game",
    "next_setter",
    "parse_answer",
    "pot_counts",
    "public_view",
    "read_choice",
    "replay",
    "side_of",
    "start",
    "state_from_json",
    "state_to_json",
    "submitted",
]
