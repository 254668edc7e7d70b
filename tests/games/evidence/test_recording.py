"""Evidence is written with the Warriors move, in its transaction, and kept in the rollup."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classrooms.selectors import student_data_export
from classrooms.services.students import student_delete
from games.evidence import acts
from games.evidence.warriors import refused_act
from games.models import Calculation, Match, Move, SkillDay
from games.progress.models import PracticeChoice
from games.rules import warriors
from games.services import MoveRejected, match_play_bot, move_submit
from games.services import evidence as evidence_service
from games.services.evidence import calculations_record
from tests.games.conftest import legal_action, mover, state_of

from .factories import board, refused

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]

# Opening: Ada (seat 0) holds D4..D20 = 2 3 4 5 6 9 and goes first (2 < 3); Ben holds
# 3 3 5 7 12 20. Every later roll is a 1.
OPENING = [2, 3, 4, 5, 6, 9, 3, 3, 5, 7, 12, 20] + [1] * 60


@pytest.fixture
def scripted(make_match):
    return make_match(options={"scripted_rolls": OPENING})


def attack(match: Match, player, expression: str, *, ply: int = 0, target: str = "B-D12"):
    """Ada's (or Ben's) Mind attack as the browser sends it."""
    action = {"kind": "mind", "expression": expression, "target": target}
    return move_submit(match=match, player=player, action=action, ply=ply)


def both_play(match: Match, two_students) -> None:
    """Ada captures Ben's D12 with 3 × 4; Ben answers with any legal move."""
    ada, ben = two_students
    attack(match, ada.user, "3 × 4")
    move_submit(match=match, player=ben.user, action=legal_action(match), ply=1)


def started(match: Match, seconds_ago: float) -> None:
    Match.objects.filter(pk=match.pk).update(
        turn_started_at=timezone.now() - timedelta(seconds=seconds_ago)
    )


def test_a_mind_attack_stores_its_calculation_and_rollup(scripted, two_students):
    ada = two_students[0].user
    started(scripted, 4.5)
    attack(scripted, ada, "3 × 4")
    calc = Calculation.objects.get()
    assert (calc.student, calc.classroom_id, calc.match_id, calc.game) == (
        ada,
        scripted.classroom_id,
        scripted.pk,
        "warriors",
    )
    assert (calc.act, calc.expression, calc.operands, calc.operand_count) == (
        "mind",
        "3 × 4",
        [3, 4],
        2,
    )
    assert (calc.op_mul, calc.op_add, calc.brackets, calc.non_integer) == (
        True,
        False,
        False,
        False,
    )
    assert (calc.value, calc.target, calc.correct) == ("12/1", 12, True)
    # The best capture on the board was the D20 (20 = 4 × 5, among others).
    assert (calc.best_value, calc.chose_best, calc.option_available) == ("20/1", False, True)
    assert 4400 <= calc.think_ms < 6000
    rollup = {r.skill: (r.attempts, r.correct, r.t4) for r in SkillDay.objects.filter(student=ada)}
    assert rollup == {"multiplication": (1, 1, 1), "exact_target": (1, 1, 1)}
    assert SkillDay.objects.get(skill="multiplication").day == timezone.localdate(calc.created)


def test_a_refused_attempt_is_evidence_too(scripted, two_students):
    ada = two_students[0].user
    with pytest.raises(MoveRejected):
        attack(scripted, ada, "(2 + 3) × 4")
    calc = Calculation.objects.get()
    assert (calc.act, calc.value, calc.target, calc.correct, calc.brackets) == (
        "mind_refused",
        "20/1",
        12,
        False,
        True,
    )
    assert Move.objects.filter(kind=Move.Kind.REJECTED).count() == 1
    skills = dict(SkillDay.objects.values_list("skill", "correct"))
    assert skills == {
        "addition": 0,
        "multiplication": 0,
        "brackets": 0,
        "mixed": 0,
        "exact_target": 0,
    }


def test_the_rollup_adds_up_across_moves_of_one_day(scripted, two_students):
    ada, ben = (s.user for s in two_students)
    for wrong in ("2 + 3", "2 + 4"):
        with pytest.raises(MoveRejected):
            attack(scripted, ada, wrong)
    attack(scripted, ada, "3 + 9")
    row = SkillDay.objects.get(student=ada, skill="addition")
    assert (row.attempts, row.correct) == (3, 1)
    assert SkillDay.objects.filter(student=ben).count() == 0


def test_a_refused_attempt_not_stored_leaves_no_evidence(scripted, two_students):
    """The attempt limits (a repeat, too many a second or a turn) hold for evidence too."""
    ada = two_students[0].user
    for _ in range(3):
        with pytest.raises(MoveRejected):
            attack(scripted, ada, "2 + 3")
    assert Move.objects.filter(kind=Move.Kind.REJECTED).count() == 1
    assert Calculation.objects.count() == 1
    assert SkillDay.objects.get(skill="addition").attempts == 1


def test_strength_and_skips_are_decision_rows(scripted, two_students):
    ada, ben = (s.user for s in two_students)
    move_submit(
        match=scripted,
        player=ada,
        ply=0,
        action={"kind": "strength", "attacker": "A-D20", "target": "B-D8"},
    )
    move_submit(match=scripted, player=ben, ply=1, action={"kind": "skip"})
    strength, skip = Calculation.objects.order_by("id")
    assert (strength.act, strength.operands, strength.target, strength.chose_best) == (
        "strength",
        [9, 5],
        5,
        False,
    )
    assert (skip.student, skip.act, skip.chose_best, skip.option_available) == (
        ben,
        "skip",
        False,
        True,
    )
    assert not SkillDay.objects.exists()


def test_the_computer_leaves_no_evidence(make_match, two_students):
    ada = two_students[0].user
    match = make_match(players=[ada, "beginner"], seed=11)
    for _ in range(6):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            break
        if mover(match) == ada:
            move_submit(match=match, player=ada, action=legal_action(match), ply=match.ply)
        else:
            match_play_bot(match=match, ply=match.ply)
    assert Calculation.objects.exists()
    assert set(Calculation.objects.values_list("student", flat=True)) == {ada.pk}


def test_evidence_that_fails_rolls_the_move_back(scripted, two_students, monkeypatch):
    def broken(**kwargs):  # evidence the database refuses: a calculation without a student
        return [("INSERT INTO games_calculation (student_id) VALUES (%s)", [None])]

    monkeypatch.setattr("games.services.matches.calculations_statements", broken)
    with pytest.raises(IntegrityError):
        attack(scripted, two_students[0].user, "3 × 4")
    scripted.refresh_from_db()
    assert scripted.ply == 0
    assert not Move.objects.filter(ply__isnull=False, kind="mind").exists()


def test_text_with_nul_is_stored_without_it(scripted):
    state = board({6: 3, 8: 4}, {12: 12})
    act = refused(state, "3\x00 × 4", "B-D12", 1)
    calculations_record(
        match=scripted, seats=list(scripted.seats.all()), acts=[act], now=timezone.now()
    )
    assert Calculation.objects.get().expression == "3 × 4"


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=260), think=st.integers(min_value=-(2**40), max_value=2**40))
def test_any_typed_text_and_time_fits_the_columns(scripted, two_students, text, think):
    state = board(
        {4: 2, 6: 3, 8: 4, 10: 5, 12: 6, 20: 20},
        {20: 20},
        variants=warriors.Variants(power_up=True),
    )
    act = refused_act(
        state,
        warriors.Mind(0, text, "B-D20"),
        capture_available=True,
        best_capture="mind " + text + "=B-D20",
        think_ms=think,
    )
    seats = list(scripted.seats.all())
    try:
        with transaction.atomic():
            calculations_record(match=scripted, seats=seats, acts=[act], now=timezone.now())
            raise _Rollback
    except _Rollback:
        pass


class _Rollback(Exception):
    pass


def test_erasing_a_student_removes_their_evidence_and_keeps_the_classmates(scripted, two_students):
    ada, ben = two_students
    both_play(scripted, two_students)
    assert SkillDay.objects.filter(student=ada.user).exists()
    student_delete(student=ada)
    assert not Calculation.objects.filter(student_id=ada.user_id).exists()
    assert not SkillDay.objects.filter(student_id=ada.user_id).exists()
    assert Calculation.objects.filter(student=ben.user).count() == 1


def test_the_student_data_export_holds_their_evidence_only(scripted, two_students):
    ada = two_students[0]
    both_play(scripted, two_students)
    PracticeChoice.objects.create(student=ada.user, skill="roots", kind="pinned")
    section = student_data_export(student=ada)["evidence"]
    assert [(c["skill"], c["choice"]) for c in section["practice_choices"]] == [("roots", "pinned")]
    evidence = section["calculations"]
    assert len(evidence) == 1
    assert evidence[0] | {"created": None} == {
        "match_id": scripted.pk,
        "game": "warriors",
        "level": None,
        "variant": "",
        "act": "mind",
        "expression": "3 × 4",
        "operands": [3, 4],
        "operand_count": 2,
        "op_add": False,
        "op_sub": False,
        "op_mul": True,
        "op_div": False,
        "op_square": False,
        "op_root": False,
        "brackets": False,
        "non_integer": False,
        "value": "12/1",
        "target": 12,
        "answer": "",
        "correct": True,
        "best_value": "20/1",
        "best_expression": evidence[0]["best_expression"],
        "chose_best": False,
        "option_available": True,
        "think_ms": evidence[0]["think_ms"],
        "fact_low": None,
        "fact_high": None,
        "assisted": False,
        "created": None,
    }
    assert evidence[0]["best_expression"]


def test_calculations_record_writes_two_statements_for_a_move(scripted, django_assert_num_queries):
    act = acts.Act(seat=0, kind=acts.MIND, add=True, value=1, target=1, correct=True)
    seats = list(scripted.seats.all())
    with django_assert_num_queries(2):
        evidence_service.calculations_record(
            match=scripted, seats=seats, acts=[act, act], now=timezone.now()
        )
    assert SkillDay.objects.get(skill="addition").attempts == 2
    assert state_of(scripted).ply == 0
