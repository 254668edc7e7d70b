"""What tournaments do when a match finishes (games sends `match_finished` after the commit)."""

from django.dispatch import receiver

from games.signals import match_finished
from games.tournaments.services import pairing_result_record


@receiver(match_finished, dispatch_uid="tournaments.result_record")
def _result_record(sender, *, match_id: int, **kwargs) -> None:
    pairing_result_record(match_id=match_id)
