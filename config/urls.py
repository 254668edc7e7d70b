from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("admin/", admin.site.urls),
    path("play/", include("games.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path(
        "healthz",
        TemplateView.as_view(template_name="healthz.txt", content_type="text/plain"),
        name="healthz",
    ),
]
