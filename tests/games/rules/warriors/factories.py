"""Factories for Maths Warriors tests: boards written as die values, scripted rolls."""

from collections.abc import Mapping, Sequence

from games.rules.warriors import DIE_TYPES, Die, State, Variants
from games.rules.warriors.state import die_id, sort_dice

Seat = Sequence[int] | Mapping[int | str, int]


def dice(seat: int, values: Seat) -> tuple[Die, ...]:
    """Seat `seat`'s dice: values in D4..D20 order (first few types), or {sides or id: value}."""
    if isinstance(values, Mapping):
        out = []
        for key, value in values.items():
            if isinstance(key, str):
                out.append(Die(key, int(key.split("-D")[1]), value))
            else:
                out.append(Die(die_id(seat, key), key, value))
        return sort_dice(out)
    return tuple(Die(die_id(seat, s), s, v) for s, v in zip(DIE_TYPES, values, strict=False))


def board(
    a: Seat,
    b: Seat,
    *,
    first: int = 0,
    to_move: int | None = None,
    variants: Variants | None = None,
    **fields,
) -> State:
    """A state mid-game with these dice; seat `first` went first and (by default) is to move."""
    return State(
        seed="test",
        variants=variants or Variants(),
        dice=(dice(0, a), dice(1, b)),
        first=first,
        to_move=first if to_move is None else to_move,
        **fields,
    )
