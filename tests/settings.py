"""The settings the tests run under: production's (`config.settings`), with one change.

Every teacher a test makes would otherwise be hashed with Django's PBKDF2 at 1.5 M rounds
(~0.6 s of CPU each, most of the suite's time). Test users are hashed with a cheap salted hash
instead; students still go through their model's own path (`User.set_password`), which picks the
student hasher as in production. The test that checks the real hashers' cost restores
`config.settings.PASSWORD_HASHERS` for itself. The Daphne processes the browser tests start read
this module too (they inherit DJANGO_SETTINGS_MODULE), so they verify what the tests hashed.
"""

from config.settings import *  # noqa: F403
from config.settings import PASSWORD_HASHERS as PRODUCTION_PASSWORD_HASHERS

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *PRODUCTION_PASSWORD_HASHERS]

# A third game that lives only in the tests (tests/games/make_number): registering its app
# registers its kind, and the platform's suites run it unchanged.
INSTALLED_APPS = [*INSTALLED_APPS, "tests.games.make_number"]  # noqa: F405
