"""What happened in a card-war round, in words: the reveal, who won and why, wars and bonuses.

Built from the rules' public events (`answers_revealed` and what followed it), so the live
screen, the announcement for screen readers and the end screen's replay tell the same story.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.kinds.cardwar.cards import faces

# Events that say how a reveal ended; anything else (the next round's cards) is not part of it.
OUTCOME_EVENTS = ("round_won", "war_started", "bonus", "face_down", "player_out", "game_over")


def number(text: str | Fraction | int | None) -> str:
    """An exact value as children write it: 13/3, −4 (a real minus sign)."""
    if text is None:
        return ""
    return str(text).replace("-", "−")


def names_list(names: Iterable[str]) -> str:
    """ "Ben", "Ben and Chloe", "Ben, Chloe and Dev"."""
    return str(get_text_list(list(names), _("and")))


def _made(line: dict[str, Any]) -> str:
    return _("%(name)s: %(choice)s = %(value)s") % {
        "name": line["name"],
        "choice": line["choice"],
        "value": number(line["counted"]),
    }


def _in_chosen_order(sub: dict[str, Any]) -> list[dict[str, Any]]:
    """The two cards as the player put them: "9 − 4" from a 4 and a 9 shows the 9 first."""
    cards, values = list(sub["cards"]), list(sub["card_values"])
    first = re.search(r"[0-9]+", sub.get("choice") or "")
    if first and len(values) == 2 and values[0] != values[1] and int(first[0]) == values[1]:
        cards.reverse()
        values.reverse()
    return faces(cards, values)


def _line(sub: dict[str, Any], names: Sequence[str], practice: bool) -> dict[str, Any]:
    name = names[sub["player"]]
    line = {
        "seat": sub["player"],
        "name": name,
        "cards": _in_chosen_order(sub),
        "answered": sub["answered"],
        "choice": sub.get("choice", ""),
        "answer": sub.get("answer", ""),
        "value": number(sub.get("value")),
        "correct": sub["correct"],
        "counted": sub.get("counted"),
        "exact": sub.get("exact", False),
        "distance": number(sub.get("distance")),
        "best": sub["best"],
        "best_value": number(sub["best_value"]),
        "note": "",
    }
    if not sub["answered"]:
        line["note"] = _("%(name)s did not answer in time: no value this round.") % {"name": name}
    elif not sub["correct"] and practice:
        line["note"] = _(
            "%(name)s wrote %(answer)s, but %(choice)s = %(value)s. "
            "Practice mode: %(value)s counts."
        ) % {"name": name, "answer": sub["answer"], "choice": sub["choice"], "value": line["value"]}
    elif not sub["correct"]:
        line["note"] = _(
            "%(name)s wrote %(answer)s, but %(choice)s = %(value)s: no value this round."
        ) % {"name": name, "answer": sub["answer"], "choice": sub["choice"], "value": line["value"]}
    return line


def _valued(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [line for line in lines if line["counted"] is not None]


def _win_headline(event: dict, lines: list[dict], target: int | None) -> str:
    by_seat = {line["seat"]: line for line in lines}
    win = by_seat[event["player"]]
    others = [line for line in _valued(lines) if line["seat"] != win["seat"]]
    if event["how"] == "exact_hit":
        return _("%(made)s hits the target %(target)s exactly!") % {
            "made": _made(win),
            "target": number(target),
        }
    if not others:
        return _("%(made)s wins: nobody else has a value this round.") % {"made": _made(win)}
    # Against one player the whole sum is told; against several, their values keep it short.
    if len(others) == 1:
        if target is None:
            beaten = [_made(others[0])]
        else:
            beaten = [
                _("%(made)s (%(distance)s away)")
                % {"made": _made(others[0]), "distance": others[0]["distance"]}
            ]
    elif target is None:
        beaten = [f"{o['name']} ({number(o['counted'])})" for o in others]
    else:
        beaten = [
            _("%(name)s (%(distance)s away)") % {"name": o["name"], "distance": o["distance"]}
            for o in others
        ]
    if target is None:
        return _("%(made)s beats %(others)s.") % {
            "made": _made(win),
            "others": names_list(beaten),
        }
    return _("%(made)s is nearest to %(target)s (%(distance)s away) and beats %(others)s.") % {
        "made": _made(win),
        "target": number(target),
        "distance": win["distance"],
        "others": names_list(beaten),
    }


def _war_text(event: dict, names: Sequence[str], war_size: int) -> tuple[str, str]:
    """The war's headline and how many cards go face down, with the sacrifice rule if it applied."""
    players = names_list(names[s] for s in event["players"])
    if event["reason"] == "no_values":
        head = _("Nobody has a value this round: war between %(players)s!") % {"players": players}
    elif event["target"] is not None:
        head = _("%(players)s are equally near the target: war!") % {"players": players}
    else:
        head = _("%(players)s have the same value: war!") % {"players": players}
    size = event["war_size"]
    if size == war_size:
        how = ngettext(
            "Each lays %(n)s card face down, then turns up two more. The winner takes them all.",
            "Each lays %(n)s cards face down, then turns up two more. The winner takes them all.",
            size,
        ) % {"n": size}
    elif size:
        how = ngettext(
            "Sacrifice rule: a player at war has only %(left)s cards, so each lays %(n)s card "
            "face down and keeps two to turn up.",
            "Sacrifice rule: a player at war has only %(left)s cards, so each lays %(n)s cards "
            "face down and keeps two to turn up.",
            size,
        ) % {"left": size + 2, "n": size}
    else:
        how = _(
            "Sacrifice rule: a player at war has only two cards left, so nobody lays cards face "
            "down: each turns up two."
        )
    return head, how


def round_story(
    submissions: list[dict[str, Any]],
    outcome: list[dict[str, Any]],
    *,
    names: Sequence[str],
    practice: bool,
    war_size: int,
    round_number: int | None = None,
) -> dict[str, Any]:
    """Everyone's cards and answers, who won and why, and what happens next (war, bonus).

    `war_size` is the teacher's (the sacrifice rule is explained when fewer cards went down).
    """
    lines = [_line(sub, names, practice) for sub in submissions]
    target = submissions[0]["target"] if submissions else None
    story: dict[str, Any] = {
        "lines": lines,
        "target": number(target),
        "depth": submissions[0]["war_depth"] if submissions else 0,
        "headline": "",
        "details": [line["note"] for line in lines if line["note"]],
        "winner": None,
        "war": None,
        "exact": False,
        "practice": practice,
        "round": round_number,
    }
    story["key"] = f"{round_number}-{story['depth']}" if round_number else "last"
    for event in outcome:
        kind = event["type"]
        if kind == "round_won":
            story["winner"] = event["player"]
            if event["how"] in ("best_value", "exact_hit") and lines:
                story["headline"] = _win_headline(event, lines, target)
                story["exact"] = event["how"] == "exact_hit"
                if _tied_teammates(lines, event, target):
                    story["details"].append(
                        _("Teammates never fight: %(name)s takes the cards for the team.")
                        % {"name": names[event["player"]]}
                    )
            else:
                story["headline"] = _("%(name)s takes the pot: nobody is left to fight.") % {
                    "name": names[event["player"]]
                }
            story["details"].append(
                ngettext(
                    "%(name)s takes %(n)s card.", "%(name)s takes %(n)s cards.", event["cards"]
                )
                % {"name": names[event["player"]], "n": event["cards"]}
            )
        elif kind == "bonus":
            givers = [names[s] for s, n in enumerate(event["given"]) if n]
            if len(givers) == 1:
                story["details"].append(
                    ngettext(
                        "Exact hit bonus: %(giver)s gives %(n)s more card.",
                        "Exact hit bonus: %(giver)s gives %(n)s more cards.",
                        event["cards"],
                    )
                    % {"giver": givers[0], "n": event["cards"]}
                )
            elif givers:
                story["details"].append(
                    ngettext(
                        "Exact hit bonus: %(givers)s give %(n)s more card in all.",
                        "Exact hit bonus: %(givers)s give %(n)s more cards in all.",
                        event["cards"],
                    )
                    % {"givers": names_list(givers), "n": event["cards"]}
                )
        elif kind == "war_started":
            head, how = _war_text(event, names, war_size)
            story["headline"] = story["headline"] or head
            story["war"] = {"size": event["war_size"], "explain": how, "depth": event["depth"]}
            story["details"].append(how)
        elif kind == "player_out":
            story["details"].append(_out_text(event, names))
    story["announcement"] = " ".join([story["headline"], *story["details"]]).strip()
    return story


def _tied_teammates(lines: list[dict], event: dict, target: int | None) -> bool:
    """Another player had the winner's score (same team, or it would have been a war)."""
    win = next(line for line in lines if line["seat"] == event["player"])

    def score(line: dict) -> Fraction:
        value = Fraction(line["counted"])
        return value if target is None else -abs(value - target)

    return any(score(line) == score(win) for line in _valued(lines) if line["seat"] != win["seat"])


def _out_text(event: dict, names: Sequence[str]) -> str:
    if event["reason"] == "resigned":
        return _("%(name)s left the game.") % {"name": names[event["player"]]}
    return _("%(name)s has too few cards to play on and is out.") % {"name": names[event["player"]]}


def stories(
    events: Iterable[dict[str, Any]], *, names: Sequence[str], practice: bool, war_size: int
) -> list[dict[str, Any]]:
    """Every reveal of a game in order (rounds and their wars), from its whole event stream."""
    out: list[dict[str, Any]] = []
    round_no = 1  # the first round starts with the game (its event is not a stored move)
    pending: tuple[int, list, list] | None = None
    for event in [*events, {"type": "end"}]:
        kind = event["type"]
        if pending is not None and kind in OUTCOME_EVENTS:
            pending[2].append(event)
            continue
        if pending is not None and kind in ("answers_revealed", "round_started", "end"):
            out.append(
                round_story(
                    pending[1],
                    pending[2],
                    names=names,
                    practice=practice,
                    war_size=war_size,
                    round_number=pending[0],
                )
            )
            pending = None
        if kind == "round_started":
            round_no = event["round"]
        elif kind == "answers_revealed":
            pending = (round_no, event["submissions"], [])
    return out
