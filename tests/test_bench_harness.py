"""The live benchmarks' scripted players (bench/live_harness.py) read the boards the server
renders today and send frames the door accepts: a player whose frame is refused would count
every move as lost in bench/live_latency.py and bench/classroom_load.py."""

import json

import pytest

from bench import live_harness as h
from bench.live_latency import Game, games_of
from games.live.render import load_viewer, render_for
from games.models import Match
from games.services.matches import Play, match_act

pytestmark = pytest.mark.django_db


def screens(match: Match, users, game: str) -> list[h.Player]:
    """Every seat's player, shown the board the socket would send it now."""
    players = [h.PLAYERS[game]() for _ in users]
    for player, user in zip(players, users, strict=True):
        _match, viewer = load_viewer(match.pk, user)
        player.see(render_for(match.pk, viewer, full=True)[0])
    return players


def play(match: Match, users, game: str, moves: int) -> list[str]:
    """`moves` moves, each by the first seat whose screen says it is awaited; the kinds sent."""
    sent = []
    for _ in range(moves):
        players = screens(match, users, game)
        assert len({p.ply for p in players}) == 1  # every seat has the same ply
        seat = next(i for i, p in enumerate(players) if p.my_turn)
        frame = json.loads(players[seat].frame())
        frame.pop("HEADERS")
        match_act(match=match.pk, actor=users[seat], intent=Play(frame), seen_ply=players[seat].ply)
        match.refresh_from_db()
        assert match.ply == players[seat].ply + 1  # accepted: the next ply
        sent.append(frame["kind"])
    return sent


@pytest.mark.parametrize(("seats", "level"), [(2, 3), (4, 3), (2, 7), (4, 7)])
def test_card_war_players_answer_and_name_targets_the_door_accepts(classroom, seats, level):
    users = h.students(classroom, seats, f"cw{seats}{level}")
    game = Game("cardwar", seats, level)
    match = Match.objects.get(pk=h.start_match(classroom, users, "cardwar", 5, game.variants))
    kinds = play(match, users, "cardwar", 3 * (seats + 1))  # three rounds or more
    assert "answer" in kinds
    assert ("target" in kinds) == (level >= 5)  # from level 5 a player names the target


def test_warriors_players_move(classroom):
    users = h.students(classroom, 2, "wa")
    match = Match.objects.get(pk=h.start_match(classroom, users, "warriors", 3))
    assert play(match, users, "warriors", 4)


def test_games_are_named_pairs_and_tables():
    games = games_of("warriors,cardwar2,cardwar4", "3,7")
    assert [(g.label, g.seats, g.level) for g in games] == [
        ("warriors", 2, None),
        ("cardwar-2", 2, 3),
        ("cardwar-2", 2, 7),
        ("cardwar-4", 4, 3),
        ("cardwar-4", 4, 7),
    ]
    with pytest.raises(SystemExit):
        games_of("chess", "3")
