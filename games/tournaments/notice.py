"""What a student hears of their tournament outside its own pages: the few seconds' notice when
a round starts (which round, whom they play; sent by every socket a student may have open), and
the tournament panel of a tournament match's page."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse

from classrooms.models import User
from classrooms.permissions import student_of
from games.models import Match
from games.tournaments import selectors
from games.tournaments.models import Pairing, Tournament

NOTICE_SECONDS = 5  # long enough to read the round and the opponent, short enough not to wait


def round_notice(*, match_id: int, user_id: int) -> str:
    """The notice as an out-of-band fragment for `#round-notice`; "" for a match of no round
    or a user not seated in it."""
    entry = (
        Pairing.objects.select_related("round", "first__student", "second__student")
        .filter(match_id=match_id)
        .first()
    )
    if entry is None:
        return ""
    seats = [entry.first, entry.second]
    mine = [i for i, e in enumerate(seats) if e is not None and e.student.user_id == user_id]
    if not mine:
        return ""
    other = seats[1 - mine[0]]
    context = {
        "round": entry.round.number,
        "opponent": None if other is None else other.student.display_name,
        "goto": reverse("games:match", args=[match_id]),
        "seconds": NOTICE_SECONDS,
    }
    return render_to_string("tournaments/_round_notice.html", context)


def match_round(match_id: int) -> tuple[int, int] | None:
    """(tournament id, round number) of a tournament match; None for an ordinary match."""
    return (
        Pairing.objects.filter(match_id=match_id)
        .values_list("round__tournament_id", "round__number")
        .first()
    )


def match_panel(*, match_id: int, user: User, stamp: int | None = None, oob: bool = False) -> str:
    """The tournament panel of a tournament match's page: which tournament and round, and, for
    a student of it once the game is over, what comes next (the round goes on, a bye, the next
    opponent, the final standings). "" for an ordinary match."""
    found = match_round(match_id)
    if found is None:
        return ""
    tournament = Tournament.objects.select_related("classroom").get(pk=found[0])
    finished = Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).exists()
    student = student_of(user)
    me = None
    if student is not None and tournament.entrants.filter(student=student).exists():
        view = selectors.shared_board_view(tournament, False, stamp)
        me = selectors.student_view(tournament, student, view)
    context = {
        "tournament": tournament,
        "round_number": found[1],
        "finished": finished,
        "me": me,
        "here": match_id,
        "oob": oob,
    }
    return render_to_string("tournaments/_match_next.html", context)
