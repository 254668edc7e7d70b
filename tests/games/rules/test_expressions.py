"""Expressions as children type them: reading, exact values, errors with positions, printing."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.common import RuleError
from games.rules.expressions import (
    MAX_DEPTH,
    MAX_LENGTH,
    MAX_NUMBERS,
    BinOp,
    ExpressionError,
    Num,
    check_numbers,
    evaluate,
    evaluate_tree,
    leaf_value,
    leaves,
    operators,
    parse,
    to_text,
)


def error_of(text: str, *, powers: bool = False) -> ExpressionError:
    with pytest.raises(ExpressionError) as info:
        evaluate(text, powers=powers)
    return info.value


# Reading and exact values


def test_times_and_divide_bind_tighter_than_plus_and_minus():
    assert evaluate("1 + 2 * 3") == 7
    assert evaluate("10 - 6 / 2") == 7


def test_same_level_goes_left_to_right():
    assert evaluate("8 / 2 / 2") == 2
    assert evaluate("10 - 3 - 2") == 5
    assert evaluate("8 / 2 * 2") == 8


def test_brackets_come_first():
    assert evaluate("(1 + 2) * 3") == 9
    assert evaluate("2 * (3 + (4 - 1))") == 12


def test_fractions_in_the_middle_are_exact():
    assert evaluate("5 ÷ 3 × 6") == 10
    assert evaluate("10 ÷ (1 − 1 ÷ 2)") == 20
    assert evaluate("1 / 3") == Fraction(1, 3)


def test_negatives_in_the_middle_are_allowed():
    assert evaluate("2 − 5 + 8") == 5
    assert evaluate("3 - 7") == -4


def test_unicode_and_ascii_operators_mean_the_same():
    assert evaluate("6 × 2 ÷ 3 − 1") == evaluate("6 * 2 / 3 - 1") == 3


def test_spaces_are_optional():
    assert evaluate("  ( 1+2 )*3 ") == evaluate("(1+2)*3")


def test_evaluate_returns_a_fraction():
    assert isinstance(evaluate("4"), Fraction)


def test_expression_error_is_a_translatable_value_error():
    err = error_of("3 +")
    assert isinstance(err, RuleError)
    assert isinstance(err, ValueError)
    assert err.template == "there is nothing after %(symbol)s"
    assert err.params == {"symbol": "+"}


# Refusals, each with its message and position


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("", "type a calculation", 0),
        ("   ", "type a calculation", 0),
        ("3 4", "put a sign between 3 and 4", 2),
        ("34+", "there is nothing after +", 2),
        ("(3 + 7", "a bracket is missing after 7", 6),
        ("3 + 4)", "this bracket was never opened", 5),
        (")", "this bracket was never opened", 0),
        ("3 x 4", "unknown symbol 'x'", 2),
        ("-3 + 4", "there is nothing before -", 0),
        ("3 × −4", "put a number between × and −", 4),
        ("(−4)", "put a number between ( and −", 1),
        ("()", "there is nothing inside these brackets", 0),
        ("3 (4)", "put a sign before this bracket", 2),
        ("(3) 4", "put a sign between ) and 4", 4),
        ("3 + )", "put a number between + and )", 4),
        ("1.5 + 2", "use whole numbers only, without a decimal point", 1),
        ("07 + 1", "write 7 without the 0 in front", 0),
    ],
)
def test_unreadable_text_is_refused_with_a_message_and_position(text, message, position):
    err = error_of(text)
    assert (str(err), err.position) == (message, position)


def test_no_unary_minus_even_in_brackets():
    assert error_of("2 * (-3)").position == 5


def test_division_by_zero_is_refused_at_the_operator():
    err = error_of("1 + 6 / (2 - 2)")
    assert (str(err), err.position) == ("you can't divide by zero", 6)


def test_division_by_zero_in_the_middle_is_refused_even_if_multiplied_away():
    assert str(error_of("(1 / 0) * 0")) == "you can't divide by zero"


def test_too_long_text_is_refused():
    err = error_of("1" * (MAX_LENGTH + 1))
    assert err.template.startswith("this calculation is too long")
    assert err.params == {"limit": MAX_LENGTH}


def test_too_deep_brackets_are_refused_at_the_bracket():
    text = "(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1)
    err = error_of(text)
    assert err.template.startswith("too many brackets")
    assert err.position == MAX_DEPTH


def test_max_depth_brackets_are_fine():
    assert evaluate("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH) == 1


def test_too_many_numbers_are_refused():
    text = "+".join(["1"] * (MAX_NUMBERS + 1))
    err = error_of(text)
    assert err.template.startswith("too many numbers")
    assert err.position == 2 * MAX_NUMBERS


# Powers


def test_powers_square_with_superscript_or_caret_and_root_before_a_number():
    assert evaluate("3² + √16", powers=True) == 13
    assert evaluate("3^2 - 1", powers=True) == 8


def test_powers_are_refused_unless_the_game_allows_them():
    for text in ("3²", "3^2", "√9"):
        assert str(error_of(text)) == "squares and square roots are not allowed in this game"


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("√8", "√ works only on square numbers like 4, 9, 16; 8 is not one", 0),
        ("(1 + 2)²", "² works only on a number, not on a bracket", 7),
        ("√(4)", "√ works only on a number, not on a bracket", 0),
        ("3²²", "use only one ² or √ on each number", 2),
        ("√4²", "use only one ² or √ on each number", 2),
        ("√√16", "use only one ² or √ on each number", 1),
        ("3 ²", "write ² right after the number, with no space", 2),
        ("√ 9", "write √ right before the number, with no space", 0),
        ("3^3", "only ^2 (squaring) is allowed after a number", 1),
        ("3^23", "only ^2 (squaring) is allowed after a number", 1),
        ("² + 1", "² must come right after a number", 0),
        ("2 + √", "there is nothing after √", 4),
    ],
)
def test_powers_misuse_is_refused_with_a_message(text, message, position):
    err = error_of(text, powers=True)
    assert (str(err), err.position) == (message, position)


def test_leaf_value_applies_the_power():
    tree = parse("3² + √16 + 5", powers=True)
    assert [leaf_value(n) for n in leaves(tree)] == [9, 4, 5]
    assert [n.power for n in leaves(tree)] == ["square", "sqrt", None]


# The tree


def test_tree_records_numbers_with_spans_and_normalised_operators():
    tree = parse("12 × (3 − 4)")
    assert tree == BinOp("*", Num(12), BinOp("-", Num(3), Num(4)))
    assert [(n.value, n.start, n.end) for n in leaves(tree)] == [(12, 0, 2), (3, 6, 7), (4, 10, 11)]
    assert operators(tree) == {"*", "-"}


def test_evaluate_tree_works_on_trees_built_in_code():
    assert evaluate_tree(BinOp("/", Num(1), Num(3))) == Fraction(1, 3)
    with pytest.raises(ExpressionError):
        evaluate_tree(BinOp("/", Num(1), Num(0)))


# Printing back


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("((1+2))", "1 + 2"),
        ("(1*2)+3", "1 × 2 + 3"),
        ("1+(2+3)", "1 + 2 + 3"),
        ("1-(2+3)", "1 − (2 + 3)"),
        ("1-(2-3)", "1 − (2 − 3)"),
        ("(1-2)-3", "1 − 2 − 3"),
        ("2*(3*4)", "2 × 3 × 4"),
        ("2/(3*4)", "2 ÷ (3 × 4)"),
        ("(2+3)*4", "(2 + 3) × 4"),
        ("2*(3/4)", "2 × 3 ÷ 4"),
        ("10/(1-1/2)", "10 ÷ (1 − 1 ÷ 2)"),
    ],
)
def test_printing_uses_the_fewest_brackets(text, printed):
    assert to_text(parse(text)) == printed


def test_printing_in_ascii():
    assert to_text(parse("(7 − 2) × 3 ÷ 4² + √9", powers=True), unicode=False) == (
        "(7 - 2) * 3 / 4^2 + √9"
    )


# Numbers must be dice


def test_check_numbers_maps_leaves_to_distinct_dice_first_match_first():
    assert check_numbers(parse("3 + 3 × 5"), [5, 3, 3, 1]) == (1, 2, 0)


def test_check_numbers_refuses_a_missing_value_at_the_number():
    with pytest.raises(ExpressionError) as info:
        check_numbers(parse("2 + 34"), [2, 3, 4])
    assert (str(info.value), info.value.position) == ("there is no die showing 34", 4)


def test_check_numbers_refuses_a_die_used_twice():
    with pytest.raises(ExpressionError) as info:
        check_numbers(parse("3 + 3"), [3, 5])
    assert str(info.value) == "a die can be used only once: only one die shows 3"
    assert info.value.position == 4
    with pytest.raises(ExpressionError) as info:
        check_numbers(parse("3 + 3 + 3"), [3, 3])
    assert str(info.value) == "a die can be used only once: only 2 dice show 3"


def test_check_numbers_uses_the_typed_number_not_its_power():
    assert check_numbers(parse("√9 + 2²", powers=True), [2, 9]) == (1, 0)


# Properties

_ALPHABET = "0123456789+-*/×÷−()²^√ x."


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=40), st.booleans())
def test_any_text_gives_a_fraction_or_an_expression_error(text, powers):
    try:
        value = evaluate(text, powers=powers)
    except ExpressionError as err:
        assert err.position is None or 0 <= err.position <= len(text)
    else:
        assert isinstance(value, Fraction)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_any_unicode_text_gives_a_fraction_or_an_expression_error(text):
    try:
        value = evaluate(text, powers=True)
    except ExpressionError:
        return
    assert isinstance(value, Fraction)


def _trees(powers: bool):
    def num():
        return st.builds(
            Num,
            st.integers(0, 30),
            power=st.sampled_from([None, "square", "sqrt"] if powers else [None]),
        ).map(lambda n: Num(n.value**2, power="sqrt") if n.power == "sqrt" else n)

    return st.recursive(
        num(),
        lambda inner: st.builds(BinOp, st.sampled_from("+-*/"), inner, inner),
        max_leaves=8,
    )


@settings(max_examples=200, deadline=None)
@given(st.booleans().flatmap(lambda p: st.tuples(st.just(p), _trees(p))))
def test_printing_then_reading_gives_the_same_value_and_numbers(case):
    powers, tree = case
    for unicode in (True, False):
        text = to_text(tree, unicode=unicode)
        reread = parse(text, powers=powers)
        assert leaves(reread) == leaves(tree)
        try:
            expected = evaluate_tree(tree)
        except ExpressionError:
            with pytest.raises(ExpressionError):
                evaluate_tree(reread)
        else:
            assert evaluate_tree(reread) == expected
        assert to_text(reread, unicode=unicode) == text


_typed_texts = st.recursive(
    st.sampled_from(["1", "2", "3", "12", "0"]),
    lambda inner: st.tuples(inner, st.sampled_from("+-−*×/÷"), inner, st.booleans()).map(
        # Bracketed or not: unbracketed joins let precedence regroup, as when a child types.
        lambda t: f"({t[0]}{t[1]}{t[2]})" if t[3] else f"{t[0]} {t[1]} {t[2]}"
    ),
    max_leaves=10,
)


@settings(max_examples=200, deadline=None)
@given(_typed_texts)
def test_typed_text_printed_back_reads_the_same(text):
    tree = parse(text)
    printed = to_text(tree)
    assert leaves(parse(printed)) == leaves(tree)
    try:
        value = evaluate(text)
    except ExpressionError as err:
        assert str(err) == "you can't divide by zero"
        with pytest.raises(ExpressionError):
            evaluate(printed)
    else:
        assert evaluate(printed) == value
