"""A card-war client frame becomes a rules action here, or nothing: the one set of limits.

htmx `ws-send` sends a form's fields as strings (the socket's edge has already bounded the
frame's size, depth and text). The shapes, every field a string:
- answer: `expression` (typed) or `choice` (a listed expression; exactly one of the two),
  `answer` (the result the student computed) and `moment`;
- target: `value` (a whole number, `-` or `−` for minus) and `moment`;
- resign.
`moment` is "round.war_depth" as the sender's screen showed it. Answers are simultaneous, so a
move by someone else must not make an answer stale (a ply check would); an answer meant for a
round that has since moved on must be refused, and the moment says which round it was for.
Anything else is None: the socket answers "not understood" and changes nothing. Readable but
wrong content (a card that is not yours, `0.3` with one decimal place, a target of 20) goes on
to the rules, whose message says what to fix.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from games.rules.cardwar import Action, Resign, SetTarget, Submit

MAX_EXPRESSION = 60  # two cards, one sign, a square or roots and spaces: far less than this
MAX_ANSWER = 40  # the rules' limit (`values.MAX_ANSWER_LENGTH`)
_EXPRESSION = re.compile(rf"[0-9 +\-*/×÷−()²^√]{{1,{MAX_EXPRESSION}}}")
_ANSWER = re.compile(rf"[0-9 +\-−/.,]{{1,{MAX_ANSWER}}}")
_TARGET = re.compile(r"[-−]?[0-9]{1,2}")
_MOMENT = re.compile(r"([0-9]{1,5})\.([0-9]{1,3})")
_FIELDS = {
    "answer": ({"answer", "moment"}, {"expression", "choice"}),
    "target": ({"value", "moment"}, set()),
    "resign": (set(), set()),
}
_GENERIC = {"kind", "ply"}  # read by the socket's edge, not by the kind


@dataclass(frozen=True, slots=True)
class Intent:
    """A rules action and the moment ((round, war_depth)) it was meant for (None: any)."""

    action: Action
    moment: tuple[int, int] | None = None


def parse_frame(frame: Mapping[str, object], seat: int) -> Intent | None:
    """The intent of seat `seat`'s frame, or None when the frame has any other shape."""
    kind = frame.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:
        return None
    required, alternatives = _FIELDS[kind]
    fields = {k: v for k, v in frame.items() if k not in _GENERIC}
    if not all(isinstance(v, str) for v in fields.values()):
        return None
    given = {k for k, v in fields.items() if v != ""}
    if set(fields) - required - alternatives or not required <= given:
        return None
    if kind == "resign":
        return Intent(Resign(seat))
    moment = _MOMENT.fullmatch(str(fields["moment"]))
    if moment is None:
        return None
    when = (int(moment.group(1)), int(moment.group(2)))
    if kind == "target":
        value = str(fields["value"])
        if _TARGET.fullmatch(value) is None:
            return None
        return Intent(SetTarget(seat, int(value.replace("−", "-"))), when)
    chosen = given & alternatives
    if len(chosen) != 1:
        return None
    expression, answer = str(fields[chosen.pop()]), str(fields["answer"])
    if _EXPRESSION.fullmatch(expression) is None or _ANSWER.fullmatch(answer) is None:
        return None
    return Intent(Submit(seat, expression, answer), when)
