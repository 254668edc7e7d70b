"""The card war's creation form: every option, per-level defaults, bad input refused."""

import pytest

from games.kinds.cardwar.forms import ANSWER_SECONDS_BY_LEVEL, CardWarOptionsForm
from games.kinds.cardwar.options import canonical_options


@pytest.mark.parametrize("level", range(1, 8))
def test_each_level_gets_its_default_answer_time_and_the_kind_accepts_it(level):
    form = CardWarOptionsForm(
        {"level": str(level), "target_seconds": "15", "clock_minutes": "20", "war_size": "6"}
    )
    assert form.is_valid(), form.errors
    options = form.options()
    assert options["answer_seconds"] == ANSWER_SECONDS_BY_LEVEL[level]
    assert canonical_options(options)["level"] == level


def test_the_level_choices_say_what_each_level_is():
    html = CardWarOptionsForm().as_div()
    assert "5 · Elite — Someone names a target from −15 to 15" in html
    assert "7 · Champion" in html and "square root" in html


def test_every_teacher_option_is_kept():
    form = CardWarOptionsForm(
        {
            "level": "6",
            "answer_seconds": "90",
            "target_seconds": "30",
            "clock_minutes": "off",
            "war_size": "3",
            "ace_high": "on",
            "practice": "on",
            "computer_targets": "on",
        }
    )
    assert form.is_valid(), form.errors
    assert form.options() == {
        "level": 6,
        "answer_seconds": 90,
        "target_seconds": 30,
        "clock_minutes": None,
        "war_size": 3,
        "ace_high": True,
        "pictures_ten": False,
        "practice": True,
        "computer_targets": True,
    }


@pytest.mark.parametrize(
    "bad",
    [
        {"level": "8"},
        {"level": "0"},
        {"level": "one"},
        {"war_size": "7"},
        {"answer_seconds": "5"},
        {"clock_minutes": "-3"},
        {"ace_high": "on", "pictures_ten": "on"},
    ],
)
def test_bad_input_is_refused_with_a_message(bad):
    data = {"level": "1", "target_seconds": "15", "clock_minutes": "20", "war_size": "6"} | bad
    form = CardWarOptionsForm(data)
    assert not form.is_valid()
    assert form.errors


def test_computer_targets_only_apply_from_level_five():
    form = CardWarOptionsForm(
        {
            "level": "2",
            "target_seconds": "15",
            "clock_minutes": "20",
            "war_size": "6",
            "computer_targets": "on",
        }
    )
    assert form.is_valid()
    assert form.options()["computer_targets"] is False
