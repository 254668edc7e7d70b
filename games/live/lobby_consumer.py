"""The lobby socket: presence (who is online), invitations, and "your match is ready"."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.urls import reverse

from classrooms.models import Student, User
from classrooms.permissions import student_is_current, student_of
from games.live.guard import CLOSE_FORBIDDEN, GuardedConsumer
from games.live.messages import parse_lobby
from games.services import invitations, lobby
from games.services.broadcast import class_group

TEMPLATE = "games/lobby.html"


class LobbyConsumer(GuardedConsumer):
    """`ws/lobby/`: students only; one Presence row per open socket, refreshed by a heartbeat."""

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.student = None
        self.heartbeat: asyncio.Task | None = None
        await self.accept()
        if self.user is not None:
            self.student = await database_sync_to_async(self.admission)(self.user)
        if self.student is None:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.admitted = self.student
        await self.join(class_group(self.student.classroom_id))
        await database_sync_to_async(lobby.presence_join)(
            student=self.student, channel_name=self.channel_name
        )
        self.heartbeat = asyncio.create_task(self._beat())
        # A classmate may have accepted while this page was loading (its form was posted just
        # before): "your match is ready" went to the page before, so this one goes there now.
        started = await database_sync_to_async(invitations.just_started_for)(self.user)
        await self.send_lobby(goto=reverse("games:match", args=[started]) if started else "")

    def admission(self, user: User) -> Student | None:
        """A student whose place and class are current."""
        student = student_of(user)
        return student if student is not None and student_is_current(student) else None

    def parse(self, text: str | None) -> dict[str, Any]:
        return parse_lobby(text)

    async def refuse(self, text: str) -> None:
        await self.send_lobby(notice=text)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(lobby.HEARTBEAT_SECONDS)
            await database_sync_to_async(lobby.presence_beat)(channel_name=self.channel_name)

    async def disconnect(self, code: int) -> None:
        if self.heartbeat is not None:
            self.heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.heartbeat
        if self.student is None:
            return
        await self.leave()
        await database_sync_to_async(lobby.presence_leave)(
            channel_name=self.channel_name, classroom_id=self.student.classroom_id
        )

    def _render(self, goto: str = "", notice: str = "") -> str:
        context = {
            "oob": True,
            "goto": goto,
            **lobby.lobby_state(self.user),
            **invitations.invitations_for(self.user),
        }
        if notice:
            context["notice"] = notice
        return self._render_presence() + render_to_string(f"{TEMPLATE}#challenges", context)

    async def send_lobby(self, goto: str = "", notice: str = "") -> None:
        await self.send(await database_sync_to_async(self._render)(goto, notice))

    async def handle(self, msg: dict[str, Any]) -> None:
        try:
            await database_sync_to_async(self.act)(msg["kind"], msg["id"])
        except lobby.LobbyRefused as err:
            await self.send_lobby(notice=err.message)

    def act(self, kind: str, number: int) -> None:
        """An invitation: the services tell everyone concerned (a started one: go there)."""
        if kind == "challenge":  # one classmate, at the default game and settings
            invitations.invitation_create(host=self.user, invite_user_ids=[number])
        elif kind in ("accept", "decline"):
            invitations.invitation_answer(
                invitation_id=number, user=self.user, accept=kind == "accept"
            )
        elif kind == "start":
            invitations.invitation_start(invitation_id=number, host=self.user)
        else:
            invitations.invitation_cancel(invitation_id=number, host=self.user)

    def _render_presence(self) -> str:
        online = [
            s for s in lobby.online_students(self.student.classroom) if s.user_id != self.user.pk
        ]
        return render_to_string(f"{TEMPLATE}#presence", {"oob": True, "online": online})

    async def presence_changed(self, event: dict) -> None:
        """Who is here changed: only that list is sent, so an invitation on screen (and the
        keyboard focus on its Accept) stays as it is while classmates come and go."""
        await self.send(await database_sync_to_async(self._render_presence)())

    async def challenges_changed(self, event: dict) -> None:
        await self.send_lobby()

    async def match_ready(self, event: dict) -> None:
        if event.get("round"):  # a tournament round: a few seconds' notice, then the match
            await self.send_round_notice(event)
            return
        await self.send_lobby(goto=reverse("games:match", args=[event["match"]]))

    async def class_changed(self, event: dict) -> None:
        """Matches of the class changed: nothing to show in the lobby."""
