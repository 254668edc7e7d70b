from django.urls import path

from games import views, views_lobby, views_teacher

app_name = "games"

urlpatterns = [
    path("", views_lobby.lobby, name="lobby"),
    path("computer/", views.play_computer, name="play_computer"),
    path("guided/", views.guided_game, name="guided"),
    path("m/<int:match_id>/", views.match_page, name="match"),
    path("class/<int:classroom_id>/live/", views_teacher.class_live, name="class_live"),
    path("class/<int:classroom_id>/matches/", views_teacher.class_matches, name="class_matches"),
    path("class/<int:classroom_id>/finished/", views_teacher.class_finished, name="class_finished"),
    path("class/<int:classroom_id>/pair/", views_teacher.pair, name="pair"),
    path("class/<int:classroom_id>/pair-all/", views_teacher.pair_all, name="pair_all"),
]
