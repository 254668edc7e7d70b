"""The tournament services on PostgreSQL: every format from the roster to its last result,
fed by real matches finishing (the match_finished signal after commit)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.kinds import registered
from games.models import Match
from games.tournaments import history, services
from games.tournaments.models import Pairing, Round, Tournament
from tests.games.tournaments.conftest import current_round, finish, games, play_round

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]
Format = Tournament.Format


def test_a_round_robin_of_five_gives_everyone_one_bye_and_meets_everyone_once(
    teacher, make_tournament, on_commit
):
    t = make_tournament(5, format=Format.ROUND_ROBIN)
    for _ in range(5):
        play_round(teacher, t, on_commit)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    met = [
        frozenset((p.first.student_id, p.second.student_id))
        for p in Pairing.objects.filter(round__tournament=t, bye="")
    ]
    assert len(met) == len(set(met)) == 10
    byes = list(
        Pairing.objects.filter(round__tournament=t).exclude(bye="").values_list("first", flat=True)
    )
    assert sorted(byes) == sorted(t.entrants.values_list("pk", flat=True))
    with pytest.raises(services.TournamentRefused):
        services.round_pair(teacher=teacher, tournament=t)


def test_a_double_round_robin_with_the_bot_for_the_odd_one(teacher, make_tournament, on_commit):
    t = make_tournament(3, format=Format.ROUND_ROBIN, double=True, odd=Tournament.Odd.BOT)
    row = play_round(teacher, t, on_commit)
    assert row.status == Round.Status.FINISHED
    bot_games = [p for p in games(row) if None in (p.first, p.second)]
    assert len(bot_games) == 1
    assert bot_games[0].match.seats.filter(bot_level="beginner").exists()
    for _ in range(5):
        play_round(teacher, t, on_commit)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert t.round_set.count() == 6


def test_a_knockout_of_five_gives_the_top_seeds_byes_and_plays_a_third_place_match(
    teacher, make_tournament, on_commit
):
    t = make_tournament(5, format=Format.KNOCKOUT, third_place=True)
    first = play_round(teacher, t, on_commit)
    assert len(games(first)) == 1 and first.pairings.exclude(bye="").count() == 3
    semis = play_round(teacher, t, on_commit)
    assert len(games(semis)) == 2
    final = play_round(teacher, t, on_commit, winner="second")
    assert len(games(final)) == 2  # the final and the third-place match
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    places = history.knockout_places(history.history_of(t))
    assert sorted(places.values()) == [1, 2, 3, 4, 5]
    winner_of_final = games(final)[0].second.student_id
    assert places[winner_of_final] == 1


def test_a_swiss_never_repeats_a_pairing_and_finishes_after_its_rounds(
    teacher, make_tournament, on_commit
):
    # After two rounds of six the unplayed pairs always hold a perfect matching (a cubic
    # graph); after three they may not (two triangles), so three rounds can avoid repeats.
    t = make_tournament(6, rounds=3)
    for _ in range(3):
        play_round(teacher, t, on_commit)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    met = [
        frozenset((p.first_id, p.second_id)) for p in Pairing.objects.filter(round__tournament=t)
    ]
    assert len(met) == len(set(met)) == 9
    table = history.table(history.history_of(t))
    assert [line.rank for line in table] == [1, 2, 3, 4, 5, 6]
    assert sum(line.points for line in table) == 9


def test_kept_apart_students_are_not_paired_while_another_pairing_exists(
    teacher, classroom, make_student, make_tournament, on_commit
):
    students = [make_student(name) for name in ("Ada", "Ben", "Cy", "Di")]
    services.keep_apart_add(teacher=teacher, classroom=classroom, a=students[2], b=students[0])
    services.keep_apart_add(teacher=teacher, classroom=classroom, a=students[1], b=students[3])
    t = make_tournament(students=students, rounds=2)
    for _ in range(2):
        row = play_round(teacher, t, on_commit)
        for entry in games(row):
            pair = {entry.first.student.display_name, entry.second.student.display_name}
            assert pair not in ({"Ada", "Cy"}, {"Ben", "Di"})


def test_undoing_a_pairing_before_it_starts_drops_the_round(teacher, make_tournament):
    t = make_tournament(4)
    services.round_pair(teacher=teacher, tournament=t)
    with pytest.raises(services.TournamentRefused, match="Finish the current round"):
        services.round_pair(teacher=teacher, tournament=t)
    services.round_unpair(teacher=teacher, tournament=t)
    assert not t.round_set.exists()
    services.round_pair(teacher=teacher, tournament=t)
    services.round_start(teacher=teacher, tournament=t)
    with pytest.raises(services.TournamentRefused, match="no pairing waiting"):
        services.round_unpair(teacher=teacher, tournament=t)


def test_a_late_arrival_in_a_swiss_gets_half_points_for_the_rounds_missed(
    teacher, make_student, make_tournament, on_commit
):
    t = make_tournament(4)
    play_round(teacher, t, on_commit)
    late = make_student("Late Lu")
    services.entrant_add(teacher=teacher, tournament=t, student=late)
    line = next(x for x in history.table(history.history_of(t)) if x.player == late.pk)
    assert line.points == pytest.approx(0.5)
    row = play_round(teacher, t, on_commit)
    assert late.pk in {e.student_id for p in row.pairings.all() for e in (p.first, p.second) if e}


def test_a_round_robin_refuses_newcomers_once_started(teacher, make_student, make_tournament):
    t = make_tournament(4, format=Format.ROUND_ROBIN)
    services.entrant_add(teacher=teacher, tournament=t, student=make_student("Early Em"))
    services.round_pair(teacher=teacher, tournament=t)
    with pytest.raises(services.TournamentRefused, match="cannot take newcomers"):
        services.entrant_add(teacher=teacher, tournament=t, student=make_student("Late Lu"))
    assert t.entrants.count() == 5


def test_a_withdrawn_student_forfeits_the_game_in_play_and_is_never_paired_again(
    teacher, make_tournament, on_commit
):
    t = make_tournament(4)
    services.round_pair(teacher=teacher, tournament=t)
    row = services.round_start(teacher=teacher, tournament=t)
    leaving = games(row)[0]
    with on_commit():
        services.entrant_withdraw(teacher=teacher, entrant=leaving.first)
        for entry in games(row)[1:]:
            finish(entry)
    leaving.refresh_from_db()
    assert leaving.outcome == Pairing.Outcome.SECOND_WON
    assert leaving.match.status == Match.Status.FINISHED
    row.refresh_from_db()
    assert row.status == Round.Status.FINISHED
    second = play_round(teacher, t, on_commit)
    seated = {e.pk for p in second.pairings.all() for e in (p.first, p.second) if e}
    assert leaving.first_id not in seated and len(seated) == 3


def test_withdrawing_from_a_paired_round_pairs_it_again(teacher, make_tournament):
    t = make_tournament(4)
    row = services.round_pair(teacher=teacher, tournament=t)
    leaving = games(row)[0].first
    services.entrant_withdraw(teacher=teacher, entrant=leaving)
    again = current_round(t)
    assert again.status == Round.Status.PAIRED and again.number == 1
    assert again.pairings.exclude(bye="").get().first_id != leaving.pk


def test_the_arena_pairs_a_finished_student_again_at_once_but_not_with_the_last_opponent(
    teacher, make_tournament, on_commit
):
    t = make_tournament(4, format=Format.ARENA, arena_minutes=20)
    services.arena_start(teacher=teacher, tournament=t)
    first, second = games(current_round(t))
    with on_commit():
        finish(first)
    assert len(games(current_round(t))) == 2  # one game left over: nobody new to pair with
    with on_commit():
        finish(second)
    fresh = [p for p in games(current_round(t)) if not p.outcome]
    assert len(fresh) == 2
    old = [{first.first_id, first.second_id}, {second.first_id, second.second_id}]
    assert all({p.first_id, p.second_id} not in old for p in fresh)
    table = history.table(history.history_of(t))
    assert [line.points for line in table[:2]] == [2, 2]


def test_the_arena_stops_pairing_when_its_window_closes(teacher, make_tournament, on_commit):
    t = make_tournament(2, format=Format.ARENA, arena_minutes=5)
    services.arena_start(teacher=teacher, tournament=t)
    (entry,) = games(current_round(t))
    Tournament.objects.filter(pk=t.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    with on_commit():
        finish(entry)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert len(games(current_round(t))) == 1


def test_an_odd_arena_with_the_bot_pairs_the_one_left_over_with_it(teacher, make_tournament):
    t = make_tournament(3, format=Format.ARENA, arena_minutes=10, odd=Tournament.Odd.BOT)
    services.arena_start(teacher=teacher, tournament=t)
    rows = games(current_round(t))
    assert len(rows) == 2 and sum(None in (p.first, p.second) for p in rows) == 1


def test_only_the_classes_teacher_may_run_it(make_teacher, make_tournament, make_classroom):
    t = make_tournament(4)
    stranger = make_teacher()
    make_classroom(teacher=stranger)
    for call in (services.round_pair, services.tournament_end):
        with pytest.raises(services.TournamentRefused, match="do not teach"):
            call(teacher=stranger, tournament=t)
    assert not t.round_set.exists()


def test_creating_needs_two_present_students_of_the_class(
    teacher, classroom, make_classroom, make_student
):
    other = make_student("Elsewhere", room=make_classroom())
    mine = make_student("Mine")
    for students in ([mine], [mine, other]):
        with pytest.raises(services.TournamentRefused, match="at least two students"):
            services.tournament_create(
                teacher=teacher, classroom=classroom, name="x", students=students, rounds=3
            )
    assert not Tournament.objects.exists()


def test_a_match_of_no_tournament_is_ignored(make_match, on_commit, two_students):
    with on_commit():
        match = make_match()
        from games.services import match_resign

        match_resign(match=match, player=two_students[0].user)
    assert services.pairing_result_record(match_id=match.pk) is None


def test_ending_a_round_early_decides_its_games_by_the_clock_rule(
    teacher, make_tournament, on_commit
):
    t = make_tournament(4)
    services.round_pair(teacher=teacher, tournament=t)
    row = services.round_start(teacher=teacher, tournament=t)
    done, open_game = games(row)
    with on_commit():
        finish(done)
        assert services.round_end_early(teacher=teacher, tournament=t) == 1
    open_game.refresh_from_db()
    # No captures yet: Maths Warriors' clock rule gives the game to whoever moved second.
    match = open_game.match
    assert match.result_reason == "clock" and match.winner_seat in (0, 1)
    won = [Pairing.Outcome.FIRST_WON, Pairing.Outcome.SECOND_WON][match.winner_seat]
    assert open_game.outcome == won
    row.refresh_from_db()
    assert row.status == Round.Status.FINISHED
    with pytest.raises(services.TournamentRefused, match="no round in play"):
        services.round_end_early(teacher=teacher, tournament=t)


def test_a_paused_arena_pairs_nobody_new_until_it_resumes(teacher, make_tournament, on_commit):
    t = make_tournament(4, format=Format.ARENA, arena_minutes=20)
    services.arena_start(teacher=teacher, tournament=t)
    first, second = games(current_round(t))
    services.arena_pause(teacher=teacher, tournament=t, paused=True)
    with on_commit():
        finish(first)
        finish(second)
    assert len(games(current_round(t))) == 2  # everyone waits
    services.arena_pause(teacher=teacher, tournament=t, paused=False)
    assert len([p for p in games(current_round(t)) if not p.outcome]) == 2


def test_only_an_arena_in_play_can_be_paused(teacher, make_tournament):
    t = make_tournament(4)
    with pytest.raises(services.TournamentRefused, match="Only an arena"):
        services.arena_pause(teacher=teacher, tournament=t, paused=True)


# Each kind's options for a tournament (none: its defaults).
TOURNAMENT_OPTIONS = {"cardwar": {"level": 3, "clock_minutes": 5}, "warriors": {"recruit": True}}


@pytest.mark.parametrize("game", registered())
def test_every_game_kind_runs_a_round_from_pairing_to_result(
    teacher, make_tournament, on_commit, game
):
    variants = TOURNAMENT_OPTIONS.get(game, {})
    t = make_tournament(2, rounds=1, game=game, variants=variants)
    row = play_round(teacher, t, on_commit)
    (entry,) = games(row)
    assert entry.match.game == game and entry.outcome == Pairing.Outcome.FIRST_WON
    if game == "cardwar":
        assert entry.match.variants["level"] == 3 and entry.match.variants["clock_minutes"] == 5
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


@pytest.mark.parametrize("clock_minutes", [None, 5])
def test_ending_a_round_early_ends_card_war_games_with_or_without_a_clock(
    teacher, make_tournament, on_commit, clock_minutes
):
    variants = {"level": 1, "clock_minutes": clock_minutes}
    t = make_tournament(2, rounds=2, game="cardwar", variants=variants)
    services.round_pair(teacher=teacher, tournament=t)
    row = services.round_start(teacher=teacher, tournament=t)
    with on_commit():
        assert services.round_end_early(teacher=teacher, tournament=t) == 1
    (entry,) = games(row)
    entry.refresh_from_db()
    assert entry.match.status == Match.Status.FINISHED and entry.match.result_reason == "clock"
    assert entry.outcome  # most cards wins (or a draw): the pairing has its result
    row.refresh_from_db()
    assert row.status == Round.Status.FINISHED


def test_the_standings_move_when_games_end_not_when_a_round_is_paired(
    teacher, make_tournament, on_commit
):
    t = make_tournament(5, rounds=3)  # five: someone has a bye each round
    play_round(teacher, t, on_commit)

    def table():
        return [
            (s.player, s.points, s.buchholz, s.sonneborn_berger)
            for s in history.table(history.history_of(t))
        ]

    after_round_one = table()
    services.round_pair(teacher=teacher, tournament=t)
    assert table() == after_round_one
    services.round_unpair(teacher=teacher, tournament=t)
    assert table() == after_round_one


def test_a_student_is_told_what_comes_next_at_every_moment(teacher, make_tournament, on_commit):
    from games.tournaments.selectors import student_view

    t = make_tournament(3, rounds=2)  # three: one bye a round
    students = [e.student for e in t.entrants.order_by("pk")]

    def states():
        t.refresh_from_db()
        return {s.pk: student_view(t, s) for s in students}

    assert {v.state for v in states().values()} == {"pair"}
    services.round_pair(teacher=teacher, tournament=t)
    now = states()
    assert sorted(v.state for v in now.values()) == ["next"] * 3
    assert sum(bool(v.bye) for v in now.values()) == 1
    row = services.round_start(teacher=teacher, tournament=t)
    now = states()
    assert sorted(v.state for v in now.values()) == ["bye", "playing", "playing"]
    with on_commit():
        finish(games(row)[0])
    # Round over: nobody's "next opponent" is the one they just played.
    assert {v.state for v in states().values()} == {"pair"}
    play_round(teacher, t, on_commit)
    now = states()
    assert {v.state for v in now.values()} == {"over"}  # the last round's bye holder too
