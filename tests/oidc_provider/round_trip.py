"""The whole sign-in with Django's test client for the app and an HTTP session for the person
at the provider: the button, the provider's login page, its redirect back with a code, and the
app's callback (which exchanges the code with the provider, server to server)."""

import re
from urllib.parse import parse_qs, urljoin, urlsplit

import requests
from django.urls import reverse

from tests.oidc_provider.process import ProviderUser

APP = "http://testserver"


def provider_redirect_back(authorize_url: str, person: ProviderUser) -> str:
    """Sign `person` in at the provider's login page; returns where it sends the browser back
    to (the app's callback, with the code and state)."""
    browser = requests.Session()
    response = browser.get(authorize_url, allow_redirects=False, timeout=10)
    login_url = urljoin(authorize_url, response.headers["Location"])
    page = browser.get(login_url, timeout=10)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)[1]
    form = {
        "csrfmiddlewaretoken": token,
        "username": person.username,
        "password": person.password,
        "next": parse_qs(urlsplit(login_url).query)["next"][0],
    }
    response = browser.post(login_url, data=form, allow_redirects=False, timeout=10)
    assert response.status_code == 302, "the provider refused the login"
    response = browser.get(
        urljoin(login_url, response.headers["Location"]), allow_redirects=False, timeout=10
    )
    return response.headers["Location"]


def sign_in_with(client, person: ProviderUser, *, intent: str = "pupil", provider_id="feide"):
    """Press "Sign in with …" as `intent` ("teacher", "pupil", "link") in `client`, sign in at
    the provider, and return the app's answer to the callback."""
    start = client.post(reverse("school_sign_in", args=[provider_id]), {"as": intent})
    assert start.status_code == 302, start
    callback = provider_redirect_back(start["Location"], person)
    assert callback.startswith(APP + "/"), callback
    return client.get(callback.removeprefix(APP))
