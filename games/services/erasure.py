"""What erasing a student means for their games: called by the classroom's erasure service.

Their live matches end first (they can never move again, so they forfeit and the classmate
wins); their rejected attempts go, being personal evidence outside every replay. Applied moves
and seats stay, unlinked from the user when it is deleted (SET_NULL), so the classmate's
history still replays, showing the seat as "Former student".
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from classrooms.models import User
from games.models import Invitation, Match, Move
from games.services.matches import MoveRejected, match_forfeit


def player_matches_forfeit(*, user: User, now: datetime | None = None) -> int:
    """Forfeit every match `user` is still playing (they are leaving); returns how many ended.

    A match that finishes meanwhile (clock, the other player) is skipped, not an error.
    """
    now = now or timezone.now()
    ended = 0
    with transaction.atomic():
        playing = Match.objects.filter(status=Match.Status.PLAYING, seats__user=user).distinct()
        for match in playing.order_by("pk"):
            try:
                match_forfeit(match=match, player=user, now=now)
            except MoveRejected:
                continue
            ended += 1
    return ended


@transaction.atomic
def player_games_erase(*, user: User, now: datetime | None = None) -> None:
    """Prepare `user`'s deletion: forfeit their live matches, delete their rejected attempts,
    and close the open invitations they were asked to that nobody else is asked to (their own
    go with them)."""
    player_matches_forfeit(user=user, now=now)
    asked = Invitation.objects.filter(status=Invitation.Status.OPEN, invites__user=user)
    for invitation in asked.distinct():
        if not invitation.invites.exclude(user=user).exists():
            invitation.delete()
    Move.objects.filter(user=user, kind=Move.Kind.REJECTED, ply__isnull=True).delete()
