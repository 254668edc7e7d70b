"""Factories for matches: two students of one class, or a student and the computer."""

import pytest

from games.kinds.warriors import engine
from games.models import Match
from games.services import match_create


@pytest.fixture
def two_students(make_student):
    return make_student("Ada"), make_student("Ben")


@pytest.fixture
def make_match(classroom, two_students):
    def make(*, players=None, variants=None, seed=7, **kwargs) -> Match:
        players = players or [s.user for s in two_students]
        return match_create(
            classroom=classroom, players=players, variants=variants, seed=seed, **kwargs
        )

    return make


def state_of(match: Match) -> engine.State:
    match.refresh_from_db()
    return engine.load(match.state)


def legal_action(match: Match) -> dict:
    """A legal move for whoever is to move, as the browser would send it."""
    state = state_of(match)
    captures = engine.warriors.legal_captures(state, state.to_move)
    if not captures:
        return {"kind": "skip"}
    capture = captures[0]
    if capture.kind == "strength":
        return {"kind": "strength", "attacker": capture.attacker, "target": capture.target}
    return {"kind": "mind", "expression": capture.expression, "target": capture.target}


def mover(match: Match):
    state = state_of(match)
    return match.seats.get(index=state.to_move).user
