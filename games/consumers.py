"""The match socket: authorise, validate, call a service, send each viewer its own fragments.

The database is the truth and the socket only a pipe: every (re)connect gets the full view,
every "ply N happened" group message makes each socket render its own viewer's view again.
Bots and clocks are woken by timers here, but the services' row lock and ply check make it
safe for every tab and every server process to try at once.
"""

from __future__ import annotations

import asyncio
import logging

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rendering, services, sweeper
from games.services.broadcast import match_group
from games.socket_messages import BadMessage, parse

log = logging.getLogger(__name__)
CLOSE_FORBIDDEN = 4403


class MatchConsumer(AsyncWebsocketConsumer):
    """`ws/match/<id>/`: seated students play, teachers of the class watch, others are refused."""

    async def dispatch(self, message: dict) -> None:
        # Channels closes stale database connections before every handler with a thread hop of
        # its own; every database call here goes through database_sync_to_async, which already
        # does that around the call, so skip the extra hop (it doubled the cost of a move).
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user")
        self.viewer = None
        self.seen_ply = -1
        self.error_shown = False
        self.timer: asyncio.Task | None = None
        self.bot: asyncio.Task | None = None
        await self.accept()
        loaded = None
        if self.user is not None:
            loaded = await database_sync_to_async(rendering.load_viewer)(self.match_id, self.user)
        if loaded is None or not loaded[1].allowed:
            await self.send(rendering.message(_("You cannot open this match.")))
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.viewer = loaded[1]
        await self.channel_layer.group_add(match_group(self.match_id), self.channel_name)
        sweeper.ensure_running()
        await self.send_view(full=True)

    async def disconnect(self, code: int) -> None:
        for task in (self.timer, self.bot):
            if task is not None:
                task.cancel()
        if self.viewer is not None:
            await self.channel_layer.group_discard(match_group(self.match_id), self.channel_name)

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
            ply = schedule.ply
            self.bot = asyncio.create_task(self._at(schedule.bot_due, lambda: self._bot(ply)))

    async def _at(self, when, call) -> None:
        delay = (when - timezone.now()).total_seconds()
        await asyncio.sleep(max(0.0, delay) + 0.02)
        try:
            await call()
        except Exception:  # a timer must never kill the socket
            log.exception("match %s timer failed", self.match_id)

    async def _expire(self) -> None:
        await database_sync_to_async(services.match_expire_clock)(match=self.match_id)

    async def _bot(self, ply: int) -> None:
        await database_sync_to_async(services.match_play_bot)(match=self.match_id, ply=ply)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.viewer is None:
            return
        try:
            msg = parse(text_data)
        except BadMessage:
            await self.say(_("That message was not understood."))
            return
        if self.viewer.seat is None:
            await self.say(_("You are watching this match; you cannot move."))
            return
        if msg.kind == "preview":
            html = await database_sync_to_async(rendering.render_preview)(
                self.match_id, self.viewer, msg.action
            )
            await self.send(html)
            return
        try:
            await database_sync_to_async(self._submit)(msg)
        except services.MoveRejected as err:
            await self.say(err.message)
            if err.code in ("stale", "expired"):
                await self.send_view()
            return
        if self.error_shown:
            await self.say("")

    async def say(self, text: str) -> None:
        """The sender-only error region (cleared with an empty text)."""
        self.error_shown = bool(text)
        await self.send(rendering.message(text))

    def _submit(self, msg) -> None:
        from games.models import Match

        match = Match(pk=self.match_id)
        if msg.kind == "resign":
            services.match_resign(match=match, player=self.user)
        else:
            services.move_submit(match=match, player=self.user, action=msg.action, ply=msg.ply)

    async def match_changed(self, event: dict) -> None:
        ply = event.get("ply", 0)
        if ply <= self.seen_ply:
            return
        snap = event.get("snap")
        if snap is None or snap["status"] != "playing":
            await self.send_view()  # the start or the end (with its replay): from the database
            return
        # Render from the broadcast snapshot right here: no database, no thread hop.
        html, schedule = rendering.render_snapshot(snap, self.viewer)
        self.seen_ply = schedule.ply
        await self.send(html)
        self.plan(schedule)
