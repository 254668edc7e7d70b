"""Play again: the same game with the same settings, at once against the computer, or offered
to the same classmates as an invitation (the one way any game starts)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.permissions import student_is_current, student_of
from games.models import Match
from games.services.guided import guided_match_create
from games.services.invitations import game_start, invitation_create
from games.services.lobby import LobbyRefused, pupil_start_count
from games.services.matches import CANNOT_PLAY


def rematch_create(*, match: Match, user: User) -> Match | None:
    """`user`'s game again: a new match when every other seat is the computer's (returned), or
    an invitation to the classmates who played (None: they answer on the game-over screen they
    are still on, or in their lobby).

    Refused (LobbyRefused) for anyone not seated in it, before it is over, and for a pupil who
    is no longer a current student of the class it was played in.
    """
    seats = list(match.seats.order_by("index"))
    if user.pk not in {s.user_id for s in seats}:
        raise LobbyRefused(_("You did not play in that game."))
    if match.status == Match.Status.PLAYING:
        raise LobbyRefused(_("Finish this game first."))
    student = student_of(user)
    if student is None or not student_is_current(student):
        raise LobbyRefused(str(CANNOT_PLAY))
    if student.classroom_id != match.classroom_id:
        raise LobbyRefused(_("That game was played in another class."))
    if match.options.get("guided"):
        pupil_start_count(user=user)
        return guided_match_create(student=student, game=match.game)
    others = [s.user_id for s in seats if s.user_id and s.user_id != user.pk]
    variants = dict(match.variants)
    clocks = {
        "clock_seconds": match.options.get("clock_seconds"),
        "move_seconds": match.options.get("move_seconds"),
    }
    if others:
        invitation_create(
            host=user,
            invite_user_ids=others,
            game=match.game,
            seats=len(seats),
            variants=variants,
            clocks=clocks,
            bots=any(s.bot_level for s in seats),
        )
        return None
    pupil_start_count(user=user)
    return game_start(
        host=user,
        game=match.game,
        classroom=student.classroom,
        players=[user if s.user_id else s.bot_level for s in seats],
        variants=variants,
        clocks=clocks,
    )
