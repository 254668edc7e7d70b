"""Rounds: pairing the next one (undoable until it starts), starting it, and the results.

Starting a round creates its matches through `match_create` (ordinary matches: their moves feed
the reports) and takes each student to theirs. A finished match reports back through the
`match_finished` signal (`receivers`): its pairing gets the result, a round whose games are all
over is finished, and an arena pairs whoever is waiting again at once.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import User
from games.models import Match
from games.services import match_expire_clock
from games.services.invitations import game_start
from games.tournaments import history as hist
from games.tournaments import pairing, records
from games.tournaments.models import Pairing, Round, Tournament
from games.tournaments.services.common import (
    TournamentRefused,
    check_running,
    check_teacher,
    locked,
    on_commit_changed,
    on_commit_match_ready,
    refused_by_rules,
)

log = logging.getLogger(__name__)
BOT_LEVEL = "beginner"  # the class bot's strength: the odd one out should enjoy the game
_OUTCOMES = {0: Pairing.Outcome.FIRST_WON, 1: Pairing.Outcome.SECOND_WON}


def round_pair(*, teacher: User, tournament: Tournament) -> Round:
    """Pair the next round of a round robin, knockout or Swiss; it waits for `round_start`.

    Refused: not the class's teacher, an arena, a finished tournament, a round already paired
    or in play, every round played, or too few players.
    """
    with transaction.atomic():
        t = locked(tournament)
        check_teacher(teacher, t)
        check_running(t)
        if t.format == Tournament.Format.ARENA:
            raise TournamentRefused(_("An arena pairs students by itself."))
        if t.round_set.exclude(status=Round.Status.FINISHED).exists():
            raise TournamentRefused(_("Finish the current round first."))
        row = pair_next_locked(t)
        if t.status == Tournament.Status.READY:
            t.status = Tournament.Status.RUNNING
            t.started_at = timezone.now()
            t.save(update_fields=["status", "started_at"])
        on_commit_changed(t)
    return row


def pair_next_locked(t: Tournament) -> Round:
    """Store the next round's pairing of the locked tournament; TournamentRefused if none."""
    history = hist.history_of(t)
    try:
        entries = hist.next_round(history)
    except records.PairingError as err:
        raise refused_by_rules(err) from err
    if not entries:
        raise TournamentRefused(_("Every round has been played."))
    row = Round.objects.create(tournament=t, number=len(history.rounds) + 1)
    _store_entries(history, row, entries, first_board=1)
    return row


def round_unpair(*, teacher: User, tournament: Tournament) -> None:
    """Undo the last round's pairing before it starts (pair again for a new one)."""
    with transaction.atomic():
        t = locked(tournament)
        check_teacher(teacher, t)
        row = t.round_set.filter(status=Round.Status.PAIRED).first()
        if row is None:
            raise TournamentRefused(_("There is no pairing waiting to start."))
        row.delete()
        on_commit_changed(t)


def round_start(*, teacher: User, tournament: Tournament, now: datetime | None = None) -> Round:
    """Start the paired round: a match per game, each student taken to theirs; byes are done."""
    now = now or timezone.now()
    with transaction.atomic():
        t = locked(tournament)
        check_teacher(teacher, t)
        check_running(t)
        row = t.round_set.filter(status=Round.Status.PAIRED).first()
        if row is None:
            raise TournamentRefused(_("Pair the next round first."))
        for entry in row.pairings.select_related("first__student__user", "second__student__user"):
            if not entry.is_bye:
                _match_start(t, entry)
        row.status = Round.Status.PLAYING
        row.started_at = now
        row.save(update_fields=["status", "started_at"])
        _finish_round_if_over(t, row, now)
        on_commit_changed(t)
    return row


def round_end_early(*, teacher: User, tournament: Tournament, now: datetime | None = None) -> int:
    """End the round in play now: each unfinished match is decided as if its clock had run
    out (the game's own clock rule; Maths Warriors: more captures win, equal captures go to
    the player who moved second; the card war: most cards, with or without a clock). Returns
    how many matches were ended."""
    now = now or timezone.now()
    with transaction.atomic():
        t = locked(tournament)
        check_teacher(teacher, t)
        row = t.round_set.filter(status=Round.Status.PLAYING).first()
        if row is None or t.format == Tournament.Format.ARENA:
            raise TournamentRefused(_("There is no round in play."))
        playing = Match.objects.filter(pairing__round=row, status=Match.Status.PLAYING)
        ids = list(playing.values_list("pk", flat=True))
        # The clock runs out now; the games' own expiry applies it (and finishes the match,
        # whose result then arrives like any other through match_finished).
        playing.update(clock_deadline=now)
        ended = sum(match_expire_clock(match=pk, now=now) is not None for pk in ids)
    return ended


def arena_start(*, teacher: User, tournament: Tournament, now: datetime | None = None) -> Round:
    """Open the arena's window and pair everyone present; it pairs again by itself."""
    now = now or timezone.now()
    with transaction.atomic():
        t = locked(tournament)
        check_teacher(teacher, t)
        if t.format != Tournament.Format.ARENA or t.status != Tournament.Status.READY:
            raise TournamentRefused(_("This arena has already started."))
        t.status = Tournament.Status.RUNNING
        t.started_at = now
        t.ends_at = now + timedelta(minutes=t.arena_minutes or 0)
        t.save(update_fields=["status", "started_at", "ends_at"])
        row = Round.objects.create(
            tournament=t, number=1, status=Round.Status.PLAYING, started_at=now
        )
        arena_pair_waiting(t, now)
        on_commit_changed(t)
    return row


def arena_pair_waiting(t: Tournament, now: datetime) -> list[Pairing]:
    """Pair the arena's waiting students at once (the caller holds the tournament's lock).

    Nothing while the window is shut, the arena paused or the tournament over.
    """
    if t.status != Tournament.Status.RUNNING or t.paused or t.ends_at is None or now >= t.ends_at:
        return []
    history = hist.history_of(t)
    try:
        games = pairing.arena_pairs(
            hist.arena_waiting(history),
            hist.arena_games(history),
            keep_apart=history.keep_apart(),
            odd=records.Odd(t.odd),
            streaks=t.streaks,
        )
    except records.PairingError as err:
        raise refused_by_rules(err) from err
    row = history.rounds[0]
    made = _store_entries(history, row, games, first_board=_next_board(row))
    for entry in made:
        _match_start(t, entry)
    return made


def arena_pause(
    *, teacher: User, tournament: Tournament, paused: bool, now: datetime | None = None
) -> None:
    """Pause the arena (nobody new is paired; games in play go on) or resume it, pairing
    whoever is waiting at once. The window keeps running: a pause does not move its end."""
    now = now or timezone.now()
    with transaction.atomic():
        t = locked(tournament)
        check_teacher(teacher, t)
        check_running(t)
        if t.format != Tournament.Format.ARENA or t.status != Tournament.Status.RUNNING:
            raise TournamentRefused(_("Only an arena in play can be paused."))
        t.paused = paused
        t.save(update_fields=["paused"])
        arena_pair_waiting(t, now)
        on_commit_changed(t)


def pairing_result_record(*, match_id: int, now: datetime | None = None) -> Pairing | None:
    """Give a finished match's pairing its result (once); None for a match of no tournament.

    Then finish the round when its games are over (and the tournament after its last round),
    or, in an arena, pair the students waiting.
    """
    now = now or timezone.now()
    tournament_id = (
        Pairing.objects.filter(match_id=match_id)
        .values_list("round__tournament", flat=True)
        .first()
    )
    if tournament_id is None:
        return None
    with transaction.atomic():
        t = locked(tournament_id)
        entry = Pairing.objects.select_related("round", "match").get(match_id=match_id)
        match = entry.match
        if entry.outcome or match.status != Match.Status.FINISHED:
            return entry
        entry.outcome = _OUTCOMES.get(match.winner_seat, Pairing.Outcome.DRAW)
        entry.finished_at = match.finished_at or now
        entry.save(update_fields=["outcome", "finished_at"])
        try:
            # The result stays whatever comes next; a pairing that cannot be made (too few
            # left, say) waits for the teacher, who is told why when they pair.
            with transaction.atomic():
                if t.format == Tournament.Format.ARENA:
                    arena_pair_waiting(t, now)
                    _finish_arena_if_over(t, now)
                else:
                    _finish_round_if_over(t, entry.round, now)
        except (TournamentRefused, records.PairingError):
            log.exception("tournament %s: no follow-up after match %s", t.pk, match_id)
        on_commit_changed(t)
    return entry


def pairing_arrived(*, match_id: int, user_id: int, now: datetime | None = None) -> bool:
    """Note that a student opened their tournament match (the first time only); True if this
    was news, and then the tournament's screens show it. Nothing for any other match or user."""
    now = now or timezone.now()
    entry = (
        Pairing.objects.filter(match_id=match_id)
        .values("round__tournament_id", "first__student__user_id", "second__student__user_id")
        .first()
    )
    if entry is None:
        return False
    seats = {"first": entry["first__student__user_id"], "second": entry["second__student__user_id"]}
    changed = False
    with transaction.atomic():
        for seat, seated in seats.items():
            if seated == user_id:
                field = f"{seat}_arrived_at"
                rows = Pairing.objects.filter(match_id=match_id, **{f"{field}__isnull": True})
                changed = bool(rows.update(**{field: now})) or changed
        if changed:
            on_commit_changed(Tournament(pk=entry["round__tournament_id"]))
    return changed


def _finish_arena_if_over(t: Tournament, now: datetime) -> None:
    if t.ends_at is None or now < t.ends_at:
        return
    if Pairing.objects.filter(round__tournament=t, outcome="", bye="").exists():
        return
    t.round_set.update(status=Round.Status.FINISHED, finished_at=now)
    tournament_finish(t, now)


def _finish_round_if_over(t: Tournament, row: Round, now: datetime) -> None:
    if row.status != Round.Status.PLAYING or row.pairings.filter(bye="", outcome="").exists():
        return
    row.status = Round.Status.FINISHED
    row.finished_at = now
    row.save(update_fields=["status", "finished_at"])
    if t.status == Tournament.Status.RUNNING and not hist.next_round(hist.history_of(t)):
        tournament_finish(t, now)


def tournament_finish(t: Tournament, now: datetime) -> None:
    """Mark the (locked) tournament finished; a pairing not yet started is dropped."""
    t.round_set.filter(status=Round.Status.PAIRED).delete()
    t.status = Tournament.Status.FINISHED
    t.finished_at = now
    t.save(update_fields=["status", "finished_at"])


def _next_board(row: Round) -> int:
    return (row.pairings.aggregate(top=Max("board"))["top"] or 0) + 1


def _store_entries(
    history: hist.History, row: Round, entries: records.Round, *, first_board: int
) -> list[Pairing]:
    """Store pure entries as the round's pairings, boards numbered from `first_board`."""
    made = []
    for board, entry in enumerate(entries, start=first_board):
        if isinstance(entry, records.Bye):
            made.append(
                Pairing(round=row, board=board, first=history.entrant(entry.player), bye=entry.kind)
            )
        else:
            seats = [
                None if seat is records.BOT else history.entrant(seat)
                for seat in (entry.first, entry.second)
            ]
            made.append(Pairing(round=row, board=board, first=seats[0], second=seats[1]))
    return Pairing.objects.bulk_create(made)


def _match_start(t: Tournament, entry: Pairing) -> None:
    """Create the pairing's match (seat 0 is `first`) and send its students there."""
    seats = [entry.first, entry.second]
    entry.match = game_start(
        host=t.created_by,
        game=t.game,
        classroom=t.classroom,
        players=[BOT_LEVEL if e is None else e.student.user for e in seats],
        variants=t.variants,
        clocks={"clock_seconds": t.clock_seconds, "move_seconds": t.move_seconds},
    )
    entry.save(update_fields=["match"])
    for e in seats:
        if e is not None:
            on_commit_match_ready(
                user_id=e.student.user_id, match_id=entry.match_id, round_number=entry.round.number
            )
