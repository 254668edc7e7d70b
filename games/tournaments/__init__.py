"""Class tournaments: round robin, knockout, Swiss and arena, run from a class's roster.

The pure core (no Django, no apps; import-linter keeps it so):
- `records`: the values every format shares (games, byes, rounds, the bot, the odd-number rule);
- `pairing`: one pure function per format, `(players, history, options) -> next pairing`;
- `standings`: points, Buchholz, Sonneborn-Berger, ranking, team averages.
Pairing is a function of its inputs alone, so undoing a round's pairing before it starts is
dropping that round; the same inputs (and seed) always give the same pairing.
"""
