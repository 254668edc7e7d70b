"""The guided game follows its script: every lesson, in order, ending in a win."""

import pytest

from games.kinds import kind_for
from games.kinds.warriors.guided import PROMPTS
from games.models import Match, Move
from games.selectors.snapshot import snapshot_from_db
from games.services import MoveRejected, match_play_bot, move_submit
from games.services.guided import guided_match_create

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]


def prompt_for(match):
    return kind_for(match.game).prompt(snapshot_from_db(match))


def submit(match, user, **action):
    match.refresh_from_db()
    return move_submit(match=match, player=user, action=action, ply=match.ply)


def bot(match):
    match.refresh_from_db()
    assert match_play_bot(match=match, ply=match.ply) is not None


def test_the_guided_game_walks_through_every_lesson(make_student):
    student = make_student("Ada")
    user = student.user
    match = guided_match_create(student=student)
    assert prompt_for(match) == PROMPTS[0]
    with pytest.raises(MoveRejected) as off_script:
        submit(match, user, kind="strength", attacker="A-D20", target="B-D4")
    assert off_script.value.code == "guided"
    strength = submit(match, user, kind="strength", attacker="A-D12", target="B-D8").moves[0]
    assert strength.facts["rerolled"] == [["A-D12", 10]]
    bot(match)
    submit(match, user, kind="mind", expression="3 × 6", target="B-D20", dice=["A-D6", "A-D8"])
    match.refresh_from_db()
    assert match.ply == 3 and prompt_for(match).text == "The computer is thinking…"
    bot(match)
    submit(match, user, kind="skip")
    bot(match)
    match.refresh_from_db()
    assert prompt_for(match) == PROMPTS[6]
    with pytest.raises(MoveRejected) as penalty:
        submit(match, user, kind="strength", attacker="A-D12", target="B-D10")
    assert "bigger" in penalty.value.message
    final = submit(match, user, kind="mind", expression="2 ÷ 3 × 15", target="B-D10")
    assert final.moves[0].success
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_seat == 0
    assert match.moves.filter(kind=Move.Kind.SKIP).count() == 4
