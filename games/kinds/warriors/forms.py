"""Maths Warriors' options form (the kind's `options_form`): the variant switches; Plus and
Minus excludes Times and Divide. The platform's forms add the clocks and whom to play."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.kinds.warriors.options import VARIANT_LABELS


class WarriorsOptionsForm(forms.Form):
    """Variant switches; `options()` is what the Warriors kind stores."""

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

    def options(self) -> dict[str, Any]:
        return {name: bool(self.cleaned_data.get(name)) for name in VARIANT_LABELS}

    def option_fields(self):
        return [self[name] for name in VARIANT_LABELS]
