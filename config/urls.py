from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import TemplateView

from classrooms.views.home import home


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico by themselves (for a page without a link, e.g. a CSV)."""
    # Resolved per request: the hashed name exists only once collectstatic has run.
    return redirect(static("img/favicon.svg"))


urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("", include("classrooms.urls")),
    path("play/", include("games.urls")),
    path("favicon.ico", favicon, name="favicon"),
    path("", include("games.progress.urls")),
    path("", include("games.tournaments.urls")),
    path(
        "healthz",
        TemplateView.as_view(template_name="healthz.txt", content_type="text/plain"),
        name="healthz",
    ),
]
