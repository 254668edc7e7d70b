"""The application with the benchmark's echo socket added (bench/live_latency.py serves this).

The echo is the baseline a real move is compared with; it never ships in the app's routes.
"""

from channels.auth import AuthMiddlewareStack
from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path

from bench.echo_consumer import EchoConsumer
from classrooms.languages import SocketLanguageMiddleware
from config.asgi import application as app  # sets Django up and starts the sweep
from config.asgi import django_asgi_app
from config.routing import websocket_urlpatterns

echo = [path("ws/bench/echo/<int:room>/", EchoConsumer.as_asgi())]
application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(SocketLanguageMiddleware(URLRouter(echo + websocket_urlpatterns)))
        ),
    }
)
__all__ = ["app", "application"]
