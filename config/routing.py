"""WebSocket routes, collected from the apps."""

websocket_urlpatterns: list = []
