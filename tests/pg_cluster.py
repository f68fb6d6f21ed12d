"""A PostgreSQL cluster of a test's own, so that the test can stop the server and start it again
(the server WEREWOLF_TEST_DATABASE_URL names is shared by the whole run).  Made as .ci/postgres.sh
makes CI's: initdb and postgres refuse to run as root, so as root they run as `postgres`."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

OWNER = "postgres"


def bin_dir() -> Path | None:
    """Where initdb and pg_ctl are: PG_BIN, the Debian layout, or PATH; None when not installed."""
    candidates = [os.environ.get("PG_BIN", ""), *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    if found := shutil.which("initdb"):
        candidates.append(str(Path(found).parent))
    return next((Path(c) for c in candidates if c and (Path(c) / "initdb").exists()), None)


class Cluster:
    """A throwaway cluster in a folder of its own under /tmp (the server's account must reach it, and a
    Unix socket path must be short), listening on a socket there (and a port number of its own)."""

    def __init__(self) -> None:
        found = bin_dir()
        if found is None:
            raise RuntimeError("PostgreSQL's initdb is not installed")
        self.bin = found
        self.folder = Path(tempfile.mkdtemp(prefix="werewolf-pg-"))
        self.data = self.folder / "data"
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://werewolf@/werewolf?host={self.folder}&port={self.port}"

    def create(self) -> None:
        self.folder.chmod(0o755)
        if os.getuid() == 0:
            shutil.chown(self.folder, OWNER)
        self._run(
            "initdb", "-D", str(self.data), "-A", "trust", "-U", "werewolf", "-E", "UTF8", "--locale=C.UTF-8"
        )
        self.start()
        self._run("createdb", "-h", str(self.folder), "-p", str(self.port), "-U", "werewolf", "werewolf")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses='' -c fsync=off"
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "-o",
            options,
            "start",
        )

    def stop(self) -> None:
        """Stop the server at once, as a crash or `kill -9` of the server would (no clean shutdown)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def remove(self) -> None:
        """Stop the server if it runs and delete the cluster."""
        if (self.data / "postmaster.pid").exists():
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if os.getuid() == 0:
            command = ["runuser", "-u", OWNER, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)
