"""The tournament socket: standings and boards live on the teacher's page, the projector and
each student's panel; "your match is ready" takes a student to it.

`ws/tournament/<id>/<screen>/`: `teacher`, `projector` and `projector-first` (first names) for
a teacher of the class; `student` for an entrant of it. The socket only listens: any frame a
client sends is answered "not understood". Every change is rendered from the database.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from classrooms.models import User
from classrooms.permissions import account_is_current, student_of, teaches
from games.live.guard import CLOSE_FORBIDDEN, GuardedConsumer
from games.live.messages import BadMessage
from games.tournaments import selectors
from games.tournaments.models import Tournament

log = logging.getLogger(__name__)
TEACHER_SCREENS = {"teacher": False, "projector": False, "projector-first": True}
BOARD = "tournaments/_board.html"


@dataclass(frozen=True)
class Screen:
    """Who is looking, and at what: a teacher's screen (names maybe shortened) or a student."""

    kind: str
    first_names: bool = False
    student_id: int | None = None


class TournamentConsumer(GuardedConsumer):
    renderer: asyncio.Task | None = None
    stale: int | bool = False

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        self.tournament_id = int(kwargs["pk"])
        self.screen_name = kwargs["screen"]
        self.user = self.scope.get("user")
        await self.accept()
        if self.user is not None:
            self.admitted = await database_sync_to_async(self.admission)(self.user)
        if self.admitted is None:
            await self.send(self._status(_("You cannot open this tournament.")))
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.join(f"tournament.{self.tournament_id}")
        await self.send_view()

    def admission(self, user: User) -> Screen | None:
        if not user.is_authenticated or not account_is_current(user):
            return None
        tournament = Tournament.objects.select_related("classroom").filter(pk=self.tournament_id)
        tournament = tournament.first()
        if tournament is None:
            return None
        if self.screen_name in TEACHER_SCREENS:
            if not teaches(user, tournament.classroom):
                return None
            return Screen(self.screen_name, first_names=TEACHER_SCREENS[self.screen_name])
        student = student_of(user)
        if self.screen_name != "student" or student is None:
            return None
        if not tournament.entrants.filter(student=student).exists():
            return None
        return Screen("student", student_id=student.pk)

    def parse(self, text: str | None) -> Any:
        raise BadMessage("this socket only listens")

    async def handle(self, message: Any) -> None:  # never reached: parse refuses every frame
        raise NotImplementedError

    async def refuse(self, text: str) -> None:
        await self.send(self._status(text))

    def _status(self, text: str) -> str:
        return render_to_string(f"{BOARD}#status", {"oob": True, "status": text})

    async def disconnect(self, code: int) -> None:
        if self.renderer is not None:
            self.renderer.cancel()
        await self.leave()

    async def send_view(self, stamp: int | None = None) -> None:
        html = await database_sync_to_async(self.render)(stamp)
        if html:
            await self.send(html)

    def render(self, stamp: int | None = None) -> str:
        """This screen's fragments; with a change's `stamp` the standings are shared with the
        process's other sockets rendering the same change."""
        tournament = (
            Tournament.objects.select_related("classroom").filter(pk=self.tournament_id).first()
        )
        if tournament is None or self.admitted is None:
            return ""
        if self.admitted.kind == "student":
            student = tournament.entrants.get(student_id=self.admitted.student_id).student
            me = selectors.student_view(
                tournament, student, selectors.shared_board_view(tournament, False, stamp)
            )
            context = {"oob": True, "me": me, "tournament": tournament}
            return render_to_string("tournaments/_student.html#me", context)
        view = selectors.shared_board_view(tournament, self.admitted.first_names, stamp)
        teacher = self.admitted.kind == "teacher"
        context = {
            "oob": True,
            "view": view,
            "tournament": tournament,
            "teacher": teacher,
            "projector": not teacher,
        }
        parts = ["standings", "boards", "clock"]
        if self.admitted.kind == "teacher":
            parts.append("refresh")
        return "".join(render_to_string(f"{BOARD}#{part}", context) for part in parts)

    async def tournament_changed(self, event: dict) -> None:
        """Render again, coalescing a burst: results arriving while a render is under way
        cost one more render, not one each (a render reads the database, so it is current)."""
        if self.admitted is None:
            return
        self.stale = event.get("stamp") or True
        if self.renderer is None or self.renderer.done():
            self.renderer = asyncio.create_task(self._render_while_stale())

    async def _render_while_stale(self) -> None:
        try:
            while self.stale and self.admitted is not None:
                stamp, self.stale = self.stale, False
                await self.send_view(stamp if type(stamp) is int else None)
        except Exception:  # a failed render must never kill the socket
            log.exception("tournament %s: render failed", self.tournament_id)

    async def match_ready(self, event: dict) -> None:
        """On the user's group: the lobby's own socket gives the round's notice; the panel
        says the same after the tournament's change."""

    async def challenges_changed(self, event: dict) -> None:
        """Lobby news on the user's group: nothing to show here."""
