"""A pupil's school login as a teacher types it: the school e-mail or user name.

Every provider's sign-in name has an "@" (a Google e-mail, a Microsoft UPN, a Feide name such
as ola001@skole.no), so a school login is one: compared without case, as the providers do.
"""

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

MAX_LENGTH = 254  # an e-mail address's limit (RFC 5321), and the column's
_SHAPE = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+")


def school_login_normalise(raw: object) -> str | None:
    """The school login `raw` names, lower-cased, or None when it is not one."""
    if not isinstance(raw, str):
        return None
    login = raw.strip().lower()
    if not login or len(login) > MAX_LENGTH:
        return None
    if any(unicodedata.category(char).startswith(("C", "Z")) for char in login):
        return None
    return login if _SHAPE.fullmatch(login) else None


def school_login_clean(raw: str) -> str:
    """`raw` as a school login ("" stays ""), or ValidationError saying what is wrong."""
    raw = (raw or "").strip()
    if not raw:
        return ""
    if len(raw) > MAX_LENGTH:
        raise ValidationError(
            _("A school e-mail or user name has at most %(max)d characters.") % {"max": MAX_LENGTH}
        )
    login = school_login_normalise(raw)
    if login is None:
        raise ValidationError(
            _(
                "“%(login)s” is not a school e-mail or user name: write it whole, with the @, "
                "such as maya.k@school.no."
            )
            % {"login": _printable(raw)}
        )
    return login


def school_login_taken_message(login: str) -> str:
    return _("“%(login)s” is already the school account of another pupil.") % {"login": login}


def _printable(text: str) -> str:
    """`text` safe to show back: control characters dropped, at most 60 characters."""
    shown = "".join(c for c in text if not unicodedata.category(c).startswith("C"))
    return shown if len(shown) <= 60 else shown[:59] + "…"
