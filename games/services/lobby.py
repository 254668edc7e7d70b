"""Who is online in the lobby, and the checks every way of starting a game shares (who may
still play in the class an invitation was made in, how many games a pupil starts, whom a
teacher may pair); the invitations themselves are `games.services.invitations`."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from classrooms.models import Classroom, Student, User
from classrooms.permissions import teaches
from classrooms.services.logins import BUSY, wait_text
from classrooms.services.throttle import (
    PUPIL_STARTS,
    ThrottleBusy,
    Throttled,
    account_key,
    throttle_reserve,
)
from games.models import Match, Presence
from games.services.broadcast import on_commit_class_event

ONLINE_SECONDS = 45
HEARTBEAT_SECONDS = 15


class LobbyRefused(Exception):
    """A lobby action the server refused; `message` is translated."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def presence_join(*, student: Student, channel_name: str) -> None:
    """A lobby socket opened: the student is online; the class is told."""
    with transaction.atomic():
        Presence.objects.update_or_create(
            channel_name=channel_name,
            defaults={
                "user": student.user,
                "classroom": student.classroom,
                "seen_at": timezone.now(),
            },
        )
        on_commit_class_event(
            classroom_id=student.classroom_id, message={"type": "presence.changed"}
        )


def presence_beat(*, channel_name: str) -> None:
    Presence.objects.filter(channel_name=channel_name).update(seen_at=timezone.now())


def presence_leave(*, channel_name: str, classroom_id: int) -> None:
    with transaction.atomic():
        Presence.objects.filter(channel_name=channel_name).delete()
        stale = timezone.now() - timedelta(seconds=ONLINE_SECONDS * 4)
        Presence.objects.filter(seen_at__lt=stale).delete()
        on_commit_class_event(classroom_id=classroom_id, message={"type": "presence.changed"})


def online_students(classroom: Classroom, *, now: datetime | None = None) -> list[Student]:
    """Students of the class with a lobby socket seen recently, by name."""
    since = (now or timezone.now()) - timedelta(seconds=ONLINE_SECONDS)
    user_ids = Presence.objects.filter(classroom=classroom, seen_at__gte=since).values("user_id")
    return list(
        Student.objects.filter(
            classroom=classroom, user_id__in=user_ids, archived_at__isnull=True
        ).order_by("display_name")
    )


INVITATION_GONE = gettext_lazy(
    "That invitation is no longer open: someone in it has moved to another class or left."
)


def invitation_outsiders(*, classroom_id: int, users: Iterable[User]) -> set[int]:
    """The ids of `users` who are no longer current students of the class an invitation was
    made in (moved to another class, archived, their class archived, or their account closed);
    one query. Every answer to an invitation checks it: the invitation is as old as the lobby
    it was sent from, and a match must never be made in a class a player has left."""
    ids = {user.pk for user in users}
    current = Student.objects.filter(
        user_id__in=ids,
        classroom_id=classroom_id,
        archived_at__isnull=True,
        classroom__archived_at__isnull=True,
        user__is_active=True,
    ).values_list("user_id", flat=True)
    return ids - set(current)


STARTS_TOO_FAST = gettext_lazy(
    "You have started a lot of games just now. Wait %(time)s, then try again."
)


def pupil_start_count(*, user: User) -> None:
    """Count one game, challenge or table `user` starts, once nothing else refuses it; raises
    LobbyRefused (counting nothing) past PUPIL_STARTS, which a child never meets in play."""
    try:
        throttle_reserve(gates=[(PUPIL_STARTS, account_key(user.pk))])
    except Throttled as error:
        raise LobbyRefused(STARTS_TOO_FAST % {"time": wait_text(error.retry_after)}) from None
    except ThrottleBusy:
        raise LobbyRefused(str(BUSY)) from None


def check_pairable(*, classroom: Classroom, teacher: User, students: list[Student]) -> None:
    """Raise LobbyRefused unless the teacher teaches the class and every student is of it and
    in the lobby now: only the lobby socket takes a student to a new match, so an absent one
    would never arrive and lose on time."""
    if not teaches(teacher, classroom):
        raise LobbyRefused(_("You do not teach this class."))
    if any(s.classroom_id != classroom.pk for s in students):
        raise LobbyRefused(_("Pair students from this class."))
    online = {s.pk for s in online_students(classroom)}
    away = [s.display_name for s in students if s.pk not in online]
    if away:
        raise LobbyRefused(
            ngettext(
                "%(names)s is not in the lobby. Ask them to open Play, then pair again.",
                "%(names)s are not in the lobby. Ask them to open Play, then pair again.",
                len(away),
            )
            % {"names": ", ".join(away)}
        )


def lobby_state(user: User) -> dict[str, Any]:
    """The user's matches in play (the lobby links back to them)."""
    current = list(
        Match.objects.filter(seats__user=user, status=Match.Status.PLAYING).order_by("-created_at")[
            :5
        ]
    )
    return {"current": current}
