"""The address the throttles count: the real client's, as Daphne passes it behind a proxy."""

import urllib.error
import urllib.request

import pytest
from django.test import RequestFactory

from classrooms.devices import client_network
from classrooms.services.throttle import CODES_PER_ADDRESS
from tests.browser.conftest import start_daphne, stop_daphne


@pytest.mark.parametrize(
    ("remote_addr", "counted_as"),
    [
        ("198.51.100.7", "198.51.100.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),  # same home or school network
        ("::ffff:198.51.100.7", "198.51.100.7"),
        ("", ""),
    ],
)
def test_ipv4_addresses_count_alone_and_ipv6_ones_by_their_64_network(remote_addr, counted_as):
    request = RequestFactory().get("/", REMOTE_ADDR=remote_addr)
    assert client_network(request) == counted_as


def _status(url: str, forwarded_for: str) -> int:
    # Our own test server, over http: S310's worry (file: and custom schemes) cannot apply.
    request = urllib.request.Request(url, headers={"X-Forwarded-For": forwarded_for})  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.django_db(transaction=True)
def test_behind_the_proxy_each_client_is_counted_by_the_address_daphne_passes(make_room):
    """Daphne with --proxy-headers (the README's production command) puts X-Forwarded-For in
    the ASGI scope's client, and the code throttle counts that address, not the proxy's."""
    room = make_room()
    proc, base_url = start_daphne(extra_args=["--proxy-headers"])
    try:
        for index in range(CODES_PER_ADDRESS.windows[0][0]):
            assert _status(f"{base_url}/student/ZZ{index:04d}/", "203.0.113.5") == 404
        assert _status(f"{base_url}/student/{room.code}/", "203.0.113.5") == 429
        assert _status(f"{base_url}/student/{room.code}/", "203.0.113.6") == 200
    finally:
        stop_daphne(proc)
