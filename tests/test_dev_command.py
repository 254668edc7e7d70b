"""The README's first command, `./dev run`: where it serves, and saying so once it is up."""

import os
import re
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["abc"], "the port must be a number from 1 to 65535 (got: abc)"),
        (["127.0.0.1:99999"], "the port must be a number from 1 to 65535 (got: 99999)"),
        (["::1"], "write an IPv6 address in brackets, e.g. [::1]:8106"),
        (["127.0.0.1:80", "8000"], "takes at most one address"),
        (["bad host!:8000"], "not a host name or address: 'bad host!'"),
    ],
)
def test_a_bad_address_is_refused_with_a_message_before_anything_is_set_up(args, says):
    result = subprocess.run(
        ["./dev", "run", *args], cwd=ROOT, capture_output=True, text=True, timeout=30, check=False
    )
    assert result.returncode == 2
    assert says in result.stderr
    assert result.stdout == ""  # refused before the set-up step


def test_dev_run_serves_the_address_it_was_given_and_says_so_once_it_answers(tmp_path):
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'dev.sqlite3'}"}
    for name in ("REDIS_URL", "DJANGO_SETTINGS_MODULE", "HOST", "PORT"):
        env.pop(name, None)
    proc = subprocess.Popen(
        ["./dev", "run", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines = []
    try:
        deadline = time.monotonic() + 240
        for line in proc.stdout:
            lines.append(line)
            if "Maths Arena is serving" in line or time.monotonic() > deadline:
                break
        out = "".join(lines)
        assert f"Maths Arena is serving http://127.0.0.1:{port}/" in out, out
        # The demo logins, as a person reads them, were printed before it.
        assert "log in as teacher with the password maths-arena-demo" in out
        assert re.search(r"Amara K\.\s+ant-bag", out)
        # ... and a month of past lessons played in the demo class for the reports.
        assert re.search(r"Played \d+ past matches in Demo class 4B", out)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
            assert response.status == 200
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=20)
