"""A card-war client frame becomes a rules action here, or nothing: the one set of limits.

htmx `ws-send` sends a form's fields as strings (the socket's edge has already bounded the
frame's size, depth and text). The shapes, every field a string:
- answer: `expression` (typed) or `choice` (a listed expression; exactly one of the two) and
  `answer` (the result the student computed);
- target: `value` (a whole number, `-` or `−` for minus);
- moved_on: the player read the last round's result (Next round): `MoveOn`, no move;
- resign.
(`kind` and `ply` are read by the socket's edge; staleness is the door's, per step.)
Anything else is None: the socket answers "not understood" and changes nothing. Readable but
wrong content (a card that is not yours, `0.3` with one decimal place, a target of 20) goes on
to the rules, whose message says what to fix.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from games.kinds.base import MoveOn
from games.rules.cardwar import Action, Resign, SetTarget, Submit

MAX_EXPRESSION = 60  # two cards, one sign, a square or roots and spaces: far less than this
MAX_ANSWER = 40  # the rules' limit (`values.MAX_ANSWER_LENGTH`)
_EXPRESSION = re.compile(rf"[0-9 +\-*/×÷−()²^√]{{1,{MAX_EXPRESSION}}}")
_ANSWER = re.compile(rf"[0-9 +\-−/.,]{{1,{MAX_ANSWER}}}")
_TARGET = re.compile(r"[-−]?[0-9]{1,2}")
_FIELDS = {
    "answer": ({"answer"}, {"expression", "choice"}),
    "target": ({"value"}, set()),
    "moved_on": (set(), set()),
    "resign": (set(), set()),
}
_GENERIC = {"kind", "ply"}  # read by the socket's edge, not by the kind
# The frame kinds and fields the socket's edge lets through to `parse_frame` (resign is the
# platform's own).
FRAMES = {
    kind: frozenset(required | alternatives)
    for kind, (required, alternatives) in _FIELDS.items()
    if kind != "resign"
}


def parse_frame(frame: Mapping[str, object], seat: int) -> Action | MoveOn | None:
    """The rules action of seat `seat`'s frame (`MoveOn` for moved_on, which is no move), or
    None when the frame has any other shape."""
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
        return Resign(seat)
    if kind == "moved_on":
        return MoveOn(seat)
    if kind == "target":
        value = str(fields["value"])
        if _TARGET.fullmatch(value) is None:
            return None
        return SetTarget(seat, int(value.replace("−", "-")))
    chosen = given & alternatives
    if len(chosen) != 1:
        return None
    expression, answer = str(fields[chosen.pop()]), str(fields["answer"])
    if _EXPRESSION.fullmatch(expression) is None or _ANSWER.fullmatch(answer) is None:
        return None
    return Submit(seat, expression, answer)
