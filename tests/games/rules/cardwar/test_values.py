"""Card war arithmetic: card values, the values each level allows, best choices, answers."""

from decimal import Decimal
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import expressions
from games.rules.cardwar.options import Options, OptionsError, card_value
from games.rules.cardwar.values import (
    AnswerError,
    ChoiceError,
    answer_matches,
    best_value,
    candidates,
    distance,
    is_best,
    parse_answer,
    read_choice,
)

# --- card values -------------------------------------------------------------------------------


def test_card_values_ace_one_face_value_and_pictures_eleven_to_thirteen():
    o = Options()
    values = [card_value(c, o) for c in ("AS", "2H", "10D", "JC", "QS", "KH")]
    assert values == [1, 2, 10, 11, 12, 13]


def test_ace_high_option_makes_the_ace_fourteen():
    assert card_value("AS", Options(ace_high=True)) == 14


def test_pictures_ten_option_makes_jack_queen_king_ten():
    o = Options(pictures_ten=True)
    assert {card_value(c, o) for c in ("JS", "QS", "KS", "10S")} == {10}


def test_options_round_trip_and_refuse_bad_values():
    o = Options(level=6, ace_high=True, war_size=3, practice=True, clock_minutes=None)
    assert Options.from_json(o.to_json()) == o
    for bad in ({"level": 8}, {"war_size": 7}, {"level": True}, {"colour": "red"}):
        with pytest.raises(OptionsError):
            Options.from_json(bad)


# --- candidates per level ----------------------------------------------------------------------


def test_level_1_is_addition_in_either_order():
    assert candidates(1, 7, 5) == {F(12): "7 + 5"}
    assert read_choice(1, 7, 5, "5 + 7").value == 12


def test_level_2_is_multiplication():
    assert candidates(2, 7, 5) == {F(35): "7 × 5"}
    assert read_choice(2, 7, 5, "5 * 7").value == 35


def test_level_3_division_order_matters_player_chooses():
    assert candidates(3, 7, 5) == {F(7, 5): "7 ÷ 5", F(5, 7): "5 ÷ 7"}
    assert read_choice(3, 7, 5, "5 / 7").value == F(5, 7)


def test_level_4_subtraction_order_matters_and_may_be_negative():
    assert candidates(4, 7, 5) == {F(2): "7 − 5", F(-2): "5 − 7"}
    assert best_value(4, 5, 7) == 2


def test_level_5_six_combinations_of_the_four_operations():
    assert set(candidates(5, 6, 2)) == {F(8), F(4), F(-4), F(12), F(3), F(1, 3)}


def test_level_6_one_card_may_be_squared_but_not_both():
    values = candidates(6, 3, 2)
    assert values[F(11)] == "3² + 2"
    assert values[F(7)] == "3² − 2"  # the squared `a` comes before the squared `b` (3 + 2²)
    assert read_choice(6, 3, 2, "3 + 2²").value == 7
    assert F(13) not in values  # 3² + 2² squares both cards


def test_level_7_roots_of_square_numbers_one_or_both_and_square_with_root():
    values = candidates(7, 9, 4)
    assert values[F(5)] == "9 − 4"
    assert values[F(7)] == "4² − 9"  # squared comes before rooted (√9 + 4)
    assert values[F(9, 2)] == "9 ÷ √4"
    assert values[F(3, 2)] == "√9 ÷ √4"
    assert values[F(83)] == "9² + √4"
    assert values[F(19)] == "√9 + 4²"
    assert F(6) in values and F(85) in values


def test_level_7_roots_only_of_square_numbers():
    assert not any("√" in text for text in candidates(7, 7, 5).values())
    # Ace high: the ace is 14, not a square, so only 4 and 9 can be rooted.
    assert not any("√14" in text for text in candidates(7, 14, 4).values())
    assert any("√4" in text for text in candidates(7, 14, 4).values())


def test_candidates_prefer_plain_then_squared_then_rooted_a_before_b():
    assert candidates(7, 1, 5)[F(6)] == "1 + 5"  # not √1 + 5 nor 1² + 5
    assert candidates(6, 2, 2)[F(4)] == "2 + 2"  # + before ×
    assert candidates(7, 4, 4)[F(8)] == "4 + 4"


def test_best_value_at_levels_1_to_4_is_the_highest():
    assert best_value(3, 2, 8) == 4
    assert best_value(4, 3, 9) == 6


def test_distance_is_exact_and_nearest_the_target_is_best():
    assert distance(F(13, 3), 4) == F(1, 3)
    assert best_value(5, 6, 4, target=-3) == -2
    assert best_value(5, 6, 4, target=10) == 10


def test_every_choice_tied_with_the_best_counts_as_best():
    # Target 0 with cards 3 and 3: 3 − 3 = 0 exactly; with 5, 2 and target 5: 3 and 7 tie at 2.
    assert is_best(5, 5, 2, F(7), target=5)
    assert is_best(5, 5, 2, F(3), target=5)
    assert not is_best(5, 5, 2, F(10), target=5)
    assert is_best(3, 4, 4, F(1))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 7), st.integers(1, 14), st.integers(1, 14), st.integers(-15, 15))
def test_candidates_evaluate_to_their_keys_and_contain_the_best(level, a, b, target):
    values = candidates(level, a, b)
    for value, text in values.items():
        assert expressions.evaluate(text, powers=level >= 6) == value
        assert read_choice(level, a, b, text).value == value
    assert best_value(level, a, b, target) in values


# --- reading a chosen expression ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "a", "b", "text", "fragment"),
    [
        (1, 7, 5, "7 - 5", "must use +"),
        (3, 7, 5, "7 × 5", "must use ÷"),
        (5, 7, 5, "7 + 4", "not one of your cards"),
        (5, 7, 5, "7 + 7", "use each card once"),
        (5, 7, 5, "7 + 5 + 5", "one sign only"),
        (5, 7, 5, "7", "use both of your cards"),
        (6, 7, 5, "7² + 5²", "square only one"),
        (6, 9, 5, "√9 + 5", "from level 7"),
    ],
)
def test_illegal_choices_are_refused_with_a_child_friendly_message(level, a, b, text, fragment):
    with pytest.raises(ChoiceError) as info:
        read_choice(level, a, b, text)
    assert fragment in info.value.message


def test_squares_are_not_allowed_below_level_6_and_roots_need_square_numbers():
    with pytest.raises(expressions.ExpressionError):
        read_choice(5, 3, 4, "3² + 4")
    with pytest.raises(expressions.ExpressionError):
        read_choice(7, 3, 4, "√3 + 4")


def test_level_7_one_card_squared_while_the_other_is_rooted():
    choice = read_choice(7, 5, 9, "5² - √9")
    assert (choice.value, choice.squared, choice.rooted, choice.op) == (22, True, 1, "-")


# --- typed results -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("4", F(4)),
        ("-4", F(-4)),
        ("−4", F(-4)),
        ("13/3", F(13, 3)),
        ("26/6", F(13, 3)),
        ("4 1/3", F(13, 3)),
        ("-4 1/3", F(-13, 3)),
        (" 7 ", F(7)),
        ("- 4 1 / 3", F(-13, 3)),
        ("13 / 3", F(13, 3)),
    ],
)
def test_integers_fractions_and_mixed_numbers_are_read_exactly(text, value):
    assert parse_answer(text) == value
    assert answer_matches(parse_answer(text), value)


@pytest.mark.parametrize(
    ("text", "value", "ok"),
    [
        ("0.33", F(1, 3), True),
        ("0.333", F(1, 3), True),
        ("0,33", F(1, 3), True),
        ("0.34", F(1, 3), False),
        ("0.67", F(2, 3), True),  # rounded
        ("0.66", F(2, 3), True),  # truncated
        ("0.65", F(2, 3), False),
        ("-0.67", F(-2, 3), True),
        ("-0.66", F(-2, 3), True),
        ("2.50", F(5, 2), True),
        ("0.13", F(1, 8), True),  # 0.125 rounded half up
        ("0.12", F(1, 8), True),  # truncated
        ("4.00", F(4), True),
    ],
)
def test_decimals_with_two_places_exact_rounded_or_truncated(text, value, ok):
    assert isinstance(parse_answer(text), Decimal)
    assert answer_matches(parse_answer(text), value) is ok


@pytest.mark.parametrize("text", ["0.3", "2.5", "4."])
def test_decimals_with_fewer_than_two_places_are_asked_again(text):
    with pytest.raises(AnswerError) as info:
        parse_answer(text)
    assert "two decimal places" in info.value.message


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["", "-", "−"]),
    st.integers(0, 10**6),
    st.text("0123456789", min_size=0, max_size=6),
)
def test_a_decimal_comma_reads_exactly_like_a_decimal_point(sign, whole, places):
    point, comma = f"{sign}{whole}.{places}", f"{sign}{whole},{places}"
    try:
        expected = parse_answer(point)
    except AnswerError as refused:
        with pytest.raises(AnswerError) as also:
            parse_answer(comma)
        assert also.value.template == refused.template
    else:
        assert parse_answer(comma) == expected
        assert str(parse_answer(comma)) == str(expected)  # the places count too


def test_a_comma_is_never_a_thousands_separator():
    assert parse_answer("1,000") == Decimal("1.000")
    assert answer_matches(parse_answer("2,50"), F(5, 2))
    for text in ["1,000.50", "1.000,50", "1 000,50", "2,5,0"]:
        with pytest.raises(AnswerError):
            parse_answer(text)


@pytest.mark.parametrize("text", ["", "  ", "abc", "4/0", "4 4/3", "1e3", "4..3", "3 + 4", "½"])
def test_junk_answers_raise_a_clear_error(text):
    with pytest.raises(AnswerError):
        parse_answer(text)


def test_wrong_but_readable_answer_does_not_match():
    assert not answer_matches(parse_answer("12"), F(13))


def decimal_text(sign: str, digits: int, places: int) -> str:
    """`digits` units of the last place, written with `places` decimals."""
    return f"{sign}{digits // 10**places}.{digits % 10**places:0{places}d}"


@settings(max_examples=200, deadline=None)
@given(st.fractions(max_denominator=200).filter(lambda v: abs(v) < 10**6), st.integers(2, 5))
def test_every_accepted_way_of_writing_a_value_matches_it(value, places):
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value), 1)
    forms = [
        f"{value.numerator}/{value.denominator}",
        f"{value.numerator * 2}/{value.denominator * 2}",
    ]
    if rest and whole:
        forms.append(f"{sign}{whole} {rest.numerator}/{rest.denominator}")
    if not rest:
        forms.append(str(value.numerator))
    scaled = abs(value) * 10**places
    forms.append(decimal_text(sign, int(scaled), places))  # truncated
    forms.append(decimal_text(sign, int(scaled + F(1, 2)), places))  # rounded, halves up
    for text in forms:
        assert answer_matches(parse_answer(text), value), text
    # Two units of the last place above the truncation is neither truncated nor rounded.
    assert not answer_matches(parse_answer(decimal_text(sign, int(scaled) + 2, places)), value)
