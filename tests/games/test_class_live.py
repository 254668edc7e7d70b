"""The teacher's live view: every playing match first, today's finished ones, the older ones a
link away; pairing only students in the lobby, with the clock the teacher chose."""

import re
import zoneinfo
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings
from django.utils import timezone

from games.models import Match, Presence
from games.selectors.matches import matches_for_class
from games.services import invitations, lobby, match_resign, move_submit
from tests.games.conftest import legal_action, mover, state_of
from tests.games.start_data import computer_post

pytestmark = pytest.mark.django_db


def live_url(classroom, part="live"):
    return f"/play/class/{classroom.pk}/{part}/"


def in_lobby(*students):
    for s in students:
        lobby.presence_join(student=s, channel_name=f"lobby-{s.pk}")


def finish(match, *, at=None):
    """End a match the way a player does (resigning), then date it `at`."""
    match_resign(match=match, player=match.seats.get(index=0).user)
    if at is not None:
        Match.objects.filter(pk=match.pk).update(finished_at=at)
    return match


def select_of(html, name):
    start = html.index(f'name="{name}"')
    return html[start : html.index("</select>", start)]


def teacher_post(data: dict, game: str = "warriors") -> dict:
    """The teacher's one pairing form by short names: `first` and `second` are players 1 and 2,
    anything else is a setting of `game` (the game chosen)."""
    names = {"first": "pair-player_1", "second": "pair-player_2", "per_match": "pair-per_match"}
    return {"pair-game": game} | {names.get(k, f"pair-{game}-{k}"): v for k, v in data.items()}


def links(html, kind):
    return re.findall(rf'<a id="{kind}-(\d+)"', html)


# --- the list of matches -------------------------------------------------------------------


def test_playing_matches_stay_listed_first_beside_sixty_five_finished_ones(
    client, classroom, teacher, make_match
):
    playing = [make_match(seed=i) for i in range(3)]
    for i in range(65):
        finish(make_match(seed=100 + i))
    client.force_login(teacher)
    html = client.get(live_url(classroom, "matches")).content.decode()
    assert sorted(links(html, "watch")) == sorted(str(m.pk) for m in playing)
    assert html.index('id="watch-') < html.index('id="replay-')
    assert len(links(html, "replay")) == 30
    assert "All finished matches (35 more)" in html
    assert f'href="/play/class/{classroom.pk}/finished/"' in html


def test_a_playing_match_shows_its_captures_and_the_time_left(
    client, classroom, teacher, make_match
):
    match = make_match(clock_seconds=180)
    while not any(state_of(match).captured):
        move_submit(match=match, player=mover(match), action=legal_action(match), ply=match.ply)
        match.refresh_from_db()
    captures = " – ".join(str(len(c)) for c in state_of(match).captured)
    client.force_login(teacher)
    html = client.get(live_url(classroom, "matches")).content.decode()
    row = html[html.index("Ada – Ben") : html.index(f'id="watch-{match.pk}"')]
    assert f'<td class="score"><span class="nowrap">captures {captures}</span></td>' in row
    assert re.search(r'<td class="num">(3:00|2:5\d)</td>', row)
    assert "to move" in row


def test_a_match_without_a_clock_says_so_in_the_list(client, classroom, teacher, make_match):
    make_match(clock_seconds=None)
    client.force_login(teacher)
    assert '<td class="num">no clock</td>' in client.get(live_url(classroom)).content.decode()


@override_settings(TIME_ZONE="Pacific/Auckland")
def test_today_is_the_servers_local_date(classroom, make_match):
    zone = zoneinfo.ZoneInfo("Pacific/Auckland")
    now = datetime(2030, 3, 4, 9, 0, tzinfo=zone)
    after_midnight = finish(make_match(seed=1), at=datetime(2030, 3, 4, 0, 30, tzinfo=zone))
    before_midnight = finish(make_match(seed=2), at=datetime(2030, 3, 3, 23, 30, tzinfo=zone))
    # In UTC both are on 3 March: only the local date tells them apart.
    live = matches_for_class(classroom, now=now)
    assert [row["match"].pk for row in live.finished_today] == [after_midnight.pk]
    assert live.not_listed == 1 and live.playing == []
    assert before_midnight.pk not in [row["match"].pk for row in live.finished_today]


def test_the_polled_list_costs_the_same_queries_for_two_or_twenty_matches(
    client, classroom, teacher, make_match
):
    client.force_login(teacher)

    def queries_for_the_list() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(live_url(classroom, "matches")).status_code == 200
        return len(captured)

    for i in range(2):
        make_match(seed=i)
        finish(make_match(seed=50 + i))
    few = queries_for_the_list()
    for i in range(18):
        make_match(seed=10 + i)
        finish(make_match(seed=70 + i))
    assert queries_for_the_list() == few


# --- the older finished matches --------------------------------------------------------------


def test_the_finished_matches_page_lists_every_one_with_replays_a_page_at_a_time(
    client, classroom, teacher, make_match
):
    last_week = timezone.now() - timedelta(days=7)
    matches = [finish(make_match(seed=i), at=last_week + timedelta(minutes=i)) for i in range(55)]
    client.force_login(teacher)
    first = client.get(live_url(classroom, "finished")).content.decode()
    assert "55 finished matches, latest first" in first
    assert first.count(">Replay<span") == 50 and f"/play/m/{matches[-1].pk}/" in first
    assert "Page 1 of 2" in first and 'href="?page=2"' in first
    second = client.get(live_url(classroom, "finished") + "?page=2").content.decode()
    assert second.count(">Replay<span") == 5 and f"/play/m/{matches[0].pk}/" in second
    assert f'href="/play/class/{classroom.pk}/live/"' in second
    for hostile in ("abc", "-1", "9" * 30, "%00"):
        response = client.get(live_url(classroom, "finished") + f"?page={hostile}")
        assert response.status_code == 200


def test_every_teacher_view_is_only_for_the_classes_teachers(
    client, classroom, make_teacher, make_student, make_match
):
    a, b = make_student("Ada"), make_student("Ben")
    in_lobby(a, b)
    make_match()
    for outsider in (make_teacher(), a.user):
        client.force_login(outsider)
        for part in ("live", "matches", "finished"):
            assert client.get(live_url(classroom, part)).status_code == 404
        for part in ("pair", "pair-all"):
            data = teacher_post({"first": a.pk, "second": b.pk, "clock": "180"})
            assert client.post(live_url(classroom, part), data).status_code == 404
    assert Match.objects.count() == 1
    client.logout()
    assert client.get(live_url(classroom)).status_code == 302


# --- pairing ---------------------------------------------------------------------------------


def test_the_pairing_lists_say_who_is_in_the_lobby_in_words_and_list_them_first(
    client, classroom, teacher, make_student
):
    ben, ada = make_student("Ben"), make_student("Ada")
    make_student("Cy")
    in_lobby(ben)
    client.force_login(teacher)
    html = client.get(live_url(classroom)).content.decode()
    select = select_of(html, "pair-player_1")
    labels = re.findall(r">([●○][^<]*)</option>", select)
    assert labels == [
        "● Ben — in the lobby",
        "○ Ada — not in the lobby",
        "○ Cy — not in the lobby",
    ]
    assert f'value="{ada.pk}" data-here="● Ada — in the lobby"' in select


def test_pairing_two_students_in_the_lobby_names_them_and_uses_the_chosen_clock(
    client, classroom, teacher, make_student
):
    ada, ben = make_student("Ada"), make_student("Ben")
    in_lobby(ada, ben)
    client.force_login(teacher)
    data = teacher_post({"first": ada.pk, "second": ben.pk, "clock": "180", "move_limit": "30"})
    response = client.post(live_url(classroom, "pair"), data, follow=True)
    assert "Maths Warriors started: Ada, Ben." in response.content.decode()
    match = Match.objects.get()
    assert [s.user_id for s in match.seats.order_by("index")] == [ada.user_id, ben.user_id]
    assert match.options["clock_seconds"] == 180 and match.options["move_seconds"] == 30
    left = match.clock_deadline - timezone.now()
    assert timedelta(seconds=170) < left <= timedelta(seconds=180)
    again = client.get(live_url(classroom)).content.decode()
    assert 'value="180" selected' in select_of(again, "pair-warriors-clock")
    assert 'value="30" selected' in select_of(again, "pair-warriors-move_limit")
    page = client.get(f"/play/m/{match.pk}/").content.decode()
    game_ms = int(re.search(r'data-remaining-ms="(\d+)" role="timer" aria-label="Game', page)[1])
    assert 170_000 < game_ms <= 180_000
    assert 'class="clock move-clock" data-remaining-ms="' in page


def test_pairing_a_student_not_in_the_lobby_is_refused_and_starts_nothing(
    client, classroom, teacher, make_student
):
    ada, ben = make_student("Ada"), make_student("Ben")
    in_lobby(ada)
    client.force_login(teacher)
    data = teacher_post({"first": ada.pk, "second": ben.pk})
    response = client.post(live_url(classroom, "pair"), data)
    assert response.status_code == 400
    assert "Ben is not in the lobby. Ask them to open Play, then pair again." in (
        response.content.decode()
    )
    assert not Match.objects.exists()


def test_a_student_whose_lobby_socket_went_quiet_is_not_in_the_lobby(
    classroom, teacher, make_student
):
    ada, ben = make_student("Ada"), make_student("Ben")
    in_lobby(ada, ben)
    stale = timezone.now() - timedelta(seconds=lobby.ONLINE_SECONDS + 1)
    Presence.objects.filter(user=ben.user).update(seen_at=stale)
    with pytest.raises(lobby.LobbyRefused, match="Ben is not in the lobby"):
        invitations.pair_students(classroom=classroom, teacher=teacher, students=[ada, ben])
    assert not Match.objects.exists()


def test_the_live_page_offers_exactly_the_clock_choices_with_twelve_minutes_first_chosen(
    client, classroom, teacher
):
    client.force_login(teacher)
    html = client.get(live_url(classroom)).content.decode()
    clock = select_of(html, "pair-warriors-clock")
    assert re.findall(r'value="([^"]+)"', clock) == ["60", "180", "300", "720", "1200", "off"]
    assert re.search(r'value="720" selected', clock)
    move = select_of(html, "pair-warriors-move_limit")
    assert re.findall(r'value="([^"]+)"', move) == ["off", "30", "60", "120"]


HOSTILE_PAIRINGS = {
    "a clock not offered": {"clock": "7"},
    "a negative clock": {"clock": "-180"},
    "a clock with SQL": {"clock": "720; DROP TABLE games_match"},
    "a NUL in the clock": {"clock": "7\x0020"},
    "a per-move limit not offered": {"move_limit": "15"},
    "a per-move limit as long as the game": {"clock": "60", "move_limit": "60"},
    "a per-move limit longer than the game": {"clock": "60", "move_limit": "120"},
    "a student id that is not a number": {"first": "abc"},
    "a student id too big for the column": {"first": "9" * 30},
    "the same student twice": {"second": "FIRST"},
    "a student of another class": {"second": "STRANGER"},
    "an archived student": {"second": "ARCHIVED"},
    "conflicting variants": {"plus_minus": "on", "times_divide": "on"},
}


@pytest.mark.parametrize("change", HOSTILE_PAIRINGS.values(), ids=HOSTILE_PAIRINGS.keys())
def test_hostile_pairing_values_are_form_errors_that_start_nothing(
    client, classroom, teacher, make_student, make_classroom, change
):
    ada, ben = make_student("Ada"), make_student("Ben")
    in_lobby(ada, ben)
    swaps = {"FIRST": ada.pk}
    if "STRANGER" in change.values():
        stranger = make_student("Stranger", room=make_classroom("Other"))
        in_lobby(stranger)
        swaps["STRANGER"] = stranger.pk
    if "ARCHIVED" in change.values():
        archived = make_student("Gone")
        in_lobby(archived)
        archived.archived_at = timezone.now()
        archived.save()
        swaps["ARCHIVED"] = archived.pk
    data = {"first": ada.pk, "second": ben.pk, "clock": "180", "move_limit": "off"}
    data.update({k: swaps.get(v, v) for k, v in change.items()})
    client.force_login(teacher)
    for part in ("pair", "pair-all"):
        if part == "pair-all" and set(change) & {"first", "second"}:
            continue  # pairing everyone ignores the two selects
        response = client.post(live_url(classroom, part), teacher_post(data))
        assert response.status_code == 400, part
        assert 'class="errorlist' in response.content.decode()
    assert not Match.objects.exists()


def test_pairing_everyone_present_uses_the_chosen_clock(client, classroom, teacher, make_student):
    in_lobby(make_student("Ada"), make_student("Ben"), make_student("Cy"))
    client.force_login(teacher)
    response = client.post(
        live_url(classroom, "pair-all"),
        teacher_post({"clock": "off", "move_limit": "60"}),
        follow=True,
    )
    assert "2 matches started." in response.content.decode()
    matches = list(Match.objects.all())
    assert len(matches) == 2
    for match in matches:
        assert match.options["clock_seconds"] is None and match.clock_deadline is None
        assert match.options["move_seconds"] == 60 and match.move_deadline is not None


def test_pairing_everyone_with_nobody_in_the_lobby_says_so_and_keeps_the_choices(
    client, classroom, teacher, make_student
):
    make_student("Ada")
    client.force_login(teacher)
    response = client.post(live_url(classroom, "pair-all"), teacher_post({"clock": "300"}))
    html = response.content.decode()
    assert response.status_code == 400 and "Nobody is waiting in the lobby." in html
    assert re.search(r'value="300" selected', select_of(html, "pair-warriors-clock"))
    assert not Match.objects.exists()


def test_one_student_present_plays_the_computer_and_the_message_counts_one_match(
    client, classroom, teacher, make_student
):
    in_lobby(make_student("Ada"))
    client.force_login(teacher)
    response = client.post(
        live_url(classroom, "pair-all"), teacher_post({"clock": "60"}), follow=True
    )
    assert "1 match started." in response.content.decode()
    assert Match.objects.get().options["clock_seconds"] == 60


# --- the watch page ----------------------------------------------------------------------------


def test_the_watch_page_links_back_to_the_class_live_list(client, classroom, teacher, make_match):
    match = make_match()
    client.force_login(teacher)
    back = f'href="/play/class/{classroom.pk}/live/"'
    assert back in client.get(f"/play/m/{match.pk}/").content.decode()
    client.force_login(match.seats.get(index=0).user)
    assert back not in client.get(f"/play/m/{match.pk}/").content.decode()


# --- the student's game against the computer ------------------------------------------------


@pytest.mark.parametrize(
    ("posted", "clock", "move"),
    [
        ({}, 720, None),
        ({"clock": "60"}, 60, None),
        ({"clock": "off", "move_limit": "120"}, None, 120),
    ],
)
def test_a_student_plays_the_computer_with_the_chosen_clock(
    client, make_student, posted, clock, move
):
    client.force_login(make_student().user)
    lobby_page = client.get("/play/").content.decode()
    assert 'name="warriors-computer-clock"' in lobby_page
    assert 'name="warriors-computer-move_limit"' in lobby_page
    response = client.post("/play/computer/", computer_post("warriors", **posted))
    match = Match.objects.get()
    assert response.status_code == 302
    assert match.options["clock_seconds"] == clock and match.options["move_seconds"] == move
    assert (match.clock_deadline is None) == (clock is None)
    page = client.get(f"/play/m/{match.pk}/").content.decode()
    assert ('aria-label="Game clock"' in page) == (clock is not None)


@pytest.mark.parametrize(
    "posted", [{"clock": "7"}, {"move_limit": "5"}, {"clock": "60", "move_limit": "60"}]
)
def test_a_hostile_clock_for_the_computer_game_is_refused(client, make_student, posted):
    client.force_login(make_student().user)
    response = client.post("/play/computer/", computer_post("warriors", **posted))
    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    assert not Match.objects.exists()
