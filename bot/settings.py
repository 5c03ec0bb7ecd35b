"""Typed settings from the environment or `.env` (prefix-free names, e.g. DISCORD_TOKEN)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # SecretStr keeps the token out of reprs, logs and tracebacks.
    discord_token: SecretStr | None = None
    database_path: str = "./caravanserai.db"
    # postgresql://user:password@host/db keeps matches in PostgreSQL instead of the SQLite file above.
    database_url: SecretStr | None = None
    turn_clock_hours: float = Field(72.0, gt=0)
    # Polite reminders at these fractions of the turn clock; the clock's expiry comes at 1.0.
    reminder_fractions: Annotated[tuple[float, ...], NoDecode] = (0.5, 0.8, 0.95)
    reminder_poll_seconds: float = Field(30.0, gt=0)
    # Several processes may share one PostgreSQL database, each connecting SHARD_IDS (e.g. "0-1" or "2,3") of
    # SHARD_COUNT gateway shards; unset, one process connects them all.
    shard_count: int | None = Field(None, gt=0)
    shard_ids: Annotated[tuple[int, ...], NoDecode] = ()
    # How long a process's claim on background work (a due reminder, a match's deliveries) holds before
    # another process may take the work over, should this one have died.
    work_lease_seconds: float = Field(60.0, gt=0)
    # SQLite only: an online backup every BACKUP_EVERY_HOURS into BACKUP_DIR (default: backups/ beside the
    # database), keeping the BACKUP_KEEP newest. PostgreSQL is backed up with pg_dump (docs/deploy.md).
    backup_every_hours: float | None = Field(None, gt=0)
    backup_dir: str | None = None
    backup_keep: int = Field(7, ge=1)
    log_level: str = "INFO"
    # Guilds where slash commands are synced instantly (development); empty: global sync.
    dev_guild_ids: Annotated[tuple[int, ...], NoDecode] = ()
    # Where discord.py sends REST calls and opens the gateway; only changed to test against a local fake.
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    # The operator's endpoint (/health, /metrics); -1 turns it off, 0 takes any free port. Loopback unless
    # told otherwise (the Docker image listens on every interface).
    metrics_host: str = "127.0.0.1"
    metrics_port: int = Field(8080, ge=-1, le=65535)
    # Processes drawing pictures, beside the one running the bot; 0 draws in a thread of the bot's process.
    render_processes: int = Field(2, ge=0, le=64)

    @property
    def database(self) -> str:
        """Where matches live: DATABASE_URL when set, else the SQLite file at DATABASE_PATH."""
        return self.database_url.get_secret_value() if self.database_url else self.database_path

    @field_validator("reminder_fractions")
    @classmethod
    def _fractions_inside_the_clock(cls, value: tuple[float, ...]) -> tuple[float, ...]:
        if any(not 0 < f < 1 for f in value):
            raise ValueError("each reminder fraction must be between 0 and 1")
        return tuple(sorted(value))

    @property
    def worker(self) -> str:
        """Who this process is when it claims background work: its shards, so that a process restarted with
        the same shards takes its predecessor's unfinished claims over at once instead of waiting out the
        leases (processes on one database run different shards)."""
        if self.shard_count is None:
            return "all shards"
        return f"shards {','.join(map(str, self.shard_ids or range(self.shard_count)))} of {self.shard_count}"

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ranges(cls, value):
        """"0-3,6" is shards 0, 1, 2, 3 and 6."""
        if not isinstance(value, str):
            return value
        ids: list[int] = []
        for part in filter(None, (p.strip() for p in value.split(","))):
            first, _, last = part.partition("-")
            ids += range(int(first), int(last or first) + 1)
        return tuple(ids)

    @model_validator(mode="after")
    def _shards_within_the_count(self) -> Settings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards all processes share)")
        if self.shard_count is not None and any(not 0 <= i < self.shard_count for i in self.shard_ids):
            raise ValueError(f"each of SHARD_IDS must be between 0 and SHARD_COUNT - 1 ({self.shard_count - 1})")
        return self

    @field_validator("dev_guild_ids", "reminder_fractions", mode="before")
    @classmethod
    def _comma_separated(cls, value):
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value
