"""The solver: which values a handful of numbers can make with + − × ÷ (and ² and √), and how.

`find` holds the public functions; `search` (goal-first search and building an expression),
`value_sets` (every value a multiset makes, cached) and `magnitudes` (their inner loops) are
what they stand on. Import from here.
"""

from games.rules.solver.find import Reachable, capturable, reachable, solve

__all__ = ["Reachable", "capturable", "reachable", "solve"]
