"""Card-war tables for two to four: a student invites classmates (one, for a challenge), they
accept or decline,
and the match starts when every seat is taken, or when the host starts it with the computer
playing the empty seats. Every change tells the people involved through their lobby sockets."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import Classroom, Student, User
from classrooms.permissions import student_is_current, student_of
from games.kinds import kind_for
from games.models import Match, Seat, Table, TableInvite
from games.services.broadcast import on_commit_user_event
from games.services.creation import match_create
from games.services.lobby import (
    INVITATION_GONE,
    LobbyRefused,
    check_pairable,
    invitation_outsiders,
    pupil_start_count,
)
from games.services.matches import CANNOT_PLAY

TABLE_SEATS = (2, 3, 4)  # two: a challenge to one classmate
TABLE_GAME = "cardwar"  # the one game played at tables (Table has no game of its own yet)
TABLE_BOT = Seat.BotLevel.BEGINNER


def _tell(*user_ids: int, match: Match | None = None) -> None:
    for user_id in user_ids:
        message = {"type": "challenges.changed"}
        if match is not None:
            message = {"type": "match.ready", "match": match.pk}
        on_commit_user_event(user_id=user_id, message=message)


def _student(user: User) -> Student:
    student = student_of(user)
    if student is None or not student_is_current(student):
        raise LobbyRefused(str(CANNOT_PLAY))
    return student


def table_create(
    *,
    host: User,
    invite_user_ids: list[int],
    seats: int,
    variants: dict[str, Any],
    bots: bool = True,
) -> Table:
    """Open a table and invite classmates (the host's earlier open table is cancelled)."""
    student = _student(host)
    if seats not in TABLE_SEATS:
        raise LobbyRefused(_("A table is for two, three or four players."))
    wanted = list(dict.fromkeys(invite_user_ids))
    if not wanted:
        raise LobbyRefused(_("Invite at least one classmate."))
    if len(wanted) > seats - 1:
        raise LobbyRefused(_("You invited more classmates than the table has seats."))
    if host.pk in wanted:
        raise LobbyRefused(_("Invite someone else!"))
    invited = Student.objects.filter(
        user_id__in=wanted, classroom_id=student.classroom_id, archived_at__isnull=True
    )
    if invited.count() != len(wanted):
        raise LobbyRefused(_("You can only invite classmates."))
    pupil_start_count(user=host)
    with transaction.atomic():
        for old in Table.objects.select_for_update().filter(host=host, status=Table.Status.OPEN):
            _table_cancel(old)
        table = Table.objects.create(
            classroom_id=student.classroom_id, host=host, seats=seats, variants=variants, bots=bots
        )
        TableInvite.objects.bulk_create(TableInvite(table=table, user_id=uid) for uid in wanted)
        _tell(host.pk, *wanted)
    return table


def _table_cancel(table: Table) -> None:
    table.status = Table.Status.CANCELLED
    table.save(update_fields=["status"])
    _tell(*table.invites.values_list("user_id", flat=True))


def _players(table: Table) -> list[User | str]:
    """The host first, then classmates in the order they accepted; bots fill the rest."""
    accepted = table.invites.filter(status=TableInvite.Status.ACCEPTED).order_by("answered_at")
    players: list[User | str] = [table.host, *(invite.user for invite in accepted)]
    return players + [TABLE_BOT] * (table.seats - len(players))


def _start(table: Table) -> Table:
    """Start the locked table; an accepted classmate who has left the class since is left out
    (the computer plays their seat, or the table waits without bots), and a host who has left
    cancels it (LobbyRefused either way when it cannot start)."""
    accepted = table.invites.filter(status=TableInvite.Status.ACCEPTED)
    gone = invitation_outsiders(
        classroom_id=table.classroom_id, users=[table.host, *(i.user for i in accepted)]
    )
    if gone:
        table.invites.filter(user_id__in=gone).update(
            status=TableInvite.Status.DECLINED, answered_at=timezone.now()
        )
        if table.host_id in gone:
            _table_cancel(table)
            _tell(table.host_id)
            return table
        if not table.bots:
            _tell(table.host_id, *gone)
            return table
    table.match = match_create(
        game=TABLE_GAME,
        classroom=table.classroom,
        players=_players(table),
        variants=table.variants,
    )
    table.status = Table.Status.STARTED
    table.save(update_fields=["match", "status"])
    table.invites.filter(status=TableInvite.Status.INVITED).update(
        status=TableInvite.Status.DECLINED, answered_at=timezone.now()
    )
    people = [table.host_id, *table.invites.values_list("user_id", flat=True)]
    accepted = set(
        table.invites.filter(status=TableInvite.Status.ACCEPTED).values_list("user_id", flat=True)
    )
    for user_id in people:
        _tell(user_id, match=table.match if user_id in accepted | {table.host_id} else None)
    return table


def table_answer(*, table_id: int, user: User, accept: bool) -> Table:
    """Accept or decline an invitation; the last seat taken starts the match."""
    _student(user)
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        invite = (
            TableInvite.objects.select_for_update()
            .filter(table_id=table_id, user=user, status=TableInvite.Status.INVITED)
            .first()
        )
        if table is None or invite is None or table.status != Table.Status.OPEN:
            raise LobbyRefused(_("That table is no longer open."))
        gone = accept and invitation_outsiders(
            classroom_id=table.classroom_id, users=[table.host, user]
        )
        if gone:
            accept = False  # the invitation is answered, and nothing starts from it
            if table.host_id in gone:
                _table_cancel(table)
        invite.status = TableInvite.Status.ACCEPTED if accept else TableInvite.Status.DECLINED
        invite.answered_at = timezone.now()
        invite.save(update_fields=["status", "answered_at"])
        taken = 1 + table.invites.filter(status=TableInvite.Status.ACCEPTED).count()
        if not gone and taken == table.seats:
            return _start(table)
        _tell(table.host_id, user.pk)
    if gone:
        raise LobbyRefused(str(INVITATION_GONE))
    return table


def _open_table(table_id: int, host: User) -> Table:
    """The host's open table, locked; refused when it is not (any more)."""
    table = (
        Table.objects.select_for_update()
        .filter(pk=table_id, host=host, status=Table.Status.OPEN)
        .first()
    )
    if table is None:
        raise LobbyRefused(_("That table is no longer open."))
    return table


def table_start(*, table_id: int, host: User) -> Table:
    """The host starts now: the computer plays every seat not taken (if the table allows)."""
    _student(host)
    with transaction.atomic():
        table = _open_table(table_id, host)
        if not table.bots:
            raise LobbyRefused(_("This table waits until every seat is taken."))
        table = _start(table)
    if table.match is None:  # the host has left the class: the table is closed
        raise LobbyRefused(str(INVITATION_GONE))
    return table


def table_cancel(*, table_id: int, host: User) -> None:
    """The host closes the table; invited classmates are told."""
    with transaction.atomic():
        _table_cancel(_open_table(table_id, host))
        _tell(host.pk)


def tables_for(user: User) -> dict[str, Any]:
    """The lobby's view of tables: invitations to the user, and the user's own open table."""
    invites = list(
        TableInvite.objects.filter(
            user=user, status=TableInvite.Status.INVITED, table__status=Table.Status.OPEN
        ).select_related("table__host__student")[:5]
    )
    own = (
        Table.objects.filter(host=user, status=Table.Status.OPEN)
        .prefetch_related("invites__user__student")
        .first()
    )
    mine = None
    if own is not None:
        rows = list(own.invites.all())
        mine = {
            "table": own,
            "accepted": [i.user.student.display_name for i in rows if i.status == "accepted"],
            "waiting": [i.user.student.display_name for i in rows if i.status == "invited"],
            "declined": [i.user.student.display_name for i in rows if i.status == "declined"],
            "taken": 1 + sum(i.status == "accepted" for i in rows),
        }
    kind = kind_for(TABLE_GAME)
    return {
        "table_invites": [
            {
                "table": i.table,
                "host": i.table.host.student.display_name,
                "seats": i.table.seats,
                "what": kind.invitation_text(
                    kind.rules_options(i.table.variants, i.table.seats), None
                ),
            }
            for i in invites
        ],
        "my_table": mine,
    }


def table_seat(
    *, classroom: Classroom, teacher: User, students: list[Student], variants: dict[str, Any]
) -> Match:
    """The teacher seats two to four students of the class at one card war, in that order
    (with four, the first and third play the second and fourth); refused as
    `lobby.check_pairable` says."""
    if len(students) not in TABLE_SEATS or len({s.pk for s in students}) != len(students):
        raise LobbyRefused(_("Choose two, three or four different students."))
    check_pairable(classroom=classroom, teacher=teacher, students=students)
    with transaction.atomic():
        match = match_create(
            game=TABLE_GAME,
            classroom=classroom,
            players=[s.user for s in students],
            variants=variants,
        )
        for student in students:
            _tell(student.user_id, match=match)
    return match
