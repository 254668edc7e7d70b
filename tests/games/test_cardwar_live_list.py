"""The teacher's live list for card-war tables: the round, the card counts and whose answer is
missing (or who is naming the target), and nothing hidden."""

import pytest

from games.kinds import kind_for
from games.rules import cardwar as rules
from games.services import match_create, move_submit

pytestmark = pytest.mark.django_db


def test_the_list_says_whose_answer_is_missing_and_the_counts(
    client, classroom, teacher, make_student
):
    ada, ben, cy = make_student("Ada"), make_student("Ben"), make_student("Cy")
    match = match_create(
        game="cardwar",
        classroom=classroom,
        players=[ada.user, ben.user, cy.user],
        variants={"level": 1},
        seed=3,
    )
    client.force_login(teacher)
    url = f"/play/class/{classroom.pk}/matches/"
    html = client.get(url).content.decode()
    assert "Answer missing: Ada, Ben, Cy" in html
    assert 'round 1: <span class="nowrap">cards 15 – 15 – 15</span>' in html  # counts never split
    game = kind_for("cardwar").load(match.state).rules
    value, text = next(iter(rules.choices(game, 1).items()))
    move_submit(
        match=match,
        player=ben.user,
        action={"kind": "answer", "choice": text, "answer": str(value)},
        ply=0,
    )
    html = client.get(url).content.decode()
    assert "Answer missing: Ada, Cy" in html
    assert str(value) not in html.split("Answer missing")[1].split("</tr>")[0]


def test_the_list_says_who_names_the_target(client, classroom, teacher, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    match_create(
        game="cardwar", classroom=classroom, players=[ada.user, ben.user], variants={"level": 6}
    )
    client.force_login(teacher)
    html = client.get(f"/play/class/{classroom.pk}/matches/").content.decode()
    assert "Ada is naming the target" in html
