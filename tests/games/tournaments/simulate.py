"""Helpers that play tournaments with made-up results, for the pairing tests and the benchmark."""

import random
from collections.abc import Iterator, Sequence

from games.tournaments.records import BOT, Bye, ByeKind, Game, Outcome, Round

OUTCOMES = tuple(Outcome)


def finish(entries: Round, rng: random.Random) -> Round:
    """The round with every game ended at random (draws as likely as each win)."""
    return tuple(
        entry.ended(rng.choice(OUTCOMES)) if isinstance(entry, Game) else entry for entry in entries
    )


def everyone_once(entries: Round) -> list[int]:
    """The players of a round, each as often as they appear."""
    return sorted(player for entry in entries for player in entry.players)


def sitting_out(entries: Round) -> list[int]:
    """Who sits out a round: a pairing bye or a game against the bot."""
    return [
        player
        for entry in entries
        if (isinstance(entry, Bye) and entry.kind is ByeKind.PAIRING)
        or (isinstance(entry, Game) and BOT in (entry.first, entry.second))
        for player in entry.players
    ]


def pairings(nodes: Sequence) -> Iterator[list[tuple]]:
    """Every way to split an even number of nodes into pairs (for brute-force checks)."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for i, partner in enumerate(rest):
        for more in pairings(rest[:i] + rest[i + 1 :]):
            yield [(first, partner), *more]
