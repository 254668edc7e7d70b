"""Signals the games app sends for the apps above it (tournaments), so it never imports them.

`match_finished(sender=Match, match_id=...)`: a match has just become finished. Sent once the
transaction that finished it commits (a rolled-back ending sends nothing), and sent robustly:
a receiver's failure is logged, never turned into a failed move.
"""

from django.db import transaction
from django.dispatch import Signal

from games.models import Match

match_finished = Signal()


def on_commit_match_finished(*, match_id: int) -> None:
    transaction.on_commit(lambda: match_finished.send_robust(sender=Match, match_id=match_id))
