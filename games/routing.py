from django.urls import path

from games.live.lobby_consumer import LobbyConsumer
from games.live.match_consumer import MatchConsumer

websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
