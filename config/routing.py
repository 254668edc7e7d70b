"""WebSocket routes, collected from the apps."""

from games.routing import websocket_urlpatterns as games_websockets
from games.tournaments.routing import websocket_urlpatterns as tournament_websockets

websocket_urlpatterns: list = [*games_websockets, *tournament_websockets]
