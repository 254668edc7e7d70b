"""Two Daphne processes sharing the database and Redis: players on different servers play a
whole game together. Needs Redis (REDIS_URL, or redis://127.0.0.1:6379/5): without it this test
fails rather than skips, so it is not in the smoke selection."""

import json
import os

import pytest

from games.models import Match
from games.services import match_create
from tests.browser.conftest import start_daphne, stop_daphne
from tests.browser.live_sockets import board_ply_at_least, on_own_loop, open_socket
from tests.games.conftest import legal_action, mover

pytestmark = pytest.mark.browser

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/5"


@pytest.fixture
def two_servers(transactional_db):
    servers = [start_daphne(extra_env={"REDIS_URL": REDIS_URL}) for _ in range(2)]
    yield [base for _proc, base in servers]
    for proc, _base in servers:
        stop_daphne(proc)


def test_players_on_two_server_processes_play_a_game_together(two_servers, classroom, make_student):
    ada, ben = make_student("Ada"), make_student("Ben")
    match = match_create(classroom=classroom, players=[ada.user, ben.user], seed=4242)

    async def play() -> int:
        socks = {
            ada.user.pk: await open_socket(two_servers[0], match, ada.user),
            ben.user.pk: await open_socket(two_servers[1], match, ben.user),
        }
        for sock in socks.values():
            await board_ply_at_least(sock, match.ply)
        moves = 0
        while True:
            match.refresh_from_db()
            if match.status == Match.Status.FINISHED:
                break
            ply = match.ply
            body = {**legal_action(match), "ply": str(ply), "HEADERS": {}}
            await socks[mover(match).pk].send(json.dumps(body))
            for sock in socks.values():  # both servers' sockets see the new ply
                await board_ply_at_least(sock, ply + 1)
            moves += 1
            assert moves < 300
        for sock in socks.values():
            await sock.close()
        return moves

    moves = on_own_loop(play)
    assert moves > 3
    match.refresh_from_db()
    assert match.winner_seat in (0, 1)
