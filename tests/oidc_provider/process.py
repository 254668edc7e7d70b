"""Start and stop the test OpenID Connect provider in a process of its own."""

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.processes import process_stop, wait_until_answering

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "school-pass-1"


@dataclass(frozen=True)
class ProviderUser:
    """A person with an account at the provider: they sign in there with `username`."""

    username: str
    first_name: str = ""
    last_name: str = ""
    password: str = PASSWORD

    @property
    def email(self) -> str:
        return self.username


@dataclass(frozen=True)
class ProviderClient:
    client_id: str
    secret: str
    redirect_uris: list[str]


def _private_key_pem() -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


class Provider:
    """A running provider: its address, its issuer, and its process."""

    def __init__(self, port: int, issuer: str, process: subprocess.Popen, workdir) -> None:
        self.port = port
        self.base_url = f"http://127.0.0.1:{port}"
        self.issuer = issuer
        self.process = process
        self._workdir = workdir

    def stop(self) -> None:
        process_stop(self.process)
        self._workdir.cleanup()


def start_provider(
    port: int,
    *,
    users: list[ProviderUser],
    clients: list[ProviderClient],
    issuer: str | None = None,
    tenant: str | None = None,
) -> Provider:
    """Start a provider on 127.0.0.1:`port` and wait until its discovery document answers.

    `issuer`: the issuer it names (default: its own address + /o, as a real provider does);
    another one makes a provider whose tokens come from an issuer the app did not configure."""
    workdir = tempfile.TemporaryDirectory(prefix="oidc-provider-")
    env = {
        **os.environ,
        "PROVIDER_DB": str(Path(workdir.name) / "provider.sqlite3"),
        "PROVIDER_KEY": _private_key_pem(),
        "PROVIDER_ISSUER": issuer or "",
        "PROVIDER_PORT": str(port),
        "PROVIDER_USERS": json.dumps([asdict(u) | {"email": u.email} for u in users]),
        "PROVIDER_CLIENTS": json.dumps([asdict(c) for c in clients]),
    }
    if tenant:
        env["PROVIDER_TENANT"] = tenant
    for name in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL"):
        env.pop(name, None)
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.oidc_provider.serve", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    discovery = f"http://127.0.0.1:{port}/o/.well-known/openid-configuration"
    try:
        named = json.loads(
            wait_until_answering(process, discovery, name="the provider", seconds=60)
        )
    except RuntimeError:
        workdir.cleanup()
        raise
    return Provider(port, named["issuer"], process, workdir)
