"""Card war bots for every level: a best or near-best legal expression, sometimes a wrong result.

A bot only ever submits an expression from `candidates`, so it is always legal; its mistakes
are in the typed result (per `BotProfile.error_rate`) and in choosing a worse expression
(1 − `best_rate`). Bot randomness comes from `bot_rng`, made from the game's seed and the
moment in the game, so the same game gives the same bot moves; the moves are stored as actions
anyway, so replays never need the bot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from games.rules.cardwar.actions import SetTarget, Submit
from games.rules.cardwar.options import TARGET_MAX, TARGET_MIN, card_value
from games.rules.cardwar.state import State
from games.rules.cardwar.values import candidates, score
from games.rules.common import IllegalMove, gettext_noop, seeded_random


@dataclass(frozen=True, slots=True)
class BotProfile:
    """How a bot plays: chance of a wrong typed result, chance of a best choice, think time."""

    error_rate: float = 0.1
    best_rate: float = 0.8
    think_ms: tuple[int, int] = (2000, 6000)

    def __post_init__(self) -> None:
        if not (0 <= self.error_rate <= 1 and 0 <= self.best_rate <= 1):
            raise ValueError("rates are probabilities from 0 to 1")
        low, high = self.think_ms
        if not 0 <= low <= high:
            raise ValueError("think_ms must be (low, high) with 0 <= low <= high")


PROFILES: dict[str, BotProfile] = {
    "beginner": BotProfile(error_rate=0.25, best_rate=0.5, think_ms=(5000, 15000)),
    "average": BotProfile(error_rate=0.1, best_rate=0.8, think_ms=(3000, 9000)),
    "expert": BotProfile(error_rate=0.02, best_rate=0.97, think_ms=(1500, 5000)),
    "perfect": BotProfile(error_rate=0.0, best_rate=1.0, think_ms=(500, 1500)),
}


type Skill = BotProfile | str | int


def profile_for(skill: Skill) -> BotProfile:
    """A profile as given, by name ("beginner", "average", "expert", "perfect") or by skill
    level 1–4 in that order; anything else raises ValueError."""
    if isinstance(skill, BotProfile):
        return skill
    if isinstance(skill, int) and not isinstance(skill, bool) and 1 <= skill <= len(PROFILES):
        return list(PROFILES.values())[skill - 1]
    if isinstance(skill, str) and skill in PROFILES:
        return PROFILES[skill]
    raise ValueError(f"unknown bot skill {skill!r}; use 1-4 or one of {sorted(PROFILES)}")


BOT_SALT = "cardwar-bot"  # keeps bot draws apart from the game's own (`state.SOURCE_SALT`)


def bot_rng(state: State, player: int) -> random.Random:
    """A generator for one bot decision, fixed by the seed and the moment in the game."""
    moment = (state.draws, state.round, state.war_depth, state.phase)
    return seeded_random(state.seed, *moment, player, salt=BOT_SALT)


def think_time_ms(profile: Skill, rng: random.Random) -> int:
    """How long the bot pretends to think, in milliseconds."""
    low, high = profile_for(profile).think_ms
    return rng.randint(low, high)


def _format(value: Fraction, rng: random.Random) -> str:
    """Write a value the way a student might: integer, fraction or mixed number."""
    if value.denominator == 1:
        return str(value.numerator)
    if abs(value) > 1 and rng.random() < 0.5:
        whole = int(abs(value))
        rest = abs(value) - whole
        sign = "-" if value < 0 else ""
        return f"{sign}{whole} {rest.numerator}/{rest.denominator}"
    return f"{value.numerator}/{value.denominator}"


def _wrong(value: Fraction, rng: random.Random) -> Fraction:
    """A plausible slip: off by one (or, for a fraction, one in the numerator)."""
    step = rng.choice((-1, 1))
    if value.denominator == 1:
        return value + step
    return Fraction(value.numerator + step, value.denominator)


def choose_submission(
    state: State, player: int, level_or_skill: Skill, rng: random.Random
) -> Submit:
    """The bot's expression and typed result for its face-up cards; always a legal expression.

    With probability `best_rate` one of the best choices, else one of the next-best values (the
    best when there is no other). With probability `error_rate` the typed result is wrong.
    `level_or_skill` is a BotProfile, a skill name or a skill level 1–4 (see `profile_for`).
    Raises IllegalMove when the player is not expected to answer.
    """
    profile = profile_for(level_or_skill)
    if state.phase != "answer" or player not in state.playing or state.entries[player] is not None:
        raise IllegalMove(gettext_noop("it is not your turn to answer"))
    level, target = state.options.level, state.target
    a, b = (card_value(c, state.options) for c in state.face_up[player])
    values = candidates(level, a, b)
    ranked = sorted(values, key=lambda v: (-score(level, v, target), v))
    top = score(level, ranked[0], target)
    best = [v for v in ranked if score(level, v, target) == top]
    others = [v for v in ranked if score(level, v, target) != top][:3]
    pool = best if not others or rng.random() < profile.best_rate else others
    value = rng.choice(pool)
    typed = _wrong(value, rng) if rng.random() < profile.error_rate else value
    return Submit(player, values[value], _format(typed, rng))


def choose_target(state: State, player: int, rng: random.Random) -> SetTarget:
    """A target for the bot to name: any whole number from −15 to 15."""
    if state.phase != "target" or state.setter != player:
        raise IllegalMove(gettext_noop("it is not your turn to name the target"))
    return SetTarget(player, rng.randint(TARGET_MIN, TARGET_MAX))
