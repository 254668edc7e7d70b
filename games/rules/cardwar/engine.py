"""Card war: starting a game, applying actions and replaying them (checks first, then the table)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.rules.cardwar.actions import (
    Action,
    AnswerTimeout,
    ClockExpired,
    Resign,
    SetTarget,
    Submit,
    TargetTimeout,
)
from games.rules.cardwar.options import DECK, TARGET_MAX, TARGET_MIN, Options, card_value
from games.rules.cardwar.state import SOURCE_SALT, Entry, Hand, Source, State
from games.rules.cardwar.table import Table, facts, finish, resign, resolve, set_target, start_round
from games.rules.cardwar.values import answer_matches, parse_answer, read_choice
from games.rules.common import IllegalMove, Outcome, RuleError, SeededSource, gettext_noop

# --- actions ----------------------------------------------------------------------------------


def _refuse(template: str, **params: Any) -> IllegalMove:
    return IllegalMove(template, **params)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seat(state: State, player: int) -> None:
    if not _is_int(player) or not 0 <= player < state.players:
        raise _refuse(gettext_noop("there is no player %(player)s in this game"), player=player)
    if state.hands[player].out:
        raise _refuse(gettext_noop("you are out of this game"))


def _checked_entry(state: State, action: Submit) -> Entry:
    """Validate a submission without changing anything; rule errors become IllegalMove."""
    _check_seat(state, action.player)
    if state.phase != "answer" or action.player not in state.playing:
        raise _refuse(gettext_noop("it is not your turn to answer"))
    if state.entries[action.player] is not None:
        raise _refuse(gettext_noop("you have already answered this round"))
    a, b = (card_value(c, state.options) for c in state.face_up[action.player])
    try:
        choice = read_choice(state.options.level, a, b, action.expression)
        answer = parse_answer(action.answer)
    except RuleError as err:
        raise IllegalMove(err.template, position=err.position, **err.params) from err
    return Entry(
        expression=action.expression,
        answer=action.answer,
        choice=choice.text,
        value=choice.value,
        correct=answer_matches(answer, choice.value),
        op=choice.op,
        squared=choice.squared,
        rooted=choice.rooted,
    )


def apply(state: State, action: Action, *, source: Source | None = None) -> Outcome[State]:
    """Apply one action; raises IllegalMove (state unchanged) if the rules refuse it.

    `source` replaces the game's seeded randomness (tests script it); it must continue from
    `state.draws` for replays to match.
    """
    if state.phase == "over":
        raise _refuse(gettext_noop("this game is over"))
    t = Table(state, source or SeededSource(state.seed, state.draws, salt=SOURCE_SALT))
    match action:
        case Submit():
            entry = _checked_entry(state, action)
            t.entries[action.player] = entry
            t.emit("answer_received", player=action.player, private=facts(t, action.player))
            if all(t.entries[s] is not None for s in t.playing):
                resolve(t)
        case SetTarget(player=player, value=value):
            _check_seat(state, player)
            if state.phase != "target" or state.setter != player:
                raise _refuse(gettext_noop("it is not your turn to name the target"))
            if not _is_int(value) or not TARGET_MIN <= value <= TARGET_MAX:
                raise _refuse(gettext_noop("the target must be a whole number from -15 to 15"))
            set_target(t, value, by="player")
        case TargetTimeout():
            if state.phase != "target":
                raise _refuse(gettext_noop("nobody is naming a target now"))
            set_target(t, t.source.integer(TARGET_MIN, TARGET_MAX), by="timeout")
        case AnswerTimeout():
            if state.phase != "answer":
                raise _refuse(gettext_noop("nobody is answering now"))
            missing = [s for s in state.playing if state.entries[s] is None]
            t.emit("answer_timeout", missing=missing)
            resolve(t)
        case ClockExpired():
            # Also the teacher's "stop now" (a tournament round ended early), with or without
            # a clock: play stops as when a clock runs out. Only the server sends it.
            # Answers given but not yet revealed are dropped (their facts were stored on receipt).
            t.emit("clock_expired", dropped=[s for s in t.playing if t.entries[s] is not None])
            finish(t, "clock")
        case Resign(player=player):
            _check_seat(state, player)
            resign(t, player)
        case _:
            raise _refuse(gettext_noop("this move is not one the game understands"))
    return Outcome(t.freeze(), tuple(t.events))


def start(
    seed: int | str,
    players: int,
    options: Options,
    *,
    deck: Sequence[str] | None = None,
    source: Source | None = None,
) -> Outcome[State]:
    """Shuffle (unless `deck` stacks it, top card first), deal and start the first round.

    Cards are dealt one at a time round the table; with three players the shuffled deck's last
    card is set aside, out of play.
    """
    if players not in (2, 3, 4):
        raise _refuse(gettext_noop("card war is for 2, 3 or 4 players"))
    if not isinstance(options, Options):
        raise TypeError("options must be an Options")
    seed = str(seed)
    source = source or SeededSource(seed, salt=SOURCE_SALT)
    if deck is None:
        cards = source.shuffle(DECK)
    elif sorted(deck) != sorted(DECK):
        raise ValueError("a stacked deck must hold each of the 52 cards once")
    else:
        cards = tuple(deck)
    set_aside = cards[51:] if players == 3 else ()
    cards = cards[:51] if players == 3 else cards
    empty: tuple[tuple[str, ...], ...] = ((),) * players
    state = State(
        seed=seed,
        draws=source.used,
        players=players,
        options=options,
        hands=tuple(Hand(draw=cards[seat::players]) for seat in range(players)),
        set_aside=set_aside,
        pot=empty,
        face_up=empty,
        entries=(None,) * players,
    )
    t = Table(state, source)
    t.emit("dealt", counts=[t.count(s) for s in range(players)], set_aside=len(set_aside))
    start_round(t)
    return Outcome(t.freeze(), tuple(t.events))


def new_game(
    seed: int | str, players: int, options: Options, *, deck: Sequence[str] | None = None
) -> State:
    """A dealt game waiting for its first input (a target at levels 5–7, else answers)."""
    return start(seed, players, options, deck=deck).state


def replay(
    seed: int | str,
    players: int,
    options: Options,
    actions: Iterable[Action],
    *,
    deck: Sequence[str] | None = None,
) -> State:
    """Rebuild a game from its seed and actions; equals the live state exactly."""
    state = new_game(seed, players, options, deck=deck)
    for action in actions:
        state = apply(state, action).state
    return state
