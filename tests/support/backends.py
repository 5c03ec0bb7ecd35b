"""One fixture for every storage backend (a pytest plugin, loaded by tests/conftest.py).

`database_url` (and `storage` in tests/bot, built on it) gives each test a fresh, empty database. By default a
test runs on SQLite only; a test, class or module marked `every_backend` runs once per backend:

- sqlite: a file in the test's tmp_path;
- postgresql: a schema of its own in one throwaway cluster for the whole run (TEST_DATABASE_URL names an
  existing server instead). Without PostgreSQL on the machine those runs are skipped, with the reason in
  the skip and in the run's closing summary. REQUIRE_POSTGRESQL=1 (set by .ci/run) turns that skip into an
  error, so CI cannot pass without the PostgreSQL run.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest

from .postgres import server_bin, throwaway_cluster

BACKENDS = ("sqlite", "postgresql")
NO_POSTGRES = ("PostgreSQL run skipped: no PostgreSQL server on this machine (install Debian's postgresql "
               "package, or set TEST_DATABASE_URL=postgresql://…); everything ran on SQLite")
_skipped_postgres: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "every_backend: run the test once on SQLite and once on PostgreSQL")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        backends = BACKENDS if metafunc.definition.get_closest_marker("every_backend") else ("sqlite",)
        metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server the tests may create schemas in."""
    if url := os.environ.get("TEST_DATABASE_URL"):
        yield url
        return
    bin_dir = server_bin()
    if bin_dir is None:
        if os.environ.get("REQUIRE_POSTGRESQL"):
            pytest.fail("REQUIRE_POSTGRESQL is set but no PostgreSQL server was found")
        _skipped_postgres.append(NO_POSTGRES)
        pytest.skip(NO_POSTGRES)
    with throwaway_cluster(bin_dir) as url:
        yield url


@pytest.fixture
async def database_url(backend: str, request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[str]:
    """A fresh, empty database on the test's backend, as a DATABASE_URL."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'bot.db'}"
        return
    async with postgres_schema(request.getfixturevalue("postgres_server")) as url:
        yield url


@contextlib.asynccontextmanager
async def postgres_schema(server: str) -> AsyncIterator[str]:
    """A fresh schema on the server, dropped afterwards, as a DATABASE_URL."""
    import asyncpg

    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        # asyncpg passes unknown URL parameters on as server settings: every connection works in the schema.
        yield f"{server}{'&' if '?' in server else '?'}search_path={schema}"
    finally:
        with contextlib.suppress(Exception):
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


def pytest_terminal_summary(terminalreporter) -> None:
    if _skipped_postgres:
        terminalreporter.write_line(NO_POSTGRES, yellow=True)
