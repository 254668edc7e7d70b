"""The one edge where browser frames enter, for both sockets: a frame becomes a checked message or
is refused with BadMessage before anything else runs.

htmx `ws-send` sends a form's fields as a JSON object of strings plus a `HEADERS` object. The
limits, one set for every socket, and why:
- size: at most MAX_FRAME_BYTES of UTF-8 (the largest form, a Mind attack, needs a few hundred);
- depth: at most MAX_BRACKETS `{` or `[` characters anywhere in the frame, counted before
  decoding, because the JSON decoder recurses once per level and dies with RecursionError near
  1,000 (a form needs 2: the object and its HEADERS);
- types: a flat object of strings; HEADERS an object of strings;
- text: at most MAX_FIELD characters a field, no control characters (PostgreSQL refuses NUL)
  and no lone surrogates (they cannot be encoded to UTF-8, neither for the database nor for the
  reply);
- numbers: ASCII digits only, and few of them (`str.isdigit()` accepts "²" and "①", which
  `int()` refuses, and `int()` accepts "٣").
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from games.kinds.warriors.frames import MAX_DICE, MAX_EXPRESSION, UNSAFE_TEXT, is_die_id

MAX_FRAME_BYTES = 4096
MAX_BRACKETS = 16
MAX_FIELD = 200
_PLY = re.compile(r"[0-9]{1,6}")
_ID = re.compile(r"[0-9]{1,18}")  # any BigAutoField value, never past PostgreSQL's bigint

FIELDS: dict[str, set[str]] = {
    "strength": {"ply", "attacker", "target"},
    "mind": {"ply", "expression", "target", "dice"},
    "skip": {"ply"},
    "resign": {"ply"},
    "preview": {"ply", "expression", "dice", "target"},
    # "Is this still the board?": a screen that heard nothing for a while (static/js/live.js).
    "sync": {"ply"},
    # The card war's (its kind's parse checks their content).
    "answer": {"ply", "expression", "choice", "answer"},
    "target": {"ply", "value"},
}
# Fields the match page's forms carry for every kind (the JS fills the ones a kind needs).
OPTIONAL = {"attacker", "target", "expression", "dice", "ply", "choice", "answer", "value"}
LOBBY_FIELDS = {
    "challenge": "to",
    "accept": "challenge",
    "decline": "challenge",
    # card-war tables: a classmate answers an invitation; the host starts or closes it
    "table_accept": "table",
    "table_decline": "table",
    "table_start": "table",
    "table_cancel": "table",
}


class BadMessage(ValueError):
    """A frame that does not have an accepted shape."""


@dataclass(frozen=True)
class ClientMessage:
    kind: str
    ply: int | None
    action: dict[str, Any]


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_FIELD or UNSAFE_TEXT.search(value):
        raise BadMessage("fields must be short, printable text")
    return value


def _fields(text: str | None) -> dict[str, str]:
    """Decode a frame within the limits: its fields as text, HEADERS dropped."""
    if text is None or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise BadMessage("missing, binary or oversize frame")
    if text.count("{") + text.count("[") > MAX_BRACKETS:
        raise BadMessage("nested too deeply")
    try:
        data = json.loads(text)
    except ValueError as err:  # also numbers past int()'s digit limit
        raise BadMessage("not JSON") from err
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    headers = data.pop("HEADERS", {})
    if not isinstance(headers, dict) or not all(
        v is None or isinstance(v, str) for v in headers.values()
    ):
        raise BadMessage("bad headers")
    return {key: _text(value) for key, value in data.items()}


def _number(value: str | None, pattern: re.Pattern[str]) -> int:
    if value is None or pattern.fullmatch(value) is None:
        raise BadMessage("not a number in ASCII digits")
    return int(value)


def _die(value: str | None) -> str:
    if not is_die_id(value):
        raise BadMessage("bad die id")
    return value


def parse(text: str | None) -> ClientMessage:
    """A match socket frame: a move, a resignation, a Mind preview, a card-war answer or
    target, or a sync (the ply the screen shows); raises BadMessage."""
    data = _fields(text)
    kind = data.pop("kind", None)
    if kind not in FIELDS:
        raise BadMessage("unknown kind")
    if set(data) - OPTIONAL:
        raise BadMessage("unexpected fields")
    data = {k: v for k, v in data.items() if k in FIELDS[kind] and v != ""}
    if "ply" in data:
        ply = _number(data.pop("ply"), _PLY)
    elif kind == "preview":
        ply = None
    else:
        raise BadMessage("missing ply")
    action: dict[str, Any] = {"kind": kind}
    if kind == "strength":
        action["attacker"] = _die(data.get("attacker"))
        action["target"] = _die(data.get("target"))
    elif kind in ("mind", "preview"):
        expression = data.get("expression", "")
        if len(expression) > MAX_EXPRESSION:
            raise BadMessage("expression too long")
        if kind == "mind" and not expression:
            raise BadMessage("empty expression")
        action["expression"] = expression
        if kind == "mind" or data.get("target"):
            action["target"] = _die(data.get("target"))
        dice = [d for d in data.get("dice", "").split(",") if d]
        if len(dice) > MAX_DICE:
            raise BadMessage("too many dice")
        action["dice"] = [_die(d) for d in dice] or None
    else:  # the card war's fields, bounded text; their content is its kind's to read
        action.update(data)
    return ClientMessage(kind, ply, action)


def parse_lobby(text: str | None) -> dict[str, Any]:
    """A lobby frame: challenge a classmate (`to`), accept/decline a `challenge`, or answer,
    start or close a card-war `table`."""
    data = _fields(text)
    kind = data.pop("kind", None)
    if kind not in LOBBY_FIELDS or set(data) != {LOBBY_FIELDS[kind]}:
        raise BadMessage("unknown kind or fields")
    return {"kind": kind, "id": _number(data[LOBBY_FIELDS[kind]], _ID)}
