"""WebSocket routes, collected from the apps."""

from games.routing import websocket_urlpatterns as games_websockets

websocket_urlpatterns: list = [*games_websockets]
