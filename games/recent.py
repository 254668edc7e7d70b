"""What a server process made lately, kept for the next socket or request that asks for it.

Every process cache of the platform is a `Recent`, named when it is made and listed in
`CACHES`: the live path's shared renders and replays (`games.live.render`), the teacher list's
row facts (`games.selectors.matches`), the card war's drawn parts and cards
(`games.kinds.cardwar.templatetags.cardwar_screen`), Warriors' capture facts of one move
(`games.kinds.warriors.kind`) and a tournament's board views (`games.tournaments.consumer`).
The least recently used entry goes first.

One key rule says why an entry can never be stale: what comes from a match is keyed by
`match_key` (its pk, creation time and ply: every change adds a ply, and the creation time
tells a reused pk apart); everything else by the values it was made from. Safe to use from the
event loop and the database threads at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable


def match_key(pk: int, created: object, ply: int) -> tuple[int, object, int]:
    """The key of what a process made from a match at one ply (see the module's rule)."""
    return (pk, created, ply)


class Recent[K: Hashable, V]:
    """At most `size` entries; `get_or_make` makes a missing one (outside the lock)."""

    def __init__(self, size: int, *, name: str = "") -> None:
        self.size = size
        self.name = name
        if name:
            CACHES[name] = self
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


# Every named process cache, by name: one place to see (and, in tests, empty) them all.
CACHES: dict[str, Recent] = {}
