from django.urls import path

from games.consumers import MatchConsumer
from games.lobby_consumer import LobbyConsumer

websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
