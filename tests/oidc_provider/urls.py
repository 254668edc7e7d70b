from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.urls import include, path

urlpatterns = [
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    # Chromium asks every origin for an icon; an empty answer keeps its console quiet.
    path("favicon.ico", lambda request: HttpResponse(status=204)),
]
