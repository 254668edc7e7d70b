"""Report windows: 7, 30, 90 days, this term, custom, and the window before each."""

from datetime import date

import pytest

from games.progress.windows import Window, term_start, window_for

TODAY = date(2026, 11, 18)


def test_a_seven_day_window_ends_today_and_follows_the_seven_days_before():
    window = window_for("7", TODAY)
    assert (window.start, window.end, window.days) == (date(2026, 11, 12), TODAY, 7)
    assert window.previous() == Window("7", date(2026, 11, 5), date(2026, 11, 11))


def test_thirty_and_ninety_days():
    assert window_for("30", TODAY).start == date(2026, 10, 20)
    assert window_for("90", TODAY).start == date(2026, 8, 21)
    assert window_for("90", TODAY).previous().end == date(2026, 8, 20)


@pytest.mark.parametrize(
    ("day", "start"),
    [
        (date(2026, 11, 18), date(2026, 8, 1)),
        (date(2026, 8, 1), date(2026, 8, 1)),
        (date(2026, 7, 31), date(2026, 1, 1)),
        (date(2027, 1, 1), date(2027, 1, 1)),
    ],
)
def test_the_autumn_term_starts_in_august_and_the_spring_term_in_january(day, start):
    assert term_start(day) == start


def test_before_this_term_is_the_whole_previous_term():
    autumn = window_for("term", TODAY)
    assert autumn == Window("term", date(2026, 8, 1), TODAY)
    assert autumn.previous() == Window("term", date(2026, 1, 1), date(2026, 7, 31))
    spring = window_for("term", date(2027, 3, 2))
    assert spring.previous() == Window("term", date(2026, 8, 1), date(2026, 12, 31))


def test_a_custom_window_is_compared_with_as_many_days_before_it():
    window = window_for("custom", TODAY, date(2026, 11, 1), date(2026, 11, 30))
    assert window.days == 30
    assert window.previous() == Window("custom", date(2026, 10, 2), date(2026, 10, 31))


@pytest.mark.parametrize(
    ("key", "start", "end"),
    [
        ("custom", None, TODAY),
        ("custom", TODAY, date(2026, 11, 1)),
        ("custom", date(2020, 1, 1), TODAY),
        ("365", None, None),
    ],
)
def test_bad_windows_are_refused(key, start, end):
    with pytest.raises(ValueError):
        window_for(key, TODAY, start, end)
