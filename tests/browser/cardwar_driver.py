"""Driving the card-war screen in Chromium as a student would, and reading what it was sent."""

from __future__ import annotations

from games.kinds import kind_for
from games.models import Match
from games.rules import cardwar as rules
from games.services import match_create

KIND = kind_for("cardwar")


def game_of(match: Match):
    match.refresh_from_db()
    return KIND.load(match.state).rules


def open_match(page, live: str, match: Match, frames: list[str] | None = None) -> None:
    """Open the match page; with `frames`, keep every socket frame the page receives."""
    if frames is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda text: frames.append(text)))
    page.goto(f"{live}/play/m/{match.pk}/")
    page.wait_for_selector('#board[data-live="1"]', state="attached")


def wait_step(page, step: str, timeout: float = 10_000) -> None:
    """Wait for the viewer's step; a round's result still held on screen is moved on from
    (Next round), as a child does."""
    page.wait_for_selector(f'.cw[data-step="{step}"]', state="attached", timeout=timeout)
    move_on(page)


def move_on(page) -> None:
    """Press Next round if the last round's result holds the screen."""
    # In one step in the page: the result may go by itself between a look and a click.
    page.evaluate(
        "() => { const b = document.querySelector('.cw-moment:not([hidden]) .cw-onward');"
        " if (b) { b.click(); } }"
    )


def wait_round(page, round_number: int, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "r => { const c = document.querySelector('.cw'); return c && +c.dataset.round >= r; }",
        arg=round_number,
        timeout=timeout,
    )


def my_cards(match: Match, seat: int) -> tuple[int, int]:
    return rules.face_up_values(game_of(match), seat)


def card_war(classroom, players, *, seed: int, level: int, **options) -> Match:
    """A card war at `level` for these players (users or computer strengths); `options` are
    the server's (bot_delay_ms, reveal_ms)."""
    return match_create(
        game="cardwar",
        classroom=classroom,
        players=players,
        variants={"level": level},
        seed=seed,
        options=options,
    )
