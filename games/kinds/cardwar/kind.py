"""The card war as a `GameKind`: its rules (`games.rules.cardwar`) as the match platform sees them.

The stored state is the rules' state plus the last reveal (`view.Reveal`): the rules forget a
round once it is won, and every screen shows how the last one went. Answers are simultaneous, so
a step is one moment of play — naming one round's target, or one (war) round's answers — and
the answers inside it are not stale for each other; a step's deadline (answer or target timer)
starts once, when the step opens (after a reveal, once the result has been read: against
computers only, when the player moves on, `held`). Times come from the teacher's options in
the rules' `Options` (Match.variants), not from the server's Warriors settings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.evidence.acts import Act
from games.evidence.cardwar import answer_act, target_act
from games.kinds.base import (
    KindBase,
    LogRow,
    MoveOn,
    Refusal,
    Result,
    Setup,
    Timing,
    clock_text,
)
from games.kinds.cardwar.forms import CLASSMATE_SEATS, COMPUTER_SEATS, CardWarOptionsForm
from games.kinds.cardwar.frames import FRAMES, parse_frame
from games.kinds.cardwar.options import canonical_options, check_seats
from games.kinds.cardwar.view import Reveal, reveal_after, viewer_view
from games.kinds.shown import LoggedMove, Screen
from games.rules import cardwar as rules
from games.rules.cardwar import bot
from games.rules.common import seeded_random

# Seat.bot_level values and the rules' bot profiles they play with.
BOT_PROFILES = {"beginner": "beginner", "intermediate": "average", "expert": "expert"}
_LOG_KINDS = {
    rules.Submit: "answer",
    rules.SetTarget: "target",
    rules.Resign: "resign",
    rules.TargetTimeout: "timeout",
    rules.AnswerTimeout: "timeout",
    rules.ClockExpired: "clock",
}


# How long a round's result holds the screen before the next step starts (Match.options may
# set "reveal_ms"; the screen holds the result as long).
REVEAL_MS = 4000
# Against computers only, the result holds until the player moves on ("Next round"): the next
# step's timer and the computers' thinking start then, and at the latest this long after the
# reveal. Ample to read a war's result twice over, and a child who walked away does not stop
# the game for longer than a minute a round; the screen moves on by itself then too.
HOLD_MS = 60_000


def reveal_ms(options: Mapping[str, Any]) -> int:
    return int(options.get("reveal_ms", REVEAL_MS))


def holder(setup: Setup, state: rules.State) -> int | None:
    """The one player the result waits for: the only seat that is not a computer, while still in
    the game (None with classmates, whose pause is everyone's, or once the player has left)."""
    people = [seat for seat, level in enumerate(setup.bots) if not level]
    if len(setup.bots) != setup.seats or len(people) != 1 or state.hands[people[0]].out:
        return None
    return people[0]


@dataclass(frozen=True, slots=True)
class Game:
    """What a card-war match stores: the rules' state and the last reveal (public facts)."""

    rules: rules.State
    reveal: Reveal = None
    # How the target in play was set: "player", "computer", or "timeout" (drawn at random
    # because the setter's time ran out; the setter stays recorded, so the screen must know).
    target_how: str = ""


def _moment(state: rules.State) -> tuple[object, ...]:
    """What one step is: a new target setter, round, war round or the end opens another."""
    return (state.phase, state.round, state.war_depth, state.setter)


# What a finished card war's replay is told from: every answer as it was revealed, never the
# private facts an answer carried when it arrived (`answer_received`).
REPLAY_EVENTS = frozenset(
    {"round_started", "answers_revealed", "round_won", "war_started", "bonus", "player_out"}
)
_STEP_LABELS = {"target": gettext_lazy("Target"), "answer": gettext_lazy("Answer")}


class CardWarKind(KindBase):
    """Card war with arithmetic, levels 1–7, for 2–4 seats (teams 0 & 2 against 1 & 3 at four)."""

    game: ClassVar[str] = "cardwar"
    label = gettext_lazy("Card war")
    seat_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    bot_levels: ClassVar[tuple[str, ...]] = tuple(BOT_PROFILES)
    board_template: ClassVar[str] = "games/cardwar/board.html"
    frames = FRAMES
    # Its answer and target forms are on its board, and its board tells the end and the replay.
    page_template = "games/cardwar/_page.html"
    help_template = "games/cardwar/_help.html"
    styles = ("css/cardwar.css",)
    scripts = ("js/cardwar.js",)
    live_template = "games/cardwar/_live.html"
    lobby_template = "games/cardwar/_lobby.html"
    options_form = CardWarOptionsForm
    options_template = "games/cardwar/_options.html"
    clock_in_options = True  # its clock is one of its options, in minutes

    def seats_text(self, seats: int, computer: bool) -> str:
        """At four, two teams of two (seats 1 and 3 against 2 and 4)."""
        if computer:
            return str(COMPUTER_SEATS[seats])
        return str(CLASSMATE_SEATS[seats])

    # --- setting up and storing -------------------------------------------------------------
    def rules_options(self, data: Mapping[str, Any] | None, seats: int) -> dict[str, Any]:
        check_seats(seats)
        return canonical_options(data)

    def start(self, setup: Setup) -> tuple[Game, list[dict[str, Any]]]:
        options = rules.Options.from_json(dict(setup.rules))
        outcome = rules.start(setup.seed, setup.seats, options)
        return Game(outcome.state), list(outcome.events)

    def load(self, data: Mapping[str, Any]) -> Game:
        return Game(
            rules.state_from_json(dict(data["rules"])),
            data.get("reveal"),
            data.get("target_how", ""),
        )

    def dump(self, state: Game) -> dict[str, Any]:
        data = {"rules": rules.state_to_json(state.rules), "reveal": state.reveal}
        if state.target_how:
            data["target_how"] = state.target_how
        return data

    def action_to_json(self, action: rules.Action) -> dict[str, Any]:
        return rules.action_to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> rules.Action:
        return rules.action_from_json(dict(data))

    # --- playing ----------------------------------------------------------------------------
    def parse(self, frame: Mapping[str, Any], seat: int) -> rules.Action | MoveOn | None:
        return parse_frame(frame, seat)

    def resign(self, seat: int) -> rules.Action:
        return rules.Resign(seat)

    def frame(self, action: rules.Action) -> dict[str, Any]:
        if isinstance(action, rules.Submit):
            return {"kind": "answer", "expression": action.expression, "answer": action.answer}
        if isinstance(action, rules.SetTarget):
            return {"kind": "target", "value": str(action.value)}
        raise ValueError(f"no client frame for {type(action).__name__}")

    def apply(
        self, setup: Setup, state: Game, action: rules.Action
    ) -> tuple[Game, list[dict[str, Any]]]:
        outcome = rules.apply(state.rules, action)
        reveal = reveal_after(state.reveal, outcome.events, round_number=state.rules.round)
        how = next(
            (e["by"] for e in reversed(outcome.events) if e.get("type") == "target_set"),
            state.target_how,
        )
        return Game(outcome.state, reveal, how), list(outcome.events)

    def awaited(self, state: Game) -> tuple[int, ...]:
        return rules.awaited(state.rules)

    def actor(self, action: rules.Action) -> int | None:
        return getattr(action, "player", None)

    def result(self, state: Game) -> Result | None:
        result = state.rules.result
        if result is None:
            return None
        return Result(winners=tuple(result.winners), reason=result.reason)

    # --- time -------------------------------------------------------------------------------
    def timing(
        self,
        setup: Setup,
        before: Game | None,
        after: Game,
        events: Sequence[Mapping[str, Any]],
    ) -> Timing:
        options, state = after.rules.options, after.rules
        clock = None
        if before is None and options.clock_minutes is not None:
            clock = options.clock_minutes * 60
        if before is not None and _moment(before.rules) == _moment(state):
            return Timing(new_step=False)
        seconds = {"target": options.target_seconds, "answer": options.answer_seconds}
        # After a reveal the next step starts a moment later: the players read the result first
        # (against computers, when the player moves on: `held`; HOLD_MS at the most).
        revealed = any(e.get("type") == "answers_revealed" for e in events)
        pause = 0
        if revealed and state.phase != "over":
            pause = reveal_ms(setup.server) if holder(setup, state) is None else HOLD_MS
        return Timing(
            new_step=True,
            step_seconds=seconds.get(state.phase),
            clock_seconds=clock,
            pause_ms=pause,
        )

    def held(self, setup: Setup, state: Game, seat: int) -> bool:
        """Against computers only: the pause after a reveal is the player's to end (their
        "moved on" frame); with classmates it is everyone's, and nobody ends it early."""
        return holder(setup, state.rules) == seat

    def due_action(self, state: Game, which: str) -> rules.Action | None:
        game = state.rules
        if game.phase == "over":
            return None
        if which == "clock":
            # The clock deadline is set only by a game clock or by a teacher ending the game.
            return rules.ClockExpired()
        return {"target": rules.TargetTimeout(), "answer": rules.AnswerTimeout()}.get(game.phase)

    def bot_action(self, state: Game, seat: int, level: str, seed_text: str) -> rules.Action:
        """The rules' bot for the level; its randomness comes from the game's seed and moment
        (`bot.bot_rng`), not from `seed_text`, so a computer's answer in a round is the same
        whichever seat answered before it and whichever process asks."""
        game = state.rules
        rng = bot.bot_rng(game, seat)
        if game.phase == "target":
            return bot.choose_target(game, seat, rng)
        return bot.choose_submission(game, seat, BOT_PROFILES[level], rng)

    def bot_think_ms(self, state: Game, seat: int, level: str, seed_text: str) -> int:
        """Drawn per seat and (war) round, so it stays put while the others answer."""
        game = state.rules
        rng = seeded_random(
            game.seed, game.draws, game.round, game.war_depth, seat, "think", salt=bot.BOT_SALT
        )
        return bot.think_time_ms(BOT_PROFILES[level], rng)

    # --- the record -------------------------------------------------------------------------
    def log(
        self,
        setup: Setup,
        before: Game,
        after: Game,
        action: rules.Action,
        events: Sequence[Mapping[str, Any]],
    ) -> list[LogRow]:
        return [
            LogRow(
                kind=_LOG_KINDS[type(action)],
                seat=self.actor(action),
                action=rules.action_to_json(action),
                events=list(events),
                game_number=1,
                facts=_log_facts(action),
            )
        ]

    def opening_log(
        self, setup: Setup, state: Game, events: Sequence[Mapping[str, Any]]
    ) -> list[LogRow]:
        return []  # the deal and the first round's cards are in the state, not moves

    def evidence(
        self,
        setup: Setup,
        before: Game,
        action: rules.Action,
        events: Sequence[Mapping[str, Any]],
        think_ms: Mapping[int, int | None],
    ) -> list[Act]:
        """One act per answer received (its facts are kept when it arrives, so an answer the
        clock drops before the reveal still counts) and one per target a player named."""
        level = before.rules.options.level
        acts: list[Act | None] = []
        for event in events:
            seat = event.get("player")
            if event.get("type") == "answer_received":
                acts.append(answer_act(event["private"], think_ms=think_ms.get(seat)))
            elif event.get("type") == "target_set":
                acts.append(target_act(event, level=level, think_ms=think_ms.get(seat)))
        return [act for act in acts if act is not None]

    def refusal(
        self,
        setup: Setup,
        state: Game,
        action: rules.Action,
        error: Exception,
        think_ms: int | None,
    ) -> Refusal | None:
        # The rules ask again for an unreadable answer or an expression that is not a choice for
        # these cards ("asked again, not marked wrong"): no act. A wrong result is accepted and
        # is evidence (with correct False) when it arrives.
        return None

    # --- showing ----------------------------------------------------------------------------
    def view(self, state: Game, viewer: int | None) -> dict[str, Any]:
        return viewer_view(state.rules, state.reveal, viewer) | {"target_how": state.target_how}

    def screen(self, snap: Mapping[str, Any], state: Game, viewer: int | None) -> Screen:
        # The snapshot's names: computers numbered by seat when there are several (one name
        # everywhere: board, reveal, the teacher's list).
        names = list(snap["names"])
        others = [bot for seat, bot in enumerate(snap["bots"]) if seat != viewer]
        return Screen(
            board=self.view(state, viewer)
            | {
                "reveal_ms": reveal_ms(snap["options"]),
                # Against computers only, the result stays until the player moves on (the
                # server waits as long, HOLD_MS at the most: `held`).
                "hold_reveal": viewer is not None and all(others),
                "hold_ms": HOLD_MS,
            },
            parts={"seat_names": names, "awaited_names": [names[seat] for seat in snap["awaited"]]},
        )

    def result_text(self, state: Game, names: Sequence[str]) -> str:
        result = state.rules.result
        if result is None:
            return ""
        if result.draw or not result.winners:
            return _("A draw")
        return _("%(names)s won") % {"names": ", ".join(names[s] for s in result.winners)}

    def summary(self, state: Game) -> dict[str, Any]:
        game = state.rules
        return {
            "round": game.round,
            "phase": game.phase,  # target: the setter is awaited; answer: whose answer is missing
            "war_depth": game.war_depth,
            "counts": list(rules.counts(game)),
            "out": [hand.out for hand in game.hands],
            "teams": game.players == 4,
        }

    # --- the edges --------------------------------------------------------------------------
    def step_label(self, data: Mapping[str, Any]) -> str:
        """The answer or target timer, read from the stored state without loading it."""
        return _STEP_LABELS.get((data.get("rules") or {}).get("phase"), super().step_label(data))

    def awaited_text(self, summary: Mapping[str, Any], names: str) -> str:
        """Who names the target, or whose answers are missing (nothing when nobody's)."""
        if not names:
            return ""
        if summary.get("phase") == "target":
            return _("%(name)s is naming the target") % {"name": names}
        return _("Answer missing: %(names)s") % {"names": names}

    def options_label(self, rules: Mapping[str, Any]) -> str:
        """The game with its level, e.g. "Card war, level 3"."""
        level = rules.get("level")
        name = str(self.label)
        return _("%(game)s, level %(level)s") % {"game": name, "level": level} if level else name

    def invitation_text(self, rules: Mapping[str, Any], clock_seconds: int | None) -> str:
        """The level and the card war's own clock (its options hold it, in minutes)."""
        minutes = rules.get("clock_minutes")
        clock = clock_text(minutes * 60 if minutes else None)
        return f"{self.options_label(rules)} · {clock}"

    def replay_log(self, moves: Sequence[LoggedMove], names: Sequence[str]) -> list[Any]:
        """The public events in order, which the board's end screen tells round by round."""
        return [e for m in moves for e in m.events if e.get("type") in REPLAY_EVENTS]


def _log_facts(action: rules.Action) -> dict[str, Any]:
    """The Move columns a card-war row fills (the rest is in `action` and the evidence)."""
    if isinstance(action, rules.Submit):
        return {"expression": action.expression}
    return {}
