"""The lobby socket: presence and challenges (filled in below the match screen)."""

from channels.generic.websocket import AsyncWebsocketConsumer


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        await self.close()
