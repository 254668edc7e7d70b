"""Match, Seat and Move: what a live game stores; Calculation and SkillDay: the evidence.

The rules state lives in `Match.state` as a snapshot (a cache of folding the rules over the
moves); `Move` is the append-only log the snapshot can be rebuilt from, and carries the learning
facts the progress reports aggregate.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.evidence import acts


class Match(models.Model):
    """One match between two to four seats (students or bots), with server-side deadlines."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    # A registered kind's key (games.kinds): checked where matches are created, so a game is
    # added without a migration.
    game = models.CharField(_("game"), max_length=16)
    classroom = models.ForeignKey(
        "classrooms.Classroom",
        on_delete=models.CASCADE,
        related_name="matches",
        null=True,
        blank=True,
        verbose_name=_("class"),
    )
    variants = models.JSONField(_("variants"), default=dict, blank=True)
    # Server-side settings: clock_seconds, move_seconds, bot_delay_ms, guided, scripted_rolls.
    options = models.JSONField(_("options"), default=dict, blank=True)
    seed = models.BigIntegerField(_("seed"))
    status = models.CharField(
        _("status"), max_length=16, choices=Status, default=Status.PLAYING, db_index=True
    )
    clock_deadline = models.DateTimeField(_("clock runs out"), null=True, blank=True)
    move_deadline = models.DateTimeField(_("move must be made by"), null=True, blank=True)
    ply = models.PositiveIntegerField(_("ply"), default=0)
    # The first ply of the current step (a turn, or one card-war round's answers): input seen
    # at an older ply is stale, input seen within the step is not (simultaneous answers).
    step_ply = models.PositiveIntegerField(default=0)
    state = models.JSONField(_("rules state"), default=dict)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    result_reason = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        indexes = [
            models.Index(fields=["classroom", "status"]),
            models.Index(fields=["status", "clock_deadline"]),
            models.Index(fields=["status", "move_deadline"]),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class Seat(models.Model):
    """A place at a match: a user, the computer at a level, or neither once the player was erased.

    Erasing a student keeps the seat (so the classmate's match still replays) but not the user.
    """

    class BotLevel(models.TextChoices):
        BEGINNER = "beginner", _("Beginner")
        INTERMEDIATE = "intermediate", _("Intermediate")
        EXPERT = "expert", _("Expert")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    bot_level = models.CharField(max_length=16, choices=BotLevel, blank=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_unique_index"),
            models.CheckConstraint(
                condition=Q(user__isnull=True) | Q(bot_level=""),
                name="seat_not_both_user_and_bot",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.index}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_erased(self) -> bool:
        """The player was a student whose data has since been erased."""
        return self.user_id is None and not self.bot_level


class Move(models.Model):
    """One entry of a match's append-only log.

    Applied moves have a ply (unique per match, 0, 1, 2 …); rejected Mind attempts are stored
    with `ply` NULL and kind `rejected` as arithmetic evidence, outside the replay sequence.
    """

    class Kind(models.TextChoices):
        STRENGTH = "strength", _("Strength attack")
        MIND = "mind", _("Mind attack")
        SKIP = "skip", _("Skip")
        FORCED_SKIP = "forced_skip", _("Forced skip")
        RESIGN = "resign", _("Resign")
        TIMEOUT = "timeout", _("Timed out")
        ANSWER = "answer", _("Answer")
        TARGET = "target", _("Target named")
        CLOCK = "clock", _("Clock ran out")
        REJECTED = "rejected", _("Rejected attempt")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(null=True, blank=True)
    seen_ply = models.PositiveIntegerField(null=True, blank=True)
    game_number = models.PositiveSmallIntegerField(default=1)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # Denormalised mover, so reports group by student without joining seats.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="moves",
    )
    # One of Kind, or a kind's own (its LogRow.kind): a game is added without a migration.
    kind = models.CharField(max_length=16)
    # The replay payload: the rules action as JSON (empty for forced skips, which the rules
    # apply by themselves, and for rejected attempts).
    action = models.JSONField(default=dict, blank=True)
    # What every game's move may say (the reports and the replay read them by name).
    expression = models.CharField(max_length=200, blank=True)
    value = models.CharField(max_length=40, blank=True)
    target = models.CharField(max_length=16, blank=True)
    success = models.BooleanField(null=True)
    error = models.CharField(max_length=200, blank=True)
    think_ms = models.PositiveIntegerField(null=True, blank=True)
    # The kind's own facts of the move, which it writes and reads (Warriors: dice_before,
    # target_value, rerolled, capture_available, best_capture, operators, dice_used): a game's
    # own report columns need no migration.
    facts = models.JSONField(default=dict, blank=True)
    events = models.JSONField(default=list, blank=True)
    # The services' clock, not the row's insertion: the attempt limits compare it with theirs.
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["match", "ply", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "ply"], condition=Q(ply__isnull=False), name="move_unique_ply"
            ),
        ]
        indexes = [
            models.Index(fields=["user", "kind", "success"]),
            models.Index(fields=["user", "created_at"]),
            # The refused attempts of one player and turn, counted before storing another.
            models.Index(
                fields=["match", "seat", "seen_ply"],
                condition=Q(kind="rejected"),
                name="move_attempts_by_turn",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} ply {self.ply} {self.kind}"


class MatchOutbox(models.Model):
    """A match's last committed ply whose "ply N happened" may not have reached the sockets.

    Written in the move's own transaction (games.services.outbox), deleted once the committing
    process has sent the news; a row left older than a moment means that process died between
    its commit and its send, and any process's sweep sends it instead. One row per match: a
    newer ply's news supersedes an older one's (a socket that missed a ply reloads the view).
    """

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    ply = models.PositiveIntegerField()
    committed_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.match_id} ply {self.ply} news"


class Presence(models.Model):
    """One open lobby socket of a student; fresh `seen_at` means online (rows expire by age)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="presences"
    )
    classroom = models.ForeignKey(
        "classrooms.Classroom", on_delete=models.CASCADE, related_name="presences"
    )
    channel_name = models.CharField(max_length=200, unique=True)
    seen_at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["classroom", "seen_at"])]

    def __str__(self) -> str:
        return f"{self.user} online"


class Calculation(models.Model):
    """One arithmetic (or strategic) act of a student: the evidence every report reads.

    Written by `games.services.evidence.calculations_record` in the move's transaction, from
    the pure mapping in `games.evidence` (which documents the act kinds and every definition).
    Erasing the student deletes their rows (CASCADE).
    """

    class Act(models.TextChoices):
        MIND = acts.MIND, _("Mind attack")
        MIND_REFUSED = acts.MIND_REFUSED, _("Refused Mind attack")
        STRENGTH = acts.STRENGTH, _("Strength attack")
        SKIP = acts.SKIP, _("Skip")
        CARDWAR_ANSWER = acts.CARDWAR_ANSWER, _("Card-war answer")
        CARDWAR_TARGET = acts.CARDWAR_TARGET, _("Card-war target named")

    # No single-column indexes on student and class: the (student, created) and (class,
    # created) indexes serve those lookups, and every index costs the move a write.
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="calculations",
        db_index=False,
    )
    # The class the student was in when they played (reports follow the student, not this).
    classroom = models.ForeignKey(
        "classrooms.Classroom",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="calculations",
        db_index=False,
    )
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="calculations")
    game = models.CharField(max_length=16)  # Match.game
    level = models.PositiveSmallIntegerField(null=True, blank=True)  # card war 1-7
    # Warriors: the variants on, e.g. "power_up,recruit".
    variant = models.CharField(max_length=acts.MAX_VARIANT, blank=True)
    act = models.CharField(max_length=16)  # a games.evidence act kind (a kind's Act.kind)
    expression = models.CharField(max_length=acts.MAX_EXPRESSION, blank=True)  # as typed
    operands = models.JSONField(default=list, blank=True)  # the dice or card values used
    operand_count = models.PositiveSmallIntegerField(default=0)
    op_add = models.BooleanField(default=False)
    op_sub = models.BooleanField(default=False)
    op_mul = models.BooleanField(default=False)
    op_div = models.BooleanField(default=False)
    op_square = models.BooleanField(default=False)
    op_root = models.BooleanField(default=False)
    brackets = models.BooleanField(default=False)
    non_integer = models.BooleanField(default=False)
    # Exact values as "n/d"; NULL (not "") when there is none or it would not fit.
    value = models.CharField(max_length=acts.MAX_FRACTION, null=True, blank=True)  # noqa: DJ001
    target = models.SmallIntegerField(null=True, blank=True)
    answer = models.CharField(max_length=acts.MAX_ANSWER, blank=True)  # card war: result typed
    correct = models.BooleanField(null=True)
    best_value = models.CharField(max_length=acts.MAX_FRACTION, null=True, blank=True)  # noqa: DJ001
    best_expression = models.CharField(max_length=acts.MAX_EXPRESSION, blank=True)
    chose_best = models.BooleanField(null=True)
    # Warriors: a capture was on the board; card war: the cards allowed more than one value.
    option_available = models.BooleanField(null=True)
    think_ms = models.PositiveIntegerField(null=True, blank=True)
    # Card war levels 1-4: the two card values, smaller first (the fact-family grids).
    fact_low = models.PositiveSmallIntegerField(null=True, blank=True)
    fact_high = models.PositiveSmallIntegerField(null=True, blank=True)
    # The student saw the calculation's value (and what it captures) before committing: not
    # their own arithmetic, so the skills leave it out and the reports count it apart.
    assisted = models.BooleanField(default=False, db_default=False)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "id"]
        indexes = [
            models.Index(fields=["classroom", "created"], name="calc_class_created"),
            models.Index(fields=["student", "created"], name="calc_student_created"),
        ]

    def __str__(self) -> str:
        return f"{self.act} by {self.student_id} at {self.created:%Y-%m-%d %H:%M}"


class SkillDay(models.Model):
    """The rollup: one student's attempts at one skill on one (local) day, with time bands.

    Kept by the same transaction as the `Calculation` rows, so reports sum a few rows per
    student and day. `t0`..`t14` count think times per band of `games.evidence.skills`
    (medians are read from them).
    """

    # The unique (student, day, skill) index serves lookups by student.
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="skill_days",
        db_index=False,
    )
    day = models.DateField()
    skill = models.CharField(max_length=16)
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    t0 = models.PositiveIntegerField(default=0)
    t1 = models.PositiveIntegerField(default=0)
    t2 = models.PositiveIntegerField(default=0)
    t3 = models.PositiveIntegerField(default=0)
    t4 = models.PositiveIntegerField(default=0)
    t5 = models.PositiveIntegerField(default=0)
    t6 = models.PositiveIntegerField(default=0)
    t7 = models.PositiveIntegerField(default=0)
    t8 = models.PositiveIntegerField(default=0)
    t9 = models.PositiveIntegerField(default=0)
    t10 = models.PositiveIntegerField(default=0)
    t11 = models.PositiveIntegerField(default=0)
    t12 = models.PositiveIntegerField(default=0)
    t13 = models.PositiveIntegerField(default=0)
    t14 = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["student", "day", "skill"], name="skillday_unique_student_day_skill"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student_id} {self.day} {self.skill}"


class Invitation(models.Model):
    """One way to start any game: the game, its options and clocks, its seats and who fills them.

    A pupil's invitation to classmates (a challenge is two seats, a table three or four) waits
    OPEN until every seat is taken, or until its host starts it with the computer in the empty
    seats (where `bots` allows). A game started at once (against the computer, the teacher's
    pairing, a tournament's match, the guided game) is recorded STARTED with its match, so every
    match has one record of who started it and with what (`games.services.invitations`).
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        STARTED = "started", _("Started")
        CANCELLED = "cancelled", _("Cancelled")

    classroom = models.ForeignKey(
        "classrooms.Classroom",
        on_delete=models.CASCADE,
        related_name="invitations",
        null=True,
        blank=True,
    )
    # The pupil who invites, or the teacher who paired; none for the platform's own starts
    # (a tournament's next round, the demo data).
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="invitations_hosted",
        null=True,
        blank=True,
    )
    # A registered kind's key (games.kinds), checked when the invitation is made.
    game = models.CharField(_("game"), max_length=16)
    seats = models.PositiveSmallIntegerField(_("seats"))
    # The game's options (the kind's canonical form), as Match.variants will store them.
    variants = models.JSONField(default=dict, blank=True)
    # The clocks (clock_seconds, move_seconds) as match_create takes them; missing: its default.
    clocks = models.JSONField(default=dict, blank=True)
    # Empty seats may be filled with the computer when the host starts the game.
    bots = models.BooleanField(default=True)
    status = models.CharField(max_length=16, choices=Status, default=Status.OPEN)
    match = models.ForeignKey(Match, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["host", "status"], name="invitation_host_status")]
        constraints = [
            models.CheckConstraint(
                condition=Q(seats__gte=1) & Q(seats__lte=4), name="invitation_one_to_four_seats"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game} invitation {self.pk} ({self.status})"


class Invitee(models.Model):
    """One classmate asked to an invitation, and their answer."""

    class Status(models.TextChoices):
        INVITED = "invited", _("Invited")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")

    invitation = models.ForeignKey(Invitation, on_delete=models.CASCADE, related_name="invites")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_received"
    )
    status = models.CharField(max_length=16, choices=Status, default=Status.INVITED)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["invitation", "user"], name="one_invite_per_invitation")
        ]
        indexes = [models.Index(fields=["user", "status"], name="invitee_user_status")]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.invitation_id} ({self.status})"
