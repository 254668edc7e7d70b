"""Who is online, challenges between classmates, and teachers pairing students."""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from classrooms.models import Classroom, Student, User
from classrooms.permissions import student_is_current, student_of, teaches
from classrooms.services.logins import BUSY, wait_text
from classrooms.services.throttle import (
    PUPIL_STARTS,
    ThrottleBusy,
    Throttled,
    account_key,
    throttle_reserve,
)
from games.kinds import DEFAULT_GAME, kind_for
from games.models import Challenge, Match, Presence
from games.services.broadcast import on_commit_class_event, on_commit_user_event
from games.services.creation import DEFAULT_CLOCK_SECONDS, match_create
from games.services.matches import CANNOT_PLAY

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


def _notify(*user_ids: int) -> None:
    for user_id in user_ids:
        on_commit_user_event(user_id=user_id, message={"type": "challenges.changed"})


def challenge_create(
    *, from_user: User, to_user_id: int, variants: dict[str, Any] | None = None
) -> Challenge:
    """Challenge a classmate (replacing your earlier unanswered challenge)."""
    sender = student_of(from_user)
    if sender is None or not student_is_current(sender):
        raise LobbyRefused(str(CANNOT_PLAY))
    receiver = Student.objects.filter(user_id=to_user_id, archived_at__isnull=True).first()
    if receiver is None or receiver.classroom_id != sender.classroom_id:
        raise LobbyRefused(_("You can only challenge classmates."))
    if receiver.user_id == from_user.pk:
        raise LobbyRefused(_("Challenge someone else!"))
    pupil_start_count(user=from_user)
    with transaction.atomic():
        earlier = Challenge.objects.select_for_update().filter(
            from_user=from_user, status=Challenge.Status.PENDING
        )
        for old in earlier:
            _notify(old.to_user_id)
        earlier.update(status=Challenge.Status.CANCELLED, answered_at=timezone.now())
        challenge = Challenge.objects.create(
            classroom=sender.classroom,
            from_user=from_user,
            to_user_id=receiver.user_id,
            variants=variants or {},
        )
        _notify(from_user.pk, receiver.user_id)
    return challenge


def challenge_answer(*, challenge_id: int, user: User, accept: bool) -> Challenge:
    """Accept (creating the match) or decline a challenge sent to `user`; answered once."""
    student = student_of(user)
    if student is None or not student_is_current(student):
        raise LobbyRefused(str(CANNOT_PLAY))
    with transaction.atomic():
        challenge = (
            Challenge.objects.select_for_update()
            .filter(pk=challenge_id, to_user=user, status=Challenge.Status.PENDING)
            .first()
        )
        if challenge is None:
            raise LobbyRefused(_("That challenge is no longer open."))
        challenge.answered_at = timezone.now()
        gone = accept and invitation_outsiders(
            classroom_id=challenge.classroom_id, users=[challenge.from_user, user]
        )
        if gone:
            challenge.status = Challenge.Status.CANCELLED
        elif accept:
            challenge.match = match_create(
                classroom=challenge.classroom,
                players=[challenge.from_user, user],
                variants=challenge.variants,
            )
            challenge.status = Challenge.Status.ACCEPTED
        else:
            challenge.status = Challenge.Status.DECLINED
        challenge.save()
        _notify(challenge.from_user_id, user.pk)
    if gone:
        raise LobbyRefused(str(INVITATION_GONE))
    return challenge


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


def pair_students(
    *,
    classroom: Classroom,
    teacher: User,
    students: list[Student],
    variants: dict[str, Any] | None = None,
    clock_seconds: int | None = DEFAULT_CLOCK_SECONDS,
    move_seconds: int | None = None,
) -> list[Match]:
    """The teacher pairs students in order (1 with 2, 3 with 4 …); an odd one out plays a bot.

    Refused as `check_pairable` says.
    """
    check_pairable(classroom=classroom, teacher=teacher, students=students)
    clocks = {"clock_seconds": clock_seconds, "move_seconds": move_seconds}
    matches = []
    with transaction.atomic():
        for i in range(0, len(students) - 1, 2):
            players = [students[i].user, students[i + 1].user]
            matches.append(
                match_create(classroom=classroom, players=players, variants=variants, **clocks)
            )
        if len(students) % 2:
            players = [students[-1].user, "beginner"]
            matches.append(
                match_create(classroom=classroom, players=players, variants=variants, **clocks)
            )
        for match in matches:
            for seat in match.seats.all():
                if seat.user_id:
                    on_commit_user_event(
                        user_id=seat.user_id, message={"type": "match.ready", "match": match.pk}
                    )
    return matches


def pair_everyone_present(
    *,
    classroom: Classroom,
    teacher: User,
    rng: random.Random | None = None,
    variants: dict[str, Any] | None = None,
    clock_seconds: int | None = DEFAULT_CLOCK_SECONDS,
    move_seconds: int | None = None,
) -> list[Match]:
    """Random pairs of the students online and not already playing; an odd one plays a bot."""
    busy = set(
        Match.objects.filter(classroom=classroom, status=Match.Status.PLAYING).values_list(
            "seats__user_id", flat=True
        )
    )
    free = [s for s in online_students(classroom) if s.user_id not in busy]
    (rng or random.Random()).shuffle(free)
    return pair_students(
        classroom=classroom,
        teacher=teacher,
        students=free,
        variants=variants,
        clock_seconds=clock_seconds,
        move_seconds=move_seconds,
    )


def lobby_state(user: User) -> dict[str, Any]:
    """Challenges to and from the user, and where to go if a match just started."""
    incoming = list(
        Challenge.objects.filter(to_user=user, status=Challenge.Status.PENDING)
        .select_related("from_user__student")
        .order_by("-created_at")[:5]
    )
    outgoing = list(
        Challenge.objects.filter(from_user=user, status=Challenge.Status.PENDING)
        .select_related("to_user__student")
        .order_by("-created_at")[:1]
    )
    # A challenge starts the default game with its default clock (challenge_answer).
    kind = kind_for(DEFAULT_GAME)
    for c in incoming:
        c.from_name = c.from_user.student.display_name
        c.what = kind.invitation_text(kind.rules_options(c.variants, 2), DEFAULT_CLOCK_SECONDS)
    for c in outgoing:
        c.to_name = c.to_user.student.display_name
    recent = timezone.now() - timedelta(seconds=30)
    latest = (
        Challenge.objects.filter(answered_at__gte=recent)
        .filter(from_user=user)
        .order_by("-answered_at")
        .first()
    )
    notice = ""
    if latest is not None and latest.status == Challenge.Status.DECLINED:
        notice = _("%(name)s said no this time.") % {"name": latest.to_user.student.display_name}
    current = list(
        Match.objects.filter(seats__user=user, status=Match.Status.PLAYING).order_by("-created_at")[
            :5
        ]
    )
    return {"incoming": incoming, "outgoing": outgoing, "notice": notice, "current": current}
