"""Moves and results in words, for the move log, the live region and the game-over screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.kinds.warriors import engine

# The short form, for a list of matches (the teacher's live view).
REASONS = {
    "all_captured": gettext_lazy("captured every die"),
    "three_captures": gettext_lazy("made three captures"),
    "clock": gettext_lazy("the clock ran out"),
    "resigned": gettext_lazy("resignation"),
    "stalled": gettext_lazy("neither player could capture"),
    "skips": gettext_lazy("four skips in a row"),
}

# What ended the game, as the winner, the loser and a spectator read it.
HOW = {
    "all_captured": {
        "won": gettext_lazy("You captured all of %(loser)s's dice."),
        "lost": gettext_lazy("%(winner)s captured all your dice."),
        "watching": gettext_lazy("%(winner)s captured all of %(loser)s's dice."),
    },
    "three_captures": {
        "won": gettext_lazy("You made three captures first."),
        "lost": gettext_lazy("%(winner)s made three captures first."),
        "watching": gettext_lazy("%(winner)s made three captures first."),
    },
    "resigned": {
        "won": gettext_lazy("%(loser)s resigned."),
        "lost": gettext_lazy("You resigned."),
        "watching": gettext_lazy("%(loser)s resigned."),
    },
}
# These end the game "as at clock expiry": the sentence is followed by how it was judged.
JUDGED = {
    "clock": gettext_lazy("The game clock ran out."),
    "stalled": gettext_lazy("Neither player could capture, so the game stopped."),
    "skips": gettext_lazy("Four turns in a row were skipped, so the game stopped."),
}
MORE = {
    "captures": {
        "won": gettext_lazy("You had more captures: %(w)d to %(l)d."),
        "other": gettext_lazy("%(winner)s had more captures: %(w)d to %(l)d."),
    },
    "dice": {
        "won": gettext_lazy("You held more dice: %(w)d to %(l)d."),
        "other": gettext_lazy("%(winner)s held more dice: %(w)d to %(l)d."),
    },
}
TIED = {
    "captures": {
        "won": gettext_lazy("Captures were equal (%(n)d each), and you went second, so you win."),
        "other": gettext_lazy(
            "Captures were equal (%(n)d each), and %(winner)s went second, so %(winner)s wins."
        ),
    },
    "dice": {
        "won": gettext_lazy("Dice held were equal (%(n)d each), and you went second, so you win."),
        "other": gettext_lazy(
            "Dice held were equal (%(n)d each), and %(winner)s went second, so %(winner)s wins."
        ),
    },
}


@dataclass(frozen=True)
class Ending:
    """The game-over screen's heading ("You won!") and what happened, once each."""

    title: str
    text: str
    won: bool = False  # the viewer won (the screen marks it)


def die_label(die_id: str) -> str:
    """`B-D12` → `D12` (the owner letter is shown by the side of the board)."""
    return die_id.split("-", 1)[-1] if die_id else ""


def describe_move(move: dict[str, Any], names: list[str]) -> str:
    """One move in words; `move` is `snapshot.move_facts(...)`, its `kind` a Move row's kind
    (the values this kind logs, `kind.KIND_OF_ACTION` and "forced_skip")."""
    who = names[move["seat"]] if move["seat"] is not None else ""
    params = {"who": who, "target": die_label(move["target"]), "value": move.get("target_value")}
    kind = move["kind"]
    if kind == "strength":
        params["attacker"] = die_label(move["attacker"])
        return (
            _("%(who)s captured %(target)s (%(value)s) with a Strength attack from %(attacker)s.")
            % params
        )
    if kind == "mind":
        params["expression"] = move["expression"]
        return (
            _("%(who)s captured %(target)s (%(value)s) with a Mind attack: %(expression)s.")
            % params
        )
    if kind == "skip":
        return _("%(who)s skipped.") % params
    if kind == "forced_skip":
        return _("%(who)s had no capture and was skipped.") % params
    if kind == "timeout":
        return _("%(who)s ran out of time for the move and was skipped.") % params
    if kind == "resign":
        return _("%(who)s resigned.") % params
    if kind == "clock":
        return _("The game clock ran out.")
    return ""


def describe_result(winner: int | None, why: str, names: list[str]) -> str:
    """The result in one line, for a list of matches (the match screen uses `describe_ending`)."""
    reason = str(REASONS.get(why, why.replace("_", " ")))
    if winner is None:
        return _("The match ended (%(reason)s).") % {"reason": reason}
    return _("%(winner)s won (%(reason)s).") % {"winner": names[winner], "reason": reason}


def describe_ending(state: engine.State, names: list[str], seat: int | None) -> Ending:
    """How a finished match ended, for the viewer in `seat` (None: a spectator).

    A game stopped by the clock or by the skip rules says how it was judged: more captures
    (Recruit: more dice held) wins, and a tie goes to the player who went second.
    """
    winner = state.winner
    if winner is None:
        raise ValueError("only a finished match has an ending")
    loser = 1 - winner
    role = "watching" if seat is None else "won" if seat == winner else "lost"
    params = {"winner": names[winner], "loser": names[loser]}
    if role == "won":
        title = _("You won!")
    elif role == "lost":
        title = _("%(winner)s won. Well played!") % params
    else:
        title = _("%(winner)s won") % params
    if state.reason in JUDGED:
        sentences = [str(JUDGED[state.reason]), _judgement(state, winner, role, params)]
    else:
        sentences = [str(HOW[state.reason][role]) % params]
    if state.variants.best_of_three and state.reason != "resigned":
        games = {**params, "w": state.games_won[winner], "l": state.games_won[loser]}
        if role == "won":
            sentences.insert(0, _("You won the match, %(w)d games to %(l)d.") % games)
        else:
            sentences.insert(0, _("%(winner)s won the match, %(w)d games to %(l)d.") % games)
    return Ending(title=title, text=" ".join(sentences), won=role == "won")


def _judgement(state: engine.State, winner: int, role: str, params: dict[str, str]) -> str:
    """Why the winner won when the game was judged as at clock expiry."""
    if state.variants.recruit:
        measure, counts = "dice", (len(state.dice[0]), len(state.dice[1]))
    else:
        measure, counts = "captures", state.capture_events
    who = "won" if role == "won" else "other"
    w, lost = counts[winner], counts[1 - winner]
    if w != lost:
        return str(MORE[measure][who]) % {**params, "w": w, "l": lost}
    return str(TIED[measure][who]) % {**params, "n": w}
