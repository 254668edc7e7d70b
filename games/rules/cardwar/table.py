"""Card war: the table during one `apply`, and the flow of rounds, wars, bonuses and game end.

`Table` is a mutable working copy of a `State`; `apply` builds one, runs these steps and freezes
it, so a refused action never touches the original. Events are JSON-safe dicts in the order
things happened; an event's "private" key holds facts meant only for its "player" and for
storage (a submission before the answers are revealed).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from games.rules.cardwar.options import TARGET_MAX, TARGET_MIN, card_value
from games.rules.cardwar.state import Entry, Hand, Result, Source, State, side_of
from games.rules.cardwar.values import best_value, distance, score

BONUS_CARDS = 3


def next_in_play(out: tuple[bool, ...] | list[bool], after: int) -> int | None:
    """The first seat after `after` (cyclically) that is still in play, or None."""
    n = len(out)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not out[seat]:
            return seat
    return None


class Table:
    """A mutable working copy of a State for one `apply`."""

    def __init__(self, state: State, source: Source) -> None:
        self.seed, self.players, self.options = state.seed, state.players, state.options
        self.source = source
        self.draw = [list(h.draw) for h in state.hands]
        self.coll = [list(h.collection) for h in state.hands]
        self.out = [h.out for h in state.hands]
        self.set_aside = state.set_aside
        self.phase, self.round, self.war_depth = state.phase, state.round, state.war_depth
        self.playing = list(state.playing)
        self.pot = [list(p) for p in state.pot]
        self.face_up = [list(p) for p in state.face_up]
        self.entries: list[Entry | None] = list(state.entries)
        self.target, self.setter, self.last_setter = state.target, state.setter, state.last_setter
        self.result = state.result
        self.events: list[dict[str, Any]] = []

    def freeze(self) -> State:
        return State(
            seed=self.seed,
            draws=self.source.used,
            players=self.players,
            options=self.options,
            hands=tuple(
                Hand(tuple(d), tuple(c), o)
                for d, c, o in zip(self.draw, self.coll, self.out, strict=True)
            ),
            set_aside=self.set_aside,
            phase=self.phase,
            round=self.round,
            war_depth=self.war_depth,
            playing=tuple(self.playing),
            pot=tuple(tuple(p) for p in self.pot),
            face_up=tuple(tuple(p) for p in self.face_up),
            entries=tuple(self.entries),
            target=self.target,
            setter=self.setter,
            last_setter=self.last_setter,
            result=self.result,
        )

    def emit(self, kind: str, **data: Any) -> None:
        self.events.append({"type": kind, **data})

    def count(self, seat: int) -> int:
        return len(self.draw[seat]) + len(self.coll[seat])

    def in_play(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    def sides(self, seats: list[int]) -> set[int]:
        return {side_of(self.players, s) for s in seats}

    def value(self, card: str) -> int:
        return card_value(card, self.options)

    def take(self, seat: int) -> str:
        """The top card of the seat's draw pile, turning the shuffled collection over if empty."""
        if not self.draw[seat]:
            self.draw[seat] = list(self.source.shuffle(self.coll[seat]))
            self.coll[seat] = []
            self.emit("reshuffled", player=seat, cards=len(self.draw[seat]))
        return self.draw[seat].pop(0)


# --- flow -------------------------------------------------------------------------------------


def start_round(t: Table) -> None:
    """A new (non-war) round: players out, game end, target setting or turning up cards.

    The pot is empty here: every path that ends a round awards or returns it first.
    """
    t.entries = [None] * t.players
    t.war_depth, t.target, t.setter = 0, None, None
    for seat in t.in_play():
        if t.count(seat) < 2:
            t.out[seat] = True
            t.emit("player_out", player=seat, reason="too_few_cards", cards=t.count(seat))
    if _decided(t):
        return
    t.round += 1
    t.playing = t.in_play()
    if not t.options.has_target:
        t.emit("round_started", round=t.round, players=list(t.playing), setter=None)
        reveal(t)
    elif t.options.computer_targets:
        t.emit("round_started", round=t.round, players=list(t.playing), setter=None)
        set_target(t, t.source.integer(TARGET_MIN, TARGET_MAX), by="computer")
    else:
        t.setter = next_in_play(t.out, t.last_setter)
        t.last_setter = t.setter if t.setter is not None else t.last_setter
        t.phase = "target"
        t.emit("round_started", round=t.round, players=list(t.playing), setter=t.setter)


def set_target(t: Table, value: int, *, by: str) -> None:
    t.target = value
    t.emit("target_set", player=t.setter, value=value, by=by)
    reveal(t)


def reveal(t: Table) -> None:
    """Every player in this (war) round turns up the top two cards of their draw pile."""
    for seat in t.playing:
        t.face_up[seat] = [t.take(seat), t.take(seat)]
        t.emit(
            "cards_revealed",
            player=seat,
            cards=list(t.face_up[seat]),
            values=[t.value(c) for c in t.face_up[seat]],
        )
    t.entries = [None] * t.players
    t.phase = "answer"


def facts(t: Table, seat: int) -> dict[str, Any]:
    """What the reports keep for one player's submission (or missing answer) this round."""
    a, b = (t.value(c) for c in t.face_up[seat])
    level, target = t.options.level, t.target
    best = best_value(level, a, b, target)
    entry = t.entries[seat]
    out: dict[str, Any] = {
        "player": seat,
        "cards": list(t.face_up[seat]),
        "card_values": [a, b],
        "level": level,
        "target": target,
        "war_depth": t.war_depth,
        "best_value": str(best),
        "answered": entry is not None,
    }
    if entry is None:
        return out | {"counted": None, "correct": False, "best": False}
    counted = entry.value if entry.correct or t.options.practice else None
    return out | {
        "expression": entry.expression,
        "choice": entry.choice,
        "operation": entry.op,
        "squared": entry.squared,
        "rooted": entry.rooted,
        "answer": entry.answer,
        "value": str(entry.value),
        "correct": entry.correct,
        "counted": None if counted is None else str(counted),
        "best": score(level, entry.value, target) == score(level, best, target),
        "distance": None if target is None else str(distance(entry.value, target)),
        "exact": target is not None and entry.value == target,
    }


def resolve(t: Table) -> None:
    """All answers are in (or time is up): reveal them, then a winner or a war."""
    t.emit("answers_revealed", submissions=[facts(t, s) for s in t.playing])
    for seat in t.playing:
        t.pot[seat] += t.face_up[seat]
        t.face_up[seat] = []
    valued: dict[int, Fraction] = {}
    for seat in t.playing:
        entry = t.entries[seat]
        if entry is not None and (entry.correct or t.options.practice):
            valued[seat] = entry.value
    if not valued:
        war(t, list(t.playing), reason="no_values")
        return
    level = t.options.level
    top = max(score(level, v, t.target) for v in valued.values())
    holders = [s for s, v in valued.items() if score(level, v, t.target) == top]
    if len(t.sides(holders)) > 1:
        war(t, holders, reason="tie")
        return
    winner = min(holders)
    exact = t.options.has_target and top == 0
    if exact:
        bonus(t, winner)
    award(t, winner, how="exact_hit" if exact else "best_value", value=str(valued[winner]))
    start_round(t)


def bonus(t: Table, winner: int) -> None:
    """Exact hit: every player still in on another side gives up to three cards into the pot."""
    given = [0] * t.players
    for seat in t.in_play():
        if side_of(t.players, seat) != side_of(t.players, winner):
            for _ in range(min(BONUS_CARDS, t.count(seat))):
                t.pot[seat].append(t.take(seat))
                given[seat] += 1
    t.emit("bonus", player=winner, given=given, cards=sum(given))


def war(t: Table, seats: list[int], *, reason: str) -> None:
    """The tied players lay W' cards face down, players short of cards go out, then turn up two."""
    t.war_depth += 1
    size = max(0, min(t.options.war_size, min(t.count(s) for s in seats) - 2))
    t.emit(
        "war_started",
        players=list(seats),
        depth=t.war_depth,
        war_size=size,
        reason=reason,
        target=t.target,
    )
    for seat in seats:
        for _ in range(size):
            t.pot[seat].append(t.take(seat))
        if size:
            t.emit("face_down", player=seat, count=size)
    remaining = []
    for seat in seats:
        if t.count(seat) >= 2:
            remaining.append(seat)
            continue
        left = t.count(seat)
        t.pot[seat] += t.draw[seat] + t.coll[seat]
        t.draw[seat], t.coll[seat] = [], []
        t.out[seat] = True
        t.emit("player_out", player=seat, reason="too_few_cards", cards=left)
    if not remaining:
        live = t.in_play()
        if not live:
            finish(t, "nobody_left")
            return
        receiver = max(live, key=lambda s: (t.count(s), -s))
        award(t, receiver, how="war_abandoned", value=None)
        start_round(t)
    elif len(t.sides(remaining)) == 1:
        award(t, min(remaining), how="war_unopposed", value=None)
        start_round(t)
    else:
        t.playing = remaining
        reveal(t)


def award(t: Table, winner: int, *, how: str, value: str | None) -> None:
    """The winner takes the whole pot: seat order, each seat's cards in the order played."""
    taken = [len(p) + len(f) for p, f in zip(t.pot, t.face_up, strict=True)]
    for seat in range(t.players):
        t.coll[winner] += t.pot[seat] + t.face_up[seat]
    t.emit(
        "round_won",
        player=winner,
        side=side_of(t.players, winner),
        how=how,
        value=value,
        war_depth=t.war_depth,
        cards=sum(taken),
        taken=taken,
    )
    t.pot = [[] for _ in range(t.players)]
    t.face_up = [[] for _ in range(t.players)]
    t.playing, t.entries = [], [None] * t.players


def _decided(t: Table) -> bool:
    if len(t.sides(t.in_play())) > 1:
        return False
    finish(t, "last_standing")
    return True


def return_pot(t: Table) -> None:
    """Pot and face-up cards go back to the collection piles of the players who laid them."""
    returned = [len(p) + len(f) for p, f in zip(t.pot, t.face_up, strict=True)]
    for seat in range(t.players):
        t.coll[seat] += t.pot[seat] + t.face_up[seat]
    t.pot = [[] for _ in range(t.players)]
    t.face_up = [[] for _ in range(t.players)]
    if any(returned):
        t.emit("pot_returned", returned=returned)


def finish(t: Table, reason: str) -> None:
    """Game over: the last side in play wins, or (clock, nobody left) the most counted cards."""
    return_pot(t)
    # Players out keep their cards uncounted, except when nobody is left to count at all.
    counts = tuple(
        0 if t.out[s] and reason != "nobody_left" else t.count(s) for s in range(t.players)
    )
    totals: dict[int, int] = {}
    for seat in range(t.players):
        totals[side_of(t.players, seat)] = totals.get(side_of(t.players, seat), 0) + counts[seat]
    if reason == "last_standing":
        sides = t.sides(t.in_play())
    else:
        most = max(totals.values())
        sides = {side for side, total in totals.items() if total == most}
    seats = tuple(s for s in range(t.players) if side_of(t.players, s) in sides)
    draw = len(sides) != 1
    t.result = Result(reason, () if draw else seats, draw, counts, seats if draw else ())
    t.phase, t.playing, t.entries = "over", [], [None] * t.players
    t.emit(
        "game_over",
        reason=reason,
        winners=list(t.result.winners),
        draw=draw,
        counts=list(counts),
        tied=list(t.result.tied),
    )


def resign(t: Table, player: int) -> None:
    """The player is out now; cards already played stay in the pot for the round's winner."""
    t.out[player] = True
    t.emit("player_out", player=player, reason="resigned", cards=t.count(player))
    if player in t.playing:
        t.playing.remove(player)
        t.pot[player] += t.face_up[player]
        t.face_up[player] = []
        t.entries[player] = None
    live = t.in_play()
    if len(t.sides(live)) <= 1:
        if any(t.pot) or any(t.face_up):
            award(t, min(live), how="opponents_left", value=None)
        finish(t, "last_standing")
    elif t.phase == "target":
        if t.setter == player:
            t.setter = next_in_play(t.out, player)
            t.last_setter = t.setter if t.setter is not None else t.last_setter
            t.emit("setter_changed", player=t.setter)
    elif len(t.sides(t.playing)) == 1:
        award(t, min(t.playing), how="war_unopposed", value=None)
        start_round(t)
    elif all(t.entries[s] is not None for s in t.playing):
        resolve(t)
