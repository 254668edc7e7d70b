"""The shared vocabulary: each name defined once, and one operator table every reader follows."""

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from games.rules import cardwar, common, expressions, solver, warriors
from games.rules.cardwar import values as cardwar_values
from games.rules.common import (
    OPERATORS,
    TYPED_OPERATORS,
    IllegalMove,
    Outcome,
    RuleError,
    SeededSource,
    operator_codes,
    seeded_random,
)

RULES = Path(common.__file__).parent
SHARED = {"RuleError", "IllegalMove", "Outcome", "SeededSource", "seeded_random", "gettext_noop"}


def modules() -> dict[str, ast.Module]:
    return {
        str(path.relative_to(RULES)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(RULES.rglob("*.py"))
    }


def docstrings(tree: ast.Module) -> set[int]:
    """ids of the string constants that are docstrings (prose may show × and ÷)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


# --- defined once ------------------------------------------------------------------------------


def test_both_games_share_one_illegal_move_one_outcome_and_one_seeded_source():
    assert warriors.IllegalMove is cardwar.IllegalMove is common.IllegalMove
    assert warriors.Outcome is cardwar.Outcome is common.Outcome
    assert cardwar.SeededSource is common.SeededSource
    assert issubclass(IllegalMove, RuleError)
    assert issubclass(expressions.ExpressionError, RuleError)


def test_each_shared_name_is_defined_only_in_common():
    defined: dict[str, list[str]] = {}
    for name, tree in modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef | ast.FunctionDef) and node.name in SHARED:
                defined.setdefault(node.name, []).append(name)
    assert defined == {shared: ["common.py"] for shared in SHARED}


def test_both_games_return_the_shared_outcome_and_refuse_with_the_shared_error():
    assert isinstance(warriors.start_game(1), Outcome)
    assert isinstance(cardwar.start(1, 2, cardwar.Options()), Outcome)
    with pytest.raises(IllegalMove):
        warriors.action_from_json({"type": "dance"})
    with pytest.raises(IllegalMove):
        cardwar.action_from_json({"type": "dance"})


def test_only_common_makes_random_generators():
    makers = []
    for name, tree in modules().items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("Random", "sha256")
            ):
                makers.append(name)
    assert set(makers) == {"common.py"}


# --- seeded randomness -------------------------------------------------------------------------


def test_seeded_draws_depend_only_on_their_parts_and_salt():
    draws = [seeded_random(7, n, salt="cardwar").random() for n in range(5)]
    assert draws == [seeded_random(7, n, salt="cardwar").random() for n in range(5)]
    assert draws != [seeded_random(7, n, salt="cardwar-bot").random() for n in range(5)]
    assert draws != [seeded_random(7, n, salt=None).random() for n in range(5)]
    assert draws != [seeded_random(8, n, salt="cardwar").random() for n in range(5)]


def test_a_seeded_source_continues_from_its_count_as_if_it_had_never_stopped():
    whole = SeededSource("s", salt="cardwar")
    first = [whole.integer(1, 100) for _ in range(3)], whole.shuffle(range(10))
    rest = whole.integer(1, 100), whole.shuffle("abcdef")
    resumed = SeededSource("s", 4, salt="cardwar")
    assert whole.used == 6
    assert (resumed.integer(1, 100), resumed.shuffle("abcdef")) == rest
    assert sorted(first[1]) == list(range(10))
    assert resumed.used == 6


# --- the operator table ------------------------------------------------------------------------


def test_the_table_has_the_four_operations_in_their_usual_order():
    assert "".join(OPERATORS) == "+-*/"
    assert [op.symbol for op in OPERATORS.values()] == ["+", "−", "×", "÷"]
    assert [op.compute(Fraction(12), Fraction(4)) for op in OPERATORS.values()] == [16, 8, 48, 3]
    assert TYPED_OPERATORS == {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "/": "/", "÷": "/"}


def test_operator_codes_reads_either_form_and_refuses_other_characters():
    assert operator_codes("÷×") == "*/"
    assert operator_codes("/-+*−") == "+-*/"
    with pytest.raises(ValueError, match="unknown operator"):
        operator_codes("+x")


@pytest.mark.parametrize("op", OPERATORS.values(), ids=lambda op: op.name)
def test_the_parser_and_printer_follow_the_table(op):
    expected = op.compute(Fraction(12), Fraction(4))
    assert expressions.evaluate(f"12 {op.code} 4") == expected
    assert expressions.evaluate(f"12{op.symbol}4") == expected
    assert expressions.to_text(expressions.parse(f"12 {op.code} 4")) == f"12 {op.symbol} 4"
    assert expressions.to_text(expressions.parse(f"12 {op.symbol} 4"), unicode=False) == (
        f"12 {op.code} 4"
    )


@pytest.mark.parametrize("op", OPERATORS.values(), ids=lambda op: op.name)
def test_the_solver_reads_operators_through_the_table(op):
    target = op.compute(Fraction(12), Fraction(4))
    text = solver.solve([12, 4], target, ops=op.symbol)
    assert text is not None and op.symbol in text
    assert expressions.evaluate(text) == target
    assert solver.solve([12, 4], target, ops=op.symbol) == solver.solve(
        [12, 4], target, ops=op.code
    )


@pytest.mark.parametrize("op", OPERATORS.values(), ids=lambda op: op.name)
def test_the_card_war_shows_and_names_operators_from_the_table(op):
    value = op.compute(Fraction(12), Fraction(4))
    assert cardwar.candidates(5, 12, 4)[value] == f"12 {op.symbol} 4"
    choice = cardwar_values.read_choice(5, 12, 4, f"12 {op.code} 4")
    assert (choice.op, choice.operation, choice.value) == (op.code, op.name, value)


def test_warriors_names_the_allowed_operators_with_the_tables_symbols():
    state = warriors.new_game(3, warriors.Variants(times_divide=True))
    player = state.to_move
    preview = warriors.mind_preview(state, player, "1 + 2 − 3")
    assert isinstance(preview.error, IllegalMove)
    assert preview.error.params == {"allowed": "× ÷"}
    assert preview.error.position == 2


def test_no_module_but_common_spells_an_operator_table():
    """No other dict keyed by operators, and × ÷ only in prose outside common."""
    operator_chars = set(TYPED_OPERATORS)
    offenders = []
    for name, tree in modules().items():
        if name == "common.py":
            continue
        prose = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if len(keys & operator_chars) >= 2:
                    offenders.append((name, node.lineno, "dict keyed by operators"))
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in prose
                and {"×", "÷"} & set(node.value)
            ):
                offenders.append((name, node.lineno, node.value))
    assert offenders == []
