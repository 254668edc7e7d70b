from django.urls import path

from games.views import lobby, play, start, teacher

app_name = "games"

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("computer/", start.computer, name="play_computer"),
    path("invite/", start.invite, name="invite"),
    path("guided/", play.guided_game, name="guided"),
    path("m/<int:match_id>/", play.match_page, name="match"),
    path("m/<int:match_id>/again/", play.play_again, name="play_again"),
    path("class/<int:classroom_id>/live/", teacher.class_live, name="class_live"),
    path("class/<int:classroom_id>/matches/", teacher.class_matches, name="class_matches"),
    path("class/<int:classroom_id>/finished/", teacher.class_finished, name="class_finished"),
    path("class/<int:classroom_id>/pair/", teacher.pair, name="pair"),
    path("class/<int:classroom_id>/pair-all/", teacher.pair_all, name="pair_all"),
]
