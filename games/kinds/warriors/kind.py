"""Maths Warriors as a `GameKind`: two seats, one to move, a clock per game of a Best of Three.

Rules calls go through `engine` (the one module that touches `games.rules.warriors`); this
module maps them to the seam's plain data: client frames to actions, applied actions to Move
rows and evidence, deadlines to timeout actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.evidence.acts import MIND, MIND_REFUSED, Act
from games.evidence.warriors import refused_act, warriors_act
from games.kinds.base import Deadline, KindBase, LogRow, Refusal, Result, Setup, Timing
from games.kinds.shown import LoggedMove, Prompt, Screen, Tutorial, rule_message
from games.kinds.warriors import engine, guided, options, screen
from games.kinds.warriors.describe import describe_move, describe_result
from games.kinds.warriors.forms import WarriorsOptionsForm
from games.kinds.warriors.frames import MAX_DICE, MAX_EXPRESSION, is_die_id, is_expression
from games.recent import Recent

# Move.Kind values by the rules action's JSON type.
KIND_OF_ACTION = {
    "strength": "strength",
    "mind": "mind",
    "skip": "skip",
    "resign": "resign",
    "move_timeout": "timeout",
    "clock_expired": "clock",
}


# The log and the evidence of one move ask for the same facts (keyed by the state's value).
_CAPTURES: Recent[tuple, engine.Facts] = Recent(size=8, name="warriors capture facts")


def _capture_facts(state: engine.State, seat: int) -> engine.Facts:
    return _CAPTURES.get_or_make((state, seat), lambda: engine.capture_facts(state, seat))


def _value_of(state: engine.State, die_id: str) -> int | None:
    found = state.find(die_id)
    return found[1].value if found else None


def _ops(expression: str) -> str:
    ops = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "/": "/", "÷": "/"}
    return "".join(sorted({ops[c] for c in expression if c in ops}))


def dice_snapshot(state: engine.State) -> list[list[list[Any]]]:
    """Both sides' dice as [[id, sides, value], …] per seat (what the board showed)."""
    return [[[d.id, d.sides, d.value] for d in side] for side in state.dice]


def _dice(value: Any) -> list[str] | None:
    """A frame's dice: "A-D6,B-D4" (a form field) or a list; None when none were given."""
    if isinstance(value, str):
        value = [d for d in value.split(",") if d]
    return list(value) if value else None


class WarriorsKind(KindBase):
    game: ClassVar[str] = "warriors"
    label = gettext_lazy("Maths Warriors")
    seat_counts: ClassVar[tuple[int, ...]] = (2,)
    bot_levels: ClassVar[tuple[str, ...]] = engine.BOT_LEVELS
    board_template: ClassVar[str] = "games/warriors/board.html"
    frames = {
        "strength": frozenset({"attacker", "target"}),
        "mind": frozenset({"expression", "target", "dice"}),
        "skip": frozenset(),
        "preview": frozenset({"expression", "dice", "target"}),
    }
    page_template = "games/warriors/_page.html"
    help_template = "games/warriors/_help.html"
    scripts = ("js/warriors.js",)
    replay_template = "games/warriors/_replay.html"
    preview_template = "games/warriors/_page.html#preview"
    live_template = "games/warriors/_live.html"
    lobby_template = "games/warriors/_lobby.html"
    options_form = WarriorsOptionsForm
    options_template = "games/warriors/_options.html"

    # --- setting up and storing ---------------------------------------------------------------
    def rules_options(self, data: Mapping[str, Any] | None, seats: int) -> dict[str, Any]:
        if seats not in self.seat_counts:
            raise ValueError("a Warriors match has exactly two players")
        return engine.variants_to_json(engine.variants_from_json(dict(data or {})))

    def start(self, setup: Setup):
        return engine.start(setup.seed, dict(setup.rules), setup.server.get("scripted_rolls"))

    def load(self, data):
        return engine.load(data)

    def dump(self, state):
        return engine.dump(state)

    def action_to_json(self, action):
        return engine.action_to_json(action)

    def action_from_json(self, data):
        return engine.action_from_json(data)

    # --- playing ------------------------------------------------------------------------------
    def parse(self, frame: Mapping[str, Any], seat: int):
        """Strength, Mind or skip from a client frame; None when malformed (the socket edge's
        limits, again, for callers that do not come through it)."""
        kind = frame.get("kind")
        if kind == "strength":
            attacker, target = frame.get("attacker"), frame.get("target")
            if is_die_id(attacker) and is_die_id(target):
                return engine.strength(seat, attacker, target)
        elif kind == "mind":
            expression, target = frame.get("expression"), frame.get("target")
            dice = _dice(frame.get("dice"))
            if dice is not None and (len(dice) > MAX_DICE or not all(map(is_die_id, dice))):
                return None
            if is_expression(expression) and is_die_id(target):
                return engine.mind(seat, expression, target, dice)
        elif kind == "skip":
            return engine.skip(seat)
        return None

    def resign(self, seat: int):
        return engine.resign(seat)

    def frame(self, action) -> dict[str, Any]:
        data = engine.action_to_json(action)
        if data["type"] == "strength":
            return {"kind": "strength", "attacker": data["attacker"], "target": data["target"]}
        if data["type"] == "mind":
            frame = {"kind": "mind", "expression": data["expression"], "target": data["target"]}
            return frame | ({"dice": list(data["dice"])} if data.get("dice") else {})
        if data["type"] == "skip":
            return {"kind": "skip"}
        raise ValueError(f"no client frame for {data['type']}")

    def apply(self, setup: Setup, state, action):
        return engine.apply(state, action, setup.server.get("scripted_rolls"))

    def awaited(self, state) -> tuple[int, ...]:
        return (state.to_move,) if state.status == "playing" else ()

    def actor(self, action) -> int | None:
        return getattr(action, "player", None)

    def result(self, state) -> Result | None:
        if state.status == "playing":
            return None
        winners = () if state.winner is None else (state.winner,)
        return Result(winners, str(state.reason or ""))

    # --- time ---------------------------------------------------------------------------------
    def timing(self, setup: Setup, before, after, events) -> Timing:
        """Every ply is a turn; the game clock starts again with each game of a Best of Three."""
        new_game = before is None or any(e.get("type") == "new_game" for e in events)
        clock = setup.server.get("clock_seconds") if new_game else None
        return Timing(True, setup.server.get("move_seconds"), clock)

    def due_action(self, state, which: Deadline):
        if state.status != "playing":
            return None
        return engine.clock_expired() if which == "clock" else engine.move_timeout(state.to_move)

    def bot_action(self, state, seat: int, level: str, seed_text: str):
        return engine.bot_action(state, seat, level, seed_text)

    def bot_think_ms(self, state, seat: int, level: str, seed_text: str) -> int:
        return engine.bot_think_ms(level, seed_text)

    # --- the record ---------------------------------------------------------------------------
    def _facts(self, before, action, seat: int | None) -> dict[str, Any]:
        """The report columns every move carries (capture facts only for a player's move)."""
        facts: dict[str, Any] = {"dice_before": dice_snapshot(before)}
        if seat is not None:
            captures = _capture_facts(before, seat)
            facts["capture_available"] = captures.capture_available
            facts["best_capture"] = captures.best_capture
        target = getattr(action, "target", None)
        if target:
            facts["target"] = target
            facts["target_value"] = _value_of(before, target)
        expression = getattr(action, "expression", None)
        if expression:
            facts["expression"] = expression
            facts["operators"] = _ops(expression)
        return facts

    def log(self, setup: Setup, before, after, action, events) -> list[LogRow]:
        """The action's row, then one per forced skip the rules applied after it."""
        action_json = engine.action_to_json(action)
        seat = self.actor(action)
        summary = engine.summarise(before, action, events)
        facts = self._facts(before, action, seat) | {
            "success": summary.success,
            "value": summary.value,
            "dice_used": summary.dice_used,
            "rerolled": summary.rerolled,
        }
        rows = [
            LogRow(
                KIND_OF_ACTION[action_json["type"]],
                seat,
                action_json,
                events,
                before.game_number,
                facts,
            )
        ]
        rows += [self._forced_skip(player, after.game_number) for player in summary.forced_skips]
        return rows

    @staticmethod
    def _forced_skip(player: int, game_number: int) -> LogRow:
        return LogRow("forced_skip", player, game_number=game_number, facts=_NO_CAPTURE)

    def opening_log(self, setup: Setup, state, events) -> list[LogRow]:
        return [self._forced_skip(p, 1) for p in engine.opening_forced_skips(list(events))]

    def evidence(self, setup: Setup, before, action, events, think_ms) -> list[Act]:
        seat = self.actor(action)
        if seat is None:
            return []
        captures = _capture_facts(before, seat)
        act = warriors_act(
            before,
            action,
            list(events),
            capture_available=captures.capture_available,
            best_capture=captures.best_capture,
            think_ms=think_ms.get(seat),
        )
        return [_assisted(act, setup)] if act is not None else []

    def refusal(self, setup: Setup, state, action, error, think_ms) -> Refusal | None:
        """A refused Mind attack is evidence (what was typed, its value); nothing else is."""
        if not isinstance(action, engine.MindAction):
            return None
        preview = engine.preview(state, action.player, action.expression, action.dice)
        facts = self._facts(state, action, action.player) | {
            "value": engine.fraction_text(preview.value),
            "success": False,
            "error": str(error.message),
        }
        captures = _capture_facts(state, action.player)
        act = refused_act(
            state,
            action,
            capture_available=captures.capture_available,
            best_capture=captures.best_capture,
            think_ms=think_ms,
        )
        row = LogRow(
            "rejected", action.player, engine.action_to_json(action), (), state.game_number, facts
        )
        acts = [_assisted(act, setup)] if act is not None else []
        return Refusal(row, acts, (action.expression, action.target))

    # --- showing ------------------------------------------------------------------------------
    def view(self, state, viewer: int | None) -> dict[str, Any]:
        """Everything is public in Warriors: the dice, captures and whose turn it is."""
        return engine.dump(state)

    def screen(self, snap, state, viewer: int | None) -> Screen:
        return screen.screen(snap, state, viewer)

    def summary(self, state) -> dict[str, Any]:
        return {
            "captures": [len(c) for c in state.captured],
            "games_won": list(state.games_won) if state.variants.best_of_three else None,
        }

    def result_text(self, state, names) -> str:
        return describe_result(state.winner, str(state.reason or ""), list(names))

    # --- the edges ----------------------------------------------------------------------------
    def preview_on(self, options: Mapping[str, Any]) -> bool:
        # In class play the child works the value out; the guided game and a class whose teacher
        # switched the preview on (beginners) show it.
        return bool(options.get("preview"))

    def preview(self, state, seat: int, fields) -> dict[str, Any] | None:
        """The Mind attack being typed: its value, and whether it captures anything now."""
        expression, target = fields.get("expression", ""), fields.get("target")
        dice = _dice(fields.get("dice"))
        if not isinstance(expression, str) or len(expression) > MAX_EXPRESSION:
            return None
        if (target and not is_die_id(target)) or (
            dice is not None and (len(dice) > MAX_DICE or not all(map(is_die_id, dice)))
        ):
            return None
        context: dict[str, Any] = {"expression": expression}
        if expression:
            result = engine.preview(state, seat, expression, dice)
            context["value"] = engine.fraction_display(result.value)
            if result.error is not None:
                context["problem"] = rule_message(result.error)
            else:
                context["targets"] = [engine.die_label(t) for t in result.targets]
        return context

    def replay_log(self, moves: Sequence[LoggedMove], names: Sequence[str]) -> list[Any]:
        """Every applied move in words, with both sides' dice as they were before it."""
        names = list(names)
        return [
            {
                "ply": move.ply,
                "text": describe_move(move.facts, names),
                "dice": [
                    {
                        "name": names[index],
                        "dice": [{"id": d[0], "sides": d[1], "value": d[2]} for d in side],
                    }
                    for index, side in enumerate(move.facts.get("dice_before") or [])
                ],
            }
            for move in moves
        ]

    def prompt(self, snap) -> Prompt | None:
        return guided.prompt_for(snap)

    def tutorial(self) -> Tutorial:
        return Tutorial(
            bot_level="beginner",
            variants=guided.VARIANTS,
            options={
                "guided": True,
                "scripted_rolls": guided.ROLLS,
                "guided_steps": guided.STEPS,
                "bot_script": "skip",
                "bot_delay_ms": 1200,
            },
        )

    def off_script(self, setup: Setup, ply: int, frame) -> str | None:
        """In the guided game the student follows the prompts (the rules judged first, so a
        refused move shows the rules' own lesson, e.g. the first-player penalty)."""
        step = (setup.server.get("guided_steps") or {}).get(str(ply))
        if step is not None and any(frame.get(key) != value for key, value in step.items()):
            return _("In the guided game, follow the prompt for now.")
        return None

    def options_label(self, rules) -> str:
        """With its variants on, e.g. "Maths Warriors: Times and Divide"; or "(standard)"."""
        return options.options_label(str(self.label), rules)

    def live_label(self, rules) -> str:
        """Its variants only when one is on: "(standard)" tells a teacher nothing in a list."""
        label = self.options_label(rules)
        return label if ":" in label else str(self.label)

    def scripted_action(self, setup: Setup, state, seat: int):
        """The guided game's patient computer skips every turn."""
        return engine.skip(seat) if setup.server.get("bot_script") == "skip" else None


_NO_CAPTURE = {"capture_available": False}
KIND = WarriorsKind()


def _assisted(act: Act, setup: Setup) -> Act:
    """A Mind attack built with the value preview on: the child saw its value first."""
    if setup.server.get("preview") and act.kind in (MIND, MIND_REFUSED):
        return replace(act, assisted=True)
    return act
