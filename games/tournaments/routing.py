from django.urls import path

from games.tournaments.consumer import TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournament/<int:pk>/<slug:screen>/", TournamentConsumer.as_asgi()),
]
