"""Settings of the test OpenID Connect provider (see tests/oidc_provider/__init__.py).

Everything comes from the environment `start_provider` sets: its SQLite file, the RS256 key it
signs with, and (to play a provider that names another issuer than its address) the issuer.
"""

import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent
DEBUG = False
SECRET_KEY = "test-provider-only"
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "oauth2_provider",
    "tests.oidc_provider",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]
ROOT_URLCONF = "tests.oidc_provider.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
            ]
        },
    }
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ["PROVIDER_DB"]}}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
USE_TZ = True
LOGIN_URL = "/accounts/login/"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
OAUTH2_PROVIDER = {
    "OIDC_ENABLED": True,
    "OIDC_RSA_PRIVATE_KEY": os.environ["PROVIDER_KEY"],
    "OIDC_ISS_ENDPOINT": os.environ.get("PROVIDER_ISSUER", ""),
    "PKCE_REQUIRED": True,
    "OAUTH2_VALIDATOR_CLASS": "tests.oidc_provider.validator.SchoolClaimsValidator",
    "SCOPES": {
        "openid": "OpenID Connect",
        "email": "E-mail",
        "profile": "Name",
        "userid-feide": "Feide name",
        "userinfo-name": "Name (Feide)",
    },
}
LOGGING = {"version": 1, "root": {"level": "WARNING"}}
# Microsoft's tenant id, asserted as every person's `tid`.
PROVIDER_TENANT = os.environ.get("PROVIDER_TENANT", "00000000-0000-4000-8000-000000000001")
# Browsers keep cookies per host, not per port: the app's "sessionid" and "csrftoken" on the
# same 127.0.0.1 must not be this provider's (nor another provider's on another port).
SESSION_COOKIE_NAME = f"provider{os.environ.get('PROVIDER_PORT', '')}_session"
CSRF_COOKIE_NAME = f"provider{os.environ.get('PROVIDER_PORT', '')}_csrftoken"
# A fresh database each run: its tables straight from the models, not the migrations (faster).
MIGRATION_MODULES = {
    label: None for label in ("auth", "contenttypes", "sessions", "messages", "oauth2_provider")
}
