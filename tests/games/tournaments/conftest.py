"""Factories for stored tournaments, and finishing their matches as the students would."""

import pytest

from games.models import Match
from games.services import match_resign
from games.tournaments import services
from games.tournaments.models import Pairing, Round, Tournament


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run on-commit work (the match_finished signal, the broadcasts) as a real commit would."""

    def run():
        return django_capture_on_commit_callbacks(execute=True)

    return run


@pytest.fixture
def make_tournament(teacher, classroom, make_student):
    def make(n: int = 4, *, students=None, **settings) -> Tournament:
        students = students or [make_student(f"Pupil {chr(65 + i)}") for i in range(n)]
        settings.setdefault("format", Tournament.Format.SWISS)
        if settings["format"] == Tournament.Format.SWISS:
            settings.setdefault("rounds", 3)
        return services.tournament_create(
            teacher=teacher, classroom=classroom, name="Friday cup", students=students, **settings
        )

    return make


def current_round(tournament: Tournament) -> Round:
    return tournament.round_set.order_by("-number").first()


def games(row: Round) -> list[Pairing]:
    return list(row.pairings.filter(bye="").select_related("first__student", "second__student"))


def finish(entry: Pairing, winner: str = "first") -> None:
    """End the pairing's match: the loser resigns (a game with the bot: the student loses)."""
    entry.refresh_from_db()
    loser = entry.second if winner == "first" else entry.first
    if loser is None:
        loser = entry.first or entry.second
    match_resign(match=entry.match, player=loser.student.user)


def play_round(teacher, tournament: Tournament, on_commit, winner: str = "first") -> Round:
    """Pair and start the next round, and finish every game in it."""
    services.round_pair(teacher=teacher, tournament=tournament)
    row = services.round_start(teacher=teacher, tournament=tournament)
    with on_commit():
        for entry in games(row):
            finish(entry, winner)
    row.refresh_from_db()
    return row


def finished_matches(tournament: Tournament) -> int:
    return Match.objects.filter(
        pairing__round__tournament=tournament, status=Match.Status.FINISHED
    ).count()
