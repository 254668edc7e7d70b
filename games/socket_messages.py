"""The shapes the match socket accepts from browsers, checked strictly before anything runs.

htmx `ws-send` sends a form's fields as a JSON object plus a `HEADERS` object. Every value is a
string; unknown kinds, unknown fields, wrong types and oversize messages are refused.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE_BYTES = 4096
MAX_EXPRESSION = 120
DIE_ID = re.compile(r"^[AB]-D(4|6|8|10|12|20)$")
FIELDS: dict[str, set[str]] = {
    "strength": {"ply", "attacker", "target"},
    "mind": {"ply", "expression", "target", "dice"},
    "skip": {"ply"},
    "resign": {"ply"},
    "preview": {"ply", "expression", "dice", "target"},
}
# Fields the page's forms carry for every kind (the JS fills the ones a kind needs).
OPTIONAL = {"attacker", "target", "expression", "dice", "ply"}


class BadMessage(ValueError):
    """A message that does not have an accepted shape."""


@dataclass(frozen=True)
class ClientMessage:
    kind: str
    ply: int | None
    action: dict[str, Any]


def _die(value: Any) -> str:
    if not isinstance(value, str) or not DIE_ID.match(value):
        raise BadMessage("bad die id")
    return value


def parse(text: str | None) -> ClientMessage:
    """Parse and validate one text frame; raises BadMessage."""
    if text is None or len(text.encode()) > MAX_MESSAGE_BYTES:
        raise BadMessage("missing or oversize message")
    try:
        data = json.loads(text)
    except ValueError as err:
        raise BadMessage("not JSON") from err
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    headers = data.pop("HEADERS", {})
    if not isinstance(headers, dict) or not all(
        isinstance(v, str | None) for v in headers.values()
    ):
        raise BadMessage("bad headers")
    kind = data.pop("kind", None)
    if not isinstance(kind, str) or kind not in FIELDS:
        raise BadMessage("unknown kind")
    if set(data) - OPTIONAL:
        raise BadMessage("unexpected fields")
    if not all(isinstance(v, str) for v in data.values()):
        raise BadMessage("fields must be text")
    data = {k: v for k, v in data.items() if k in FIELDS[kind] and v != ""}
    ply = data.pop("ply", None)
    if ply is not None:
        if not ply.isdigit() or len(ply) > 6:
            raise BadMessage("bad ply")
        ply = int(ply)
    elif kind != "preview":
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
        if len(dice) > 12:
            raise BadMessage("too many dice")
        action["dice"] = [_die(d) for d in dice] or None
    return ClientMessage(kind, ply, action)


LOBBY_FIELDS = {"challenge": "to", "accept": "challenge", "decline": "challenge"}


def parse_lobby(text: str | None) -> dict[str, Any]:
    """A lobby message: challenge a classmate (`to`), or accept/decline a `challenge`."""
    if text is None or len(text.encode()) > 1024:
        raise BadMessage("missing or oversize message")
    try:
        data = json.loads(text)
    except ValueError as err:
        raise BadMessage("not JSON") from err
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    data.pop("HEADERS", None)
    kind = data.pop("kind", None)
    if kind not in LOBBY_FIELDS or set(data) != {LOBBY_FIELDS[kind]}:
        raise BadMessage("unknown kind or fields")
    value = data[LOBBY_FIELDS[kind]]
    if not isinstance(value, str) or not value.isdigit() or len(value) > 12:
        raise BadMessage("bad id")
    return {"kind": kind, "id": int(value)}
