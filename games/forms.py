"""Forms for starting matches: the computer's level, the variants and the clocks."""

from __future__ import annotations

from django import forms
from django.db.models import Case, When
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from classrooms.models import Classroom, Student
from games.kinds.warriors.options import VARIANT_LABELS
from games.models import Seat
from games.services.creation import DEFAULT_CLOCK_SECONDS


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


# The public Maths Warriors game's clock choices; 12 minutes is its default (and the rules').
CLOCK_CHOICES = [
    ("60", _("1 minute")),
    ("180", _("3 minutes")),
    ("300", _("5 minutes")),
    ("720", _("12 minutes")),
    ("1200", _("20 minutes")),
    ("off", _("No clock")),
]
# Off by default (the rules' decision). The shortest, 30 s, still leaves a slow reader time
# to build a three-dice Mind attack; 2 minutes only moves a stalled game on.
MOVE_LIMIT_CHOICES = [
    ("off", _("Off")),
    ("30", _("30 seconds")),
    ("60", _("1 minute")),
    ("120", _("2 minutes")),
]


def _seconds(choice: str) -> int | None:
    return None if choice == "off" else int(choice)


def _choice(seconds: int | None) -> str:
    return "off" if seconds is None else str(seconds)


def _seconds_field(label, choices, default: int | None) -> forms.TypedChoiceField:
    """A choice of durations in seconds or "off" (None); missing means `default`."""
    return forms.TypedChoiceField(
        label=label,
        choices=choices,
        coerce=_seconds,
        required=False,
        empty_value=default,
        initial=_choice(default),
    )


class MatchSettingsForm(VariantsForm):
    """Variants plus the game clock and the per-move limit, for every form that starts a match.

    A value outside the choices is a form error; a missing one means the default (12 minutes,
    no per-move limit), so older clients keep today's game.
    """

    clock = _seconds_field(_("Game clock"), CLOCK_CHOICES, DEFAULT_CLOCK_SECONDS)
    move_limit = _seconds_field(_("Time for each move"), MOVE_LIMIT_CHOICES, None)

    def clean(self):
        data = super().clean()
        clock, move = data.get("clock"), data.get("move_limit")
        if clock and move and move >= clock:
            raise forms.ValidationError(
                _("Give each move less time than the whole game."), code="move_limit"
            )
        return data

    def clock_fields(self):
        return [self["clock"], self["move_limit"]]

    def as_initial(self) -> dict[str, str | bool]:
        """The valid choices as initial values for the next form (a teacher pairs many)."""
        data = self.cleaned_data
        return {
            "clock": _choice(data["clock"]),
            "move_limit": _choice(data["move_limit"]),
            **self.variants(),
        }

    def clock_settings(self) -> dict[str, int | None]:
        """The keyword arguments `match_create` takes for the clocks."""
        return {
            "clock_seconds": self.cleaned_data["clock"],
            "move_seconds": self.cleaned_data["move_limit"],
        }


class PlayComputerForm(MatchSettingsForm):
    level = forms.ChoiceField(
        label=_("Computer strength"), choices=Seat.BotLevel.choices, initial="beginner"
    )


def presence_label(student: Student, here: bool) -> str:
    """A student's name and whether they are in the lobby, in words and a symbol (not colour)."""
    if here:
        return gettext("● %(name)s — in the lobby") % {"name": student.display_name}
    return gettext("○ %(name)s — not in the lobby") % {"name": student.display_name}


class PresenceSelect(forms.Select):
    """Options that say who is in the lobby; both labels ride along for class_live.js, which
    keeps them current while the page polls."""

    here: frozenset[int] = frozenset()

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        student = value.instance
        option["label"] = presence_label(student, student.pk in self.here)
        option["attrs"]["data-here"] = presence_label(student, True)
        option["attrs"]["data-away"] = presence_label(student, False)
        return option


class PairForm(MatchSettingsForm):
    """Two students of the class (those in the lobby listed first) and the match settings."""

    first = forms.ModelChoiceField(
        label=_("First student"),
        queryset=Student.objects.none(),
        empty_label=None,
        widget=PresenceSelect,
    )
    second = forms.ModelChoiceField(
        label=_("Second student"),
        queryset=Student.objects.none(),
        empty_label=None,
        widget=PresenceSelect,
    )

    def __init__(self, *args, classroom: Classroom, here: set[int] = frozenset(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        students = classroom.students.filter(archived_at__isnull=True).order_by(
            Case(When(pk__in=here, then=0), default=1), "display_name"
        )
        for name in ("first", "second"):
            self.fields[name].queryset = students
            self.fields[name].widget.here = frozenset(here)
        if not self.is_bound:
            # Two different students preselected, so the button never pairs one with herself.
            picks = list(students.values_list("pk", flat=True)[:2])
            self.initial = {**self.initial, **dict(zip(("first", "second"), picks, strict=False))}

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError(_("Choose two different students."), code="same")
        return data

    def students(self) -> list[Student]:
        return [self.cleaned_data["first"], self.cleaned_data["second"]]

    def student_fields(self):
        return [self["first"], self["second"]]
