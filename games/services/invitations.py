"""One way to start any game: an invitation names the game, its options and clocks, and its
seats, and says who fills them.

- A pupil invites classmates (`invitation_create`): one, for a challenge, or up to three, for a
  table of four; they accept or decline in their lobby (a rematch also on the game-over screen
  they are still on: `rematch_offers`), and the match starts when every seat is taken, or when
  the host starts it with the computer in the empty seats (where allowed).
- A game that starts at once (`game_start`): against the computer, the teacher's pairing (any
  game, two to four pupils a match, "pair everyone present"), a tournament's match, the guided
  game. It is recorded as a started invitation, so every match has one record of who started it.

Every change tells the people involved through their sockets: the lobby, and the game-over
screen of a match they played (a rematch offer).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import Classroom, Student, User
from classrooms.permissions import student_is_current, student_of
from games.kinds import DEFAULT_GAME, kind_for, registered
from games.models import Invitation, Invitee, Match, Seat
from games.services import lobby
from games.services.broadcast import on_commit_user_event
from games.services.creation import DEFAULT_CLOCK_SECONDS, match_create
from games.services.lobby import (
    INVITATION_GONE,
    LobbyRefused,
    check_pairable,
    invitation_outsiders,
    pupil_start_count,
)
from games.services.matches import CANNOT_PLAY

INVITATION_BOT = Seat.BotLevel.BEGINNER
# An answer shows in the host's lobby this long ("… said no this time").
ANSWER_SHOWN_SECONDS = 30
Player = User | str  # a user, or the computer at a level ("beginner" …)


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


def clocks_of(clocks: Mapping[str, Any] | None) -> dict[str, int | None]:
    """The clocks `match_create` takes: the ones given, the default game clock otherwise."""
    clocks = clocks or {}
    return {
        "clock_seconds": clocks.get("clock_seconds", DEFAULT_CLOCK_SECONDS),
        "move_seconds": clocks.get("move_seconds"),
    }


def _checked(game: str, seats: int, variants: Mapping[str, Any] | None) -> None:
    """Refuse a game that is not registered, a number of seats it is not played by, or options
    it cannot play (each a message a pupil or teacher can act on)."""
    if game not in registered():
        raise LobbyRefused(_("That game cannot be played here."))
    kind = kind_for(game)
    if seats not in kind.seat_counts:
        *most, last = [str(n) for n in kind.seat_counts]
        counts = (
            _("%(most)s or %(last)s") % {"most": ", ".join(most), "last": last} if most else last
        )
        raise LobbyRefused(
            _("%(game)s is for %(counts)s players.") % {"game": kind.label, "counts": counts}
        )
    try:
        kind.rules_options(variants, seats)
    except ValueError:
        raise LobbyRefused(_("Those settings cannot be played together.")) from None


def game_start(
    *,
    host: User | None,
    classroom: Classroom | None,
    players: Sequence[Player],
    game: str = DEFAULT_GAME,
    variants: Mapping[str, Any] | None = None,
    clocks: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> Match:
    """Start a match at once (every seat filled): recorded as a started invitation by `host`
    (the pupil, the teacher, or None for the platform's own starts). ValueError as
    `match_create` raises it (the callers have checked their input)."""
    with transaction.atomic():
        match = match_create(
            game=game,
            classroom=classroom,
            players=players,
            variants=dict(variants or {}),
            options=dict(options or {}),
            seed=seed,
            **clocks_of(clocks),
        )
        Invitation.objects.create(
            classroom=classroom,
            host=host,
            game=game,
            seats=len(players),
            variants=dict(variants or {}),
            clocks=clocks_of(clocks),
            bots=any(isinstance(p, str) for p in players),
            status=Invitation.Status.STARTED,
            match=match,
        )
    return match


def invitation_create(
    *,
    host: User,
    invite_user_ids: list[int],
    game: str = DEFAULT_GAME,
    seats: int = 2,
    variants: Mapping[str, Any] | None = None,
    clocks: Mapping[str, Any] | None = None,
    bots: bool = False,
) -> Invitation:
    """Invite classmates to a game (the host's earlier open invitation is cancelled)."""
    student = _student(host)
    _checked(game, seats, variants)
    wanted = list(dict.fromkeys(invite_user_ids))
    if not wanted:
        raise LobbyRefused(_("Invite at least one classmate."))
    if len(wanted) > seats - 1:
        raise LobbyRefused(_("You invited more classmates than the game has seats."))
    if host.pk in wanted:
        raise LobbyRefused(_("Invite someone else!"))
    invited = Student.objects.filter(
        user_id__in=wanted, classroom_id=student.classroom_id, archived_at__isnull=True
    )
    if invited.count() != len(wanted):
        raise LobbyRefused(_("You can only invite classmates."))
    pupil_start_count(user=host)
    with transaction.atomic():
        earlier = Invitation.objects.select_for_update().filter(
            host=host, status=Invitation.Status.OPEN
        )
        for old in earlier:
            _cancel(old)
        invitation = Invitation.objects.create(
            classroom_id=student.classroom_id,
            host=host,
            game=game,
            seats=seats,
            variants=dict(variants or {}),
            clocks=clocks_of(clocks),
            bots=bots,
        )
        Invitee.objects.bulk_create(Invitee(invitation=invitation, user_id=uid) for uid in wanted)
        _tell(host.pk, *wanted)
    return invitation


def _cancel(invitation: Invitation) -> None:
    invitation.status = Invitation.Status.CANCELLED
    invitation.save(update_fields=["status"])
    _tell(*invitation.invites.values_list("user_id", flat=True))


def _players(invitation: Invitation) -> list[Player]:
    """The host first, then classmates in the order they accepted; the computer fills the rest."""
    accepted = invitation.invites.filter(status=Invitee.Status.ACCEPTED).order_by("answered_at")
    players: list[Player] = [invitation.host, *(invite.user for invite in accepted)]
    return players + [INVITATION_BOT] * (invitation.seats - len(players))


def _start(invitation: Invitation) -> Invitation:
    """Start the locked invitation; an accepted classmate who has left the class since is left
    out (the computer plays their seat, or it waits without bots), and a host who has left
    cancels it (LobbyRefused either way when it cannot start)."""
    accepted = invitation.invites.filter(status=Invitee.Status.ACCEPTED)
    gone = invitation_outsiders(
        classroom_id=invitation.classroom_id, users=[invitation.host, *(i.user for i in accepted)]
    )
    if gone:
        invitation.invites.filter(user_id__in=gone).update(
            status=Invitee.Status.DECLINED, answered_at=timezone.now()
        )
        if invitation.host_id in gone:
            _cancel(invitation)
            _tell(invitation.host_id)
            return invitation
        if not invitation.bots:
            _tell(invitation.host_id, *gone)
            return invitation
    invitation.match = match_create(
        game=invitation.game,
        classroom=invitation.classroom,
        players=_players(invitation),
        variants=invitation.variants,
        **clocks_of(invitation.clocks),
    )
    invitation.status = Invitation.Status.STARTED
    invitation.save(update_fields=["match", "status"])
    invitation.invites.filter(status=Invitee.Status.INVITED).update(
        status=Invitee.Status.DECLINED, answered_at=timezone.now()
    )
    people = [invitation.host_id, *invitation.invites.values_list("user_id", flat=True)]
    seated = {invitation.host_id} | set(
        invitation.invites.filter(status=Invitee.Status.ACCEPTED).values_list("user_id", flat=True)
    )
    for user_id in people:
        _tell(user_id, match=invitation.match if user_id in seated else None)
    return invitation


def invitation_answer(*, invitation_id: int, user: User, accept: bool) -> Invitation:
    """Accept or decline an invitation; the last seat taken starts the match."""
    _student(user)
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(pk=invitation_id).first()
        invite = (
            Invitee.objects.select_for_update()
            .filter(invitation_id=invitation_id, user=user, status=Invitee.Status.INVITED)
            .first()
        )
        if invitation is None or invite is None or invitation.status != Invitation.Status.OPEN:
            raise LobbyRefused(_("That invitation is no longer open."))
        gone = accept and invitation_outsiders(
            classroom_id=invitation.classroom_id, users=[invitation.host, user]
        )
        if gone:
            accept = False  # the invitation is answered, and nothing starts from it
            if invitation.host_id in gone:
                _cancel(invitation)
        invite.status = Invitee.Status.ACCEPTED if accept else Invitee.Status.DECLINED
        invite.answered_at = timezone.now()
        invite.save(update_fields=["status", "answered_at"])
        taken = 1 + invitation.invites.filter(status=Invitee.Status.ACCEPTED).count()
        if not gone and taken == invitation.seats:
            return _start(invitation)
        waiting = invitation.invites.filter(status=Invitee.Status.INVITED).exists()
        still_open = invitation.status == Invitation.Status.OPEN
        if still_open and not waiting and taken == 1 and not invitation.bots:
            _cancel(invitation)  # everyone said no: nothing is left to wait for
        _tell(invitation.host_id, user.pk)
    if gone:
        raise LobbyRefused(str(INVITATION_GONE))
    return invitation


def _hosted_open(invitation_id: int, host: User) -> Invitation:
    """The host's open invitation, locked; refused when it is not (any more)."""
    invitation = (
        Invitation.objects.select_for_update()
        .filter(pk=invitation_id, host=host, status=Invitation.Status.OPEN)
        .first()
    )
    if invitation is None:
        raise LobbyRefused(_("That invitation is no longer open."))
    return invitation


def invitation_start(*, invitation_id: int, host: User) -> Invitation:
    """The host starts now: the computer plays every seat not taken (if the invitation allows)."""
    _student(host)
    with transaction.atomic():
        invitation = _hosted_open(invitation_id, host)
        if not invitation.bots:
            raise LobbyRefused(_("This game waits until every seat is taken."))
        invitation = _start(invitation)
    if invitation.match is None:  # the host has left the class: the invitation is closed
        raise LobbyRefused(str(INVITATION_GONE))
    return invitation


def invitation_cancel(*, invitation_id: int, host: User) -> None:
    """The host takes the invitation back; invited classmates are told."""
    with transaction.atomic():
        _cancel(_hosted_open(invitation_id, host))
        _tell(host.pk)


def _what(invitation: Invitation) -> str:
    """What is played: the game, its level or variant, and its clock."""
    kind = kind_for(invitation.game)
    rules = kind.rules_options(invitation.variants, invitation.seats)
    return kind.invitation_text(rules, clocks_of(invitation.clocks)["clock_seconds"])


def invitations_for(user: User) -> dict[str, Any]:
    """The lobby's view of invitations: those to the user, the user's own open one, and the
    last answer to it (shown for a moment)."""
    invites = list(
        Invitee.objects.filter(
            user=user, status=Invitee.Status.INVITED, invitation__status=Invitation.Status.OPEN
        )
        .select_related("invitation__host__student")
        .order_by("-invitation__created_at")[:5]
    )
    own = (
        Invitation.objects.filter(host=user, status=Invitation.Status.OPEN)
        .prefetch_related("invites__user__student")
        .first()
    )
    mine = None
    if own is not None:
        rows = list(own.invites.all())
        mine = {
            "invitation": own,
            "label": kind_for(own.game).label,
            "what": _what(own),
            "accepted": [i.user.student.display_name for i in rows if i.status == "accepted"],
            "waiting": [i.user.student.display_name for i in rows if i.status == "invited"],
            "declined": [i.user.student.display_name for i in rows if i.status == "declined"],
            "taken": 1 + sum(i.status == "accepted" for i in rows),
        }
    recent = timezone.now() - timedelta(seconds=ANSWER_SHOWN_SECONDS)
    said_no = (
        Invitee.objects.filter(
            invitation__host=user, status=Invitee.Status.DECLINED, answered_at__gte=recent
        )
        .select_related("user__student")
        .order_by("-answered_at")
        .first()
    )
    notice = ""
    if said_no is not None and hasattr(said_no.user, "student"):
        notice = _("%(name)s said no this time.") % {"name": said_no.user.student.display_name}
    return {
        "invitations": [
            {
                "invitation": i.invitation,
                "host": i.invitation.host.student.display_name,
                "label": kind_for(i.invitation.game).label,
                "seats": i.invitation.seats,
                "what": _what(i.invitation),
            }
            for i in invites
        ],
        "my_invitation": mine,
        "notice": notice,
    }


def rematch_offers(*, match: Match, user: User) -> list[dict[str, Any]]:
    """The offers the game-over screen of `match` shows `user`: open invitations to them from
    someone who played in it, asked since it ended (a rematch), newest first. One the user has
    accepted stays, saying so, while it waits for the others. None while it is being played."""
    if match.status == Match.Status.PLAYING:
        return []
    players = match.seats.exclude(user=None).exclude(user=user).values("user_id")
    invites = (
        Invitee.objects.filter(
            user=user,
            status__in=[Invitee.Status.INVITED, Invitee.Status.ACCEPTED],
            invitation__status=Invitation.Status.OPEN,
            invitation__host_id__in=players,
            invitation__created_at__gte=match.finished_at or match.created_at,
        )
        .select_related("invitation__host__student")
        .order_by("-invitation__created_at")[:3]
    )
    return [
        {
            "invitation": i.invitation,
            "host": i.invitation.host.student.display_name,
            "what": _what(i.invitation),
            "accepted": i.status == Invitee.Status.ACCEPTED,
        }
        for i in invites
        if hasattr(i.invitation.host, "student")
    ]


def just_started_for(user: User) -> int | None:
    """The match an invitation `user` hosted started in the last moments, which they have not
    played in yet (the last classmate accepted while the host's lobby was loading), or None."""
    recent = timezone.now() - timedelta(seconds=ANSWER_SHOWN_SECONDS)
    return (
        Invitation.objects.filter(
            host=user,
            status=Invitation.Status.STARTED,
            invites__status=Invitee.Status.ACCEPTED,
            match__status=Match.Status.PLAYING,
            match__created_at__gte=recent,
        )
        .exclude(match__moves__user=user)
        .order_by("-match__created_at")
        .values_list("match_id", flat=True)
        .first()
    )


def pair_students(
    *,
    classroom: Classroom,
    teacher: User,
    students: list[Student],
    game: str = DEFAULT_GAME,
    variants: Mapping[str, Any] | None = None,
    clocks: Mapping[str, Any] | None = None,
    per_match: int = 2,
) -> list[Match]:
    """The teacher seats students in order, `per_match` at a match (with two: 1 with 2, 3 with
    4 …; with four the first and third play the second and fourth); students left over are
    seated with the computer in the empty seats. Refused as `lobby.check_pairable` says, or
    when the game is not played by `per_match` players or with these options."""
    if len({s.pk for s in students}) != len(students):
        raise LobbyRefused(_("Choose each student once."))
    _checked(game, per_match, variants)
    check_pairable(classroom=classroom, teacher=teacher, students=students)
    matches = []
    with transaction.atomic():
        for i in range(0, len(students), per_match):
            group: list[Player] = [s.user for s in students[i : i + per_match]]
            group += [INVITATION_BOT] * (per_match - len(group))
            matches.append(
                game_start(
                    host=teacher,
                    classroom=classroom,
                    players=group,
                    game=game,
                    variants=variants,
                    clocks=clocks,
                )
            )
        for match in matches:
            for seat in match.seats.all():
                if seat.user_id:
                    _tell(seat.user_id, match=match)
    return matches


def pair_everyone_present(
    *,
    classroom: Classroom,
    teacher: User,
    rng: random.Random | None = None,
    game: str = DEFAULT_GAME,
    variants: Mapping[str, Any] | None = None,
    clocks: Mapping[str, Any] | None = None,
    per_match: int = 2,
) -> list[Match]:
    """Random groups of the students online and not already playing, at any game; the ones
    left over play with the computer."""
    busy = set(
        Match.objects.filter(classroom=classroom, status=Match.Status.PLAYING).values_list(
            "seats__user_id", flat=True
        )
    )
    free = [s for s in lobby.online_students(classroom) if s.user_id not in busy]
    (rng or random.Random()).shuffle(free)
    if not free:
        return []
    return pair_students(
        classroom=classroom,
        teacher=teacher,
        students=free,
        game=game,
        variants=variants,
        clocks=clocks,
        per_match=per_match,
    )
