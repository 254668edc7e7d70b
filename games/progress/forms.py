"""Choosing a report's time window, and the practice buttons."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.evidence.skills import SKILLS
from games.progress.labels import SKILL_LABELS
from games.progress.windows import (
    DEFAULT,
    EARLIEST,
    LATEST,
    MAX_CUSTOM_DAYS,
    Window,
    WindowError,
    window_for,
)

WINDOW_CHOICES = [
    ("7", _("Last 7 days")),
    ("30", _("Last 30 days")),
    ("90", _("Last 90 days")),
    ("term", _("This term")),
    ("custom", _("From … to …")),
]


class WindowForm(forms.Form):
    window = forms.ChoiceField(label=_("Period"), choices=WINDOW_CHOICES, required=False)
    start = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self):
        data = super().clean()
        if "window" in self.errors:  # a period not on the list: say so beside the menu
            raise forms.ValidationError(_window_message("key"), code="window")
        key = data.get("window") or DEFAULT
        try:
            data["range"] = window_for(
                key, timezone.localdate(), data.get("start"), data.get("end")
            )
        except WindowError as error:
            raise forms.ValidationError(_window_message(error.reason), code="window") from None
        return data

    def chosen(self) -> Window:
        """The chosen window, or the default one when the choice is not valid."""
        if self.is_valid():
            return self.cleaned_data["range"]
        return window_for(DEFAULT, timezone.localdate())


def _window_message(reason: str) -> str:
    if reason == "key":
        return _("Choose a period from the list.")
    if reason == "range":
        return _("Choose dates from %(earliest)s to %(latest)s.") % {
            "earliest": EARLIEST.isoformat(),
            "latest": LATEST.isoformat(),
        }
    return _(
        "Choose both dates, the first on or before the second, at most %(days)d days apart."
    ) % {"days": MAX_CUSTOM_DAYS}


class PracticeChoiceForm(forms.Form):
    """A teacher pins a skill, dismisses a suggestion, or clears either."""

    skill = forms.ChoiceField(choices=[(s, SKILL_LABELS[s]) for s in SKILLS], label=_("Skill"))
    action = forms.ChoiceField(choices=[("pin", "pin"), ("dismiss", "dismiss"), ("clear", "clear")])


class PracticeStartForm(forms.Form):
    skill = forms.ChoiceField(choices=[(s, s) for s in SKILLS])
    practice = forms.CharField(max_length=40)
