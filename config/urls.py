from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from classrooms.views.home import home

urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("", include("classrooms.urls")),
    path("play/", include("games.urls")),
    path("", include("games.progress.urls")),
    path(
        "healthz",
        TemplateView.as_view(template_name="healthz.txt", content_type="text/plain"),
        name="healthz",
    ),
]
