"""Forms for starting matches: the computer's level and the variants."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import Seat

VARIANT_LABELS = {
    "three_captures": _("Three Captures: first to three captures wins"),
    "recruit": _("Recruit: captured dice join your side"),
    "best_of_three": _("Best of Three: first to win two games"),
    "mind_only": _("Mind Only: no Strength attacks"),
    "plus_minus": _("Plus and Minus only"),
    "times_divide": _("Times and Divide only"),
    "power_up": _("Power Up: squares and square roots"),
    "big_brain": _("Big Brain: Mind attacks use three dice or more"),
}


class VariantsForm(forms.Form):
    """Variant switches; Plus and Minus excludes Times and Divide."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name, label in VARIANT_LABELS.items():
            self.fields[name] = forms.BooleanField(label=label, required=False)

    def clean(self):
        data = super().clean()
        if data.get("plus_minus") and data.get("times_divide"):
            raise forms.ValidationError(
                _("Choose Plus and Minus or Times and Divide, not both."), code="ops"
            )
        return data

    def variants(self) -> dict[str, bool]:
        return {name: bool(self.cleaned_data.get(name)) for name in VARIANT_LABELS}

    def variant_fields(self):
        return [self[name] for name in VARIANT_LABELS]


class PlayComputerForm(VariantsForm):
    level = forms.ChoiceField(
        label=_("Computer strength"), choices=Seat.BotLevel.choices, initial="beginner"
    )


class ChallengeForm(VariantsForm):
    to = forms.IntegerField(widget=forms.HiddenInput)


class PairForm(VariantsForm):
    first = forms.IntegerField(label=_("First student"))
    second = forms.IntegerField(label=_("Second student"))
