"""The tournament pages: the creation form with attendance, running a round, the CSV, and who
may see or do what (the matrix: the class's teacher, another teacher, a student of the class,
a student of another class, nobody logged in)."""

import csv
import io
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Match, Presence
from games.tournaments.models import KeepApart, Tournament
from tests.games.tournaments.conftest import current_round, games

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(client, teacher, make_teacher, make_classroom, make_student, make_tournament):
    """A tournament and one user of each kind."""
    tournament = make_tournament(4)
    other_teacher = make_teacher()
    elsewhere = make_student("Far Away", room=make_classroom(teacher=other_teacher))
    entrant = tournament.entrants.first().student
    return {
        "tournament": tournament,
        "teacher": teacher,
        "other_teacher": other_teacher,
        "student": entrant.user,
        "stranger_student": elsewhere.user,
    }


TEACHER_GETS = ["manage", "controls", "projector", "csv"]
TEACHER_POSTS = ["pair", "start", "end", "unpair", "end_round", "late", "pause"]


@pytest.mark.parametrize("name", TEACHER_GETS)
@pytest.mark.parametrize(
    ("who", "status"),
    [("teacher", 200), ("other_teacher", 404), ("student", 403), ("stranger_student", 403)],
)
def test_only_the_classes_teacher_sees_the_teacher_pages(client, people, name, who, status):
    client.force_login(people[who])
    response = client.get(reverse(f"tournaments:{name}", args=[people["tournament"].pk]))
    assert response.status_code == status


@pytest.mark.parametrize("name", TEACHER_POSTS)
@pytest.mark.parametrize("who", ["other_teacher", "student", "stranger_student"])
def test_nobody_else_may_run_it(client, people, name, who):
    client.force_login(people[who])
    response = client.post(reverse(f"tournaments:{name}", args=[people["tournament"].pk]))
    # Another teacher hears what a made-up id would get; a student is no teacher at all.
    assert response.status_code == (404 if who == "other_teacher" else 403)
    assert not people["tournament"].round_set.exists()


@pytest.mark.parametrize("name", [*TEACHER_GETS, "standings"])
def test_nobody_logged_in_goes_to_the_login_page(client, people, name):
    response = client.get(reverse(f"tournaments:{name}", args=[people["tournament"].pk]))
    assert response.status_code == 302 and "login" in response["Location"]


@pytest.mark.parametrize(
    ("who", "status"), [("student", 200), ("stranger_student", 404), ("other_teacher", 404)]
)
def test_students_see_only_their_own_classes_tournament(client, people, who, status):
    client.force_login(people[who])
    response = client.get(reverse("tournaments:standings", args=[people["tournament"].pk]))
    assert response.status_code == status


def test_the_class_pages_are_the_teachers_alone(client, people, classroom):
    for name in ("class", "new", "keep_apart"):
        url = reverse(f"tournaments:{name}", args=[classroom.pk])
        client.force_login(people["other_teacher"])
        assert client.get(url).status_code == 404
        client.force_login(people["teacher"])
        assert client.get(url).status_code == 200


def test_the_form_ticks_the_students_in_the_lobby(client, teacher, classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    Presence.objects.create(
        user=ada.user, classroom=classroom, channel_name="c1", seen_at=timezone.now()
    )
    client.force_login(teacher)
    page = client.get(reverse("tournaments:new", args=[classroom.pk])).content.decode()
    assert "Ada (in the lobby)" in page

    def tick_box(student) -> str:
        """The student's tick in the roster (by its name and value, never a row id alone)."""
        boxes = re.findall(r'<input type="checkbox" name="students"[^>]*>', page)
        (box,) = [box for box in boxes if f'value="{student.pk}"' in box]
        return box

    assert "checked" in tick_box(ada) and "checked" not in tick_box(ben)


def test_creating_a_knockout_from_the_form_then_pairing_and_starting(
    client, teacher, classroom, make_student
):
    students = [make_student(n) for n in ("Ada", "Ben", "Cy", "Di", "Eve")]
    client.force_login(teacher)
    response = client.post(
        reverse("tournaments:new", args=[classroom.pk]),
        {
            "name": "Knockout",
            "game": "warriors",
            "clock": "180",
            "move_limit": "off",
            "format": "knockout",
            "third_place": "on",
            "odd": "bye",
            "students": [s.pk for s in students],
        },
    )
    t = Tournament.objects.get()
    assert response.status_code == 302 and t.third_place and t.clock_seconds == 180
    client.post(reverse("tournaments:pair", args=[t.pk]))
    client.post(reverse("tournaments:start", args=[t.pk]))
    row = current_round(t)
    assert [g.match.options["clock_seconds"] for g in games(row)] == [180]
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "Round 1" in page and "Bracket" in page


def test_bad_settings_change_nothing_and_say_why(client, teacher, classroom, make_student):
    students = [make_student(n) for n in ("Ada", "Ben")]
    client.force_login(teacher)
    response = client.post(
        reverse("tournaments:new", args=[classroom.pk]),
        {
            "name": "x",
            "game": "warriors",
            "format": "swiss",
            "rounds": "99",
            "odd": "bye",
            "students": [students[0].pk],
        },
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert "Tick at least two students" in text and "less than or equal to 15" in text
    response = client.post(
        reverse("tournaments:new", args=[classroom.pk]),
        {
            "name": "x",
            "game": "nonsense",
            "format": "swiss",
            "rounds": "3",
            "odd": "bye",
            "students": [s.pk for s in students],
        },
    )
    assert response.status_code == 400 and not Tournament.objects.exists()


def test_the_csv_lists_the_standings_with_formulas_made_harmless(
    client, teacher, make_student, make_tournament, on_commit
):
    from tests.games.tournaments.conftest import play_round

    students = [make_student(n) for n in ("Ada", "Ben", "Cy")]
    t = make_tournament(students=students, rounds=2)
    t.name = "=cmd"
    t.save()
    type(students[0]).objects.filter(pk=students[0].pk).update(display_name="=HYPERLINK(1)")
    play_round(teacher, t, on_commit)
    client.force_login(teacher)
    response = client.get(reverse("tournaments:csv", args=[t.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:9] == [
        "rank",
        "name",
        "points",
        "buchholz",
        "sonneborn_berger",
        "games",
        "wins",
        "draws",
        "losses",
    ]
    assert len(rows) == 4 and [r[0] for r in rows[1:]] == ["1", "2", "3"]
    assert "'=HYPERLINK(1)" in [r[1] for r in rows]
    assert sum(float(r[2]) for r in rows[1:]) == 2  # one game and one bye


def test_keep_apart_pairs_are_added_once_and_removed_by_the_teacher(
    client, teacher, classroom, make_student
):
    ada, ben = make_student("Ada"), make_student("Ben")
    client.force_login(teacher)
    url = reverse("tournaments:keep_apart", args=[classroom.pk])
    client.post(url, {"a": ben.pk, "b": ada.pk})
    client.post(url, {"a": ada.pk, "b": ben.pk})
    assert client.post(url, {"a": ada.pk, "b": ada.pk}).status_code == 400
    pair = KeepApart.objects.get()
    assert (pair.low, pair.high) == tuple(sorted((ada, ben), key=lambda s: s.pk))
    client.post(reverse("tournaments:keep_apart_remove", args=[pair.pk]))
    assert not KeepApart.objects.exists()


def test_the_lobby_panel_shows_the_students_next_opponent(client, teacher, make_tournament):
    t = make_tournament(2)
    from games.tournaments import services

    services.round_pair(teacher=teacher, tournament=t)
    ada, ben = (e.student for e in t.entrants.order_by("pk"))
    client.force_login(ada.user)
    assert (
        "Round 1 is paired: your next opponent is " + ben.display_name
        in client.get(reverse("tournaments:panel")).content.decode()
    )
    services.round_start(teacher=teacher, tournament=t)
    page = client.get(reverse("tournaments:panel")).content.decode()
    assert f"Round 1: you are playing {ben.display_name}" in page
    assert reverse("games:match", args=[Match.objects.get().pk]) in page


def test_the_form_offers_only_the_games_matches_can_start(classroom):
    from games.kinds import DEFAULT_GAME, registered
    from games.tournaments.forms import TournamentForm

    form = TournamentForm(classroom=classroom, here=frozenset())
    offered = [value for value, _label in form.fields["game"].choices]
    assert sorted(offered) == sorted(registered()) and offered[0] == DEFAULT_GAME
    assert "warriors" in offered and "cardwar" in offered


def test_an_arena_is_opened_paused_and_resumed_from_its_page(client, teacher, make_tournament):
    t = make_tournament(4, format=Tournament.Format.ARENA, arena_minutes=15, streaks=False)
    client.force_login(teacher)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "Open the arena for 15 minutes" in page and "streak bonus off" in page
    client.post(reverse("tournaments:start", args=[t.pk]))
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "Pause pairing" in page and "Arena closes in" in page and "Games in play" in page
    client.post(reverse("tournaments:pause", args=[t.pk]), {"paused": "1"})
    t.refresh_from_db()
    assert t.paused
    assert (
        "Resume pairing" in client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    )
    client.post(reverse("tournaments:pause", args=[t.pk]), {"paused": "0"})
    t.refresh_from_db()
    assert not t.paused


def test_a_card_war_tournament_is_created_at_a_level_from_the_form(
    client, teacher, classroom, make_student
):
    students = [make_student(n) for n in ("Ada", "Ben")]
    client.force_login(teacher)
    response = client.post(
        reverse("tournaments:new", args=[classroom.pk]),
        {
            "name": "Cards",
            "game": "cardwar",
            "level": "4",
            "clock": "300",
            "move_limit": "off",
            "format": "round_robin",
            "odd": "bye",
            "students": [s.pk for s in students],
        },
    )
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert t.game == "cardwar" and t.variants == {"level": 4, "clock_minutes": 5}


def test_the_knockout_csv_is_in_place_order_with_a_place_column(
    client, teacher, make_tournament, on_commit
):
    from tests.games.tournaments.conftest import play_round

    t = make_tournament(5, format=Tournament.Format.KNOCKOUT, third_place=True)
    for winner in ("first", "first", "second"):
        play_round(teacher, t, on_commit, winner=winner)
    client.force_login(teacher)
    response = client.get(reverse("tournaments:csv", args=[t.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][-1] == "place"
    assert [r[-1] for r in rows[1:]] == ["1", "2", "3", "4", "5"]


def test_a_finished_tournaments_panel_gives_way_to_the_class_next_one(
    client, teacher, make_tournament, on_commit
):
    from tests.games.tournaments.conftest import play_round

    t = make_tournament(2, rounds=1)
    play_round(teacher, t, on_commit)
    ada = t.entrants.order_by("pk").first().student
    client.force_login(ada.user)
    page = client.get(reverse("tournaments:panel")).content.decode()
    assert "The tournament is over." in page and f"?after={t.pk}" in page
    poll = reverse("tournaments:panel") + f"?after={t.pk}"
    assert client.get(poll).status_code == 204  # nothing newer: the panel stays
    assert client.get(reverse("tournaments:panel") + "?after=x").status_code == 400
    students = [e.student for e in t.entrants.all()]
    newer = make_tournament(students=students, rounds=1)
    newer.name = "Monday cup"
    newer.save()
    page = client.get(poll).content.decode()
    assert "Monday cup" in page and f"/ws/tournament/{newer.pk}/student/" in page


def test_ending_a_tournament_asks_first_and_the_first_click_changes_nothing(
    client, teacher, make_tournament
):
    from games.tournaments import services

    t = make_tournament(4)
    services.round_pair(teacher=teacher, tournament=t)
    client.force_login(teacher)
    url = reverse("tournaments:end", args=[t.pk])
    page = client.post(url).content.decode()
    assert "End Friday cup now?" in page and "become the final standings" in page
    assert '<input type="hidden" name="confirmed" value="1">' in page
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and t.round_set.count() == 1
    client.post(url, {"confirmed": "1"})
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


def test_the_printed_results_hold_every_round(client, teacher, make_tournament, on_commit):
    from tests.games.tournaments.conftest import play_round

    t = make_tournament(4, rounds=2)
    first = play_round(teacher, t, on_commit)
    play_round(teacher, t, on_commit)
    client.force_login(teacher)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    printed = page[page.index('id="all-rounds"') :]
    assert "Round 1" in printed and "Round 2" in printed
    assert printed.count('class="board-row"') == 4  # two boards a round
    winner = games(first)[0].first.student.display_name
    assert winner in printed and "1–0" in printed
    # The controls' refresh (after every change) brings them again.
    controls = client.get(reverse("tournaments:controls", args=[t.pk])).content.decode()
    assert '<section id="all-rounds" class="print-only"' in controls and "Round 2" in controls
