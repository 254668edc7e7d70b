from django.apps import AppConfig


class MakeNumberKindConfig(AppConfig):
    """The test game's kind as an app: its board template lives in its package."""

    name = "tests.games.make_number"
    label = "make_number_kind"
