from django.apps import AppConfig


class CardWarKindConfig(AppConfig):
    """The card war's kind as an app: its templates and template tags live in its package."""

    name = "games.kinds.cardwar"
    label = "games_cardwar"
