"""The test game's kind: everything the platform needs, nothing the base class gives already.

Its state is a plain mapping (JSON as it is): numbers per seat, the target, what each seat made
(expression and value as "n/d", or None), and the result once over. Both answer at once, as
at the card war; each answer opens a new step.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from games.evidence.acts import Act
from games.kinds.base import KindBase, LogRow, Refusal, Result, Setup, Timing
from games.kinds.shown import Screen
from games.rules.common import RuleError, seeded_random
from games.rules.expressions import ExpressionError, evaluate
from games.rules.solver import solve

GAME = "make_number"
ACT = "make_number"
_EXPRESSION = re.compile(r"[0-9 +\-*/×÷−()]{1,60}")
_NUMBER = re.compile(r"[0-9]+")


class MakeNumberKind(KindBase):
    game: ClassVar[str] = GAME
    label = "Make the number"
    seat_counts: ClassVar[tuple[int, ...]] = (2,)
    bot_levels: ClassVar[tuple[str, ...]] = ("beginner", "intermediate", "expert")
    board_template: ClassVar[str] = "games/make_number/board.html"
    frames = {"make": frozenset({"expression"})}

    # --- setting up and storing ---------------------------------------------------------------
    def rules_options(self, data, seats: int) -> dict[str, Any]:
        if seats not in self.seat_counts:
            raise ValueError("make the number is for two players")
        if data:
            raise ValueError("make the number has no options")
        return {}

    def start(self, setup: Setup):
        rng = seeded_random(setup.seed, salt="make_number")
        state = {
            "numbers": [[rng.randint(1, 9) for _ in range(4)] for _ in range(setup.seats)],
            "target": rng.randint(10, 50),
            "made": [None] * setup.seats,
            "result": None,
        }
        return state, [{"type": "dealt"}]

    def load(self, data):
        return {k: (list(v) if isinstance(v, list) else v) for k, v in data.items()}

    def dump(self, state):
        return {k: (list(v) if isinstance(v, list) else v) for k, v in state.items()}

    def action_to_json(self, action):
        return dict(action)

    def action_from_json(self, data):
        if data.get("type") not in ("make", "resign", "timeout"):
            raise RuleError("not an action of this game")
        return dict(data)

    # --- playing ------------------------------------------------------------------------------
    def parse(self, frame: Mapping[str, Any], seat: int):
        expression = frame.get("expression")
        if frame.get("kind") != "make" or not isinstance(expression, str):
            return None
        if _EXPRESSION.fullmatch(expression) is None:
            return None
        return {"type": "make", "player": seat, "expression": expression}

    def resign(self, seat: int):
        return {"type": "resign", "player": seat}

    def frame(self, action) -> dict[str, Any]:
        return {"kind": "make", "expression": action["expression"]}

    def apply(self, setup: Setup, state, action):
        state = self.load(state)
        if state["result"] is not None:
            raise RuleError("the game is over")
        kind, seat = action["type"], action.get("player")
        if kind == "resign":
            others = tuple(s for s in range(len(state["made"])) if s != seat)
            state["result"] = {"winners": list(others), "reason": "resigned"}
            return state, [{"type": "resigned", "player": seat}]
        if kind == "timeout":
            answered = tuple(s for s, m in enumerate(state["made"]) if m is not None)
            state["result"] = {"winners": list(answered), "reason": "timeout"}
            return state, [{"type": "timeout"}]
        if state["made"][seat] is not None:
            raise RuleError("you have answered already")
        used = Counter(int(n) for n in _NUMBER.findall(action["expression"]))
        if used - Counter(state["numbers"][seat]):
            raise RuleError("use only your own numbers, each once")
        try:
            value = evaluate(action["expression"])
        except ExpressionError as err:
            raise RuleError("that calculation cannot be worked out") from err
        state["made"][seat] = {"expression": action["expression"], "value": str(value)}
        events = [{"type": "made", "player": seat, "value": str(value)}]
        if all(m is not None for m in state["made"]):
            gaps = [abs(Fraction(m["value"]) - state["target"]) for m in state["made"]]
            best = min(gaps)
            winners = [s for s, gap in enumerate(gaps) if gap == best]
            state["result"] = {
                "winners": winners if len(winners) == 1 else [],
                "reason": "closest",
            }
            events.append({"type": "over"})
        return state, events

    def awaited(self, state) -> tuple[int, ...]:
        if state["result"] is not None:
            return ()
        return tuple(s for s, made in enumerate(state["made"]) if made is None)

    def actor(self, action) -> int | None:
        return action.get("player")

    def result(self, state) -> Result | None:
        result = state["result"]
        return None if result is None else Result(tuple(result["winners"]), result["reason"])

    # --- time ---------------------------------------------------------------------------------
    def timing(self, setup: Setup, before, after, events) -> Timing:
        """Each answer opens a new step (its timer starts again); the clock starts once."""
        clock = setup.server.get("clock_seconds") if before is None else None
        return Timing(True, setup.server.get("move_seconds"), clock)

    def due_action(self, state, which):
        return None if state["result"] is not None else {"type": "timeout"}

    def bot_action(self, state, seat: int, level: str, seed_text: str):
        numbers, target = state["numbers"][seat], state["target"]
        expression = solve(numbers, target) or str(max(numbers))
        return {"type": "make", "player": seat, "expression": expression}

    def bot_think_ms(self, state, seat: int, level: str, seed_text: str) -> int:
        return 50

    # --- the record ---------------------------------------------------------------------------
    def log(self, setup: Setup, before, after, action, events) -> list[LogRow]:
        facts = {"expression": action["expression"]} if action["type"] == "make" else {}
        kind = {"make": "answer", "resign": "resign", "timeout": "timeout"}[action["type"]]
        return [LogRow(kind, self.actor(action), dict(action), list(events), 1, facts)]

    def opening_log(self, setup: Setup, state, events) -> list[LogRow]:
        return []

    def evidence(self, setup: Setup, before, action, events, think_ms) -> list[Act]:
        made = [e for e in events if e.get("type") == "made"]
        if not made:
            return []
        seat, value = made[0]["player"], Fraction(made[0]["value"])
        expression = action["expression"]
        return [
            Act(
                seat=seat,
                kind=ACT,
                expression=expression,
                operands=tuple(int(n) for n in _NUMBER.findall(expression)),
                add="+" in expression,
                sub="-" in expression or "−" in expression,
                mul="*" in expression or "×" in expression,
                div="/" in expression or "÷" in expression,
                brackets="(" in expression,
                non_integer=value.denominator != 1,
                value=value,
                target=before["target"],
                correct=value == before["target"],
                think_ms=think_ms.get(seat),
            )
        ]

    def refusal(self, setup: Setup, state, action, error, think_ms) -> Refusal | None:
        return None

    # --- showing ------------------------------------------------------------------------------
    def view(self, state, viewer: int | None) -> dict[str, Any]:
        over = state["result"] is not None
        return {
            "target": state["target"],
            "numbers": state["numbers"][viewer] if viewer is not None else [],
            "answered": [s for s, m in enumerate(state["made"]) if m is not None],
            "over": over,
            "made": [m for m in state["made"] if m is not None] if over else [],
        }

    def screen(self, snap, state, viewer: int | None) -> Screen:
        return Screen(board=self.view(state, viewer))

    def summary(self, state) -> dict[str, Any]:
        return {"answered": [m is not None for m in state["made"]]}

    def result_text(self, state, names: Sequence[str]) -> str:
        result = state["result"]
        if result is None:
            return ""
        if not result["winners"]:
            return "A draw"
        return f"{', '.join(names[s] for s in result['winners'])} won"
