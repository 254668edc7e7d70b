"""Login throttling: growing delays per account, a ceiling per class, and known devices.

The design, and why
-------------------
A student's password is two different words from a list of 95: 95 × 94 = 8,930 passwords. No
hash makes that strong; what protects it is how few guesses an attacker gets. Locking an account
after N failures (what we did before) hands the attacker a switch that keeps a class out of its
lesson, and still let 59 guesses a minute through. So, as OWASP's "device cookies" and
django-axes' lockout-by-combination and cool-off do, we separate who is guessing from whom:

* **Known devices** (classrooms.devices): a browser where someone logged in with their current
  password carries a signed cookie saying so. Its attempts for that person are throttled on
  their own (`DEVICE`), never by what an attacker does elsewhere: the right password always
  works on a student's own Chromebook, and QR cards never go through this module at all.
* **Every other device, per account** (`STUDENT`, `TEACHER`): the first 5 wrong passwords cost
  nothing (children mistype); after that each one doubles the wait before the next attempt is
  even checked: 1 s, 2 s, 4 s, … up to an hour (15 minutes for teachers, whose passwords are
  strong). The right password during a wait is refused unchecked, or the wait would be no wait.
  Wrong passwords are forgotten 24 hours after the last one (one hour for teachers); a success
  does not wipe them (a student's daily login would otherwise hand an attacker a fresh start).
* **Every other device, per class** (`CLASS`): at most 30 wrong passwords in any hour and 60
  in any day, across all the class's accounts. Past that, password logins from new devices
  pause for the class; the teacher sees a banner on the class page with the counts and can
  resume with one click. Known devices and QR cards keep working.
* **Class codes** (`CODES_PER_ADDRESS`, `CODES_PER_ACCOUNT`): every wrong code counts for the
  client's network address (100 an hour, 300 a day), whatever cookies the client holds, and
  also for the account of each person its device cookie vouches for and of whoever is logged
  in (20 an hour). Every login mints a device cookie, so a budget per cookie would be a budget
  per login (8 logins once gave 160 wrong codes an hour). The code of a class one of those
  people is in is no guess and counts nowhere, so a school's shared address, used up by
  someone guessing, never holds up a pupil's own Chromebook. The address is the real
  client's: behind the README's nginx, Daphne runs with `--proxy-headers` and passes it as the
  ASGI scope's client (request.META["REMOTE_ADDR"]).

The odds these limits allow (a remote attacker, who has no known-device cookie)
------------------------------------------------------------------------------
Each checked guess rules out one password of one account, so with g guesses in all the chance of
getting into *some* account is at most g / 8,930 (equal when they all target one account).
tests/classrooms/test_throttle_odds.py replays the fastest possible attacker against these
limits on a fake clock and checks every number below.

* A 24-student class, one 45-minute lesson: 30 guesses, at most **0.34%**.
* The same class, one whole day: 60 guesses, at most **0.67%**; a week: 420, at most 4.7%
  (with new-device logins paused, and the teacher's banner up, for most of that week).
* One chosen student, one lesson: 16 guesses (5 free, then waits of 1, 2, … 1024 s), **0.18%**;
  one day: 39 guesses, 0.44%.
* Guessing a class code: 23^6 = 148 million codes; with 10,000 classes, the 100 wrong codes an
  hour one address may try find some class with probability at most 0.68%, its 300 a day at
  most 2.0%, however many accounts and cookies the guesser has.

Before: 59 guesses a minute per class were never blocked, an even chance within two hours.

Mechanics
---------
State lives in Django's cache (Redis in production, the database cache on the quick start):
a small dict per key, read and written under a per-key lock made with `cache.add`, which is
atomic on both. An attempt is *reserved* before the password (or class code) is checked and
*forgiven* when it was right, so parallel requests cannot slip extra guesses past a limit.
Times come from `clock()`, which tests replace; cache timeouts only collect garbage and never
decide a limit.
"""

import hashlib
import secrets
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from django.core.cache import cache

HOUR = 3600
DAY = 86400


def clock() -> float:
    """Seconds since the epoch; tests put a fake clock here."""
    return time.time()


@dataclass(frozen=True)
class Backoff:
    """Growing delays: `free` wrong passwords, then waits doubling from `first_wait` to
    `longest_wait`; all forgotten `forget_after` seconds after the last wrong one."""

    scope: str
    free: int = 5
    first_wait: float = 1.0
    longest_wait: float = HOUR
    forget_after: float = DAY

    def wait_after(self, failures: int) -> float:
        """Seconds before the next attempt is checked, after `failures` wrong ones in a row."""
        if failures < self.free:
            return 0.0
        return min(self.first_wait * 2 ** (failures - self.free), self.longest_wait)


@dataclass(frozen=True)
class Ceiling:
    """At most `count` failures in any `seconds`, for each (count, seconds) pair."""

    scope: str
    windows: tuple[tuple[int, float], ...]

    @property
    def longest(self) -> float:
        return max(seconds for _count, seconds in self.windows)


Limit = Backoff | Ceiling

STUDENT = Backoff("student")
# Teachers' passwords are strong, so the waits only slow a guesser down; a short memory keeps
# the cache small when someone sprays made-up usernames (each one is throttled, so as not to
# tell which usernames exist).
TEACHER = Backoff("teacher", longest_wait=15 * 60, forget_after=HOUR)
DEVICE = Backoff("device")
CLASS = Ceiling("class", ((30, HOUR), (60, DAY)))
CODES_PER_ACCOUNT = Ceiling("codes-account", ((20, HOUR),))
# Games, challenges and tables one pupil starts: far above a child's pace (a game lasts minutes,
# a declined challenge is followed by another within a minute), far below a script's (200
# challenges in 26 s, each told to classmates).
PUPIL_STARTS = Ceiling("pupil-starts", ((10, 60), (120, HOUR)))
# Password-reset e-mails per account: the way back for a teacher kept waiting on new devices,
# which must not become a way to fill their inbox.
RESET_MAILS = Ceiling("reset-mails", ((3, HOUR), (10, DAY)))
CODES_PER_ADDRESS = Ceiling("codes-address", ((100, HOUR), (300, DAY)))


def account_key(user_pk: int) -> str:
    """A person's account, for STUDENT (and the teacher's banner)."""
    return f"user:{user_pk}"


def teacher_key(username: str) -> str:
    """A typed teacher username, for TEACHER: unknown usernames are throttled alike."""
    return f"teacher:{(username or '').strip().casefold()}"


def device_key(user_pk: int, device_id: str) -> str:
    """One person on one known device, for DEVICE."""
    return f"user:{user_pk}:device:{device_id}"


def classroom_key(classroom_pk: int) -> str:
    """A class, for CLASS."""
    return f"class:{classroom_pk}"


class Throttled(Exception):
    """Not checked: `limit` allows the next attempt in `retry_after` seconds."""

    def __init__(self, limit: Limit, retry_after: float):
        super().__init__(f"{limit.scope}: retry after {retry_after:.0f} s")
        self.limit = limit
        self.retry_after = retry_after


class ThrottleBusy(Exception):
    """Another request holds the key's lock for longer than we wait (a burst, or a crash)."""


@dataclass(frozen=True)
class Reservation:
    """One attempt counted on one key, until forgiven."""

    limit: Limit
    key: str
    token: str


def _cache_key(limit: Limit, key: str) -> str:
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    return f"throttle:{limit.scope}:{digest}"


def _timeout(limit: Limit) -> int:
    # Long enough that no state vanishes while it still matters; a fake clock never reaches it.
    if isinstance(limit, Backoff):
        return int(limit.forget_after + limit.longest_wait) + 60
    return int(limit.longest) + 60


@contextmanager
def _locked(cache_key: str, *, wait: float = 2.0) -> Iterator[None]:
    lock = cache_key + ":lock"
    deadline = time.monotonic() + wait
    while not cache.add(lock, 1, timeout=5):
        if time.monotonic() > deadline:
            raise ThrottleBusy(cache_key)
        time.sleep(0.01)
    try:
        yield
    finally:
        cache.delete(lock)


def _backoff_state(limit: Backoff, state: dict | None, now: float) -> dict:
    if not state or now - state["last"] >= limit.forget_after:
        return {"failures": 0, "last": now, "tokens": []}
    return state


def _ceiling_times(limit: Ceiling, state: dict | None, now: float) -> list[list]:
    """[time, token] of the failures still inside the longest window, oldest first."""
    return [entry for entry in (state or {}).get("failures", []) if entry[0] > now - limit.longest]


def _ceiling_retry_after(limit: Ceiling, times: list[float], now: float) -> float:
    """0 when another failure fits every window, else the seconds until it does."""
    wait = 0.0
    for count, seconds in limit.windows:
        inside = [t for t in times if t > now - seconds]
        if len(inside) >= count:
            # The window has room again once enough of its oldest failures have left it.
            wait = max(wait, inside[len(inside) - count] + seconds - now)
    return wait


def _retry_after(limit: Limit, state: dict | None, now: float) -> float:
    if isinstance(limit, Backoff):
        state = _backoff_state(limit, state, now)
        return max(0.0, state["last"] + limit.wait_after(state["failures"]) - now)
    times = [t for t, _token in _ceiling_times(limit, state, now)]
    return _ceiling_retry_after(limit, times, now)


def _reserve_one(limit: Limit, key: str, now: float) -> Reservation:
    cache_key = _cache_key(limit, key)
    token = secrets.token_hex(6)
    with _locked(cache_key):
        state = cache.get(cache_key)
        wait = _retry_after(limit, state, now)
        if wait > 0:
            raise Throttled(limit, wait)
        if isinstance(limit, Backoff):
            state = _backoff_state(limit, state, now)
            state = {
                "failures": state["failures"] + 1,
                "last": now,
                "tokens": [*state["tokens"][-20:], token],
            }
        else:
            state = {"failures": [*_ceiling_times(limit, state, now), [now, token]]}
        cache.set(cache_key, state, timeout=_timeout(limit))
    return Reservation(limit=limit, key=key, token=token)


def throttle_reserve(*, gates: Sequence[tuple[Limit, str]]) -> list[Reservation]:
    """Count one attempt on every (limit, key), all or none; raises Throttled or ThrottleBusy.

    Call it before checking a password, and `throttle_forgive` the reservations when the
    password was right.
    """
    now = clock()
    held: list[Reservation] = []
    try:
        for limit, key in gates:
            held.append(_reserve_one(limit, key, now))
    except (Throttled, ThrottleBusy):
        throttle_forgive(reservations=held)
        raise
    return held


def throttle_forgive(*, reservations: Sequence[Reservation]) -> None:
    """Take back reserved attempts (the password was right, or it was never checked)."""
    for reservation in reservations:
        limit, cache_key = reservation.limit, _cache_key(reservation.limit, reservation.key)
        with _locked(cache_key):
            state = cache.get(cache_key)
            if not state:
                continue
            if isinstance(limit, Backoff):
                if reservation.token not in state["tokens"]:
                    continue
                state = {
                    **state,
                    "failures": state["failures"] - 1,
                    "tokens": [t for t in state["tokens"] if t != reservation.token],
                }
            else:
                state = {"failures": [e for e in state["failures"] if e[1] != reservation.token]}
            cache.set(cache_key, state, timeout=_timeout(limit))


def throttle_retry_after(*, limit: Limit, key: str) -> float:
    """Seconds until `key` may try again under `limit`; 0 when it may now. Reads only."""
    return _retry_after(limit, cache.get(_cache_key(limit, key)), clock())


def throttle_failures(*, limit: Limit, keys: Sequence[str], seconds: float = 0) -> dict[str, int]:
    """Failures counted for each key: a Backoff's run of wrong passwords, or a Ceiling's
    failures in the last `seconds` (its longest window when 0). Reads only."""
    now = clock()
    by_cache_key = {_cache_key(limit, key): key for key in keys}
    states = cache.get_many(list(by_cache_key))
    counts = {}
    for cache_key, key in by_cache_key.items():
        state = states.get(cache_key)
        if isinstance(limit, Backoff):
            counts[key] = _backoff_state(limit, state, now)["failures"]
        else:
            since = now - (seconds or limit.longest)
            counts[key] = sum(1 for t, _ in _ceiling_times(limit, state, now) if t > since)
    return counts


def throttle_reset(*, limit: Limit, keys: Sequence[str]) -> None:
    """Forget every failure counted for `keys` under `limit`."""
    cache.delete_many([_cache_key(limit, key) for key in keys])
