"""What games does when classrooms change who may play or watch (see classrooms/signals.py).

Connected by `GamesConfig.ready`; classrooms sends the signals without knowing games exists.
"""

from django.dispatch import receiver

from classrooms.signals import access_revoked, student_archived, student_erasing
from games.services import player_games_erase, player_matches_forfeit
from games.services.broadcast import on_commit_user_event


@receiver(student_archived, dispatch_uid="games.forfeit_archived")
def _forfeit_matches(sender, *, user, **kwargs) -> None:
    """An archived student cannot move again: their live matches go to the opponent."""
    player_matches_forfeit(user=user)


@receiver(student_erasing, dispatch_uid="games.erase_player")
def _erase_games(sender, *, user, **kwargs) -> None:
    player_games_erase(user=user)


@receiver(access_revoked, dispatch_uid="games.sockets_recheck")
def _sockets_recheck(sender, *, user_ids, **kwargs) -> None:
    """Every open socket of these users checks its access again once the change commits."""
    for user_id in user_ids:
        on_commit_user_event(user_id=user_id, message={"type": "access.changed"})
