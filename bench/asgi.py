"""The application with the benchmark's echo socket added (bench/live_latency.py serves this).

The echo is the baseline a real move is compared with; it never ships in the app's routes.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()  # before the imports below, which load models

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from bench.echo_consumer import EchoConsumer  # noqa: E402
from classrooms.languages import SocketLanguageMiddleware  # noqa: E402
from config.asgi import django_asgi_app  # noqa: E402  (also starts the sweep)
from config.routing import websocket_urlpatterns  # noqa: E402

echo = [path("ws/bench/echo/<int:room>/", EchoConsumer.as_asgi())]
application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(SocketLanguageMiddleware(URLRouter(echo + websocket_urlpatterns)))
        ),
    }
)
