"""Login throttling: counts failed logins per account and per class, in Django's cache.

Never keyed by IP address alone: a whole school shares one address, and a class of 30 logging
in together must not lock itself out. Only failures count, so successful logins are free.
"""

import hashlib
from dataclasses import dataclass

from django.core.cache import cache


@dataclass(frozen=True)
class Limit:
    scope: str
    max_failures: int
    window_seconds: int


# Five wrong passwords in a minute locks that one account for the rest of the minute.
ACCOUNT = Limit("account", 5, 60)
# A class of 30 mistyping twice each stays under this; a script guessing across the class does not.
CLASSROOM = Limit("class", 60, 60)
# Wrong class codes typed in one browser session (a code has ~150 million values).
CODE_GUESSES = Limit("code-guess", 15, 60)


def _cache_key(limit: Limit, key: str) -> str:
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    return f"throttle:{limit.scope}:{digest}"


def throttle_is_blocked(*, limit: Limit, key: str) -> bool:
    """True when `key` has used up its failures for the current window."""
    return (cache.get(_cache_key(limit, key)) or 0) >= limit.max_failures


def throttle_failure_record(*, limit: Limit, key: str) -> int:
    """Count one failure for `key`; returns the count in the current window."""
    cache_key = _cache_key(limit, key)
    # add() starts the window only when it is not running, so the window is fixed, not sliding.
    cache.add(cache_key, 0, timeout=limit.window_seconds)
    try:
        return cache.incr(cache_key)
    except ValueError:  # expired between add() and incr()
        cache.set(cache_key, 1, timeout=limit.window_seconds)
        return 1


def throttle_reset(*, limit: Limit, key: str) -> None:
    cache.delete(_cache_key(limit, key))
