"""What a server process made lately, kept for the next socket or request that asks for it.

One small bounded map for the live path's shared renders (`games.live.render`), the card war's
shared board parts (`games.kinds.cardwar.templatetags.cardwar_screen`) and the teacher list's
row facts (`games.selectors.matches`). The least recently used entry goes first. Each user says
in its key why an entry can never be stale: a ply, which every change adds, or the values an
entry was made from. Safe to use from the event loop and the database threads at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable


class Recent[K: Hashable, V]:
    """At most `size` entries; `get_or_make` makes a missing one (outside the lock)."""

    def __init__(self, size: int) -> None:
        self.size = size
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
