"""A throwaway PostgreSQL cluster on loopback for the tests (no Docker): `initdb` into a temporary folder,
`pg_ctl start` on a free port, removed when done. Runs the server as the `postgres` user when started as root
(PostgreSQL refuses to run as root)."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

USER = "caravanserai"


def server_bin() -> Path | None:
    """Where initdb and pg_ctl live: on PATH, or Debian's /usr/lib/postgresql/<version>/bin (newest first)."""
    if found := shutil.which("pg_ctl"):
        return Path(found).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True):
        if Path(folder, "pg_ctl").exists() and Path(folder, "initdb").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def throwaway_cluster(bin_dir: Path, password: str | None = None) -> Iterator[str]:
    """Yields the URL of a fresh cluster's `postgres` database, reachable by USER without a password, or
    only with `password` when one is given (the URL then carries it)."""
    folder = Path(tempfile.mkdtemp(prefix="caravanserai-pg-"))
    as_postgres: list[str] = []
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_postgres = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", _free_port()

    def run(*command: str) -> None:
        subprocess.run([*as_postgres, *command], check=True, capture_output=True, text=True)

    auth = ["-A", "trust"]
    if password is not None:
        (folder / "password").write_text(password)
        os.chmod(folder / "password", 0o644)
        auth = ["-A", "scram-sha-256", f"--pwfile={folder / 'password'}"]
    try:
        run(str(bin_dir / "initdb"), "-D", str(data), "-U", USER, *auth, "--no-sync", "-E", "UTF8")
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w", "-t", "60",
            "-o", f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off -c full_page_writes=off",
            "start")
        try:
            yield f"postgresql://{USER}{f':{password}' if password else ''}@127.0.0.1:{port}/postgres"
        finally:
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def given_or_throwaway(url: str | None) -> Iterator[str]:
    """The PostgreSQL server at `url`, or a throwaway cluster on this machine (for the benches)."""
    if url is not None:
        yield url
        return
    bin_dir = server_bin()
    if bin_dir is None:
        raise SystemExit("no PostgreSQL server found: install Debian's postgresql package or pass --postgres")
    with throwaway_cluster(bin_dir) as server:
        yield server
