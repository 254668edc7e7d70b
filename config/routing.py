"""WebSocket routes, collected from the apps, and a last one for every other path."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import re_path

from games.routing import websocket_urlpatterns as games_websockets
from games.tournaments.routing import websocket_urlpatterns as tournament_websockets

CLOSE_NOT_FOUND = 4404  # like the app's 4403: an application code, not retried by htmx


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any other path: closed at once with CLOSE_NOT_FOUND (the router alone would raise, log a
    traceback, and leave the client waiting for the handshake's timeout)."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)


websocket_urlpatterns: list = [
    *games_websockets,
    *tournament_websockets,
    re_path(r"", NoSuchSocket.as_asgi()),
]
