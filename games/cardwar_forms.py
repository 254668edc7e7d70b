"""The card war's creation form: the teacher's options of shared/rules/card-war.md, with a
one-line description of each level and sensible defaults per level."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Case, When
from django.utils.translation import gettext_lazy as _

from classrooms.models import Classroom, Student
from games.forms import PresenceSelect
from games.kinds.cardwar.levels import LEVELS
from games.models import Seat

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


PLAYER_CHOICES = [
    ("2", _("You against the computer")),
    ("3", _("You against two computer players")),
    ("4", _("You and a computer teammate against two computer players")),
]


class CardWarComputerForm(CardWarOptionsForm):
    """Play the computer at any level, alone against one to three computer players."""

    prefix = "cw-computer"  # the lobby shows several forms: their field ids must differ

    players = forms.TypedChoiceField(
        label=_("Players"), choices=PLAYER_CHOICES, coerce=int, initial="2"
    )
    strength = forms.ChoiceField(
        label=_("Computer strength"), choices=Seat.BotLevel.choices, initial="beginner"
    )

    def seats(self, user) -> list:
        """The student at seat 0 and the computer in every other seat."""
        return [user] + [self.cleaned_data["strength"]] * (self.cleaned_data["players"] - 1)


class CardWarTableForm(CardWarOptionsForm):
    """A table of classmates: two (a challenge), three, or four in two teams; whom to invite,
    and whether the computer may fill the seats nobody takes."""

    prefix = "cw-table"

    seats = forms.TypedChoiceField(
        label=_("Players at the table"),
        choices=[
            ("2", _("Two: you challenge one classmate")),
            ("3", _("Three, each for themselves")),
            ("4", _("Four, two teams of two")),
        ],
        coerce=int,
        initial="2",
    )
    classmate = forms.ModelChoiceField(
        label=_("Classmate"), queryset=Student.objects.none(), required=False, empty_label=None
    )
    invite = forms.ModelMultipleChoiceField(
        label=_("More classmates, for a table of three or four"),
        queryset=Student.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    bots = forms.BooleanField(
        label=_("Let the computer take the seats nobody takes when I start"),
        required=False,
        initial=True,
    )

    def __init__(self, *args, student: Student, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        classmates = (
            student.classroom.students.filter(archived_at__isnull=True)
            .exclude(pk=student.pk)
            .order_by("display_name")
        )
        for name in ("classmate", "invite"):
            self.fields[name].queryset = classmates
            self.fields[name].label_from_instance = lambda s: s.display_name

    def clean(self):
        """The classmate chosen and the ones ticked are invited together, each once."""
        data = super().clean()
        chosen = [data["classmate"]] if data.get("classmate") else []
        invite = chosen + [s for s in data.get("invite") or () if s not in chosen]
        if "invite" in data:
            data["invite"] = invite
        if not invite and "classmate" in data and "invite" in data:
            self.add_error("classmate", _("Choose a classmate to invite."))
        seats = data.get("seats")
        if invite is not None and seats and len(invite) > seats - 1:
            raise forms.ValidationError(
                _("Invite at most %(n)s classmates to a table of %(seats)s.")
                % {"n": seats - 1, "seats": seats},
                code="too_many",
            )
        return data


class SeatSelect(PresenceSelect):
    """Who is in the lobby, and a first "nobody" choice for the seats a table may leave out."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        if value == "":
            return forms.Select.create_option(
                self, name, value, label, selected, index, subindex, attrs
            )
        return super().create_option(name, value, label, selected, index, subindex, attrs)


class CardWarPairForm(CardWarOptionsForm):
    """The teacher seats two to four students at one card war (those in the lobby listed
    first); with four, players 1 and 3 play players 2 and 4."""

    prefix = "cw-pair"
    SEATS = ("player_1", "player_2", "player_3", "player_4")

    def __init__(self, *args, classroom: Classroom, here: set[int] = frozenset(), **kwargs):
        super().__init__(*args, **kwargs)
        students = classroom.students.filter(archived_at__isnull=True).order_by(
            Case(When(pk__in=here, then=0), default=1), "display_name"
        )
        labels = {
            "player_1": _("Player 1 (team A at four)"),
            "player_2": _("Player 2 (team B at four)"),
            "player_3": _("Player 3, if three or four (team A)"),
            "player_4": _("Player 4, if four (team B)"),
        }
        for index, name in enumerate(self.SEATS):
            widget = SeatSelect()
            widget.here = frozenset(here)
            self.fields[name] = forms.ModelChoiceField(
                label=labels[name],
                queryset=students,
                required=index < 2,
                empty_label=None if index < 2 else _("nobody"),
                widget=widget,
            )

    def clean(self):
        data = super().clean()
        chosen = [data.get(name) for name in self.SEATS]
        if chosen[3] is not None and chosen[2] is None:
            raise forms.ValidationError(_("Choose player 3 before player 4."), code="gap")
        picked = [s for s in chosen if s is not None]
        if len({s.pk for s in picked}) != len(picked):
            raise forms.ValidationError(_("Choose each student once."), code="same")
        return data

    def students(self) -> list[Student]:
        """The chosen students in seat order."""
        return [self.cleaned_data[n] for n in self.SEATS if self.cleaned_data.get(n) is not None]

    def seat_fields(self):
        return [self[name] for name in self.SEATS]
