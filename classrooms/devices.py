"""Who is asking: the signed cookie a browser gets when someone logs in on it, and the network.

OWASP's "device cookie": a browser where a person has logged in is trusted *for that person*,
so the login throttle can treat their own Chromebook apart from everyone else guessing at their
account (see classrooms.services.throttle). The cookie holds a random device id and, for each of
the last few people who logged in on it, a digest of their password hash: printing a new card
(a new password) ends the trust, and nothing in the cookie helps anyone guess a password. It is
signed, so it cannot be made up, and stores nothing on the server.
"""

import ipaddress
from dataclasses import dataclass, field
from secrets import token_urlsafe

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import constant_time_compare, salted_hmac

from classrooms.models import User

COOKIE = "arena_device"
SALT = "classrooms.devices"
# Chromium keeps a cookie at most 400 days; asking for more only shortens it silently.
MAX_AGE = 400 * 24 * 3600
# A Chromebook shared by a few children, or a teacher's laptop used by a student now and then.
MAX_PEOPLE = 8


def _digest(user: User) -> str:
    return salted_hmac(SALT, f"{user.pk}:{user.password}", algorithm="sha256").hexdigest()[:20]


@dataclass
class Device:
    """What a browser's cookie says: its id (None until a first login) and who is trusted."""

    device_id: str | None = None
    people: dict[str, str] = field(default_factory=dict)  # user pk -> digest of password hash

    @property
    def is_known(self) -> bool:
        """True when somebody has logged in on this browser."""
        return self.device_id is not None and bool(self.people)

    def trusts(self, user: User | None) -> bool:
        """True when `user` logged in here with the password they still have."""
        if user is None or not self.is_known:
            return False
        return constant_time_compare(self.people.get(str(user.pk), ""), _digest(user))

    def remember(self, user: User) -> "Device":
        """This device, trusted for `user` too (most recent last, at most MAX_PEOPLE)."""
        people = {pk: d for pk, d in self.people.items() if pk != str(user.pk)}
        people[str(user.pk)] = _digest(user)
        return Device(
            device_id=self.device_id or token_urlsafe(12),
            people=dict(list(people.items())[-MAX_PEOPLE:]),
        )


def device_people(device: Device) -> list[User]:
    """The active people `device` is trusted for now (their password unchanged); one query."""
    if not device.is_known:
        return []
    pks = [int(pk) for pk in device.people if pk.isascii() and pk.isdecimal()]
    return [u for u in User._default_manager.filter(pk__in=pks, is_active=True) if device.trusts(u)]


def device_from_request(request: HttpRequest) -> Device:
    """The request's device; an unknown one when the cookie is missing, forged or too old."""
    raw = request.COOKIES.get(COOKIE, "")
    if not raw:
        return Device()
    try:
        data = signing.loads(raw, salt=SALT, max_age=MAX_AGE)
        device_id, people = data["d"], data["p"]
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return Device()
    if not isinstance(device_id, str) or not isinstance(people, dict):
        return Device()
    return Device(device_id=device_id, people={str(k): str(v) for k, v in people.items()})


def device_remember(request: HttpRequest, response: HttpResponse, user: User) -> HttpResponse:
    """Trust this browser for `user` from now on (call once they have logged in)."""
    device = device_from_request(request).remember(user)
    response.set_cookie(
        COOKIE,
        signing.dumps({"d": device.device_id, "p": device.people}, salt=SALT, compress=True),
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def client_network(request: HttpRequest) -> str:
    """The client's address as the throttles count it: an IPv4 address, or an IPv6 /64.

    REMOTE_ADDR is the ASGI scope's client: the real client's address when Daphne runs behind
    a trusted proxy with `--proxy-headers` (see the README), else the peer's. One IPv6 home or
    school network holds a whole /64, so counting single IPv6 addresses would count nothing.
    """
    raw = request.META.get("REMOTE_ADDR") or ""
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)
