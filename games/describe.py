"""Moves and results in words, for the move log, the live region and the game-over screen."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Move

REASONS = {
    "all_captured": gettext_lazy("captured every die"),
    "three_captures": gettext_lazy("made three captures"),
    "clock": gettext_lazy("the clock ran out"),
    "resign": gettext_lazy("resignation"),
    "resigned": gettext_lazy("resignation"),
    "stalled": gettext_lazy("nobody could capture"),
    "skips": gettext_lazy("too many skips in a row"),
}


def die_label(die_id: str) -> str:
    """`B-D12` → `D12` (the owner letter is shown by the side of the board)."""
    return die_id.split("-", 1)[-1] if die_id else ""


def describe_move(move: dict[str, Any], names: list[str]) -> str:
    """One move in words; `move` is `snapshot.move_facts(...)`."""
    who = names[move["seat"]] if move["seat"] is not None else ""
    params = {"who": who, "target": die_label(move["target"]), "value": move["target_value"]}
    kind = move["kind"]
    if kind == Move.Kind.STRENGTH:
        params["attacker"] = die_label(move["attacker"])
        return (
            _("%(who)s captured %(target)s (%(value)s) with a Strength attack from %(attacker)s.")
            % params
        )
    if kind == Move.Kind.MIND:
        params["expression"] = move["expression"]
        return (
            _("%(who)s captured %(target)s (%(value)s) with a Mind attack: %(expression)s.")
            % params
        )
    if kind == Move.Kind.SKIP:
        return _("%(who)s skipped.") % params
    if kind == Move.Kind.FORCED_SKIP:
        return _("%(who)s had no capture and was skipped.") % params
    if kind == Move.Kind.TIMEOUT:
        return _("%(who)s ran out of time for the move and was skipped.") % params
    if kind == Move.Kind.RESIGN:
        return _("%(who)s resigned.") % params
    if kind == Move.Kind.CLOCK:
        return _("The game clock ran out.")
    return ""


def describe_result(winner: int | None, why: str, names: list[str], seat: int | None) -> str:
    """The result for a viewer in `seat` (None: a spectator)."""
    reason = str(REASONS.get(why, why.replace("_", " ")))
    if winner is None:
        return _("The match ended (%(reason)s).") % {"reason": reason}
    if seat is not None:
        if winner == seat:
            return _("You won! (%(reason)s)") % {"reason": reason}
        return _("%(winner)s won (%(reason)s). Well played!") % {
            "winner": names[winner],
            "reason": reason,
        }
    return _("%(winner)s won (%(reason)s).") % {
        "winner": names[winner],
        "reason": reason,
    }
