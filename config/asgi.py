"""ASGI entry point: HTTP through Django, WebSockets through Channels (served by Daphne)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from classrooms.languages import SocketLanguageMiddleware  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from games.live import sweeper  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Each socket speaks its own user's language (decided at connect, from the user).
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(SocketLanguageMiddleware(URLRouter(websocket_urlpatterns)))
        ),
    }
)
sweeper.start_with_server()
