"""The services are the only writers: moves, clocks, bots, and the log they leave."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.kinds.warriors import engine
from games.models import Match, Move
from games.services import (
    MoveRejected,
    expire_overdue_matches,
    match_expire_clock,
    match_play_bot,
    match_resign,
    move_submit,
)
from tests.games.conftest import legal_action, mover, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]


def play_to_end(match: Match, limit: int = 400) -> None:
    for _ in range(limit):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return
        move_submit(match=match, player=mover(match), action=legal_action(match), ply=match.ply)
    raise AssertionError("the game did not end")


def test_match_create_seats_two_players_and_starts_the_clock(make_match):
    match = make_match(clock_seconds=600)
    assert [s.index for s in match.seats.all()] == [0, 1]
    assert match.status == Match.Status.PLAYING
    assert match.clock_deadline is not None
    assert 595 < (match.clock_deadline - timezone.now()).total_seconds() <= 600
    assert engine.load(match.state).status == "playing"


def test_a_legal_move_appends_a_move_with_learning_facts_and_advances_the_ply(make_match):
    match = make_match()
    before = state_of(match)
    ply = match.ply
    action = legal_action(match)
    applied = move_submit(match=match, player=mover(match), action=action, ply=ply)
    move = applied.moves[0]
    assert move.ply == ply
    assert move.kind == action["kind"]
    assert move.facts["dice_before"] == [[[d.id, d.sides, d.value] for d in s] for s in before.dice]
    assert move.facts["capture_available"] is True
    assert move.facts["best_capture"]
    assert move.success is True
    assert move.target == action["target"]
    assert move.facts["target_value"] == before.find(action["target"])[1].value
    rerolled = move.facts["rerolled"]
    assert rerolled and rerolled[0][0] in (action.get("attacker"), rerolled[0][0])
    assert move.think_ms is not None
    match.refresh_from_db()
    assert match.ply == ply + len(applied.moves)


def test_a_stale_ply_is_refused_and_changes_nothing(make_match):
    match = make_match()
    player, action = mover(match), legal_action(match)
    with pytest.raises(MoveRejected) as err:
        move_submit(match=match, player=player, action=action, ply=match.ply + 1)
    assert err.value.code == "stale"
    assert Move.objects.filter(match=match, ply__isnull=False).count() == match.ply


def test_a_duplicate_submission_applies_once(make_match):
    match = make_match()
    player, action, ply = mover(match), legal_action(match), match.ply
    move_submit(match=match, player=player, action=action, ply=ply)
    with pytest.raises(MoveRejected):
        move_submit(match=match, player=player, action=action, ply=ply)
    assert Move.objects.filter(match=match, ply=ply).count() == 1


def test_the_wrong_player_is_refused(make_match):
    match = make_match()
    state = state_of(match)
    other = match.seats.get(index=1 - state.to_move).user
    with pytest.raises(MoveRejected) as err:
        move_submit(match=match, player=other, action={"kind": "skip"}, ply=match.ply)
    assert err.value.code == "not_your_turn"


def test_an_outsider_is_refused(make_match, make_student):
    match = make_match()
    with pytest.raises(MoveRejected) as err:
        move_submit(match=match, player=make_student().user, action={"kind": "skip"}, ply=0)
    assert err.value.code == "not_seated"


def test_an_illegal_mind_attack_is_refused_and_kept_as_evidence(make_match):
    match = make_match()
    state = state_of(match)
    mine = state.dice[state.to_move]
    target = state.dice[1 - state.to_move][-1]
    a, b = mine[0], mine[1]
    # a sum that misses the target on purpose
    expression = f"{a.value} + {b.value}"
    if a.value + b.value == target.value:
        expression = f"{a.value} × {b.value}"
    ply = match.ply
    with pytest.raises(MoveRejected) as err:
        move_submit(
            match=match,
            player=mover(match),
            action={"kind": "mind", "expression": expression, "target": target.id},
            ply=ply,
        )
    assert err.value.code == "illegal"
    match.refresh_from_db()
    assert match.ply == ply
    attempt = Move.objects.get(match=match, kind=Move.Kind.REJECTED)
    assert attempt.ply is None and attempt.seen_ply == ply
    assert attempt.expression == expression and attempt.success is False
    assert attempt.value and attempt.error


def test_a_malformed_action_is_refused(make_match):
    match = make_match()
    with pytest.raises(MoveRejected) as err:
        move_submit(match=match, player=mover(match), action={"kind": "fly"}, ply=match.ply)
    assert err.value.code == "malformed"


def test_resigning_ends_the_match_for_the_other_player(make_match):
    match = make_match()
    resigner = match.seats.get(index=0).user
    match_resign(match=match, player=resigner)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.winner_seat == 1
    assert match.moves.filter(kind=Move.Kind.RESIGN).count() == 1
    with pytest.raises(MoveRejected):
        move_submit(match=match, player=mover(match), action={"kind": "skip"}, ply=match.ply)


def test_the_clock_expires_exactly_once(make_match):
    match = make_match(clock_seconds=60)
    later = timezone.now() + timedelta(seconds=61)
    assert match_expire_clock(match=match, now=timezone.now()) is None
    assert match_expire_clock(match=match, now=later) is not None
    assert match_expire_clock(match=match, now=later) is None
    assert expire_overdue_matches(now=later) == 0
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result_reason == "clock"
    assert match.moves.filter(kind=Move.Kind.CLOCK).count() == 1


def test_a_move_after_the_clock_ran_out_applies_the_expiry_instead(make_match):
    match = make_match(clock_seconds=60)
    later = timezone.now() + timedelta(seconds=61)
    with pytest.raises(MoveRejected) as err:
        move_submit(
            match=match, player=mover(match), action=legal_action(match), ply=match.ply, now=later
        )
    assert err.value.code == "expired"
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED


def test_the_sweep_expires_overdue_matches(make_match):
    first, second = make_match(clock_seconds=60), make_match(clock_seconds=600)
    assert expire_overdue_matches(now=timezone.now() + timedelta(seconds=61)) == 1
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == Match.Status.FINISHED
    assert second.status == Match.Status.PLAYING


def test_the_per_move_limit_skips_the_slow_player(make_match):
    match = make_match(move_seconds=20)
    state = state_of(match)
    applied = match_expire_clock(match=match, now=timezone.now() + timedelta(seconds=21))
    assert applied.moves[0].kind == Move.Kind.TIMEOUT
    assert applied.moves[0].seat == state.to_move
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    assert match.move_deadline > timezone.now() + timedelta(seconds=15)


def test_the_bot_moves_only_on_its_turn_and_ply(make_match, two_students):
    match = make_match(players=[two_students[0].user, "beginner"])
    state = state_of(match)
    if state.to_move == 0:
        move_submit(
            match=match, player=two_students[0].user, action=legal_action(match), ply=match.ply
        )
        match.refresh_from_db()
    if match.status == Match.Status.FINISHED or state_of(match).to_move != 1:
        pytest.skip("the seed does not give the bot a turn")
    assert match_play_bot(match=match, ply=match.ply + 5) is None
    applied = match_play_bot(match=match, ply=match.ply)
    assert applied is not None and applied.moves[0].seat == 1
    assert match_play_bot(match=match, ply=applied.moves[0].ply) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replaying_the_stored_moves_rebuilds_the_snapshot(make_match, seed):
    match = make_match(seed=seed, variants={"three_captures": seed == 2})
    play_to_end(match)
    actions = [
        m.action
        for m in match.moves.filter(ply__isnull=False).order_by("ply")
        if m.kind != Move.Kind.FORCED_SKIP
    ]
    rebuilt = engine.replay(match.seed, match.variants, actions)
    assert engine.dump(rebuilt) == match.state
    plies = list(match.moves.filter(ply__isnull=False).values_list("ply", flat=True))
    assert plies == list(range(match.ply))
