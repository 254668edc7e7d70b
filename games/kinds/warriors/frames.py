"""What a Warriors move may carry from a client: die ids, a bounded expression, a few dice.

The socket's edge (`games.live.messages`) and the kind's `parse` check the same limits.
"""

from __future__ import annotations

import re
from typing import Any

MAX_EXPRESSION = 120
MAX_DICE = 12
DIE_ID = re.compile(r"[AB]-D(?:4|6|8|10|12|20)")
# Control characters (PostgreSQL refuses NUL) and lone surrogates (not encodable to UTF-8).
UNSAFE_TEXT = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")


def is_die_id(value: Any) -> bool:
    return isinstance(value, str) and DIE_ID.fullmatch(value) is not None


def is_expression(value: Any) -> bool:
    """Text a Mind attack may carry: non-empty, short, and storable."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_EXPRESSION
        and UNSAFE_TEXT.search(value) is None
    )
