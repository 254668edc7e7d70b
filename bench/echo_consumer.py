"""A bare echo consumer: the baseline the live-latency benchmark compares moves against.

Routed only by bench/asgi.py, which bench/live_latency.py serves.
"""

from channels.generic.websocket import AsyncWebsocketConsumer


class EchoConsumer(AsyncWebsocketConsumer):
    """`ws/bench/echo/<room>/`: every message goes to everyone in the room, through the layer."""

    async def connect(self) -> None:
        self.group = f"echo.{self.scope['url_route']['kwargs']['room']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        await self.channel_layer.group_send(self.group, {"type": "echo.msg", "text": text_data})

    async def echo_msg(self, event: dict) -> None:
        await self.send(event["text"])
