"""The teacher's polled live list (every open teacher page asks for it every 3 s): it follows
every change a teacher would see on the next poll, answers 304 only when nothing they would see
changed, checks who asks on every poll, and costs a fixed number of queries."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from classrooms.services.languages import user_language_set
from games.models import Match
from games.selectors.matches import ROW_FACTS
from games.services import lobby, match_resign, move_submit
from tests.games.conftest import legal_action, mover

pytestmark = pytest.mark.django_db


def url(classroom):
    return f"/play/class/{classroom.pk}/matches/"


def poll(client, classroom, etag=None):
    headers = {"If-None-Match": etag} if etag else {}
    return client.get(url(classroom), headers=headers)


def finish(match):
    match_resign(match=match, player=match.seats.get(index=0).user)


def row_of(html, match):
    end = html.index(f'id="watch-{match.pk}"')
    return html[html.rindex("<tr>", 0, end) : end]


@pytest.fixture
def watching(client, teacher):
    client.force_login(teacher)
    return client


def test_a_move_made_since_the_last_poll_is_in_the_next_one(watching, classroom, make_match):
    match = make_match(clock_seconds=None)
    first = poll(watching, classroom)
    before = row_of(first.content.decode(), match)
    mover_before = mover(match)
    move_submit(match=match, player=mover_before, action=legal_action(match), ply=match.ply)
    after = poll(watching, classroom, etag=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    name = mover_before.student.display_name
    assert f"{name} to move" in before
    assert f"{name} to move" not in row_of(after.content.decode(), match)


def test_a_move_made_in_another_process_is_seen_though_this_one_knew_the_old_state(
    watching, classroom, make_match
):
    """The facts a row takes from the rules state are kept per (match, ply): a move anywhere
    adds a ply in the database, which every process reads on its next poll."""
    match = make_match(clock_seconds=None)
    poll(watching, classroom)  # this process now knows the state at this ply
    assert (match.pk, match.created_at, match.ply) in ROW_FACTS
    moved = mover(match)
    move_submit(match=match, player=moved, action=legal_action(match), ply=match.ply)
    match.refresh_from_db()
    # As another process would have it: this one's cache holds the old ply only.
    assert (match.pk, match.created_at, match.ply) not in ROW_FACTS
    html = poll(watching, classroom).content.decode()
    other = mover(match).student.display_name
    assert f"{other} to move" in row_of(html, match)


def test_an_unchanged_list_is_answered_304_with_nothing_rendered(watching, classroom, make_match):
    make_match(clock_seconds=None)
    first = poll(watching, classroom)
    assert first.status_code == 200 and first["ETag"].startswith('"')
    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    again = poll(watching, classroom, etag=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]
    assert poll(watching, classroom, etag='"something else"').status_code == 200


def test_every_change_a_teacher_sees_changes_the_etag(
    watching, classroom, make_match, make_student, two_students
):
    ada, _ = two_students
    match = make_match(clock_seconds=None)
    etag = poll(watching, classroom)["ETag"]

    def changed(text):
        nonlocal etag
        response = poll(watching, classroom, etag=etag)
        assert response.status_code == 200, text
        assert text in response.content.decode()
        etag = response["ETag"]
        assert poll(watching, classroom, etag=etag).status_code == 304

    cy = make_student("Cy")
    lobby.presence_join(student=cy, channel_name="lobby-cy")
    changed("</span> Cy</li>")
    lobby.presence_leave(channel_name="lobby-cy", classroom_id=classroom.pk)
    changed("Nobody is in the lobby.")
    ada.display_name = "Adaline"
    ada.save()
    changed("Adaline – Ben")
    finish(match)
    changed("No matches in play.")
    make_match(seed=8, clock_seconds=180)
    changed("3:00")


def test_the_clock_text_ticking_down_changes_the_etag(watching, classroom, make_match):
    match = make_match(clock_seconds=180)
    first = poll(watching, classroom)
    assert "3:00" in first.content.decode()
    earlier = match.clock_deadline - timedelta(seconds=61)
    Match.objects.filter(pk=match.pk).update(clock_deadline=earlier)
    second = poll(watching, classroom, etag=first["ETag"])
    assert second.status_code == 200 and "1:5" in row_of(second.content.decode(), match)


def test_the_etag_is_per_language(watching, classroom, teacher):
    """An empty class: only the template's own words differ between the two languages."""
    english = poll(watching, classroom)
    user_language_set(user=teacher, language="nb")
    norwegian = poll(watching, classroom, etag=english["ETag"])
    assert norwegian.status_code == 200
    assert "Ingen er i lobbyen." in norwegian.content.decode()


def test_another_teacher_gets_404_even_with_the_right_etag(
    client, classroom, teacher, make_teacher, make_match
):
    make_match(clock_seconds=None)
    client.force_login(teacher)
    etag = poll(client, classroom)["ETag"]
    client.force_login(make_teacher())
    assert poll(client, classroom, etag=etag).status_code == 404
    client.logout()
    assert poll(client, classroom, etag=etag).status_code == 302


def test_a_poll_costs_the_same_queries_for_two_or_twenty_matches_once_their_states_are_known(
    watching, classroom, make_match
):
    def queries(etag=None) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert poll(watching, classroom, etag).status_code in (200, 304)
        return len(captured)

    for i in range(2):
        make_match(seed=i)
        finish(make_match(seed=50 + i))
    ROW_FACTS.clear()
    cold = queries()
    few = queries()
    assert cold == few + 1  # the states not yet known: one query for all of them
    for i in range(18):
        make_match(seed=10 + i)
        finish(make_match(seed=70 + i))
    queries()
    assert queries() == few
    # session, user, class and teacher, presence, playing, today, their seats, finished count
    assert few <= 8
    etag = poll(watching, classroom)["ETag"]
    assert queries(etag) == few  # a 304 is rebuilt from the same reads, only not rendered
