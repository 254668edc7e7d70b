"""Servers the tests start in processes of their own: wait until one answers, stop one."""

import subprocess
import time
import urllib.request


def wait_until_answering(
    process: subprocess.Popen, url: str, *, name: str, seconds: float
) -> bytes:
    """The body of `url` once it answers 200; RuntimeError (with the end of its stderr) when
    `process` exits first or `seconds` pass (then it is killed)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited: {process.stderr.read().decode()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310
                if response.status == 200:
                    return response.read()
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{name} did not start within {seconds:.0f} s")


def process_stop(process: subprocess.Popen) -> None:
    """Ask `process` to stop; kill it after 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
