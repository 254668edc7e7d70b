"""Maths Arena settings: one module, driven by the environment.

Embedded defaults (no environment at all) give a SQLite file and the in-memory channel
layer, so `./dev run` works on a fresh machine. Production sets DATABASE_URL, REDIS_URL,
SECRET_KEY, DEBUG=0 and ALLOWED_HOSTS.
"""

import os
import re
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _origins(urls: Iterable[str]) -> list[str]:
    return sorted({f"{p.scheme}://{p.netloc}" for p in map(urlsplit, urls)})


DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"  # noqa: S105
# Parts of keys that are written down somewhere (deploy/maths-arena.env's placeholder, Django's
# startproject keys, the key above): a server with one of them signs sessions anyone can forge.
KNOWN_KEY_PARTS = ("change-me", "django-insecure", DEV_SECRET_KEY)


def secret_key_problem(key: str) -> str | None:
    """Why `key` must not sign a production server's sessions, or None when it may.

    At least 50 characters with at least 5 different ones (Django's own deployment check,
    security.W009), and none of the keys written down in the repository or in Django.
    """
    if not key:
        return "SECRET_KEY must be set when DEBUG is off"
    if any(part in key.casefold() for part in KNOWN_KEY_PARTS):
        return "SECRET_KEY is a placeholder: replace it with a long random one"
    if len(key) < 50 or len(set(key)) < 5:
        return "SECRET_KEY is too short: use at least 50 random characters"
    return None


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not DEBUG and (problem := secret_key_problem(SECRET_KEY)):
    raise RuntimeError(
        f"{problem} (for example: python3 -c 'import secrets; print(secrets.token_urlsafe(50))')"
    )
SECRET_KEY = SECRET_KEY or DEV_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "classrooms",
    # Sign-in with a school account (classrooms/school_accounts/): only allauth's social
    # accounts and its OpenID Connect client; none of its own login or sign-up pages.
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "allauth.socialaccount.providers.openid_connect",
    "games",
    # Each game's kind: an app only for its templates and template tags (no models).
    "games.kinds.warriors",
    "games.kinds.cardwar",
    "games.progress",
    "games.tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Instead of Django's LocaleMiddleware: the language belongs to the person logged in, not
    # to the browser (see classrooms/languages.py), so it needs the user.
    "classrooms.languages.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "classrooms.school_accounts.context.school_sign_in",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
_postgres = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
if _postgres and env_bool("DB_POOL", not DEBUG):
    # A psycopg connection pool per process: every socket message runs its ORM work in a
    # thread, and opening a PostgreSQL connection each time costs more than the move itself.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": int(os.environ.get("DB_POOL_MAX", "20")),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, never memory, for the test database too: live-server tests run Daphne in
    # another process that must see the same data.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis, logging and counting the messages it drops (which it does
            # silently): see config/channel_layer.py.
            "BACKEND": "config.channel_layer.CountingRedisChannelLayer",
            # redis-py caps an asyncio pool at 100 connections by default; a burst of a few
            # hundred sockets then fails at the handshake.
            # redis-py 8 also times socket reads out after 5 s by default, exactly the time
            # channels-redis blocks waiting for a message (BZPOPMIN 5 s): an idle socket on a
            # busy server then dies with "Timeout reading" (close 1011). Read for longer.
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "max_connections": 1000, "socket_timeout": 30}],
                # Messages waiting per Redis key before channels-redis drops new ones. Every
                # socket of one server process shares one key, so the default (100) is a
                # burst of 50 matches' moves: at 200 matches it lost one move in thirteen.
                "capacity": int(os.environ.get("CHANNEL_CAPACITY", "10000")),
            },
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "maths_arena_cache",
        }
    }

AUTH_USER_MODEL = "classrooms.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
    # Students' word-pair passwords only; see classrooms/hashers.py for why.
    "classrooms.hashers.StudentPasswordHasher",
]
# Where a logged-in student lands: the play lobby.
STUDENT_HOME_URL_NAME = os.environ.get("STUDENT_HOME_URL_NAME", "games:lobby")
# How often each server process applies game clocks that ran out with no socket open.
GAMES_SWEEP_SECONDS = float(os.environ.get("GAMES_SWEEP_SECONDS", "5"))
# How often each server process sends the news of moves a dead process committed but never
# sent (games.services.outbox); with the outbox's grace, a watcher's screen is at most ~1 s late.
GAMES_NEWS_SWEEP_SECONDS = float(os.environ.get("GAMES_NEWS_SWEEP_SECONDS", "0.25"))
# Extra sections for a student's data export: {"section": "dotted.path.to.callable(student)"}.
STUDENT_DATA_EXPORTERS: dict[str, str] = {
    "games": "games.exports.student_games_export",
    "evidence": "games.progress.data_export.student_evidence_export",
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Each language is named in its own words, never translated: a child who cannot read the page's
# language must still find their own on the switch.
LANGUAGES = [("en", "English"), ("nb", "Norsk bokmål")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Templates write floats and Decimals in the page's language ("2,5" in nb). Leave the thousands
# separator off: whole numbers in data- attributes (clocks, plies) must stay plain digits.
USE_THOUSAND_SEPARATOR = False
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic writes and nginx serves from (deploy/nginx/maths-arena.conf).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

if os.environ.get("EMAIL_HOST") or not DEBUG:
    # Production: SMTP, configured from the environment.
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ.get("EMAIL_HOST", "localhost"),
                "port": int(os.environ.get("EMAIL_PORT", "25")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", False),
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Maths Arena <noreply@localhost>")


def school_account_apps() -> list[dict]:
    """Sign-in with a school account: one OpenID Connect app per identity provider whose client
    id is set (see the README for registering with each). None set: nothing on the site changes.

    Each app's settings carry what the sign-in checks besides allauth's own (state, PKCE): the
    one issuer its tokens may come from, and Google's Workspace domains or Microsoft's tenant.
    `<PROVIDER>_ISSUER` moves a provider (a sovereign cloud; the tests' local provider).
    """
    apps = []

    def app(provider_id: str, name: str, issuer: str, *, scope: list[str], prompt: str, **extra):
        prefix = provider_id.upper()
        client_id = os.environ.get(f"{prefix}_CLIENT_ID", "").strip()
        if not client_id:
            return
        secret = os.environ.get(f"{prefix}_CLIENT_SECRET", "").strip()
        if not secret:
            raise RuntimeError(f"{prefix}_CLIENT_SECRET must be set beside {prefix}_CLIENT_ID")
        issuer = os.environ.get(f"{prefix}_ISSUER", issuer).strip().rstrip("/")
        auth_params = {"prompt": prompt, **extra.pop("auth_params", {})}
        settings = {
            "server_url": issuer,
            "issuer": issuer,
            "oauth_pkce_enabled": True,
            "scope": scope,
            "auth_params": auth_params,
            **extra,
        }
        apps.append(
            {"provider_id": provider_id, "name": name, "client_id": client_id, "secret": secret}
            | {"settings": settings}
        )

    google_domains = [d.lower() for d in env_list("GOOGLE_DOMAINS", "")]
    if os.environ.get("GOOGLE_CLIENT_ID", "").strip() and not google_domains:
        raise RuntimeError(
            "GOOGLE_DOMAINS must name the Google Workspace domains whose accounts may sign in "
            "(comma-separated), or be * for any Workspace domain"
        )
    app(
        "google",
        "Google",
        "https://accounts.google.com",
        scope=["openid", "email", "profile"],
        # The account chooser every time: on a shared Chromebook the next child picks their own.
        prompt="select_account",
        # One domain: Google offers only that domain's accounts (the ID token is checked anyway).
        auth_params={"hd": google_domains[0]} if len(google_domains) == 1 else {},
        fetch_userinfo=False,
        hosted_domains=google_domains,
    )
    tenant = os.environ.get("MICROSOFT_TENANT_ID", "").strip().lower()
    if os.environ.get("MICROSOFT_CLIENT_ID", "").strip() and not re.fullmatch(
        r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", tenant
    ):
        raise RuntimeError(
            "MICROSOFT_TENANT_ID must be the school's Directory (tenant) ID, a GUID such as "
            "72f988bf-86f1-41af-91ab-2d7cd011db47 (Entra admin centre, Overview)"
        )
    app(
        "microsoft",
        "Microsoft",
        f"https://login.microsoftonline.com/{tenant}/v2.0",
        scope=["openid", "email", "profile"],
        prompt="select_account",
        fetch_userinfo=False,
        tenant_id=tenant,
    )
    app(
        "feide",
        "Feide",
        "https://auth.dataporten.no",
        # The Feide name and e-mail come from its userinfo endpoint, not the ID token.
        scope=["openid", "userid-feide", "email", "userinfo-name"],
        # Feide has no account chooser: ask for the password again, so that a shared
        # Chromebook's Feide session never signs the next child in as the last one.
        prompt="login",
        fetch_userinfo=True,
    )
    return apps


SCHOOL_ACCOUNT_APPS = school_account_apps()
SOCIALACCOUNT_PROVIDERS = {
    "openid_connect": {
        "APPS": SCHOOL_ACCOUNT_APPS,
        # What a link stores (issuer and subject) and the issuer check before anything is read.
        "provider_class": "classrooms.school_accounts.provider.SchoolAccountProvider",
    }
}
SOCIALACCOUNT_ADAPTER = "classrooms.school_accounts.adapters.SchoolAccountAdapter"
ACCOUNT_ADAPTER = "classrooms.school_accounts.adapters.AccountAdapter"
# Teachers' e-mails come from their school's directory; allauth sends no mail of its own.
SOCIALACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_EMAIL_VERIFICATION = "none"
SOCIALACCOUNT_AUTO_SIGNUP = True
# Never sign anyone in because an e-mail matches: only a linked identity signs in.
SOCIALACCOUNT_EMAIL_AUTHENTICATION = False
SOCIALACCOUNT_STORE_TOKENS = False
SOCIALACCOUNT_REQUESTS_TIMEOUT = 10

# Content Security Policy: no inline scripts or styles anywhere.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    # The sign-in buttons post here and are redirected to the provider: form-action covers
    # the redirect too, so each configured issuer's origin is named (none: only 'self').
    "form-action": [CSP.SELF, *_origins(a["settings"]["issuer"] for a in SCHOOL_ACCOUNT_APPS)],
}

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Health checks talk to each process directly over plain HTTP on the loopback address.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    # Schools often host other services on sibling subdomains: opting them all into HSTS (and
    # the preload list) is the operator's decision, not ours.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    if not SECURE_HSTS_INCLUDE_SUBDOMAINS:
        SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"layer_drops": {"()": "config.channel_layer.OverCapacityFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    # channels-redis says it dropped messages only at INFO: the filter turns that into a
    # WARNING and leaves its other INFO lines out.
    "loggers": {"channels_redis.core": {"level": "INFO", "filters": ["layer_drops"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
