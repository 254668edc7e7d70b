"""The news of a committed move outlives the process that committed it: an outbox.

Why: "ply N happened" is sent after the commit by the process that applied the move, so a
process killed between the two (a restart during a deploy, a crashed worker) took the news with
it, and the other players' and the teacher's screens stayed stale until their page's 30-second
sync (the review measured 16 such moves in 60 races).

How: the move's own statement (games.services.statement) also upserts the match's row in
`MatchOutbox`, so it costs no round trip; the committing process sends the news as before and,
once the send has gone out, deletes the row in a batch with others (`outbox_flush`, every few
tenths of a second). Every server process sweeps the rows older than GRACE_SECONDS, which only
a process that died (or is badly stuck) leaves, and sends their news itself, without the
snapshot: each socket then reads its view from the database. A socket ignores a ply it has
seen, so the rare duplicate (a slow sender, two sweepers at once) costs a comparison.

One row per match: a newer ply's news supersedes an older one's (a socket that sees a ply jump
reads the whole view). SQLite, the embedded default, runs one process and no sweep is needed,
but the same SQL works there.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache, reduce
from operator import or_

from django.db import connection
from django.db.models import Q
from django.utils import timezone

from games.models import Match, MatchOutbox

GRACE_SECONDS = 0.8  # a live process has sent its news and flushed long before this
DUE_AT_ONCE = 500

_sent: dict[int, int] = {}  # match id -> the highest ply whose news this process sent
_sent_lock = threading.Lock()
_collecting = False


@cache
def _upsert(vendor: str) -> str:
    quote = connection.ops.quote_name
    return (
        f"INSERT INTO {quote(MatchOutbox._meta.db_table)} (match_id, ply, committed_at) "  # noqa: S608 (names from the model)
        "VALUES (%s, %s, %s) ON CONFLICT (match_id) DO UPDATE "
        "SET ply = excluded.ply, committed_at = excluded.committed_at"
    )


def outbox_statement(*, match: Match, now: datetime) -> tuple[str, list[object]]:
    """The upsert that records `match`'s news at its (new) ply, for the move's statement."""
    return _upsert(connection.vendor), [
        match.pk,
        match.ply,
        connection.ops.adapt_datetimefield_value(now),
    ]


def outbox_collect() -> None:
    """From now on this process deletes the rows of the news it sends (a server calls this
    when its sweep starts; elsewhere nothing would flush, so nothing is collected)."""
    global _collecting
    _collecting = True


def outbox_sent(*, match_id: int, ply: int) -> None:
    """This process's news of `ply` went out: its row may go at the next flush."""
    if not _collecting:
        return
    with _sent_lock:
        if _sent.get(match_id, -1) < ply:
            _sent[match_id] = ply


def outbox_flush() -> int:
    """Delete the rows of the news this process sent (one statement); how many matches."""
    global _sent
    with _sent_lock:
        sent, _sent = _sent, {}
    if sent:
        _delete(sent)
    return len(sent)


@dataclass(frozen=True, slots=True)
class News:
    match_id: int
    ply: int
    classroom_id: int | None
    playing: bool


def outbox_due(*, now: datetime | None = None) -> list[News]:
    """News committed more than GRACE_SECONDS ago and still not sent (oldest first).

    When there is none (nearly always) this is one indexed query on the outbox alone.
    """
    cutoff = (now or timezone.now()) - timedelta(seconds=GRACE_SECONDS)
    due = list(
        MatchOutbox.objects.filter(committed_at__lte=cutoff)
        .order_by("committed_at")
        .values_list("match_id", "ply")[:DUE_AT_ONCE]
    )
    if not due:
        return []
    matches = Match.objects.filter(pk__in=[m for m, _ in due]).values_list(
        "pk", "classroom_id", "status"
    )
    where = {pk: (classroom, status) for pk, classroom, status in matches}
    return [
        News(m, p, where[m][0], where[m][1] == Match.Status.PLAYING) for m, p in due if m in where
    ]


def outbox_done(*, news: list[News]) -> None:
    """The sweep sent `news`: delete their rows (not a newer ply's, committed meanwhile)."""
    if news:
        _delete({n.match_id: n.ply for n in news})


def _delete(plies: dict[int, int]) -> None:
    sent = reduce(or_, (Q(match_id=m, ply__lte=p) for m, p in plies.items()))
    MatchOutbox.objects.filter(sent).delete()  # one DELETE: nothing refers to the rows
