"""The one matching step Swiss and arena pairing share: networkx's maximum-weight matching.

Why a matching and not a hand-written greedy loop: a greedy loop pairs the top of the list first
and can paint itself into a corner (the last two players have met, or must be kept apart), then
needs backtracking; the blossom algorithm (Edmonds; networkx's `max_weight_matching`) finds the
best pairing of the whole round at once in O(n³). Lichess' arena pairs the same way (a weighted
matching over the waiting players), and bbpPairings' Dutch system, which Lichess' Swiss uses, is
itself built on weighted matching. With 40 players it takes a few tens of milliseconds
(bench/tournament_pairing.py).

Costs are tuples compared level by level (the first level matters most). They become one integer
weight per edge in a mixed radix chosen so that no sum over a matching carries into a higher
level; integer weights keep networkx's arithmetic exact.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence

import networkx as nx

type Cost = tuple[int, ...]


class OddOneOut(enum.Enum):
    """The extra node for an odd number of players: whoever is paired with it sits out."""

    NODE = "odd one out"


ODD_ONE_OUT = OddOneOut.NODE


def with_odd_one_out[T](players: Sequence[T]) -> list[T | OddOneOut]:
    """The players, plus the odd-one-out node when their number is odd (it comes last)."""
    return [*players, ODD_ONE_OUT] if len(players) % 2 else list(players)


def min_cost_pairs[T](nodes: Sequence[T], cost: Callable[[T, T], Cost | None]) -> list[tuple[T, T]]:
    """A matching of `nodes` with as many pairs as possible, the least total cost among those.

    `cost(a, b)` (called with `a` before `b` in `nodes`) gives the levels of a pair's cost, all
    of the same length and >= 0, or None for a pair that must never be made. Pairs come back in
    the order of their first node; the result depends only on the inputs and their order.
    """
    edges = []
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            levels = cost(a, nodes[j])
            if levels is not None:
                edges.append((i, j, levels))
    if not edges:
        return []
    pairs = len(nodes) // 2
    radices = [max(levels[k] for *_, levels in edges) * pairs + 1 for k in range(len(edges[0][2]))]
    ceiling = math.prod(radices)
    graph = nx.Graph()
    graph.add_nodes_from(range(len(nodes)))
    for i, j, levels in edges:
        weight = 0
        for level, radix in zip(levels, radices, strict=True):
            weight = weight * radix + level
        graph.add_edge(i, j, weight=ceiling - weight)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    return [(nodes[i], nodes[j]) for i, j in sorted(tuple(sorted(pair)) for pair in matched)]
