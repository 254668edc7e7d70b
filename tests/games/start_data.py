"""What a browser posts for the forms that start a game, left as they are (every field's
initial value; ticked boxes only), with the changes a test makes."""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import ComputerForm, GameSettings, InviteForm
from games.kinds import kind_for


def initial_data(*parts: forms.Form) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for form in parts:
        for name, field in form.fields.items():
            value = form.initial.get(name, field.initial)
            value = value() if callable(value) else value
            if value is None or value is False:
                continue
            data[form.add_prefix(name)] = "on" if value is True else value
    return data


def computer_post(game: str, **changes: Any) -> dict[str, Any]:
    """The lobby's "Play the computer" form of `game`, with `changes` (unprefixed names)."""
    form = ComputerForm(kind=kind_for(game))
    data = initial_data(form, *form.settings.forms())
    data.update({form.add_prefix(k): v for k, v in changes.items()})
    return {**data, "game": game}


def invite_post(game: str, student, **changes: Any) -> dict[str, Any]:
    """The lobby's "Challenge a classmate" form of `game` for `student`, with `changes`."""
    form = InviteForm(kind=kind_for(game), student=student)
    data = initial_data(form, *form.settings.forms())
    data.update({form.add_prefix(k): v for k, v in changes.items()})
    return {**data, "game": game}


def pair_post(game: str, students=(), **changes: Any) -> dict[str, Any]:
    """The teacher's one form with `game` chosen, its settings as they come, the `students` as
    players 1, 2 …, and `changes` to the game's settings (unprefixed names)."""
    settings = GameSettings(kind_for(game), prefix=f"pair-{game}")
    data = initial_data(*settings.forms())
    data.update({f"pair-{game}-{k}": v for k, v in changes.items()})
    data |= {f"pair-player_{n}": s.pk for n, s in enumerate(students, start=1)}
    return {**data, "pair-game": game}
