"""A class tournament as stored: its settings, who entered, its rounds and their pairings.

The pure modules (`records`, `pairing`, `standings`) decide; these rows remember. A pairing's
players are entrants (a NULL entrant is the class bot), its game an ordinary `Match`, so its
moves feed the progress reports like any other. Player ids in the pure modules are student ids.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import Match

NAME_MAX_LENGTH = 80


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin")
        KNOCKOUT = "knockout", _("Single elimination")
        SWISS = "swiss", _("Swiss")
        ARENA = "arena", _("Arena")

    class Odd(models.TextChoices):
        BYE = "bye", _("A bye (a free point)")
        BOT = "bot", _("A game against the computer")

    class Status(models.TextChoices):
        READY = "ready", _("Not started")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    classroom = models.ForeignKey(
        "classrooms.Classroom",
        on_delete=models.CASCADE,
        related_name="tournaments",
        verbose_name=_("class"),
    )
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    game = models.CharField(_("game"), max_length=16)  # a registered kind's key
    # What `match_create` gets as `variants`: Warriors' switches, or the card war's level.
    variants = models.JSONField(_("variants"), default=dict, blank=True)
    clock_seconds = models.PositiveIntegerField(_("game clock"), null=True, blank=True)
    move_seconds = models.PositiveIntegerField(_("time for each move"), null=True, blank=True)
    format = models.CharField(_("format"), max_length=16, choices=Format)
    double = models.BooleanField(_("double round robin"), default=False)
    third_place = models.BooleanField(_("third-place match"), default=False)
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)  # Swiss
    arena_minutes = models.PositiveSmallIntegerField(_("minutes"), null=True, blank=True)
    streaks = models.BooleanField(_("streak bonus"), default=True)
    odd = models.CharField(_("odd one out"), max_length=8, choices=Odd, default=Odd.BYE)
    # Draws the pairing order by lot (the same seed, the same order, whoever joins or leaves).
    seed = models.BigIntegerField()
    status = models.CharField(max_length=16, choices=Status, default=Status.READY)
    # An arena on pause pairs nobody new (games in play go on); round formats wait anyway.
    paused = models.BooleanField(_("paused"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)  # the arena's window
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    @property
    def group_name(self) -> str:
        return f"tournament.{self.pk}"


class Entrant(models.Model):
    """A student in a tournament: ticked present at the start, or arrived late; maybe withdrawn."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    student = models.ForeignKey(
        "classrooms.Student", on_delete=models.CASCADE, related_name="entries"
    )
    late = models.BooleanField(default=False)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "student"], name="entrant_unique_student"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} in {self.tournament}"

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None


class Round(models.Model):
    """One round: paired (the teacher can still undo it), playing, or finished. An arena has one
    round, its pairings added as students finish."""

    class Status(models.TextChoices):
        PAIRED = "paired", _("Paired")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status, default=Status.PAIRED)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Pairing(models.Model):
    """A game of a round (two seats; a NULL entrant is the bot) or a bye (`first` alone)."""

    class Outcome(models.TextChoices):
        FIRST_WON = "1-0", "1–0"
        DRAW = "½-½", "½–½"
        SECOND_WON = "0-1", "0–1"

    class Bye(models.TextChoices):
        PAIRING = "pairing", _("Bye")
        HALF = "half", _("Half-point bye")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField()
    first = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    second = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    bye = models.CharField(max_length=8, choices=Bye, blank=True)
    match = models.OneToOneField(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="pairing"
    )
    outcome = models.CharField(max_length=4, choices=Outcome, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When each student first opened the match (the teacher sees who has not reached it).
    first_arrived_at = models.DateTimeField(null=True, blank=True)
    second_arrived_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="pairing_unique_board"),
            # A bye has its player first and nobody second; a game has at least one student.
            models.CheckConstraint(
                condition=Q(bye="", first__isnull=False)
                | Q(bye="", second__isnull=False)
                | Q(~Q(bye=""), first__isnull=False, second__isnull=True),
                name="pairing_bye_or_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} board {self.board}"

    @property
    def is_bye(self) -> bool:
        return bool(self.bye)


class KeepApart(models.Model):
    """Two students of a class the teacher wants never paired while any other pairing exists."""

    classroom = models.ForeignKey(
        "classrooms.Classroom", on_delete=models.CASCADE, related_name="keep_apart"
    )
    # Stored smaller id first, so a pair is one row whichever way round it was entered.
    low = models.ForeignKey("classrooms.Student", on_delete=models.CASCADE, related_name="+")
    high = models.ForeignKey("classrooms.Student", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["classroom", "low", "high"], name="keep_apart_unique"),
            models.CheckConstraint(condition=Q(low__lt=models.F("high")), name="keep_apart_order"),
        ]

    def __str__(self) -> str:
        return f"{self.low} / {self.high}"
