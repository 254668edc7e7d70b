"""What every tournament service shares: the refusal, the row lock, the teacher check, the news."""

from __future__ import annotations

import time

from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.permissions import teaches
from games.rules.common import RuleError
from games.services.broadcast import on_commit_group_event, on_commit_user_event
from games.tournaments.models import Tournament


class TournamentRefused(Exception):
    """A tournament action the server refused; `message` is translated and safe to show."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def refused_by_rules(err: RuleError) -> TournamentRefused:
    """The pure modules' refusal in the user's language."""
    text = _(err.template) % err.params if err.params else _(err.template)
    return TournamentRefused(text[:1].upper() + text[1:] + ".")


def locked(tournament: Tournament | int) -> Tournament:
    """The tournament's row, locked: every change to one tournament happens one at a time."""
    pk = tournament if isinstance(tournament, int) else tournament.pk
    return Tournament.objects.select_for_update().select_related("classroom").get(pk=pk)


def check_teacher(teacher: User, tournament: Tournament) -> None:
    if not teaches(teacher, tournament.classroom):
        raise TournamentRefused(_("You do not teach this class."))


def check_running(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentRefused(_("This tournament is over."))


def on_commit_changed(tournament: Tournament) -> None:
    """After commit: the tournament's screens (teacher, projector, students) show it again."""
    # The stamp names this change: every socket of a server process renders the same view for
    # it, so the process computes the standings once per change, not once per socket.
    message = {"type": "tournament.changed", "stamp": time.time_ns()}
    on_commit_group_event(group=tournament.group_name, message=message)


def on_commit_match_ready(*, user_id: int, match_id: int, round_number: int) -> None:
    """After commit: wherever the student is (lobby, a game-over page), they are told the round
    has started and taken to their match."""
    message = {"type": "match.ready", "match": match_id, "round": round_number}
    on_commit_user_event(user_id=user_id, message=message)
