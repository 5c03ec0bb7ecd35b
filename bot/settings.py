"""Typed settings from the environment or `.env` (prefix-free names, e.g. DISCORD_TOKEN).

The model is the one description of the settings: `python -m bot --help` lists them from it (name, what it
is, what it accepts, its default), and a bad value is refused with a sentence built from the same field.
"""

from __future__ import annotations

import textwrap
import types
import typing
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DATABASE_SCHEMES = ("postgresql://", "postgres://", "sqlite://")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # SecretStr keeps the token out of reprs, logs and tracebacks.
    discord_token: SecretStr | None = Field(
        None, description="Your bot's token, from the Discord Developer Portal (your application, Bot, Reset "
        "Token). The only setting you must give.",
        json_schema_extra={"accepts": "the token", "unset": "the bot does not start"})
    database_path: str = Field(
        "./caravanserai.db", description="The SQLite file the matches live in, created on first start.",
        json_schema_extra={"accepts": "a file's path"})
    database_url: SecretStr | None = Field(
        None, description="Keeps the matches in PostgreSQL (postgresql://user:password@host:port/database) "
        "instead of the SQLite file of DATABASE_PATH.",
        json_schema_extra={"accepts": "a URL starting postgresql:// (or sqlite:/// and a file's path)",
                           "unset": "the SQLite file of DATABASE_PATH"})
    turn_clock_hours: float = Field(72.0, gt=0, description="Hours a player has for a turn, unless the match's "
                                    "host or its league sets its own.")
    reminder_fractions: Annotated[tuple[float, ...], NoDecode] = Field(
        (0.5, 0.8, 0.95), description="When players are reminded, as fractions of the turn clock (its expiry "
        "comes at 1).", json_schema_extra={"accepts": "numbers between 0 and 1, separated by commas"})
    reminder_poll_seconds: float = Field(30.0, gt=0, description="How often the turn clock looks for due "
                                         "reminders, in seconds.")
    shard_count: int | None = Field(
        None, gt=0, description="With several processes on one PostgreSQL database: how many gateway shards "
        "they share.", json_schema_extra={"unset": "one process connects every shard"})
    shard_ids: Annotated[tuple[int, ...], NoDecode] = Field(
        (), description="The shards this process connects, of SHARD_COUNT.",
        json_schema_extra={"accepts": 'shard numbers and ranges separated by commas, e.g. "0-1" or "2,3"',
                           "unset": "every shard of SHARD_COUNT"})
    work_lease_seconds: float = Field(
        60.0, gt=0, description="How long a process's claim on background work holds before another process "
        "may take the work over, should this one have died.")
    backup_every_hours: float | None = Field(
        None, gt=0, description="SQLite only: hours between online backups of the database (PostgreSQL is "
        "backed up with pg_dump).", json_schema_extra={"unset": "no backups"})
    backup_dir: str | None = Field(None, description="The folder the backups go to.",
                                   json_schema_extra={"accepts": "a folder's path",
                                                      "unset": "backups/ beside the database"})
    backup_keep: int = Field(7, ge=1, description="How many of the newest backups are kept.")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = Field(
        "INFO", description="How much the bot logs (to standard error).")
    dev_guild_ids: Annotated[tuple[int, ...], NoDecode] = Field(
        (), description="Servers where the slash commands are registered at once, for development.",
        json_schema_extra={"accepts": "server ids (whole numbers) separated by commas",
                           "unset": "registered for every server, which Discord may take a while to show"})
    discord_api_base: str | None = Field(
        None, description="Where discord.py sends REST calls; only changed to test against a local fake.",
        json_schema_extra={"accepts": "a URL", "unset": "Discord's own"})
    discord_gateway_url: str | None = Field(
        None, description="Where discord.py opens the gateway; only changed to test against a local fake.",
        json_schema_extra={"accepts": "a URL", "unset": "Discord's own"})
    metrics_host: str = Field("127.0.0.1", description="The address /health and /metrics listen on (the Docker "
                              "image listens on every interface).",
                              json_schema_extra={"accepts": "an IP address or a host name"})
    metrics_port: int = Field(8080, ge=-1, le=65535, description="The port of /health and /metrics; -1 turns "
                              "them off, 0 takes any free port.")
    render_processes: int = Field(2, ge=0, le=64, description="Processes drawing pictures beside the bot's; 0 "
                                  "draws in a thread of the bot's process.")

    @property
    def database(self) -> str:
        """Where matches live: DATABASE_URL when set, else the SQLite file at DATABASE_PATH."""
        return self.database_url.get_secret_value() if self.database_url else self.database_path

    @property
    def database_setting(self) -> str:
        """The setting that names the database, for a sentence about it."""
        return "DATABASE_URL" if self.database_url else "DATABASE_PATH"

    @field_validator("database_url")
    @classmethod
    def _a_database_we_support(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(DATABASE_SCHEMES):
            raise ValueError("not a database URL the bot supports")
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

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
    def _shard_ranges(cls, value: object) -> object:
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
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value


class BadSettings(Exception):
    """Settings that cannot be used: one sentence per bad setting, naming it and what it accepts."""


def read_settings() -> Settings:
    """The settings from the environment and `.env`; raises BadSettings saying what is wrong."""
    try:
        return Settings()  # every field comes from the environment or .env
    except ValidationError as error:
        raise BadSettings("\n".join(dict.fromkeys(_sentence(problem) for problem in error.errors()))) from None


def _sentence(problem: Any) -> str:
    location = problem["loc"]
    if not location:  # the whole model: its own sentence names the settings
        return str(problem["msg"]).removeprefix("Value error, ").rstrip(".") + "."
    name = str(location[0])
    field = Settings.model_fields[name]
    setting = name.upper()
    if field.annotation is SecretStr or _inner(field.annotation) is SecretStr:
        shown = f"{setting} is not valid"  # never echo a token or a password
    else:
        verb = "hold" if len(location) > 1 else "be"
        shown = f"{setting} cannot {verb} {_plain(problem.get('input'))!r}"
    return f"{shown}: it takes {accepts(name)} (unset: {default_of(name)})."


def _plain(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def _inner(annotation: Any) -> Any:
    """X for `X | None`, else the annotation itself."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        (inner,) = [a for a in typing.get_args(annotation) if a is not type(None)]
        return inner
    return annotation


def accepts(name: str) -> str:
    """What a setting accepts, in words, from its type and its bounds."""
    field: FieldInfo = Settings.model_fields[name]
    extra = field.json_schema_extra
    if isinstance(extra, dict) and "accepts" in extra:
        return str(extra["accepts"])
    kind = _inner(field.annotation)
    if typing.get_origin(kind) is Literal:
        return "one of " + ", ".join(map(str, typing.get_args(kind)))
    words = {float: "a number", int: "a whole number"}.get(kind, "text")
    bounds = {bound: getattr(m, bound) for m in field.metadata for bound in ("gt", "ge", "le") if hasattr(m, bound)}
    if "ge" in bounds and "le" in bounds:
        return f"{words} from {bounds['ge']} to {bounds['le']}"
    if "gt" in bounds:
        return f"{words} greater than {bounds['gt']}"
    if "ge" in bounds:
        return f"{words} of at least {bounds['ge']}"
    return words


def default_of(name: str) -> str:
    field = Settings.model_fields[name]
    if isinstance(field.json_schema_extra, dict) and "unset" in field.json_schema_extra:
        return str(field.json_schema_extra["unset"])
    default = field.default
    if default is None or default == ():
        return "none"
    if isinstance(default, tuple):
        return ",".join(map(str, default))
    return f"{default:g}" if isinstance(default, float) else str(default)


def help_text() -> str:
    """`python -m bot --help`: how to run the bot, and every setting with what it accepts and its default."""
    lines = [
        "usage: python -m bot [migrate | backup | restore] [--help]",
        "",
        "Runs Caravanserai, the Discord bot, with the settings below, read from the environment or from a .env",
        "file in the current folder (NAME=value, one a line). Only DISCORD_TOKEN must be given. The bot stops",
        "with one sentence and a non-zero exit status when a setting, the database or Discord is not right.",
        "'python -m bot migrate|backup|restore --help' describes the database's upkeep (docs/deploy.md).",
        "",
        "settings:",
    ]
    for name, field in Settings.model_fields.items():
        lines.append(f"  {name.upper()}")
        lines.append(textwrap.fill(f"{field.description} Takes {accepts(name)}; unset: {default_of(name)}.",
                                   width=100, initial_indent=" " * 6, subsequent_indent=" " * 6))
    return "\n".join(lines)
