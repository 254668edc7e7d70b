"""Playing Maths Warriors through the real screen: choose a move from the database, then make it
with the mouse or with the keyboard only, and wait for both screens to show the new ply."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from games.kinds.warriors import engine
from games.models import Match

OPS = {"+": lambda a, b: a + b, "−": lambda a, b: a - b, "×": lambda a, b: a * b}
KEY_OF_OP = {"+": "+", "−": "-", "×": "*", "÷": "/", "(": "(", ")": ")"}


@dataclass(frozen=True)
class Plan:
    kind: str  # strength, mind, skip
    attacker: str = ""
    target: str = ""
    expression: str = ""


def state_of(match: Match) -> engine.State:
    match.refresh_from_db()
    return engine.load(match.state)


def plan(match: Match, *, prefer_mind: bool = False) -> Plan:
    """A legal move for the side to move: a two-dice Mind attack when asked and possible,
    else the best Strength attack, else a skip."""
    state = state_of(match)
    me = state.to_move
    mine, theirs = state.dice[me], state.dice[1 - me]
    if prefer_mind and not state.variants.mind_only:
        for (a, b), (sym, op) in itertools.product(itertools.permutations(mine, 2), OPS.items()):
            for t in theirs:
                if op(a.value, b.value) == t.value:
                    return Plan("mind", target=t.id, expression=f"{a.value} {sym} {b.value}")
    best = engine.warriors.best_capture(state, me)
    if best is None:
        return Plan("skip")
    if best.kind == "strength":
        return Plan("strength", attacker=best.attacker, target=best.target)
    return Plan("mind", target=best.target, expression=best.expression)


def tokens(expression: str) -> list[str]:
    return re.findall(r"\d+|[+\-−*×/÷()]", expression)


def value_of(state: engine.State, die_id: str) -> int:
    return state.find(die_id)[1].value


def by_mouse(page, match: Match, move: Plan) -> None:
    state = state_of(match)
    wait_for_ply(page, match.ply)  # a child acts on what the screen shows, not on the database
    if move.kind == "skip":
        page.click('[data-action="skip"]')
        page.click('[data-action="confirm-skip"]')  # "Skip your turn?"
        return
    if move.kind == "strength":
        page.click(f'.die[data-die="{move.attacker}"]')
        page.click(f'.die[data-die="{move.target}"]')
        return
    me = state.to_move
    used: set[str] = set()
    for tok in tokens(move.expression):
        if tok.isdigit():
            die = next(
                d
                for d in sorted(state.dice[me], key=lambda d: -d.sides)
                if d.value == int(tok) and d.id not in used
            )
            used.add(die.id)
            page.click(f'.die[data-die="{die.id}"]')
        else:
            page.click(f'[data-op="{tok}"]')
    page.click(f'.die[data-die="{move.target}"]')


def by_keyboard(page, match: Match, move: Plan, their_key: str = "Alt") -> None:
    """The move typed: my dice as numbers, operators, their die with `their_key`+number
    (Alt, the rules' key, or Shift, the Chromebook's)."""
    state = state_of(match)
    wait_for_ply(page, match.ply)  # a child acts on what the screen shows, not on the database
    if move.kind == "skip":
        page.keyboard.press("s")  # "Skip your turn?"
        page.keyboard.press("Enter")
        return
    if move.kind == "strength":
        page.keyboard.type(str(value_of(state, move.attacker)))
    else:
        for tok in tokens(move.expression):
            if tok.isdigit():
                page.keyboard.type(tok)
            else:
                page.keyboard.press(KEY_OF_OP[tok])
    for digit in str(value_of(state, move.target)):
        page.keyboard.press(f"{their_key}+Digit{digit}")
    page.keyboard.press("Enter")  # at once, as a child does: Enter ends the two-digit window


def wait_for_ply_after(page, ply: int, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "p => { const b = document.getElementById('board'); return b && +b.dataset.ply > p; }",
        arg=ply,
        timeout=timeout,
    )


def wait_for_ply(page, ply: int, timeout: float = 10_000) -> None:
    """The board shows at least this ply: what a child acts on is what their screen shows."""
    page.wait_for_function(
        "p => { const b = document.getElementById('board'); return b && +b.dataset.ply >= p; }",
        arg=ply,
        timeout=timeout,
    )


def wait_connected(page) -> None:
    """The socket has delivered its full view (the board is re-rendered live)."""
    page.wait_for_selector('#board[data-live="1"]', state="attached")
