"""A league's settings, with the defaults a server gets when its manager only names the league and the game.

Every default, and why, is written in docs/leagues.md.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.ai import LEVELS
from engine.core.game import get_game

from .errors import LeagueRefusal

DAY = 86400.0  # seconds
SEASON_DAYS_MAX = 365.0  # a season of a year at most: longer, its standings say little about this year


class Format(StrEnum):
    PODS = "pods"        # the bot forms the tables of each round from the members, by standings
    LADDER = "ladder"    # any finished match of the league's game and variant between members counts


class Shortfall(StrEnum):
    """What the bot does when the members cannot fill tables of the league's largest size."""

    MIXED = "mixed"      # tables of different sizes within the league's range (AI seats only when no split fits)
    AI = "ai"            # every table at the largest size; AI seats fill the empty chairs


class AtDeadline(StrEnum):
    """What becomes of a round's match still running when the round's deadline passes."""

    PLAY_OUT = "play_out"  # the AI plays it to the end at once; the players it was waiting for forfeit
    VOID = "void"          # it counts for nobody


class AiPlaces(StrEnum):
    """Whether AI seats take places at a table (a player beaten by an AI is second) or are left out."""

    COUNT = "count"
    SKIP = "skip"


@cache
def default_points(size: int) -> tuple[float, ...]:
    """6 for first and 0 for last, evenly spaced between: 6/4/2/0 at four, 6/3/0 at three, 6/0 at two,
    6/4.5/3/1.5/0 at five. A table's winner earns the same wherever the round seated them."""
    if size == 1:
        return (6.0,)
    return tuple(round(6 * (size - 1 - place) / (size - 1), 2) for place in range(size))


def season_end(starts_at: float, season_days: float | None) -> float | None:
    """When a season starting at `starts_at` ends: after its length, if it has one."""
    return starts_at + season_days * DAY if season_days else None


class LeagueSettings(BaseModel):
    """Checked against the game: table sizes within its seat range, variant params valid for it."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=60)
    game: str
    params: dict[str, Any] = Field(default_factory=dict)
    format: Format = Format.PODS
    starts_at: float                          # season dates, Unix time
    ends_at: float | None = None              # an open-ended season when None
    season_days: float | None = None          # each season ends this many days after it starts (None, or 0: no end)
    min_table: int                            # left out: the game's smallest table
    max_table: int                            # left out: 4, or the game's largest table when smaller
    shortfall: Shortfall = Shortfall.MIXED
    placement_points: dict[int, tuple[float, ...]] = Field(default_factory=dict)  # by table size
    turn_clock_hours: float = Field(48.0, gt=0, le=24 * 30)
    away_days: float = Field(14.0, ge=0, le=30)              # a player's break stops their clocks at most this long
    round_days: float = Field(14.0, gt=0, le=120)           # a round's deadline, from when it opens
    schedule_days: float | None = Field(None, gt=0, le=120)  # open rounds by themselves this often
    at_deadline: AtDeadline = AtDeadline.PLAY_OUT
    forfeit_points: float = 0.0
    ai_places: AiPlaces = AiPlaces.COUNT
    ai_level: Literal["easy", "normal", "expert"] = "normal"  # how well the AI plays its places and stand-ins
    final_players: int = 0                    # the season ends with a final of its top N players (0: no final)
    table_results: bool = False               # results of games played face to face, recorded for it, count

    @field_validator("name")
    @classmethod
    def _name(cls, name: str) -> str:
        return " ".join(name.split())

    @model_validator(mode="before")
    @classmethod
    def _game_defaults(cls, data: Any) -> Any:
        """Table sizes left out take the game's; the variant params are checked and completed by the game."""
        if not isinstance(data, dict) or "game" not in data:
            return data
        spec = get_game(data["game"]).spec
        data = dict(data)
        data["min_table"] = data.get("min_table") or spec.min_seats
        data["max_table"] = data.get("max_table") or min(4, spec.max_seats)
        data["params"] = spec.params_model.model_validate(data.get("params") or {}).model_dump(mode="json")
        return data

    @model_validator(mode="before")
    @classmethod
    def _season_end(cls, data: Any) -> Any:
        """A season length sets the season's end when none is given; 0 means no length (an open season)."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        if not data.get("season_days"):
            data["season_days"] = None
        elif data.get("ends_at") is None and isinstance(data.get("starts_at"), int | float):
            data["ends_at"] = season_end(data["starts_at"], float(data["season_days"]))
        return data

    @model_validator(mode="after")
    def _fits_the_game(self) -> LeagueSettings:
        spec = get_game(self.game).spec
        if not spec.min_seats <= self.min_table <= self.max_table <= spec.max_seats:
            raise LeagueRefusal("league.refusal.table_size", game=spec.title, low=self.min_table,
                                high=self.max_table, min=spec.min_seats, max=spec.max_seats)
        if self.final_players and not self.final_range[0] <= self.final_players <= self.final_range[1]:
            raise LeagueRefusal("league.refusal.final_size", game=spec.title, final=self.final_players,
                                min=self.final_range[0], max=self.final_range[1])
        if self.season_days is not None and not self.season_range[0] <= self.season_days <= self.season_range[1]:
            raise LeagueRefusal("league.refusal.season_length", league=self.name, days=f"{self.season_days:g}",
                                min=f"{self.season_range[0]:g}", max=f"{self.season_range[1]:g}")
        if self.ends_at is not None and self.ends_at <= self.starts_at:
            raise LeagueRefusal("league.refusal.season_dates")
        for size, points in self.placement_points.items():
            if len(points) != size or any(a < b for a, b in zip(points, points[1:], strict=False)):
                raise LeagueRefusal("league.refusal.points", size=size)
        return self

    @classmethod
    def checked(cls, **fields: Any) -> LeagueSettings:
        """Settings from a command's options: any value out of range is refused with a sentence naming it."""
        try:
            return cls.model_validate(fields)
        except ValidationError as error:
            first = error.errors()[0]
            raise LeagueRefusal("league.refusal.setting", setting=".".join(map(str, first["loc"])) or "?") from None

    @property
    def table_sizes(self) -> tuple[int, int]:
        return self.min_table, self.max_table

    @property
    def final_range(self) -> tuple[int, int]:
        """How many players a final may seat: the game's seat range, two at least."""
        spec = get_game(self.game).spec
        return max(2, spec.min_seats), spec.max_seats

    @property
    def season_range(self) -> tuple[float, float]:
        """How many days a season may last: a round's length at least (a day for a ladder), a year at most."""
        return max(1.0, self.round_days) if self.format is Format.PODS else 1.0, SEASON_DAYS_MAX

    def season_from(self, starts_at: float) -> LeagueSettings:
        """These settings for a season starting at `starts_at`: it ends after the season length, if any."""
        return self.model_copy(update={"starts_at": starts_at, "ends_at": season_end(starts_at, self.season_days)})

    @property
    def round_seconds(self) -> float:
        return self.round_days * DAY

    def points(self, size: int) -> tuple[float, ...]:
        """Points by place at a table of `size` seats (first place first)."""
        return self.placement_points.get(size) or default_points(size)

    def points_for(self, place: int, tied: int, size: int) -> float:
        """Points for `place` (1 = first) shared by `tied` seats: the mean of the places they cover."""
        covered = self.points(size)[place - 1: place - 1 + tied]
        return round(sum(covered) / len(covered), 2)

    def same_variant(self, params: dict[str, Any]) -> bool:
        """Whether a match played with `params` is of this league's variant (defaults filled in)."""
        return get_game(self.game).spec.params_model.model_validate(params).model_dump(mode="json") == self.params

    def match_settings(self) -> dict[str, Any]:
        """The settings a league match is created with (the match service's MatchSettings)."""
        return {"clock_hours": self.turn_clock_hours, "on_expiry": "ai", "resign": "ai",
                "max_away_days": self.away_days, "ai_policy": LEVELS[self.ai_level]}
