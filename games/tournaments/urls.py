"""Tournament URLs: the teacher's under /teach/, the students' under /play/."""

from django.urls import path

from games.tournaments.views import export, student, teacher

app_name = "tournaments"

urlpatterns = [
    path("teach/classes/<int:pk>/tournaments/", teacher.class_tournaments, name="class"),
    path("teach/classes/<int:pk>/tournaments/new/", teacher.tournament_new, name="new"),
    path("teach/classes/<int:pk>/keep-apart/", teacher.keep_apart, name="keep_apart"),
    path(
        "teach/keep-apart/<int:pair_id>/remove/",
        teacher.keep_apart_remove,
        name="keep_apart_remove",
    ),
    path("teach/tournaments/<int:pk>/", teacher.manage, name="manage"),
    path("teach/tournaments/<int:pk>/controls/", teacher.controls, name="controls"),
    path("teach/tournaments/<int:pk>/pair/", teacher.pair, name="pair"),
    path("teach/tournaments/<int:pk>/unpair/", teacher.unpair, name="unpair"),
    path("teach/tournaments/<int:pk>/start/", teacher.start, name="start"),
    path("teach/tournaments/<int:pk>/end/", teacher.end, name="end"),
    path("teach/tournaments/<int:pk>/pause/", teacher.pause, name="pause"),
    path("teach/tournaments/<int:pk>/end-round/", teacher.end_round, name="end_round"),
    path("teach/tournaments/<int:pk>/late/", teacher.late, name="late"),
    path(
        "teach/tournaments/<int:pk>/withdraw/<int:entrant_id>/",
        teacher.withdraw,
        name="withdraw",
    ),
    path("teach/tournaments/<int:pk>/projector/", teacher.projector, name="projector"),
    path("teach/tournaments/<int:pk>/standings.csv", export.standings_csv, name="csv"),
    path("play/tournament/", student.panel, name="panel"),
    path("play/tournaments/<int:pk>/", student.standings, name="standings"),
]
