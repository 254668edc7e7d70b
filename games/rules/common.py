"""Errors the rules raise, with messages a child can act on and that the web layer translates.

The rules library cannot import Django, so messages are marked with `gettext_noop` (which
`makemessages` extracts) and kept as a template plus parameters. `str(error)` is the English
text; the web layer shows `gettext(error.template) % error.params` in the user's language.
"""

from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here."""
    return message


class RuleError(ValueError):
    """A move or input the rules refuse, with a translatable message and an optional position."""

    def __init__(self, template: str, /, position: int | None = None, **params: Any) -> None:
        self.template = template
        self.params = params
        self.position = position
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template
