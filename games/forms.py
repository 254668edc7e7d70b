"""The forms that start a game, for any registered kind: the game's own options (its kind's
`options_form`), the clocks (unless the game's clock is one of its options), and whom to play:
the computer, classmates (an invitation), or, for the teacher, students of the class."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Case, When
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from classrooms.models import Classroom, Student
from games.kinds import DEFAULT_GAME, GameKind, kind_for, registered
from games.kinds.warriors.forms import WarriorsOptionsForm
from games.models import Seat
from games.services.creation import DEFAULT_CLOCK_SECONDS

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


class ClockForm(forms.Form):
    """The game clock and the per-move limit. A value outside the choices is a form error; a
    missing one means the default (12 minutes, no per-move limit), so older clients keep
    today's game."""

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

    def clock_settings(self) -> dict[str, int | None]:
        """The clocks as `match_create` takes them."""
        return {
            "clock_seconds": self.cleaned_data["clock"],
            "move_seconds": self.cleaned_data["move_limit"],
        }


class MatchSettingsForm(WarriorsOptionsForm, ClockForm):
    """Maths Warriors' variants and the clocks on one form: the tournament form's settings."""

    def variants(self) -> dict[str, bool]:
        return self.options()

    def variant_fields(self):
        return self.option_fields()


class GameSettings:
    """One game's settings on a page: its kind's options form and, unless its clock is one of
    its options, the clocks; `prefix` keeps several games' settings apart on one page."""

    def __init__(self, kind: GameKind, data=None, *, prefix: str, initial=None) -> None:
        self.kind = kind
        self.prefix = prefix
        form = kind.options_form
        self.options = form(data, prefix=prefix, initial=initial) if form else None
        self.clocks = (
            None if kind.clock_in_options else ClockForm(data, prefix=prefix, initial=initial)
        )

    def forms(self) -> list[forms.Form]:
        return [f for f in (self.options, self.clocks) if f is not None]

    def is_valid(self) -> bool:
        return all([f.is_valid() for f in self.forms()])  # every form checked: all errors shown

    @property
    def errors(self) -> bool:
        return any(f.errors for f in self.forms())

    def variants(self) -> dict[str, Any]:
        return self.options.options() if self.options is not None else {}

    def clock_settings(self) -> dict[str, int | None]:
        return self.clocks.clock_settings() if self.clocks is not None else {}

    def as_initial(self) -> dict[str, Any]:
        """The choices made, as initial values of the next form (a teacher pairs many)."""
        initial: dict[str, Any] = {}
        for form in self.forms():
            for name, field in form.fields.items():
                value = form.data.get(form.add_prefix(name))
                if isinstance(field.widget, forms.CheckboxInput):
                    initial[name] = bool(form.cleaned_data.get(name))
                elif value is not None:
                    initial[name] = value
        return initial


class ComputerForm(forms.Form):
    """Play the computer at a game: its strength, how many play (where the game has a choice),
    and the game's settings."""

    strength = forms.ChoiceField(label=_("Computer strength"), initial="beginner")
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)

    def __init__(self, data=None, *, kind: GameKind) -> None:
        prefix = f"{kind.game}-computer"
        super().__init__(data, prefix=prefix)
        self.kind = kind
        self.settings = GameSettings(kind, data, prefix=prefix)
        levels = dict(Seat.BotLevel.choices)
        self.fields["strength"].choices = [(b, levels.get(b, b)) for b in kind.bot_levels]
        counts = kind.seat_counts
        if len(counts) > 1:
            self.fields["players"].choices = [(str(n), kind.seats_text(n, True)) for n in counts]
            self.fields["players"].initial = str(counts[0])
        else:
            del self.fields["players"]

    def is_valid(self) -> bool:
        return all([super().is_valid(), self.settings.is_valid()])

    def seats(self, user) -> list:
        """The pupil at seat 0 and the computer in every other seat."""
        count = self.cleaned_data.get("players") or self.kind.seat_counts[0]
        return [user] + [self.cleaned_data["strength"]] * (count - 1)


class ClassmatesField(forms.ModelMultipleChoiceField):
    """Ticked classmates; an id beyond any key the database can hold is refused as the invalid
    choice it is (SQLite raises OverflowError on it in the lookup of them all)."""

    MAX_ID = 2**63 - 1

    def _check_values(self, value):
        for pk in value:
            try:
                too_big = abs(int(pk)) > self.MAX_ID
            except (ValueError, TypeError):
                continue  # not a number: the field refuses it as such
            if too_big:
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": pk},
                )
        return super()._check_values(value)


class InviteForm(forms.Form):
    """Invite classmates to a game: one (a challenge) or, where the game seats more, a table;
    whom to ask, and whether the computer may take the seats nobody takes."""

    classmate = forms.ModelChoiceField(
        label=_("Classmate"), queryset=Student.objects.none(), required=False, empty_label=None
    )
    seats = forms.TypedChoiceField(label=_("Players at the table"), coerce=int)
    invite = ClassmatesField(
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

    def __init__(self, data=None, *, kind: GameKind, student: Student) -> None:
        prefix = f"{kind.game}-invite"
        super().__init__(data, prefix=prefix)
        self.kind = kind
        self.settings = GameSettings(kind, data, prefix=prefix)
        classmates = (
            student.classroom.students.filter(archived_at__isnull=True)
            .exclude(pk=student.pk)
            .order_by("display_name")
        )
        for name in ("classmate", "invite"):
            self.fields[name].queryset = classmates
            self.fields[name].label_from_instance = lambda s: s.display_name
        counts = kind.seat_counts
        self.fields["seats"].choices = [(str(n), kind.seats_text(n, False)) for n in counts]
        self.fields["seats"].initial = str(counts[0])
        if len(counts) == 1:
            self.fields["seats"].required = False
            self.fields["seats"].widget = forms.HiddenInput()
        if max(counts) <= 2:  # nobody more to ask, and nothing to start without them
            del self.fields["invite"]
            del self.fields["bots"]

    def is_valid(self) -> bool:
        return all([super().is_valid(), self.settings.is_valid()])

    def clean(self):
        """The classmate chosen and the ones ticked are invited together, each once."""
        data = super().clean()
        chosen = [data["classmate"]] if data.get("classmate") else []
        invite = chosen + [s for s in data.get("invite") or () if s not in chosen]
        data["invite"] = invite
        if not invite and "classmate" in data:
            self.add_error("classmate", _("Choose a classmate to invite."))
        seats = data.get("seats") or self.kind.seat_counts[0]
        data["seats"] = seats
        if invite and len(invite) > seats - 1:
            raise forms.ValidationError(
                _("Invite at most %(n)s classmates to a table of %(seats)s.")
                % {"n": seats - 1, "seats": seats},
                code="too_many",
            )
        return data

    def invited(self) -> list[Student]:
        return self.cleaned_data["invite"]

    def with_bots(self) -> bool:
        return bool(self.cleaned_data.get("bots"))


def presence_label(student: Student, here: bool) -> str:
    """A student's name and whether they are in the lobby, in words and a symbol (not colour)."""
    if here:
        return gettext("● %(name)s — in the lobby") % {"name": student.display_name}
    return gettext("○ %(name)s — not in the lobby") % {"name": student.display_name}


class PresenceSelect(forms.Select):
    """Options that say who is in the lobby; both labels ride along for class_live.js, which
    keeps them current while the page polls (the empty choice, "nobody", says nothing more)."""

    here: frozenset[int] = frozenset()

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if not value:
            return option
        student = value.instance
        option["label"] = presence_label(student, student.pk in self.here)
        option["attrs"]["data-here"] = presence_label(student, True)
        option["attrs"]["data-away"] = presence_label(student, False)
        return option


def starting_games() -> list[GameKind]:
    """The games a teacher or pupil can start, the default first."""
    return [kind_for(g) for g in sorted(registered(), key=lambda g: (g != DEFAULT_GAME, g))]


class PairForm(forms.Form):
    """The teacher's one form to start matches: a game and its settings, then either these
    students at one match (in seat order: with four, players 1 and 3 play players 2 and 4), or
    everyone in the lobby, in random groups of `per_match`."""

    SEATS = ("player_1", "player_2", "player_3", "player_4")

    game = forms.ChoiceField(label=_("Game"), widget=forms.RadioSelect)
    # Missing: as few as the game is played by.
    per_match = forms.TypedChoiceField(
        label=_("Players at each match (everyone in the lobby)"),
        coerce=int,
        initial="2",
        required=False,
        empty_value=None,
    )

    def __init__(
        self,
        data=None,
        *,
        classroom: Classroom,
        here: set[int] = frozenset(),
        initial: dict[str, Any] | None = None,
        one_match: bool = False,
    ) -> None:
        initial = initial or {}
        super().__init__(data, prefix="pair", initial={k: v for k, v in initial.items()})
        kinds = starting_games()
        self.fields["game"].choices = [(k.game, k.label) for k in kinds]
        self.fields["game"].initial = initial.get("game") or kinds[0].game
        counts = sorted({n for k in kinds for n in k.seat_counts})
        self.fields["per_match"].choices = [(str(n), str(n)) for n in counts]
        chosen = (data or {}).get(self.add_prefix("game"))
        saved = initial.get("settings") or {}
        self.settings = {
            k.game: GameSettings(
                k,
                data if chosen == k.game else None,
                prefix=f"pair-{k.game}",
                initial=saved if initial.get("game") == k.game else None,
            )
            for k in kinds
        }
        students = classroom.students.filter(archived_at__isnull=True).order_by(
            Case(When(pk__in=here, then=0), default=1), "display_name"
        )
        labels = {
            "player_1": _("Player 1"),
            "player_2": _("Player 2"),
            "player_3": _("Player 3 (if the game seats three or four)"),
            "player_4": _("Player 4 (if the game seats four)"),
        }
        for index, name in enumerate(self.SEATS):
            widget = PresenceSelect()
            widget.here = frozenset(here)
            self.fields[name] = forms.ModelChoiceField(
                label=labels[name],
                queryset=students,
                required=one_match and index < 2,
                empty_label=None if index < 2 else _("nobody"),
                widget=widget,
            )
        if not self.is_bound:
            # Two different students preselected, so the button never pairs one with herself.
            picks = list(students.values_list("pk", flat=True)[:2])
            self.initial.update(dict(zip(("player_1", "player_2"), picks, strict=False)))

    def chosen(self) -> GameSettings:
        return self.settings[self.cleaned_data["game"]]

    def group_size(self) -> int:
        return self.cleaned_data.get("per_match") or min(self.chosen().kind.seat_counts)

    def is_valid(self) -> bool:
        valid = super().is_valid()
        if "game" not in self.cleaned_data:
            return False
        return all([valid, self.chosen().is_valid()])

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

    def as_initial(self) -> dict[str, Any]:
        """The game and its settings as the next form's initial values."""
        return {
            "game": self.cleaned_data["game"],
            "per_match": str(self.group_size()),
            "settings": self.chosen().as_initial(),
        }
