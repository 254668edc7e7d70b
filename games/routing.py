import os

from django.urls import path

from games.consumers import MatchConsumer
from games.lobby_consumer import LobbyConsumer

websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]

if os.environ.get("ARENA_BENCH_ECHO") == "1":  # the benchmark's baseline, never in production
    from games.bench_echo import EchoConsumer

    websocket_urlpatterns.append(path("ws/bench/echo/<int:room>/", EchoConsumer.as_asgi()))
