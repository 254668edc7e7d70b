"""Mastery thresholds, medians from time bands, and practise-next with fading."""

from datetime import date, timedelta

import pytest

from games.progress import mastery
from games.progress.mastery import History, median_ms, practise_next

TODAY = date(2026, 11, 18)


@pytest.mark.parametrize(
    ("attempts", "correct", "days", "level"),
    [
        (0, 0, 0, "not_enough"),
        (4, 4, 1, "not_enough"),
        (5, 2, 1, "attempted"),
        (5, 3, 1, "familiar"),
        (9, 9, 1, "familiar"),
        (10, 8, 1, "proficient"),
        (10, 7, 2, "familiar"),
        (20, 18, 2, "proficient"),
        (20, 18, 3, "mastered"),
        (19, 19, 5, "proficient"),
        (30, 26, 4, "proficient"),
    ],
)
def test_mastery_levels(attempts, correct, days, level):
    assert mastery.mastery(attempts, correct, days) == level


def test_the_median_of_many_is_interpolated_inside_its_band():
    # Four answers of 2-3 s and two of 4-5 s: the 3rd of 6 is three quarters into 2-3 s.
    bands = [0, 0, 4, 0, 2] + [0] * 10
    assert median_ms(bands) == 2750
    assert median_ms([1] + [0] * 14) == 500
    assert median_ms([0] * 14 + [3]) == 120_000
    assert median_ms([0] * 15) is None


def test_figures_round_half_up_as_a_teacher_does():
    from games.progress.formats import percent, seconds

    assert [percent(10, 16), percent(14, 16), percent(1, 8), percent(0, 0)] == [63, 88, 13, None]
    assert percent(3, 8) == 38 and percent(5, 8) == 63  # 37.5 and 62.5: both up
    from django.utils import translation

    with translation.override("en"):
        english = [seconds(9165), seconds(9150), seconds(9149), seconds(20850)]
    with translation.override("nb"):
        norwegian = seconds(9165)
    assert english == ["9.2 s", "9.2 s", "9.1 s", "20.9 s"] and norwegian == "9,2 s"


def history(attempts: int, correct: int, days_ago: int) -> History:
    """All attempts on one day, `days_ago` days before TODAY, weighted as the selector does."""
    weight = mastery.week_weight(days_ago // 7)
    return History(attempts, attempts * weight, correct * weight, TODAY - timedelta(days_ago))


def test_a_weak_skill_is_suggested_and_one_success_does_not_make_it_vanish():
    weak = practise_next({"division": history(10, 3, 1)}, TODAY)
    assert [(s.skill, s.reason) for s in weak] == [("division", "needs_work")]
    after_one = practise_next({"division": history(11, 4, 0)}, TODAY)
    assert [s.skill for s in after_one] == ["division"]
    assert after_one[0].need == pytest.approx(1 - 5 / 13)


def test_a_strong_skill_is_not_suggested_while_fresh_but_fades_back():
    strong = {"multiplication": history(20, 19, 3)}
    assert practise_next(strong, TODAY) == []
    assert practise_next({"multiplication": history(20, 19, 21)}, TODAY) == []
    faded = practise_next({"multiplication": history(20, 19, 35)}, TODAY)
    assert [(s.skill, s.reason, s.days_since) for s in faded] == [("multiplication", "fading", 35)]


def test_recent_attempts_count_more_than_old_ones():
    # 10 wrong five weeks before the last practice, 10 right at it: mostly right now.
    last = TODAY - timedelta(days=1)
    old_weight, new_weight = mastery.week_weight(5), mastery.week_weight(0)
    improved = History(20, 10 * old_weight + 10 * new_weight, 10 * new_weight, last)
    need, p, _ = mastery.need_of(improved, TODAY)
    assert p == pytest.approx((10 + 1) / (10 + 10 * old_weight + 2))
    assert need < mastery.NEED_THRESHOLD


def test_thin_evidence_is_never_suggested_and_the_two_neediest_come_first():
    histories = {
        "addition": history(4, 0, 1),
        "subtraction": history(10, 2, 1),
        "division": history(10, 1, 1),
        "fractions": history(10, 4, 1),
    }
    assert [s.skill for s in practise_next(histories, TODAY)] == ["division", "subtraction"]


def test_a_pin_comes_first_and_a_dismissal_hides_the_skill():
    histories = {"subtraction": history(10, 2, 1), "division": history(10, 1, 1)}
    chosen = practise_next(histories, TODAY, pinned=["squares"], dismissed=["division"])
    assert [(s.skill, s.reason) for s in chosen] == [
        ("squares", "pinned"),
        ("subtraction", "needs_work"),
    ]
