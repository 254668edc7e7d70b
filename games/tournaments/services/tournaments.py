"""Creating a tournament from the students present, attendance as it changes, ending it, and
the class's pairs to keep apart."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import Classroom, Student, User
from classrooms.permissions import student_is_current, teaches
from games.kinds import DEFAULT_GAME
from games.models import Match
from games.services import game_creatable, match_forfeit
from games.tournaments.models import Entrant, KeepApart, Pairing, Round, Tournament
from games.tournaments.services.common import (
    TournamentRefused,
    check_running,
    check_teacher,
    locked,
    on_commit_changed,
)
from games.tournaments.services.rounds import (
    arena_pair_waiting,
    pair_next_locked,
    tournament_finish,
)

Format = Tournament.Format


def tournament_create(
    *,
    teacher: User,
    classroom: Classroom,
    name: str,
    students: Sequence[Student],
    game: str = DEFAULT_GAME,
    variants: dict[str, Any] | None = None,
    clock_seconds: int | None = None,
    move_seconds: int | None = None,
    format: str = Format.SWISS,
    double: bool = False,
    third_place: bool = False,
    rounds: int | None = None,
    arena_minutes: int | None = None,
    streaks: bool = True,
    odd: str = Tournament.Odd.BYE,
) -> Tournament:
    """A tournament for `classroom` with `students` (those present) entered, not yet started.

    The form checks the settings' ranges; refused here: not the class's teacher, a game that
    cannot be played yet, fewer than two current students of the class, a Swiss without rounds
    or an arena without minutes.
    """
    if not teaches(teacher, classroom):
        raise TournamentRefused(_("You do not teach this class."))
    if not game_creatable(game):
        raise TournamentRefused(_("That game cannot be played in tournaments yet."))
    roster = {s.pk for s in students if s.classroom_id == classroom.pk and student_is_current(s)}
    if len(roster) != len(students) or len(roster) < 2:
        raise TournamentRefused(_("Tick at least two students of this class who are present."))
    if format == Format.SWISS and not rounds:
        raise TournamentRefused(_("Say how many rounds the Swiss has."))
    if format == Format.ARENA and not arena_minutes:
        raise TournamentRefused(_("Say how many minutes the arena lasts."))
    with transaction.atomic():
        t = Tournament.objects.create(
            classroom=classroom,
            name=name,
            created_by=teacher,
            game=game,
            variants=variants or {},
            clock_seconds=clock_seconds,
            move_seconds=move_seconds,
            format=format,
            double=double and format == Format.ROUND_ROBIN,
            third_place=third_place and format == Format.KNOCKOUT,
            rounds=rounds if format == Format.SWISS else None,
            arena_minutes=arena_minutes if format == Format.ARENA else None,
            streaks=streaks,
            odd=odd,
            seed=secrets.randbelow(2**62),
        )
        Entrant.objects.bulk_create(
            Entrant(tournament=t, student=s) for s in sorted(students, key=lambda s: s.pk)
        )
    return t


def entrant_add(
    *, teacher: User, tournament: Tournament, student: Student, now: datetime | None = None
) -> Entrant:
    """Enter a student who arrived: before the start as any other; later, in a Swiss with a
    half-point bye for each round already paired, in an arena waiting to be paired at once.

    Refused once a round robin or knockout has started (its schedule or bracket is drawn from
    those present at the start), and for someone already in or not of the class.
    """
    now = now or timezone.now()
    with transaction.atomic():
        t = locked(tournament)
        check_teacher(teacher, t)
        check_running(t)
        if student.classroom_id != t.classroom_id or not student_is_current(student):
            raise TournamentRefused(_("Add a student of this class."))
        if t.entrants.filter(student=student).exists():
            raise TournamentRefused(_("%(name)s is already in.") % {"name": student.display_name})
        started = t.status == Tournament.Status.RUNNING
        if started and t.format in (Format.ROUND_ROBIN, Format.KNOCKOUT):
            raise TournamentRefused(
                _("A round robin or knockout cannot take newcomers once it has started.")
            )
        entrant = Entrant.objects.create(tournament=t, student=student, late=started)
        if started and t.format == Format.SWISS:
            for row in t.round_set.all():
                board = (row.pairings.aggregate(top=Max("board"))["top"] or 0) + 1
                Pairing.objects.create(round=row, board=board, first=entrant, bye=Pairing.Bye.HALF)
        if started and t.format == Format.ARENA:
            arena_pair_waiting(t, now)
        on_commit_changed(t)
    return entrant


def entrant_withdraw(*, teacher: User, entrant: Entrant, now: datetime | None = None) -> None:
    """A student leaves: never paired again; a match of theirs in play goes to the opponent,
    and a round paired but not started is paired again without them. Results stay."""
    now = now or timezone.now()
    with transaction.atomic():
        t = locked(entrant.tournament_id)
        check_teacher(teacher, t)
        check_running(t)
        entrant = Entrant.objects.select_related("student__user").get(pk=entrant.pk)
        if entrant.withdrawn:
            return
        entrant.withdrawn_at = now
        entrant.save(update_fields=["withdrawn_at"])
        playing = Pairing.objects.filter(
            Q(first=entrant) | Q(second=entrant),
            round__tournament=t,
            outcome="",
            match__status=Match.Status.PLAYING,
        )
        for row in playing.select_related("match"):
            match_forfeit(match=row.match, player=entrant.student.user, now=now)
        paired = t.round_set.filter(status=Round.Status.PAIRED).first()
        if paired is not None:
            paired.delete()
            # Paired again without them; with too few left the teacher decides what next.
            with contextlib.suppress(TournamentRefused), transaction.atomic():
                pair_next_locked(t)
        on_commit_changed(t)


def tournament_end(*, teacher: User, tournament: Tournament, now: datetime | None = None) -> None:
    """End the tournament now: no more pairings; games in play still count when they finish."""
    now = now or timezone.now()
    with transaction.atomic():
        t = locked(tournament)
        check_teacher(teacher, t)
        check_running(t)
        tournament_finish(t, now)
        on_commit_changed(t)


def keep_apart_add(*, teacher: User, classroom: Classroom, a: Student, b: Student) -> KeepApart:
    """Keep two students of the class apart in the class's tournaments (Swiss and arena)."""
    if not teaches(teacher, classroom):
        raise TournamentRefused(_("You do not teach this class."))
    if a.pk == b.pk or {a.classroom_id, b.classroom_id} != {classroom.pk}:
        raise TournamentRefused(_("Choose two different students of this class."))
    low, high = sorted((a, b), key=lambda s: s.pk)
    with transaction.atomic():
        pair, _created = KeepApart.objects.get_or_create(classroom=classroom, low=low, high=high)
    return pair


def keep_apart_remove(*, teacher: User, pair: KeepApart) -> None:
    if not teaches(teacher, pair.classroom):
        raise TournamentRefused(_("You do not teach this class."))
    with transaction.atomic():
        pair.delete()
