"""The one form a teacher creates a tournament with, attendance included; keeping pairs apart."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from classrooms.models import Classroom, Student
from games.forms import MatchSettingsForm
from games.kinds import DEFAULT_GAME, kind_for, registered
from games.services import game_creatable
from games.tournaments.models import NAME_MAX_LENGTH, Tournament
from games.tournaments.selectors import roster

Format = Tournament.Format
MAX_SWISS_ROUNDS = 15


# Callables: Django reads them when the form renders, in the language of that request.
def cardwar_levels() -> list[tuple[str, str]]:
    return [(str(n), gettext("Level %(n)d") % {"n": n}) for n in range(1, 8)]


def arena_minutes() -> list[tuple[str, str]]:
    return [(str(n), gettext("%(n)d minutes") % {"n": n}) for n in (10, 15, 20, 30, 45)]


class RosterField(forms.ModelMultipleChoiceField):
    """The class's students as ticks; the label says who is in the lobby, in words."""

    def __init__(self, *args, here: frozenset[int] = frozenset(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.here = here

    def label_from_instance(self, obj: Student) -> str:
        if obj.pk in self.here:
            return _("%(name)s (in the lobby)") % {"name": obj.display_name}
        return obj.display_name


class TournamentForm(MatchSettingsForm):
    """Game, clock, format and who is present; those in the lobby come ticked."""

    name = forms.CharField(label=_("Name"), max_length=NAME_MAX_LENGTH)
    game = forms.ChoiceField(label=_("Game"))
    level = forms.TypedChoiceField(
        label=_("Card-war level"), choices=cardwar_levels, coerce=int, initial="1", required=False
    )
    format = forms.ChoiceField(
        label=_("Format"), choices=Format.choices, initial=Format.SWISS, widget=forms.RadioSelect
    )
    double = forms.BooleanField(
        label=_("Double round robin (everyone meets twice)"), required=False
    )
    third_place = forms.BooleanField(label=_("Play a third-place match"), required=False)
    rounds = forms.IntegerField(
        label=_("Swiss rounds"), min_value=1, max_value=MAX_SWISS_ROUNDS, initial=4, required=False
    )
    arena_minutes = forms.TypedChoiceField(
        label=_("Arena length"), choices=arena_minutes, coerce=int, initial="20", required=False
    )
    streaks = forms.BooleanField(
        label=_("Streak bonus: after two wins in a row a game counts double"),
        required=False,
        initial=True,
    )
    odd = forms.ChoiceField(
        label=_("With an odd number, the one left over gets"),
        choices=Tournament.Odd.choices,
        initial=Tournament.Odd.BYE,
        widget=forms.RadioSelect,
    )
    students = RosterField(
        label=_("Who is here"),
        queryset=Student.objects.none(),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, classroom: Classroom, here: frozenset[int], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Every registered game, the default first.
        keys = sorted(registered(), key=lambda game: game != DEFAULT_GAME)
        games = [(game, kind_for(game).label) for game in keys if game_creatable(game)]
        self.fields["game"].choices = games
        self.fields["game"].initial = games[0][0]
        students = self.fields["students"]
        students.queryset = roster(classroom)
        students.here = here
        students.initial = sorted(here)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        fmt = data.get("format")
        if fmt == Format.SWISS and not data.get("rounds"):
            self.add_error("rounds", _("Say how many rounds the Swiss has."))
        if fmt == Format.ARENA and not data.get("arena_minutes"):
            self.add_error("arena_minutes", _("Say how long the arena lasts."))
        if len(data.get("students") or ()) < 2:
            self.add_error("students", _("Tick at least two students who are here."))
        return data

    def game_variants(self) -> dict[str, Any]:
        """What the matches get as `variants`: Warriors' switches or the card war's level."""
        if self.cleaned_data["game"] == "cardwar":
            # The card war keeps its clock among its own options, in whole minutes.
            clock = self.cleaned_data.get("clock")
            minutes = max(1, clock // 60) if clock else None
            return {"level": self.cleaned_data.get("level") or 1, "clock_minutes": minutes}
        return self.variants()

    def settings(self) -> dict[str, Any]:
        """The keyword arguments of `tournament_create` this form decides."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "students": list(data["students"]),
            "game": data["game"],
            "variants": self.game_variants(),
            "format": data["format"],
            "double": data["double"],
            "third_place": data["third_place"],
            "rounds": data.get("rounds"),
            "arena_minutes": data.get("arena_minutes"),
            "streaks": data["streaks"],
            "odd": data["odd"],
            **self.clock_settings(),
        }


class StudentChoiceForm(forms.Form):
    """One student of the class (a late arrival)."""

    student = forms.ModelChoiceField(label=_("Student"), queryset=Student.objects.none())

    def __init__(self, *args, students, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["student"].queryset = students


class KeepApartForm(forms.Form):
    a = forms.ModelChoiceField(label=_("Keep"), queryset=Student.objects.none())
    b = forms.ModelChoiceField(label=_("apart from"), queryset=Student.objects.none())

    def __init__(self, *args, classroom: Classroom, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("a", "b"):
            self.fields[name].queryset = roster(classroom)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("a") and data.get("a") == data.get("b"):
            raise forms.ValidationError(_("Choose two different students."), code="same")
        return data
