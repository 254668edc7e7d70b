"""Report figures from stored evidence, against hand-computed expectations."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.evidence import acts
from games.models import Match
from games.progress import selectors
from games.progress.models import PracticeChoice
from games.progress.windows import window_for

from .conftest import answer, at, mind

pytestmark = pytest.mark.django_db


def today():
    return timezone.localdate()


def test_skill_figures_sum_each_students_window_and_the_one_before(
    warriors_match, two_students, record
):
    ada, ben = (s.user for s in two_students)
    # This window: 4 right additions in 2-3 s and 2 wrong in 4-5 s, on two days.
    record(warriors_match, [mind(), mind(), mind()], at(1))
    record(warriors_match, [mind(), mind(ok=False, ms=4500), mind(ok=False, ms=4200)], at(3))
    # The 30 days before: 2 of 5 right.
    record(warriors_match, [mind(), mind()] + [mind(ok=False)] * 3, at(40))
    # Ben: one subtraction; and something older than both windows.
    record(warriors_match, [mind(seat=1, sub=True)], at(2))
    record(warriors_match, [mind()] * 9, at(70))
    figures = selectors.skill_figures([ada.pk, ben.pk], window_for("30", today()))
    addition = figures[ada.pk]["addition"]
    assert (addition.attempts, addition.correct, addition.days, addition.accuracy) == (6, 4, 2, 67)
    assert (addition.previous_attempts, addition.previous_correct) == (5, 2)
    assert addition.median_ms == 2500  # the student's own times: 2.5 s four times, 4.2, 4.5
    assert addition.level == "familiar"
    assert addition.change == 67 - 40
    assert figures[ada.pk]["exact_target"].attempts == 6
    assert set(figures[ben.pk]) == {"subtraction", "exact_target"}
    assert figures[ben.pk]["subtraction"].enough is False


def test_change_is_shown_only_with_enough_evidence_in_both_windows(
    warriors_match, two_students, record
):
    ada = two_students[0].user
    record(warriors_match, [mind()] * 5, at(1))
    record(warriors_match, [mind()] * 4, at(10))
    figures = selectors.skill_figures([ada.pk], window_for("7", today()))[ada.pk]["addition"]
    assert (figures.attempts, figures.previous_attempts, figures.change) == (5, 4, None)


def test_weekly_trend_has_every_week_of_the_window_with_its_attempts(
    warriors_match, two_students, record
):
    ada = two_students[0].user
    record(warriors_match, [mind(), mind(ok=False)], at(0))
    record(warriors_match, [mind(mul=True)], at(0))
    window = window_for("30", today())
    weeks = selectors.weekly_trend(ada.pk, window)
    first = window.start - timedelta(days=window.start.weekday())
    assert weeks[0]["week"] == first
    assert all(w["week"].weekday() == 0 for w in weeks)
    assert len(weeks) == (window.end - first).days // 7 + 1
    last = weeks[-1]
    # Three calculations, two right (the skill attempts were 2 + 1 + 3).
    assert (last["attempts"], last["correct"]) == (3, 2)
    assert last["skills"]["addition"] == (2, 1)
    assert last["skills"]["multiplication"] == (1, 1)
    assert sum(w["attempts"] for w in weeks[:-1]) == 0


def test_warriors_strategy(warriors_match, two_students, record):
    ada = two_students[0].user
    three_dice = acts.Act(
        seat=0,
        kind=acts.MIND,
        operands=(2, 3, 4),
        mul=True,
        add=True,
        brackets=True,
        value=20,
        target=20,
        correct=True,
        option_available=True,
        chose_best=True,
    )
    record(warriors_match, [mind(), three_dice, mind(ok=False)], at(1))
    record(
        warriors_match,
        [
            acts.Act(
                seat=0,
                kind=acts.STRENGTH,
                operands=(9, 4),
                target=4,
                option_available=True,
                chose_best=False,
            ),
            acts.Act(seat=0, kind=acts.SKIP, option_available=True, chose_best=False),
            acts.Act(seat=0, kind=acts.SKIP, option_available=False),
        ],
        at(2),
    )
    figures = selectors.warriors_strategy(ada.pk, window_for("7", today()))
    assert (figures["mind"], figures["strength"], figures["refused"], figures["skips"]) == (
        2,
        1,
        1,
        2,
    )
    assert figures["dice_per_mind"] == 2.5
    assert figures["operators"] == {
        "add": 3,
        "sub": 0,
        "mul": 1,
        "div": 0,
        "square": 0,
        "root": 0,
        "brackets": 1,
    }
    assert (figures["chances"], figures["missed"], figures["largest"]) == (3, 2, 20)


def test_card_war_best_choice_rate_by_level(cardwar_match, two_students, record):
    ada = two_students[0].user
    record(cardwar_match(3), [answer(3, 7, 2), answer(3, 6, 3, best=False)], at(1))
    record(cardwar_match(1), [answer(1, 5, 4)], at(1))
    record(cardwar_match(5), [answer(5, 2, 2, best=False)], at(1))
    rows = selectors.cardwar_best_choice(ada.pk, window_for("7", today()))
    assert rows == [{"level": 3, "answers": 2, "best": 1}, {"level": 5, "answers": 1, "best": 0}]


def test_fact_families_per_pair_of_cards_for_a_class_and_a_student(
    cardwar_match, two_students, record
):
    ada, ben = (s.user for s in two_students)
    match = cardwar_match(2)
    record(
        match,
        [answer(2, 7, 8, op="mul", ms=4000), answer(2, 8, 7, op="mul", ok=False, ms=90_000)],
        at(1),
    )
    record(
        match,
        [answer(2, 8, 7, seat=1, op="mul", ms=2000), answer(2, 3, 3, seat=1, op="mul")],
        at(2),
    )
    window = window_for("7", today())
    grid = selectors.fact_families([ada.pk, ben.pk], window)
    cell = grid[2][(7, 8)]
    # Ada's 90 s pause counts as 60 s: (4 + 60 + 2) / 3 = 22 s.
    assert (cell.attempts, cell.correct, cell.accuracy, cell.mean_ms) == (3, 2, 67, 22000)
    assert grid[2][(3, 3)].attempts == 1
    assert grid[1] == grid[3] == grid[4] == {}
    assert selectors.fact_families([ada.pk], window)[2][(7, 8)].attempts == 2


def test_game_results_per_game_and_variant_apart_from_arithmetic(make_match, two_students):
    ada, ben = (s.user for s in two_students)
    now = timezone.now()

    def finished(variants, winner):
        match = make_match(variants=variants)
        Match.objects.filter(pk=match.pk).update(
            status=Match.Status.FINISHED, finished_at=now, winner_seat=winner
        )

    finished(None, 0)
    finished(None, 1)
    finished({"times_divide": True}, 0)
    finished({"times_divide": True}, None)
    make_match()  # still playing: not counted
    lines = selectors.game_results([ada.pk, ben.pk], window_for("7", today()))
    standard = next(line for line in lines[ada.pk] if not any(line.variants.values()))
    times = next(line for line in lines[ada.pk] if line.variants.get("times_divide"))
    assert (standard.games, standard.wins, standard.losses, standard.draws) == (2, 1, 1, 0)
    assert (times.games, times.wins, times.losses, times.draws) == (2, 1, 0, 1)
    assert sum(line.wins for line in lines[ben.pk]) == 1


def test_practice_suggestions_read_the_whole_record_with_pins_and_dismissals(
    warriors_match, two_students, record, teacher
):
    ada = two_students[0].user
    record(warriors_match, [mind(div=True, ok=False)] * 7 + [mind(div=True)] * 3, at(2))
    record(warriors_match, [mind(mul=True)] * 19 + [mind(mul=True, ok=False)], at(40))
    chosen = selectors.practice_suggestions(ada.pk, today())
    assert [(s.skill, s.reason) for s in chosen] == [
        ("division", "needs_work"),
        ("multiplication", "fading"),
    ]
    PracticeChoice.objects.create(student=ada, skill="division", kind="dismissed", teacher=teacher)
    PracticeChoice.objects.create(student=ada, skill="roots", kind="pinned", teacher=teacher)
    chosen = selectors.practice_suggestions(ada.pk, today())
    assert [(s.skill, s.reason) for s in chosen] == [
        ("roots", "pinned"),
        ("multiplication", "fading"),
    ]
    # A dismissal older than 30 days no longer hides the skill.
    PracticeChoice.objects.filter(skill="division").update(
        created=timezone.now() - timedelta(days=31)
    )
    chosen = selectors.practice_suggestions(ada.pk, today())
    assert [s.skill for s in chosen] == ["roots", "division"]


@pytest.mark.parametrize(
    ("times", "median"),
    [
        ([20_850], 20_850),  # one attempt: its own time (time bands said 25 s)
        ([4_000, 6_900, 8_000, 8_200, 9_500, 14_000], 8_100),  # the middle two's mean
        ([9_165, 1_000, 30_000], 9_165),
        ([1_000, 1_001], 1_001),  # 1000.5 rounded half up
    ],
)
def test_the_median_is_the_students_own_middle_think_time(
    warriors_match, two_students, record, times, median
):
    ada = two_students[0].user
    record(warriors_match, [mind(ms=ms) for ms in times], at(1))
    record(warriors_match, [mind(seat=1, ms=99_000)], at(1))  # Ben's time is not Ada's
    figures = selectors.skill_figures([ada.pk], window_for("30", today()))[ada.pk]
    assert figures["addition"].median_ms == median
    assert figures["exact_target"].median_ms == median


def test_a_small_perfect_sample_is_not_coloured_as_a_caution(warriors_match, two_students, record):
    ada = two_students[0].user
    record(warriors_match, [mind()] * 6, at(1))
    record(warriors_match, [mind(sub=True)] * 3 + [mind(sub=True, ok=False)] * 3, at(1))
    figures = selectors.skill_figures([ada.pk], window_for("30", today()))[ada.pk]
    perfect, half = figures["addition"], figures["subtraction"]
    assert (perfect.level, perfect.tone) == ("familiar", "good")
    assert (half.level, half.tone) == ("attempted", "")


def test_a_median_of_many_comes_from_the_time_bands_and_of_a_few_is_exact(
    warriors_match, two_students, record
):
    ada, ben = (s.user for s in two_students)
    many = selectors.EXACT_MEDIAN_UP_TO + 1
    record(warriors_match, [mind(ms=2_100)] * many, at(1))  # all in the 2-3 s band
    record(warriors_match, [mind(seat=1, ms=2_100)] * 3, at(1))
    figures = selectors.skill_figures([ada.pk, ben.pk], window_for("30", today()))
    assert figures[ada.pk]["addition"].median_ms == 2_500  # the band's middle: no row read
    assert figures[ben.pk]["addition"].median_ms == 2_100  # exact
