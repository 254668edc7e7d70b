"""The entry points outside checks rely on stay at their paths with their documented signatures."""

import importlib
import inspect
from fractions import Fraction

import pytest

from games.rules import cardwar, warriors

ENTRY_POINTS = {
    "games.rules.expressions.evaluate": "(text: 'str', *, powers: 'bool' = False) -> 'Fraction'",
    "games.rules.solver.solve": (
        "(values: 'Sequence[int]', target: 'int | Fraction', *, use_all: 'bool' = False,"
        " ops: 'str' = '+-*/', min_values: 'int' = 2, max_values: 'int | None' = None,"
        " powers: 'bool' = False) -> 'str | None'"
    ),
    "games.rules.warriors.first_player": (
        "(values_a: 'Sequence[int]', values_b: 'Sequence[int]') -> 'int | None'"
    ),
    "games.rules.cardwar.candidates": "(level: 'int', a: 'int', b: 'int') -> 'dict[Fraction, str]'",
}


@pytest.mark.parametrize("path", ENTRY_POINTS)
def test_entry_point_keeps_its_path_and_signature(path):
    module, name = path.rsplit(".", 1)
    function = getattr(importlib.import_module(module), name)
    assert str(inspect.signature(function)) == ENTRY_POINTS[path]


def test_entry_points_keep_their_meaning():
    from games.rules.expressions import ExpressionError, evaluate
    from games.rules.solver import solve

    assert evaluate("2 × (3 + 4) − 10 ÷ 5") == 12
    assert evaluate("3² + √16", powers=True) == 13
    assert issubclass(ExpressionError, ValueError)
    with pytest.raises(ExpressionError):
        evaluate("-3")
    assert evaluate(solve([2, 3, 7], 23)) == 23
    assert solve([2, 3], 100) is None
    assert warriors.first_player([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 7]) == 0
    assert warriors.first_player([3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3]) is None
    assert cardwar.candidates(3, 6, 3) == {Fraction(2): "6 ÷ 3", Fraction(1, 2): "3 ÷ 6"}


def test_a_game_is_played_through_its_package():
    state = warriors.new_game(5)
    outcome = warriors.apply(state, warriors.Skip(state.to_move))
    assert outcome.state.ply == 1
    game = cardwar.new_game(5, 2, cardwar.Options())
    assert cardwar.awaited(game) == (0, 1)
