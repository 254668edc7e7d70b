"""The standings as CSV: rank, name, points, tie-breaks, games, wins, draws, losses, withdrawn
and (a knockout) the place; a knockout's rows come in place order."""

from __future__ import annotations

from decimal import Decimal

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.text import slugify

from classrooms.permissions import teacher_required
from games.progress.csv_exports import csv_lines, spreadsheet_format
from games.tournaments import history as hist
from games.tournaments.views.teacher import tournament_for

COLUMNS = (
    "rank",
    "name",
    "points",
    "buchholz",
    "sonneborn_berger",
    "games",
    "wins",
    "draws",
    "losses",
    "withdrawn",
    "place",
)


def standings_rows(tournament) -> list[list[object]]:
    """The header and one row per entrant, best first; points as decimals (2.5), which a
    spreadsheet reads as numbers; the arena has no tie-breaks."""
    history = hist.history_of(tournament)
    names = {e.student_id: e for e in history.entrants}
    rows: list[list[object]] = [list(COLUMNS)]
    lines = list(hist.table(history))
    places = hist.knockout_places(history) if tournament.format == "knockout" else {}
    if places:  # the places decided so far first, in order; the rest as the standings have them
        lines.sort(key=lambda line: (line.player not in places, places.get(line.player, 0)))
    for line in lines:
        entrant = names[line.player]
        rows.append(
            [
                line.rank,
                entrant.student.display_name,
                _number(line.points),
                _number(getattr(line, "buchholz", "")),
                _number(getattr(line, "sonneborn_berger", "")),
                line.games,
                line.wins,
                line.draws,
                line.losses,
                entrant.withdrawn,
                places.get(line.player, ""),
            ]
        )
    return rows


def _number(value) -> Decimal | str:
    """A point count as a decimal (2.5; halves only, so exact)."""
    if value == "":
        return ""
    return Decimal(f"{float(value):g}")


@teacher_required
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for(request, pk)
    sheet = spreadsheet_format(request.GET.get("format"))
    body = "".join(csv_lines(standings_rows(tournament), sheet=sheet))
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    name = f"{slugify(tournament.name) or 'tournament'}-{tournament.created_at:%Y-%m-%d}.csv"
    response["Content-Disposition"] = content_disposition_header(True, name)
    patch_cache_control(response, no_store=True, private=True)
    return response
