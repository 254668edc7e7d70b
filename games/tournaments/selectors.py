"""Reads for the tournament screens: standings, the current round's boards, the bracket, and
one student's view (next opponent, own standing). Data only; the templates render it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from fractions import Fraction

from django.db.models import Max, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from classrooms.models import Classroom, Student, User
from classrooms.permissions import student_of
from games.models import Match
from games.recent import Recent
from games.tournaments import history as hist
from games.tournaments.models import Entrant, KeepApart, Pairing, Round, Tournament

Format = Tournament.Format
RECENTLY_FINISHED = timedelta(hours=2)  # a finished tournament's panel stays this long
HALVES_FROM = 13  # standings of this many lines or more stand in two tables


@dataclass(frozen=True)
class Line:
    """One row of the standings as shown (points already in words like 2½)."""

    rank: int
    student_id: int
    name: str
    points: str
    games: int
    wins: int
    draws: int
    losses: int
    buchholz: str = ""
    sonneborn_berger: str = ""
    streak: int = 0
    on_fire: bool = False
    place: int | None = None  # knockout: the place decided so far
    withdrawn: bool = False


@dataclass(frozen=True)
class Board:
    number: int
    first: str
    second: str  # empty for a bye
    result: str  # "1–0", "½–½", "0–1", "" while in play
    bye: str = ""  # what kind of bye, in words
    match_id: int | None = None
    first_id: int | None = None
    second_id: int | None = None
    not_arrived: tuple[str, ...] = ()  # students who have not opened this match yet

    @property
    def playing(self) -> bool:
        return self.match_id is not None and not self.result


@dataclass(frozen=True)
class BoardView:
    """Everything the teacher's page, the projector and the sockets show of a tournament."""

    tournament: Tournament
    lines: list[Line]
    round: Round | None
    boards: list[Board]
    rounds_total: int | None
    deadline: datetime | None
    bracket: list[tuple[int, list[Board]]] = field(default_factory=list)

    @property
    def arena(self) -> bool:
        return self.tournament.format == Format.ARENA

    @property
    def halves(self) -> list[list[Line]]:
        """The standings in one table, or in two side by side from HALVES_FROM lines (so a class
        of 30 fits a projected screen without scrolling)."""
        if len(self.lines) < HALVES_FROM:
            return [self.lines]
        middle = (len(self.lines) + 1) // 2
        return [self.lines[:middle], self.lines[middle:]]

    @property
    def not_arrived(self) -> list[str]:
        """Who has not reached their match of the games in play (for the teacher)."""
        return [name for b in self.boards if b.playing for name in b.not_arrived]


def points_text(points: Fraction | int) -> str:
    """2 → "2", 5/2 → "2½", 1/2 → "½" (how a chess table writes half points)."""
    whole, rest = divmod(Fraction(points), 1)
    if not rest:
        return str(whole)
    return f"{whole or ''}½" if rest == Fraction(1, 2) else str(float(points))


def show_name(entrant: Entrant | None, *, first_names: bool) -> str:
    if entrant is None:
        return _("Computer")
    name = entrant.student.display_name
    return name.split()[0] if first_names and name.split() else name


def board_view(tournament: Tournament, *, first_names: bool = False) -> BoardView:
    history = hist.history_of(tournament)
    entrants = {e.student_id: e for e in history.entrants}

    def name(student_id: int) -> str:
        return show_name(entrants[student_id], first_names=first_names)

    places = hist.knockout_places(history) if tournament.format == Format.KNOCKOUT else {}
    lines = [
        _line(row, name(row.player), places.get(row.player), entrants[row.player].withdrawn)
        for row in hist.table(history)
    ]
    if tournament.format == Format.KNOCKOUT:
        lines.sort(key=lambda line: (line.place is None, line.place or 0, line.rank))
    current = history.rounds[-1] if history.rounds else None
    boards = [] if current is None else _boards(history.pairings.get(current.pk, []), first_names)
    if tournament.format == Format.ARENA:
        boards = [b for b in boards if b.playing]  # one long round: its games in play
    bracket = []
    if tournament.format == Format.KNOCKOUT:
        bracket = [
            (r.number, _boards(history.pairings.get(r.pk, []), first_names)) for r in history.rounds
        ]
    return BoardView(
        tournament=tournament,
        lines=lines,
        round=current,
        boards=boards,
        rounds_total=_rounds_total(history),
        deadline=_deadline(tournament, current),
        bracket=bracket,
    )


# The latest changes' views, shared by this process's sockets: (tournament, first names,
# stamp) -> view. A few entries suffice: a change is rendered moments after its message.
_SHARED: Recent[tuple[int, bool, int], BoardView] = Recent(16, name="tournament views")


def shared_board_view(tournament: Tournament, first_names: bool, stamp: int | None) -> BoardView:
    """The board view; for a change's `stamp`, made once per process for every socket."""
    if stamp is None:
        return board_view(tournament, first_names=first_names)
    return _SHARED.get_or_make(
        (tournament.pk, first_names, stamp),
        lambda: board_view(tournament, first_names=first_names),
    )


def all_rounds(tournament: Tournament) -> list[tuple[int, list[Board]]]:
    """Every round's boards with their results, first round first (the printed results)."""
    history = hist.history_of(tournament)
    return [(r.number, _boards(history.pairings.get(r.pk, []), False)) for r in history.rounds]


def _line(row, name: str, place: int | None, withdrawn: bool) -> Line:
    common = {
        "rank": row.rank,
        "student_id": row.player,
        "name": name,
        "points": points_text(row.points),
        "games": row.games,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
        "place": place,
        "withdrawn": withdrawn,
    }
    if hasattr(row, "streak"):
        return Line(**common, streak=row.streak, on_fire=row.on_fire)
    return Line(
        **common,
        buchholz=points_text(row.buchholz),
        sonneborn_berger=points_text(row.sonneborn_berger),
    )


def _boards(rows: list[Pairing], first_names: bool) -> list[Board]:
    boards = []
    for p in rows:
        boards.append(
            Board(
                number=p.board,
                first=show_name(p.first, first_names=first_names),
                second="" if p.is_bye else show_name(p.second, first_names=first_names),
                result=p.get_outcome_display() if p.outcome else "",
                bye=p.get_bye_display() if p.is_bye else "",
                match_id=p.match_id,
                first_id=p.first.student_id if p.first else None,
                second_id=p.second.student_id if p.second else None,
                not_arrived=tuple(
                    show_name(e, first_names=first_names)
                    for e, arrived in (
                        (p.first, p.first_arrived_at),
                        (p.second, p.second_arrived_at),
                    )
                    if e is not None and arrived is None and not p.is_bye
                ),
            )
        )
    return boards


def _rounds_total(history: hist.History) -> int | None:
    t = history.tournament
    if t.format == Format.SWISS:
        return t.rounds
    if t.format == Format.ROUND_ROBIN and len(history.starters) >= 2:
        return hist.round_robin_length(history)
    return None


def _deadline(tournament: Tournament, current: Round | None) -> datetime | None:
    """The arena's closing time, or when the current round's last game clock runs out."""
    if tournament.format == Format.ARENA:
        return tournament.ends_at if tournament.status == Tournament.Status.RUNNING else None
    if current is None or current.status != Round.Status.PLAYING:
        return None
    return Match.objects.filter(pairing__round=current, status=Match.Status.PLAYING).aggregate(
        last=Max("clock_deadline")
    )["last"]


@dataclass(frozen=True)
class StudentView:
    """A student's tournament as it stands now: their line and what comes next for them.

    `state`: "playing" (their match is on: `match_id`, `opponent`), "done" (their game of the
    round is over, others still play), "bye" (a bye this round: `bye`), "next" (the next round
    is paired: `opponent` or `bye`), "waiting" (an arena student between games), "pair" (the
    teacher has not paired the next round yet) or "over" (the tournament is finished).
    """

    tournament: Tournament
    line: Line | None
    state: str
    opponent: str = ""
    bye: str = ""
    match_id: int | None = None
    round_number: int | None = None

    @property
    def waiting(self) -> bool:
        return self.state == "waiting"


def student_view(
    tournament: Tournament, student: Student, view: BoardView | None = None
) -> StudentView:
    """`view`: the tournament's board view with full names, if the caller has it already."""
    view = view or board_view(tournament)
    line = next((x for x in view.lines if x.student_id == student.pk), None)
    common = {"tournament": tournament, "line": line}
    if tournament.status == Tournament.Status.FINISHED:
        return StudentView(**common, state="over")
    mine = [b for b in view.boards if student.pk in (b.first_id, b.second_id)]
    board = mine[-1] if mine else None
    row = view.round
    if tournament.format == Format.ARENA:
        if board is None:
            return StudentView(**common, state="waiting")
        return StudentView(
            **common,
            state="playing",
            opponent=_opponent(board, student.pk),
            match_id=board.match_id,
        )
    if row is None or row.status == Round.Status.FINISHED or board is None:
        return StudentView(**common, state="pair")
    number = row.number
    if row.status == Round.Status.PAIRED:
        return StudentView(
            **common,
            state="next",
            opponent="" if board.bye else _opponent(board, student.pk),
            bye=board.bye,
            round_number=number,
        )
    if board.bye:
        return StudentView(**common, state="bye", bye=board.bye, round_number=number)
    if board.playing:
        return StudentView(
            **common,
            state="playing",
            opponent=_opponent(board, student.pk),
            match_id=board.match_id,
            round_number=number,
        )
    return StudentView(**common, state="done", round_number=number)


def _opponent(board: Board, student_id: int) -> str:
    return board.second if board.first_id == student_id else board.first


def tournament_of_match(match_id: int) -> Tournament | None:
    """The tournament a match was played in (None for an ordinary match)."""
    return (
        Tournament.objects.select_related("classroom").filter(
            round_set__pairings__match_id=match_id
        )
    ).first()


def newer_tournament_for(user: User, after: int) -> bool:
    """Whether the student is in a tournament of their class newer than `after`, not over."""
    student = student_of(user)
    if student is None:
        return False
    return (
        Tournament.objects.filter(
            classroom_id=student.classroom_id,
            entrants__student=student,
            entrants__withdrawn_at__isnull=True,
            pk__gt=after,
        )
        .exclude(status=Tournament.Status.FINISHED)
        .exists()
    )


def tournaments_of_class(classroom: Classroom) -> QuerySet[Tournament]:
    return classroom.tournaments.order_by("-created_at")


def current_tournament_for(user: User) -> tuple[Tournament, Student] | None:
    """The latest tournament of a student's class they are in and that is not over; else the
    one they were in that finished in the last `RECENTLY_FINISHED` (its final word stays)."""
    student = student_of(user)
    if student is None:
        return None
    mine = Tournament.objects.filter(
        classroom_id=student.classroom_id,
        entrants__student=student,
        entrants__withdrawn_at__isnull=True,
    )
    t = mine.exclude(status=Tournament.Status.FINISHED).order_by("-created_at").first()
    if t is None:
        since = timezone.now() - RECENTLY_FINISHED
        t = mine.filter(finished_at__gte=since).order_by("-finished_at").first()
    return None if t is None else (t, student)


def keep_apart_of(classroom: Classroom) -> QuerySet[KeepApart]:
    return KeepApart.objects.filter(classroom=classroom).select_related("low", "high")


def roster(classroom: Classroom) -> QuerySet[Student]:
    return classroom.students.filter(archived_at__isnull=True).order_by("display_name")


def not_entered(tournament: Tournament) -> QuerySet[Student]:
    return roster(tournament.classroom).exclude(Q(entries__tournament=tournament))
