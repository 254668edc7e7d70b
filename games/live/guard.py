"""What both sockets share: nothing a client sends closes them, and access holds for their life.

- Every frame goes through the edge (`socket_messages`); a refused one is answered "not
  understood". A failure inside any handler is logged with its traceback and answered, never
  turned into a closed socket.
- Access is decided at connect (`admission`) and decided again whenever a service says it may
  have changed (an `access.changed` event on the user's group: archived, erased, removed from a
  class, a login card revoked). A socket whose user is no longer admitted is told so and closed.
  That costs nothing per message or broadcast; the services still refuse, under their row lock,
  what such a user asks for in the meantime.
"""

from __future__ import annotations

import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.permissions import session_user
from games.live.messages import BadMessage
from games.services.broadcast import user_group
from games.tournaments.notice import round_notice

log = logging.getLogger(__name__)
CLOSE_FORBIDDEN = 4403  # not retried by the htmx ws extension
_LIFECYCLE = ("websocket.connect", "websocket.disconnect")


class GuardedConsumer(AsyncWebsocketConsumer):
    """A socket for one logged-in user; subclasses say whom they admit and how they answer."""

    user: User | None = None
    admitted: Any = None  # what `admission` returned at connect; None: nothing is handled
    groups_joined: tuple[str, ...] = ()

    def admission(self, user: User) -> Any:
        """Whether (and as what) `user` may use this socket now: None when not (sync, database)."""
        raise NotImplementedError

    def parse(self, text: str | None) -> Any:
        """The checked message of one frame; raises BadMessage."""
        raise NotImplementedError

    async def handle(self, message: Any) -> None:
        raise NotImplementedError

    async def refuse(self, text: str) -> None:
        """Tell this socket's user something went wrong, where their page shows it."""
        raise NotImplementedError

    async def dispatch(self, message: dict) -> None:
        # Channels closes stale database connections before every handler with a thread hop of
        # its own; every database call here goes through database_sync_to_async, which already
        # does that around the call, so skip the extra hop (it doubled the cost of a move).
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        if message["type"] in _LIFECYCLE:
            await handler(message)
            return
        try:
            await handler(message)
        except Exception:
            log.exception("%s failed on %s", type(self).__name__, message["type"])
            try:
                await self.refuse(_("Something went wrong on our side. Try again."))
            except Exception:
                log.exception("%s could not report a failure", type(self).__name__)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.admitted is None:
            return
        try:
            message = self.parse(text_data)  # a binary frame has no text: refused
        except BadMessage:
            await self.refuse(_("That message was not understood."))
            return
        await self.handle(message)

    async def join(self, *groups: str) -> None:
        """Join `groups` and the user's own group (which carries `access.changed`)."""
        self.groups_joined = (*groups, user_group(self.user.pk))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)

    async def leave(self) -> None:
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    def _admitted_again(self) -> bool:
        """The socket's session still logs in its user, who is still admitted as before."""
        session = self.scope.get("session")
        user = session_user(getattr(session, "session_key", None))
        if user is None or user.pk != self.user.pk:
            return False
        return self.admission(user) == self.admitted

    async def send_round_notice(self, event: dict) -> None:
        """A tournament round started (`match.ready` with a round): the notice that names the
        round and the opponent and takes this user to their match after a few seconds."""
        if self.admitted is None:
            return
        html = await database_sync_to_async(round_notice)(
            match_id=event["match"], user_id=self.user.pk
        )
        if html:
            await self.send(html)

    async def access_changed(self, event: dict) -> None:
        if self.admitted is None:
            return
        if not await database_sync_to_async(self._admitted_again)():
            self.admitted = None
            try:
                await self.refuse(_("You cannot use this page any more."))
            finally:
                await self.close(code=CLOSE_FORBIDDEN)
