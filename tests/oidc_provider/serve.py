"""Run the test OpenID Connect provider: `python -m tests.oidc_provider.serve PORT`.

Reads PROVIDER_DB, PROVIDER_KEY, PROVIDER_ISSUER (optional), PROVIDER_CLIENTS and PROVIDER_USERS
(JSON) from the environment, makes its database, its clients and people, then serves on
127.0.0.1:PORT until stopped (see `start_provider`).
"""

import json
import os
import sys


def main(port: int) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.oidc_provider.settings"
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from oauth2_provider.models import Application

    call_command("migrate", run_syncdb=True, verbosity=0)
    for person in json.loads(os.environ["PROVIDER_USERS"]):
        user = User(
            username=person["username"],
            email=person["email"],
            first_name=person.get("first_name", ""),
            last_name=person.get("last_name", ""),
        )
        user.set_password(person["password"])
        user.save()
    for client in json.loads(os.environ["PROVIDER_CLIENTS"]):
        Application.objects.create(
            name=client["client_id"],
            client_id=client["client_id"],
            client_secret=client["secret"],
            client_type=Application.CLIENT_CONFIDENTIAL,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris=" ".join(client["redirect_uris"]),
            algorithm=Application.RS256_ALGORITHM,
            # A school's own provider asks for no consent for an app the school registered.
            skip_authorization=True,
        )
    call_command("runserver", f"127.0.0.1:{port}", use_reloader=False, use_threading=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
