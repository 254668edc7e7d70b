from django.apps import AppConfig


class WarriorsKindConfig(AppConfig):
    """Maths Warriors' kind as an app: its templates live in its package."""

    name = "games.kinds.warriors"
    label = "games_warriors"
