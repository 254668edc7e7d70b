"""Rendering the match page's fragments for one viewer, as htmx out-of-band swaps."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.template.loader import render_to_string
from django.utils.translation import get_language

from classrooms.models import User
from games.kinds import kind_for
from games.models import Match
from games.recent import Recent, match_key
from games.selectors.matches import (
    Viewer,
    clocks_of,
    match_log,
    match_view,
    view_for,
    viewer_of,
)
from games.services.invitations import rematch_offers

TEMPLATE = "games/match.html"
LIVE_FRAGMENTS = ("board", "status", "clock", "guide", "announce", "gameover")


@dataclass(frozen=True)
class Schedule:
    """What a socket should wake up for: the next deadline, or a bot's move."""

    ply: int
    playing: bool
    deadline: datetime | None
    bot_due: datetime | None
    bot_seat: int | None = None


def _template(name: str, context: dict) -> str:
    # The board is the kind's own template: rendered directly, not through the page's include.
    return context["board_template"] if name == "board" else f"{TEMPLATE}#{name}"


def fragments(names: tuple[str, ...], context: dict) -> str:
    context = {**context, "oob": True}
    return "".join(render_to_string(_template(name, context), context) for name in names)


def render_rematch(
    match_id: int, viewer: Viewer, user: User, *, goto: str = "", notice: str = ""
) -> str:
    """The game-over screen's rematch region for a seated player (a fragment; "" for a
    spectator and while the match is played): the offers to them from the others who played
    it, a refused answer's `notice`, or the way to the match that has just started (`goto`)."""
    if viewer.seat is None:
        return ""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status == Match.Status.PLAYING:
        return ""
    context = {
        "oob": True,
        "rematch": rematch_offers(match=match, user=user),
        "rematch_notice": notice,
        "goto": goto,
    }
    return render_to_string(f"{TEMPLATE}#rematch", context)


def message(text: str, *, kind: str = "error") -> str:
    """The sender-only live region, replaced."""
    return render_to_string(f"{TEMPLATE}#errors", {"oob": True, "error": text, "kind": kind})


def _when(epoch: float | None) -> datetime | None:
    return datetime.fromtimestamp(epoch, tz=UTC) if epoch is not None else None


def schedule_of(snap: dict) -> Schedule:
    """The next deadline and, when a computer is awaited, when the first of them should act.

    Think time counts from the start of the step (a card-war round), and is drawn from the
    step's first ply, so every socket and process plans the same moment.
    """
    playing = snap["status"] == Match.Status.PLAYING
    deadlines = [d for d in (snap["clock_deadline"], snap["move_deadline"]) if d is not None]
    bot_due = bot_seat = None
    bots = [s for s in snap["awaited"] if snap["bots"][s]] if playing else []
    if bots and snap["turn_started_at"] is not None:
        kind = kind_for(snap["game"])
        delay = snap["options"].get("bot_delay_ms")
        state = kind.load(snap["state"]) if delay is None else None
        started = _when(snap["turn_started_at"])
        for seat in bots:
            think = delay
            if think is None:
                seed_text = f"{snap['seed']}:{snap['step_ply']}:think"
                think = kind.bot_think_ms(state, seat, snap["bots"][seat], seed_text)
            due = started + timedelta(milliseconds=int(think))
            if bot_due is None or due < bot_due:
                bot_due, bot_seat = due, seat
    return Schedule(
        ply=snap["ply"],
        playing=playing,
        deadline=_when(min(deadlines)) if deadlines else None,
        bot_due=bot_due,
        bot_seat=bot_seat,
    )


def load_viewer(match_id: int, user: User) -> tuple[Match, Viewer] | None:
    match = Match.objects.filter(pk=match_id).select_related("classroom").first()
    if match is None:
        return None
    return match, viewer_of(match, user)


def render_for(match_id: int, viewer: Viewer, *, full: bool) -> tuple[str, Schedule]:
    """All live fragments for the viewer from the database (connects, the end of a game)."""
    match = Match.objects.get(pk=match_id)
    view = match_view(match, viewer)
    html = fragments(LIVE_FRAGMENTS, view)
    if full:
        html += message("")
    return html, schedule_of(view["snap"])


# What a ply of a playing match changes. The game-over panel stays hidden until the end (with
# its replay: `render_end`) and the guide stays empty unless the game is guided.
PLY_FRAGMENTS = ("board", "status", "announce")
# Views rendered lately in this process, shared by the sockets that show the same one.
_shared: Recent[tuple, str] = Recent(size=1024, name="live views")


def render_snapshot(snap: dict, viewer: Viewer) -> tuple[str, Schedule]:
    """The fragments a ply changes, for the viewer, from a broadcast snapshot: no database.

    Each view is rendered once per ply, viewer and language in this process and its HTML sent
    to every socket that shows it (a teacher's tabs, a player's second tab); only the clocks,
    which count from now, are rendered for each socket.
    """

    def render() -> str:
        names = PLY_FRAGMENTS + (("guide",) if snap["options"].get("guided") else ())
        return fragments(names, view_for(snap, viewer))

    key = (*match_key(snap["id"], snap["created"], snap["ply"]), viewer, get_language())
    html = _shared.get_or_make(key, render)
    return html + fragments(("clock",), clocks_of(snap)), schedule_of(snap)


def render_clocks(snap: dict) -> tuple[str, Schedule]:
    """The clocks alone, from the snapshot of a step whose start moved (a player moved on from
    a pause held for them): the board did not change, and a board swap would take what the
    player is typing."""
    return fragments(("clock",), clocks_of(snap)), schedule_of(snap)


# The replays of games that ended lately in this process (per language: the moves are told in
# words), read and rendered once for all their sockets.
_replays: Recent[tuple, tuple[list, str]] = Recent(size=256, name="replays")


def _replay(snap: dict) -> tuple[list, str]:
    """The finished game's replay log and its HTML, from this process's cache or the database."""

    def read() -> tuple[list, str]:
        log = match_log(Match(pk=snap["id"], game=snap["game"]), snap["names"])
        # A kind without a replay template tells the end on its board, which reads the log.
        template = kind_for(snap["game"]).replay_template
        return log, render_to_string(template, {"log": log}) if log and template else ""

    return _replays.get_or_make(
        (*match_key(snap["id"], snap["created"], snap["ply"]), get_language()), read
    )


def render_end(snap: dict, viewer: Viewer) -> tuple[str, Schedule]:
    """Every live fragment at the end of a game, from the broadcast's final snapshot.

    The replay is read from the database and rendered once per process, game and language,
    not once per socket (both players' screens, a teacher's tabs), and each view is rendered
    once, as `render_snapshot` does for a ply. Sync: it may read the database.
    """

    def render() -> str:
        log, replay_html = _replay(snap)
        context = {**view_for(snap, viewer, log), "snap": snap, "replay_html": replay_html}
        return fragments(LIVE_FRAGMENTS, context)

    key = (*match_key(snap["id"], snap["created"], snap["ply"]), viewer, get_language(), "end")
    return _shared.get_or_make(key, render), schedule_of(snap)


def current_ply(match_id: int) -> int | None:
    """The match's ply in the database (None when there is no such match)."""
    return Match.objects.filter(pk=match_id).values_list("ply", flat=True).first()


def render_preview(match_id: int, viewer: Viewer, action: dict) -> str | None:
    """The kind's builder preview of a half-typed move (Warriors: a Mind attack's value and
    what it captures); None when the game has no preview, this match has it off (the child works
    the value out), or the frame is not understood."""
    match = Match.objects.get(pk=match_id)
    kind = kind_for(match.game)
    if kind.preview_template is None or viewer.seat is None or not kind.preview_on(match.options):
        return None
    context = kind.preview(kind.load(match.state), viewer.seat, action)
    if context is None:
        return None
    return render_to_string(kind.preview_template, {**context, "oob": True})
