"""The card war's seven levels as people see them: a name and one line each (help, forms)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

LEVELS = {
    1: (_("Addition"), _("Add your two cards; the highest sum wins.")),
    2: (_("Multiplication"), _("Multiply your two cards; the highest product wins.")),
    3: (_("Division"), _("Divide one card by the other; you choose the order, the highest wins.")),
    4: (_("Subtraction"), _("Subtract one card from the other; you choose the order.")),
    5: (
        _("Elite"),
        _("Someone names a target from −15 to 15; use + − × or ÷ to get nearest to it."),
    ),
    6: (_("Ultra smart"), _("As Elite, and you may square one of your cards first.")),
    7: (_("Champion"), _("As Ultra smart, and you may take the square root of 1, 4 or 9.")),
}


def level_name(level: int) -> str:
    return str(LEVELS[level][0])


def level_line(level: int) -> str:
    return str(LEVELS[level][1])
