"""What a student's name may be: short, letters first, nothing a spreadsheet would run."""

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

NAME_MAX_LENGTH = 40
# Characters a spreadsheet treats as the start of a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "|", "%")
_ALLOWED_PUNCTUATION = " -'’."


def student_name_clean(raw: str) -> str:
    """The name with spaces tidied, or ValidationError with a reason a teacher can act on.

    Names must start with a letter and hold only letters, spaces, hyphens, apostrophes and full
    stops, so `=HYPERLINK(...)` and friends are refused rather than stored.
    """
    name = unicodedata.normalize("NFC", " ".join((raw or "").split()))
    if not name:
        raise ValidationError(_("The name is empty."), code="empty")
    if name.startswith(FORMULA_STARTS):
        raise ValidationError(
            _("A name cannot start with “%(char)s” (spreadsheets run that as a formula).")
            % {"char": name[0]},
            code="formula",
        )
    if len(name) > NAME_MAX_LENGTH:
        raise ValidationError(
            _("The name is longer than %(max)d characters.") % {"max": NAME_MAX_LENGTH},
            code="too_long",
        )
    if not name[0].isalpha():
        raise ValidationError(_("A name must start with a letter."), code="not_letter")
    for char in name:
        if not (char.isalpha() or unicodedata.category(char).startswith("M")) and (
            char not in _ALLOWED_PUNCTUATION
        ):
            raise ValidationError(
                _("The name contains “%(char)s”; use only letters, spaces, - and '.")
                % {"char": char},
                code="bad_char",
            )
    return name


def name_key(name: str) -> str:
    """The form two names are compared in to find duplicates (`Maya K.` == `maya k`)."""
    return re.sub(r"[\s.]+", " ", name.casefold()).strip()


def csv_cell_safe(value: object) -> str:
    """A cell value a spreadsheet shows as text, never runs: formula starts get a leading '."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS):
        return "'" + text
    return text
