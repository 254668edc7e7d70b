""" "Make the number": a third game that lives only in the tests, to prove the seam.

Each player gets four numbers and the same target, and makes one calculation with + − × ÷ and
brackets from their own numbers (each at most once); when both have answered, the closer
wins (equal: a draw). Registered by the test settings (INSTALLED_APPS); nothing outside this
package names it, and the platform's suites run it unchanged.
"""

from games.kinds.base import register
from tests.games.make_number.kind import MakeNumberKind

KIND = register(MakeNumberKind())

__all__ = ["KIND", "MakeNumberKind"]
