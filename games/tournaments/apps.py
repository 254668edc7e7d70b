from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "games.tournaments"
    label = "tournaments"
    verbose_name = _("Class tournaments")

    def ready(self) -> None:
        from games.tournaments import receivers  # noqa: F401  (connects match_finished)
