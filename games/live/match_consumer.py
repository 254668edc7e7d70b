"""The match socket: authorise, validate, call a service, send each viewer its own fragments.

The database is the truth and the socket only a pipe: every (re)connect gets the full view,
every "ply N happened" group message makes each socket render its own viewer's view again.
Nothing is lost: a message that follows a ply this socket never saw (the channel layer dropped
one) brings the full view from the database, and so does a client's "sync" with a ply that is
not the current one (a screen that heard nothing for a while: the last message was lost).
Bots and clocks are woken by timers here, but the services' row lock and ply check make it
safe for every tab and every server process to try at once.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ThreadPoolExecutor

from channels.db import database_sync_to_async
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.permissions import account_is_current
from games import services
from games.live import render as rendering
from games.live.guard import CLOSE_FORBIDDEN, GuardedConsumer
from games.live.messages import ACCEPT_INVITATION, INVITATION_FRAMES, ClientMessage, parse
from games.selectors.matches import Viewer
from games.services import invitations
from games.services.broadcast import match_group
from games.services.lobby import LobbyRefused
from games.tournaments import notice as tournament_notice
from games.tournaments import services as tournament_services

log = logging.getLogger(__name__)
# The door's calls (moves, resignations, bots, clocks) of different matches run side by side,
# each on its own pooled database connection; the row lock orders those of one match. Channels'
# default runs every database call of a process on one thread, which made moves queue behind
# each other (at 200 matches, seconds) while the CPU waited for PostgreSQL.
DOOR_THREADS = int(os.environ.get("GAMES_DOOR_THREADS", "4"))
_door = ThreadPoolExecutor(max_workers=DOOR_THREADS, thread_name_prefix="door")


def through_door(call):
    """`call` (sync, database) as a coroutine function on the door's threads."""
    return database_sync_to_async(call, thread_sensitive=False, executor=_door)


class MatchConsumer(GuardedConsumer):
    """`ws/match/<id>/`: seated students play, teachers of the class watch, others are refused."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user")
        self.viewer: Viewer | None = None
        self.seen_ply = -1
        self.error_shown = False
        self.timer: asyncio.Task | None = None
        self.bot: asyncio.Task | None = None
        await self.accept()
        if self.user is not None:
            self.viewer = await database_sync_to_async(self.admission)(self.user)
        if self.viewer is None:
            await self.send(rendering.message(_("You cannot open this match.")))
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.admitted = self.viewer
        # A tournament match also hears its tournament: the page says what comes next.
        self.tournament = await database_sync_to_async(self._tournament_arrival)()
        groups = [match_group(self.match_id)]
        if self.tournament is not None:
            groups.append(f"tournament.{self.tournament}")
        await self.join(*groups)
        await self.send_view(full=True)
        await self.send_rematch()  # an offer made since the page was rendered

    def _tournament_arrival(self) -> int | None:
        """The match's tournament (None: an ordinary match); a seated student has arrived."""
        found = tournament_notice.match_round(self.match_id)
        if found is None:
            return None
        if self.viewer.seat is not None:
            tournament_services.pairing_arrived(match_id=self.match_id, user_id=self.user.pk)
        return found[0]

    async def tournament_changed(self, event: dict) -> None:
        """The tournament moved on (a result, a pairing, its end): the panel says so."""
        if self.admitted is None:
            return
        html = await database_sync_to_async(tournament_notice.match_panel)(
            match_id=self.match_id, user=self.user, stamp=event.get("stamp"), oob=True
        )
        if html:
            await self.send(html)

    def admission(self, user: User) -> Viewer | None:
        """A seated player or a teacher of the class, with a current account."""
        if not user.is_authenticated or not account_is_current(user):
            return None
        loaded = rendering.load_viewer(self.match_id, user)
        return loaded[1] if loaded is not None and loaded[1].allowed else None

    def parse(self, text: str | None) -> ClientMessage:
        return parse(text)

    async def disconnect(self, code: int) -> None:
        for task in (self.timer, self.bot):
            if task is not None:
                task.cancel()
        await self.leave()

    async def send_view(self, *, full: bool = False) -> None:
        html, schedule = await database_sync_to_async(rendering.render_for)(
            self.match_id, self.viewer, full=full
        )
        self.seen_ply = schedule.ply
        await self.send(html)
        self.plan(schedule)

    def plan(self, schedule: rendering.Schedule) -> None:
        """Wake up for the next deadline and for a bot's move (idempotent in the services)."""
        for task in (self.timer, self.bot):
            if task is not None:
                task.cancel()
        self.timer = self.bot = None
        if not schedule.playing:
            return
        if schedule.deadline is not None:
            self.timer = asyncio.create_task(self._at(schedule.deadline, self._expire))
        if schedule.bot_due is not None:
            ply, seat = schedule.ply, schedule.bot_seat
            self.bot = asyncio.create_task(self._at(schedule.bot_due, lambda: self._bot(ply, seat)))

    async def _at(self, when, call) -> None:
        delay = (when - timezone.now()).total_seconds()
        await asyncio.sleep(max(0.0, delay) + 0.02)
        try:
            await call()
        except Exception:  # a timer must never kill the socket
            log.exception("match %s timer failed", self.match_id)

    async def _expire(self) -> None:
        await through_door(services.match_expire_clock)(match=self.match_id)

    async def _bot(self, ply: int, seat: int | None) -> None:
        await through_door(services.match_play_bot)(match=self.match_id, ply=ply, seat=seat)

    async def handle(self, msg: ClientMessage) -> None:
        if msg.kind == "sync":  # players and spectators alike
            if msg.ply != await database_sync_to_async(rendering.current_ply)(self.match_id):
                await self.send_view()
            return
        if self.viewer.seat is None:
            await self.say(_("You are watching this match; you cannot move."))
            return
        if msg.kind in INVITATION_FRAMES:
            await self.answer(msg.action["invitation"], accept=msg.kind == ACCEPT_INVITATION)
            return
        if msg.kind == "preview":
            html = await database_sync_to_async(rendering.render_preview)(
                self.match_id, self.viewer, msg.action
            )
            if html is None:
                await self.refuse(_("That message was not understood."))
            else:
                await self.send(html)
            return
        try:
            await through_door(self._submit)(msg)
        except services.MoveRejected as err:
            await self.say(err.message)
            if err.code in ("stale", "expired"):
                await self.send_view()
            elif err.code == "not_allowed":
                self.admitted = None
                await self.close(code=CLOSE_FORBIDDEN)
            return
        if self.error_shown:
            await self.say("")

    async def say(self, text: str) -> None:
        """The sender-only error region (cleared with an empty text)."""
        self.error_shown = bool(text)
        await self.send(rendering.message(text))

    refuse = say

    def _submit(self, msg) -> None:
        from games.models import Match

        match = Match(pk=self.match_id)
        if msg.kind == "resign":
            services.match_resign(match=match, player=self.user)
        else:
            services.move_submit(match=match, player=self.user, action=msg.action, ply=msg.ply)

    async def match_changed(self, event: dict) -> None:
        ply = event.get("ply", 0)
        if ply <= self.seen_ply or self.admitted is None:  # old news, or a socket being closed
            return
        snap = event.get("snap")
        missed = event.get("since", self.seen_ply) > self.seen_ply >= 0
        if snap is None or missed:
            # A message without a snapshot, or after a lost one: the whole view, from the database.
            await self.send_view()
            return
        if snap["status"] != "playing":  # the end, with its replay (read once per process)
            html, schedule = await database_sync_to_async(rendering.render_end)(snap, self.viewer)
            self.seen_ply = schedule.ply
            await self.send(html)
            self.plan(schedule)
            return
        # Render from the broadcast snapshot right here: no database, no thread hop.
        html, schedule = rendering.render_snapshot(snap, self.viewer)
        self.seen_ply = schedule.ply
        await self.send(html)
        self.plan(schedule)

    async def send_rematch(self, *, goto: str = "", notice: str = "") -> None:
        """The game-over screen's rematch region, as it is now (nothing while the game is
        played, or for a spectator)."""
        if self.admitted is None or self.viewer.seat is None:
            return
        html = await database_sync_to_async(rendering.render_rematch)(
            self.match_id, self.viewer, self.user, goto=goto, notice=notice
        )
        if html:
            await self.send(html)

    async def answer(self, invitation_id: int, *, accept: bool) -> None:
        """Accept or decline a rematch offer shown here. The service answers only an open
        invitation to this user; a refusal (taken back, already started) is said in the
        offer's place. The news that follows redraws the offers, or goes to the new match."""
        try:
            await database_sync_to_async(invitations.invitation_answer)(
                invitation_id=invitation_id, user=self.user, accept=accept
            )
        except LobbyRefused as err:
            await self.send_rematch(notice=err.message)

    async def match_retimed(self, event: dict) -> None:
        """The step of the ply this socket shows starts at a new time: its clocks and its plan.
        News for another ply is dropped (a newer ply's own news brings the whole view)."""
        if self.admitted is None or event.get("ply") != self.seen_ply or not event.get("snap"):
            return
        html, schedule = rendering.render_clocks(event["snap"])
        await self.send(html)
        self.plan(schedule)

    async def challenges_changed(self, event: dict) -> None:
        """Lobby news on the user's group: an offer to play again may have come or gone."""
        await self.send_rematch()

    async def match_ready(self, event: dict) -> None:
        """A tournament round started: its notice takes the student from this page (a game
        just over, say) to their new match. Another new match of theirs (a rematch accepted)
        takes them there at once from a game-over screen; a game in play is never left."""
        if event.get("match") == self.match_id:
            return
        if event.get("round"):
            await self.send_round_notice(event)
            return
        await self.send_rematch(goto=reverse("games:match", args=[event["match"]]))
