"""Card war rounds as acts: each answer (from the `answers_revealed` facts) and each target a
player named (`target_set` with by="player").

A submission fact (see `games.rules.cardwar`): player, cards, card_values, level, target,
war_depth, best_value, answered, and when answered expression (as typed), choice, operation,
squared, rooted, answer (as typed), value, correct, counted, best, distance, exact.
Unanswered rounds are no act and give nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from games.evidence.acts import (
    CARDWAR_ANSWER,
    CARDWAR_TARGET,
    FACT_FAMILY_LEVELS,
    MAX_ANSWER,
    MAX_EXPRESSION,
    Act,
    clean_text,
    small_int,
    think_ms_clamped,
)
from games.evidence.expression import expression_facts
from games.rules.cardwar import candidates


def _fraction(text: object) -> Fraction | None:
    if not isinstance(text, str):
        return None
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def answer_act(fact: Mapping[str, Any], *, think_ms: int | None = None) -> Act | None:
    """The act of one submission, or None when the player did not answer."""
    if not fact.get("answered"):
        return None
    level = fact["level"]
    a, b = fact["card_values"]
    values = candidates(level, a, b)
    best = _fraction(fact.get("best_value"))
    facts = expression_facts(str(fact.get("expression") or ""), powers=level >= 6)
    value = _fraction(fact.get("value"))
    non_integer = value is not None and value.denominator != 1
    op = fact.get("operation")
    is_fact = level in FACT_FAMILY_LEVELS
    return Act(
        seat=fact["player"],
        kind=CARDWAR_ANSWER,
        expression=clean_text(fact.get("expression"), MAX_EXPRESSION),
        operands=(a, b),
        add=op == "+",
        sub=op == "-",
        mul=op == "*",
        div=op == "/",
        square=bool(fact.get("squared")),
        root=bool(fact.get("rooted")),
        non_integer=facts.non_integer if facts is not None else non_integer,
        value=value,
        target=small_int(fact.get("target")),
        answer=clean_text(fact.get("answer"), MAX_ANSWER),
        correct=bool(fact.get("correct")),
        best_value=best,
        best_expression=values.get(best, "") if best is not None else "",
        chose_best=bool(fact.get("best")),
        option_available=len(values) > 1,
        think_ms=think_ms_clamped(think_ms),
        level=level,
        fact_low=min(a, b) if is_fact else None,
        fact_high=max(a, b) if is_fact else None,
    )


def target_act(event: Mapping[str, Any], *, level: int, think_ms: int | None = None) -> Act | None:
    """The act of a `target_set` event when a player named it (not the computer or a timeout)."""
    if event.get("by") != "player":
        return None
    return Act(
        seat=event["player"],
        kind=CARDWAR_TARGET,
        target=small_int(event.get("value")),
        think_ms=think_ms_clamped(think_ms),
        level=level,
    )


def cardwar_acts(
    events: Iterable[Mapping[str, Any]],
    *,
    level: int,
    think_ms: Mapping[int, int] | None = None,
) -> list[Act]:
    """Every act in a batch of card-war events, in order; `think_ms` by seat, when known."""
    think_ms = think_ms or {}
    acts: list[Act | None] = []
    for event in events:
        kind = event.get("type")
        if kind == "answers_revealed":
            acts += [
                answer_act(fact, think_ms=think_ms.get(fact["player"]))
                for fact in event["submissions"]
            ]
        elif kind == "target_set":
            acts.append(target_act(event, level=level, think_ms=think_ms.get(event.get("player"))))
    return [act for act in acts if act is not None]
