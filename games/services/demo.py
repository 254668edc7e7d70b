"""Past lessons of play for a demo class, so that `./dev run` opens onto reports with evidence.

Every move goes through the door (`move_submit`) at the moment it would have been made in the
lesson, so the log, the evidence and the daily rollup are exactly what live play writes. The
students' moves are the computer's choices at a strength that differs per student (some make
mistakes, some do not), which gives the class overview a spread worth reading.
"""

from __future__ import annotations

import random
from datetime import datetime, time, timedelta

from django.utils import timezone

from classrooms.models import Classroom, User
from games.kinds import kind_for
from games.models import Match
from games.services.invitations import game_start
from games.services.matches import MoveRejected, match_expire_clock, move_submit

LESSON_DAYS_AGO = (24, 21, 17, 14, 10, 7, 3)  # two lessons a week for the last month or so
WARRIORS_CLOCK_SECONDS = 300
CARDWAR_CLOCK_MINUTES = 4
MOVES_PER_MATCH = 80  # a safety net: the clocks end every game well before this
STRENGTHS = ("beginner", "intermediate", "expert")


def demo_lessons_play(
    *, classroom: Classroom, lessons: int = len(LESSON_DAYS_AGO), now: datetime | None = None
) -> int:
    """Play `lessons` past lessons for the class (pairs at Warriors, tables at the card war);
    returns the matches played. Does nothing (0) when the class has played already."""
    if Match.objects.filter(classroom=classroom).exists():
        return 0
    now = now or timezone.now()
    users = list(User.objects.filter(student__classroom=classroom).order_by("student__pk"))
    strength = {user.pk: STRENGTHS[index % len(STRENGTHS)] for index, user in enumerate(users)}
    rng = random.Random(classroom.pk)
    played = 0
    for lesson, days_ago in enumerate(LESSON_DAYS_AGO[-lessons:]):
        day = (now - timedelta(days=days_ago)).date()
        start = timezone.make_aware(datetime.combine(day, time(10, 0)))
        rng.shuffle(users)
        half = len(users) // 2 // 2 * 2
        for index in range(0, half, 2):
            _play(classroom, "warriors", users[index : index + 2], {}, start, strength, rng)
            played += 1
        level = 1 + lesson % 7
        for index in range(half, len(users) - 1, 2):
            options = {"level": level, "clock_minutes": CARDWAR_CLOCK_MINUTES}
            _play(classroom, "cardwar", users[index : index + 2], options, start, strength, rng)
            played += 1
    return played


def _play(classroom, game, players, variants, start, strength, rng) -> None:
    clock = WARRIORS_CLOCK_SECONDS if game == "warriors" else None
    match = game_start(
        host=None,
        game=game,
        classroom=classroom,
        players=players,
        variants=variants,
        clocks={"clock_seconds": clock},
    )
    # As if created at the start of the lesson: its clock runs from there.
    ran_for = (match.clock_deadline - match.created_at) if match.clock_deadline else None
    deadline = start + ran_for if ran_for else None
    Match.objects.filter(pk=match.pk).update(
        created_at=start, turn_started_at=start, clock_deadline=deadline, move_deadline=None
    )
    kind = kind_for(game)
    moment = start
    for _ in range(MOVES_PER_MATCH):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return
        state = kind.load(match.state)
        step = match.ply
        for seat in kind.awaited(state):
            player = players[seat]
            moment += timedelta(seconds=rng.uniform(3, 15))
            action = kind.bot_action(state, seat, strength[player.pk], f"demo:{match.pk}:{step}")
            try:
                move_submit(
                    match=match, player=player, action=kind.frame(action), ply=step, now=moment
                )
            except MoveRejected:
                break  # the clock ran out meanwhile (applied by the door), or the step moved on
    if deadline is not None:
        match_expire_clock(match=match.pk, now=max(moment, deadline))
