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
  `int()` refuses, and `int()` accepts "٣");
- kinds and fields: a frame kind some game's kind lists (`GameKind.frames`) or the platform's
  own (sync, resign), with only the fields listed for it. What the fields say (a die, an
  expression, an answer) is the game's kind's to read (`GameKind.parse`, `GameKind.preview`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from games.kinds import registered
from games.kinds.base import kind_for

MAX_FRAME_BYTES = 4096
MAX_BRACKETS = 16
MAX_FIELD = 200
_PLY = re.compile(r"[0-9]{1,6}")
_ID = re.compile(r"[0-9]{1,18}")  # any BigAutoField value, never past PostgreSQL's bigint
# Control characters (PostgreSQL refuses NUL) and lone surrogates (not encodable to UTF-8).
UNSAFE_TEXT = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")

# Answering an invitation the page shows (a rematch offer on a game-over screen): its number,
# and no ply (it is no move). The service decides whether it is this user's to answer.
ACCEPT_INVITATION = "accept_invitation"
DECLINE_INVITATION = "decline_invitation"
INVITATION_FRAMES: dict[str, frozenset[str]] = {
    ACCEPT_INVITATION: frozenset({"invitation"}),
    DECLINE_INVITATION: frozenset({"invitation"}),
}
# The platform's own frames: "is this still the board?" (a screen that heard nothing for a
# while, static/js/live.js), leaving the game, and answering an invitation.
PLATFORM_FRAMES: dict[str, frozenset[str]] = {
    "sync": frozenset(),
    "resign": frozenset(),
    **INVITATION_FRAMES,
}
# A builder preview asks for a view and changes nothing: it needs no ply.
PREVIEW = "preview"
LOBBY_FIELDS = {
    "challenge": "to",  # a classmate, at the default game and settings
    # an invitation: a classmate answers it; its host starts it now or takes it back
    "accept": "invitation",
    "decline": "invitation",
    "start": "invitation",
    "cancel": "invitation",
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


def frame_fields() -> dict[str, frozenset[str]]:
    """Every frame kind a match socket accepts, with its fields: the registered kinds' and the
    platform's (a field a form carries for another frame kind is dropped, not refused)."""
    fields: dict[str, frozenset[str]] = dict(PLATFORM_FRAMES)
    for game in registered():
        for kind, names in kind_for(game).frames.items():
            fields[kind] = fields.get(kind, frozenset()) | names
    return fields


def parse(text: str | None) -> ClientMessage:
    """A match socket frame: a game's move or preview (its fields as bounded text, which the
    game's kind reads), a resignation, a sync (the ply the screen shows), or the answer to an
    invitation (its number); raises BadMessage."""
    data = _fields(text)
    kind = data.pop("kind", None)
    grammar = frame_fields()
    if kind not in grammar:
        raise BadMessage("unknown kind")
    if set(data) - {"ply"} - set().union(*grammar.values()):
        raise BadMessage("unexpected fields")
    ply_text = data.pop("ply", "")
    if kind in INVITATION_FRAMES:  # the invitation's number, checked here; any ply is ignored
        number = _number(data.get("invitation"), _ID)
        return ClientMessage(kind, None, {"kind": kind, "invitation": number})
    if ply_text != "":
        ply = _number(ply_text, _PLY)
    elif kind == PREVIEW:
        ply = None
    else:
        raise BadMessage("missing ply")
    action = {k: v for k, v in data.items() if k in grammar[kind] and v != ""}
    return ClientMessage(kind, ply, {"kind": kind, **action})


def parse_lobby(text: str | None) -> dict[str, Any]:
    """A lobby frame: challenge a classmate (`to`), accept or decline an `invitation`, or, as
    its host, start it now or take it back."""
    data = _fields(text)
    kind = data.pop("kind", None)
    if kind not in LOBBY_FIELDS or set(data) != {LOBBY_FIELDS[kind]}:
        raise BadMessage("unknown kind or fields")
    return {"kind": kind, "id": _number(data[LOBBY_FIELDS[kind]], _ID)}
