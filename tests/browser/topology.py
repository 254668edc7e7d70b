"""The production topology on this machine: Debian's nginx in front of several Daphne processes,
from the files an operator installs (deploy/nginx/maths-arena.conf, deploy/systemd/).

The nginx site is the deploy file itself with only the operator's values swapped (ports, paths,
the certificate), plus one test-only addition: a cookie that pins a browser to one Daphne
process, with the other as its backup, so a test knows which process serves whom and nginx
still fails over by itself. Everything nginx writes stays under the test's own directory; it
never touches the system's nginx, its logs or port 80.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.browser.conftest import ROOT, _free_port, start_daphne, stop_daphne

NGINX = os.environ.get("NGINX", shutil.which("nginx") or "/usr/sbin/nginx")
SITE = ROOT / "deploy" / "nginx" / "maths-arena.conf"
UNIT = ROOT / "deploy" / "systemd" / "maths-arena@.service"
PIN_COOKIE = "arena_backend"


def certificate(directory: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (its own CA, valid for a day): (cert, key)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / "cert.pem", directory / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


def _swap(text: str, old: str, new: str, count: int = 1) -> str:
    found = text.count(old)
    assert found == count, f"{SITE.name} has {found} of {old!r}, the test expects {count}"
    return text.replace(old, new)


def daphne_options(port: int) -> list[str]:
    """The options of the systemd unit's ExecStart, for the instance `port`."""
    exec_start = re.search(r"^ExecStart=(.+)$", UNIT.read_text(), re.MULTILINE)
    assert exec_start, f"{UNIT.name} has no ExecStart"
    command = shlex.split(exec_start.group(1))
    assert command[0].endswith("/daphne") and command[-1] == "config.asgi:application", command
    return [str(port) if arg == "%i" else arg for arg in command[1:-1]]


def lines_matching(log: Path, pattern: str) -> list[str]:
    """The lines of the log file matching `pattern` (a regex); none before it exists."""
    text = log.read_text() if log.exists() else ""
    return [line for line in text.splitlines() if re.search(pattern, line)]


@dataclass
class Backend:
    """One Daphne process, started as the systemd unit starts it, with an access log."""

    name: str
    port: int
    log: Path
    env: dict[str, str]
    proc: subprocess.Popen | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc, _base = start_daphne(
            port=self.port,
            extra_env=self.env,
            extra_args=[*daphne_options(self.port), "--access-log", str(self.log)],
        )

    def kill(self) -> None:
        """SIGKILL: the process dies mid-whatever, as in a crash or an OOM kill."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            stop_daphne(self.proc)

    def log_lines(self, pattern: str) -> list[str]:
        return lines_matching(self.log, pattern)


def site_config(
    *,
    backends: list[Backend],
    https_port: int,
    http_port: int,
    static_root: Path,
    cert: Path,
    key: Path,
    logs: Path,
) -> str:
    """deploy/nginx/maths-arena.conf for this machine, with a pin cookie for the tests."""
    text = SITE.read_text()
    text = _swap(text, "listen 80;", f"listen 127.0.0.1:{http_port};")
    text = _swap(text, "listen 443 ssl;", f"listen 127.0.0.1:{https_port} ssl;")
    text = _swap(text, "/etc/ssl/certs/maths-arena.pem", str(cert))
    text = _swap(text, "/etc/ssl/private/maths-arena.key", str(key))
    text = _swap(text, "/srv/maths-arena/app/staticfiles/", f"{static_root}/")
    text = _swap(text, "/var/log/nginx/maths-arena.access.log", str(logs / "access.log"))
    text = _swap(text, "/var/log/nginx/maths-arena.error.log", str(logs / "error.log"))
    servers = "".join(f"    server {b.address};\n" for b in backends)
    text = _swap(text, "    server 127.0.0.1:8001;\n    server 127.0.0.1:8002;\n", servers)
    # A browser with the pin cookie goes to its own process while that one is up, then to the
    # others (nginx's `backup`); one without it is balanced as in production.
    text = _swap(text, "proxy_pass http://maths_arena;", "proxy_pass http://$pinned;", count=2)
    pins = [f"map $cookie_{PIN_COOKIE} $pinned {{\n    default maths_arena;"]
    for pinned in backends:
        pins.append(f"    {pinned.name} pinned_{pinned.name};")
    pins.append("}")
    for pinned in backends:
        others = "".join(f" server {b.address} backup;" for b in backends if b is not pinned)
        pins.append(f"upstream pinned_{pinned.name} {{ server {pinned.address};{others} }}")
    return text + "\n# Added by the test: pin a browser to one process.\n" + "\n".join(pins) + "\n"


def main_config(directory: Path, site: Path) -> str:
    """nginx.conf for a foreground nginx whose pid, logs and temp files live in `directory`."""
    temp = "".join(
        f"    {kind}_temp_path {directory / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    # As root, nginx's workers would run as nobody, who cannot read the test's private files.
    user = "user root;\n" if os.geteuid() == 0 else ""
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {directory / 'nginx.pid'};\n"
        f"error_log {directory / 'main-error.log'};\n"
        "events { worker_connections 256; }\n"
        "http {\n    include /etc/nginx/mime.types;\n    default_type application/octet-stream;\n"
        f"    access_log off;\n{temp}    include {site};\n}}\n"
    )


@dataclass
class Topology:
    """nginx (https and the http redirect) in front of named Daphne processes."""

    directory: Path
    backends: dict[str, Backend]
    https_port: int = field(default_factory=_free_port)
    http_port: int = field(default_factory=_free_port)
    nginx: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    @property
    def access_log(self) -> Path:
        return self.directory / "access.log"

    def start_nginx(self, *, static_root: Path, cert: Path, key: Path) -> None:
        if not Path(NGINX).exists():
            raise RuntimeError(f"nginx not found at {NGINX}: install Debian's nginx package")
        site = self.directory / "maths-arena.conf"
        site.write_text(
            site_config(
                backends=list(self.backends.values()),
                https_port=self.https_port,
                http_port=self.http_port,
                static_root=static_root,
                cert=cert,
                key=key,
                logs=self.directory,
            )
        )
        conf = self.directory / "nginx.conf"
        conf.write_text(main_config(self.directory, site))
        command = [NGINX, "-p", str(self.directory), "-c", str(conf)]
        # -e: the error log before the configuration is read (not /var/log/nginx/error.log).
        command += ["-e", str(self.directory / "main-error.log")]
        check = subprocess.run([*command, "-t", "-q"], capture_output=True, text=True, check=False)
        assert check.returncode == 0, f"nginx -t refused {site}:\n{check.stderr}"
        self.nginx = subprocess.Popen(command, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.nginx.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.nginx.stderr.read().decode()}")
            try:
                socket.create_connection(("127.0.0.1", self.https_port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not listen within 10 s")

    def start(self, *names: str) -> None:
        """Start these Daphne processes at once (each returns when it answers /healthz)."""
        with ThreadPoolExecutor(len(names)) as pool:
            list(pool.map(lambda name: self.backends[name].start(), names))

    def access_log_lines(self, pattern: str) -> list[str]:
        return lines_matching(self.access_log, pattern)

    def stop(self) -> None:
        for backend in self.backends.values():
            backend.stop()
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.terminate()
            self.nginx.wait(timeout=10)


def collectstatic(static_root: Path, env: dict[str, str]) -> None:
    """collectstatic into `static_root` with the production storage (hashed, compressed)."""
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env={**os.environ, **env},
        check=True,
    )
