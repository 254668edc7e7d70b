"""The card war's options form (the kind's `options_form`): the teacher's options of
shared/rules/card-war.md, with a one-line description of each level and sensible defaults per
level. The platform's forms put it beside whom to play (games.forms)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.kinds.cardwar.levels import LEVELS

# Harder levels need more thinking time: levels 1–2 are one sum, 3–4 a choice of order,
# 5–7 a choice among up to 30 expressions with a target to aim at.
ANSWER_SECONDS_BY_LEVEL = {1: 20, 2: 25, 3: 30, 4: 30, 5: 45, 6: 60, 7: 60}
ANSWER_CHOICES = [
    ("", _("Per level (20–60 seconds)")),
    ("15", _("15 seconds")),
    ("20", _("20 seconds")),
    ("30", _("30 seconds")),
    ("45", _("45 seconds")),
    ("60", _("1 minute")),
    ("90", _("90 seconds")),
    ("120", _("2 minutes")),
]
TARGET_CHOICES = [("10", _("10 seconds")), ("15", _("15 seconds")), ("30", _("30 seconds"))]
CLOCK_CHOICES = [
    ("5", _("5 minutes")),
    ("10", _("10 minutes")),
    ("15", _("15 minutes")),
    ("20", _("20 minutes")),
    ("30", _("30 minutes")),
    ("45", _("45 minutes")),
    ("off", _("No clock: play until one side has all the cards")),
]
WAR_CHOICES = [(str(n), str(n)) for n in range(6, -1, -1)]


def level_choices() -> list[tuple[str, str]]:
    return [
        (str(n), _("%(n)s · %(name)s — %(line)s") % {"n": n, "name": name, "line": line})
        for n, (name, line) in LEVELS.items()
    ]


class CardWarOptionsForm(forms.Form):
    """Level 1–7 and the teacher's options; `options()` is what the card-war kind stores."""

    level = forms.TypedChoiceField(
        label=_("Level"), choices=level_choices, coerce=int, initial="1", widget=forms.RadioSelect
    )
    answer_seconds = forms.TypedChoiceField(
        label=_("Time to answer"),
        choices=ANSWER_CHOICES,
        coerce=int,
        required=False,
        empty_value=None,
    )
    target_seconds = forms.TypedChoiceField(
        label=_("Time to name a target (levels 5–7)"),
        choices=TARGET_CHOICES,
        coerce=int,
        initial="15",
    )
    clock_minutes = forms.TypedChoiceField(
        label=_("Game clock"),
        choices=CLOCK_CHOICES,
        initial="20",
        coerce=lambda v: None if v == "off" else int(v),
    )
    war_size = forms.TypedChoiceField(
        label=_("Cards face down in a war"), choices=WAR_CHOICES, coerce=int, initial="6"
    )
    ace_high = forms.BooleanField(label=_("Ace high (an ace is 14, not 1)"), required=False)
    pictures_ten = forms.BooleanField(
        label=_("Picture cards are 10 (for younger classes)"), required=False
    )
    practice = forms.BooleanField(
        label=_("Practice mode: a wrong result is corrected and the right value counts"),
        required=False,
    )
    computer_targets = forms.BooleanField(
        label=_("The computer names every target (levels 5–7)"), required=False
    )

    def clean(self):
        data = super().clean()
        if data.get("ace_high") and data.get("pictures_ten"):
            raise forms.ValidationError(
                _("Choose ace high or picture cards = 10, not both."), code="values"
            )
        return data

    def options(self) -> dict[str, Any]:
        """The rules' options for this game (the kind checks and stores them canonically)."""
        data = self.cleaned_data
        level = data["level"]
        return {
            "level": level,
            "answer_seconds": data["answer_seconds"] or ANSWER_SECONDS_BY_LEVEL[level],
            "target_seconds": data["target_seconds"],
            "clock_minutes": data["clock_minutes"],
            "war_size": data["war_size"],
            "ace_high": data["ace_high"],
            "pictures_ten": data["pictures_ten"],
            "practice": data["practice"],
            "computer_targets": data["computer_targets"] and level >= 5,
        }

    OPTION_NAMES = (
        "answer_seconds",
        "target_seconds",
        "clock_minutes",
        "war_size",
        "ace_high",
        "pictures_ten",
        "practice",
        "computer_targets",
    )

    def option_fields(self):
        """The teacher's options besides the level, in the order the form shows them."""
        return [self[name] for name in self.OPTION_NAMES]


# How many play, in words (the kind's `seats_text`): at four, two teams of two.
COMPUTER_SEATS = {
    2: _("You against the computer"),
    3: _("You against two computer players"),
    4: _("You and a computer teammate against two computer players"),
}
CLASSMATE_SEATS = {
    2: _("Two: you challenge one classmate"),
    3: _("Three, each for themselves"),
    4: _("Four, two teams of two"),
}
