"""A league as the league service loads and saves it: its settings, members and this season's rounds.

Every change a command asks for is a method here that either returns the changed league or refuses with a
sentence (`LeagueRefusal`) and changes nothing; the service only loads, calls, saves and announces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict

from .errors import LeagueRefusal
from .pods import Table, form_tables
from .settings import Format, LeagueSettings
from .tournament import Deal, Stage, Tournament


class Member(BaseModel):
    model_config = ConfigDict(frozen=True)

    player: int
    joined_at: float
    name: str | None = None            # the name they joined with, for pictures (mentions need no name)


class SeatedTable(BaseModel):
    """A table of a round; `match_id` is set once the bot has created its match."""

    model_config = ConfigDict(frozen=True)

    players: tuple[int, ...]
    ai_seats: int = 0
    match_id: int | None = None


class Round(BaseModel):
    model_config = ConfigDict(frozen=True)

    number: int
    opened_at: float
    deadline: float
    tables: tuple[SeatedTable, ...]
    closed_at: float | None = None
    final: bool = False                # the season's final: one table of its top players, never in the standings
    tournament: bool = False           # a round of the league's tournament, never in the standings

    @property
    def open(self) -> bool:
        return self.closed_at is None

    def match_ids(self) -> list[int]:
        return [t.match_id for t in self.tables if t.match_id is not None]


class League(BaseModel):
    model_config = ConfigDict(frozen=True)

    guild_id: int
    settings: LeagueSettings
    id: int | None = None
    season: int = 1
    admin_role: int | None = None      # besides the server's managers, who may run the league
    channel_id: int | None = None      # where it was created: rounds are announced there, tables are its threads
    members: tuple[Member, ...] = ()
    rounds: tuple[Round, ...] = ()     # this season's
    tournament: Tournament | None = None  # this season's, running or over

    # ---- who ---------------------------------------------------------------------------------------------
    def member_ids(self) -> list[int]:
        """Members in the order they joined (the last tie-break of the standings)."""
        return [m.player for m in self.members]

    def is_member(self, player: int) -> bool:
        return any(m.player == player for m in self.members)

    def may_run(self, *, is_manager: bool, roles: Sequence[int]) -> bool:
        return is_manager or (self.admin_role is not None and self.admin_role in roles)

    def check_admin(self, *, is_manager: bool, roles: Sequence[int]) -> None:
        if not self.may_run(is_manager=is_manager, roles=roles):
            raise LeagueRefusal("league.refusal.not_admin", league=self.settings.name)

    def join(self, player: int, now: float, name: str | None = None) -> League:
        if self.is_member(player):
            raise LeagueRefusal("league.refusal.already_member", league=self.settings.name)
        if self.settings.ends_at is not None and now >= self.settings.ends_at:
            raise LeagueRefusal("league.refusal.season_over", league=self.settings.name)
        return self.model_copy(update={"members": (*self.members, Member(player=player, joined_at=now, name=name))})

    def leave(self, player: int) -> League:
        """Leaving (or being dropped): matches already played still count for the players met."""
        if not self.is_member(player):
            raise LeagueRefusal("league.refusal.not_member", league=self.settings.name)
        return self.model_copy(update={"members": tuple(m for m in self.members if m.player != player)})

    # ---- rounds ------------------------------------------------------------------------------------------
    @property
    def current_round(self) -> Round | None:
        return next((r for r in self.rounds if r.open), None)

    @property
    def final(self) -> Round | None:
        return next((r for r in self.rounds if r.final), None)

    @property
    def on_the_clock(self) -> bool:
        """Whether the league clock may have work here: a round open, rounds on a schedule, a season end date."""
        return (self.current_round is not None or self.settings.schedule_days is not None
                or self.settings.ends_at is not None or self.tournament_running)

    @property
    def tournament_running(self) -> bool:
        return self.tournament is not None and not self.tournament.over

    def season_due_to_end(self, now: float) -> bool:
        """A season with an end date ends once that date has passed and no round is open."""
        return self.current_round is None and self.settings.ends_at is not None and now >= self.settings.ends_at

    def open_round(self, now: float, ranked: Sequence[int]) -> tuple[League, Round]:
        """Seat every member for the next round. `ranked`: the members by current standings, best first."""
        name = self.settings.name
        self._check_no_final()
        self._check_no_tournament()
        if self.settings.format is Format.LADDER:
            raise LeagueRefusal("league.refusal.ladder_has_no_rounds", league=name)
        if self.current_round is not None:
            raise LeagueRefusal("league.refusal.round_open", league=name, round=self.current_round.number)
        if now < self.settings.starts_at or (self.settings.ends_at is not None and now >= self.settings.ends_at):
            raise LeagueRefusal("league.refusal.season_over", league=name)
        members = self.member_ids()
        if len(members) < 2:
            raise LeagueRefusal("league.refusal.too_few", league=name)
        order = [p for p in ranked if p in members] + [p for p in members if p not in ranked]
        past = [t.players for r in self.rounds for t in r.tables]
        low, high = self.settings.table_sizes
        tables = form_tables(order, past, low, high, self.settings.shortfall)
        opened = Round(number=len(self.rounds) + 1, opened_at=now, deadline=now + self.settings.round_seconds,
                       tables=tuple(SeatedTable(players=t.players, ai_seats=t.ai_seats) for t in tables))
        return self.model_copy(update={"rounds": (*self.rounds, opened)}), opened

    def seat_match(self, number: int, table: int, match_id: int) -> League:
        """Record the match the bot created for a table of a round."""
        return self._with_round(number, lambda r: r.model_copy(update={"tables": tuple(
            t.model_copy(update={"match_id": match_id}) if i == table else t for i, t in enumerate(r.tables))}))

    def withdraw_round(self, number: int) -> League:
        """The league as it was before round `number` opened (it could not be seated): it may simply open again."""
        self._with_round(number, lambda r: r)
        update: dict[str, object] = {"rounds": tuple(r for r in self.rounds if r.number != number)}
        if self.tournament is not None:  # a tournament whose first round is withdrawn was never started
            stages = tuple(s for s in self.tournament.stages if s.round != number)
            update["tournament"] = self.tournament.model_copy(update={"stages": stages}) if stages else None
        return self.model_copy(update=update)

    def close_round(self, number: int, now: float) -> League:
        return self._with_round(number, lambda r: r.model_copy(update={"closed_at": now}))

    def league_matches(self) -> list[int]:
        """Every match of this season's rounds (what the pods standings count; the final is not one)."""
        return [m for r in self.rounds if not (r.final or r.tournament) for m in r.match_ids()]

    def tournament_matches(self) -> set[int]:
        """Every match of this season's tournament (no standings count them, a ladder's neither)."""
        return {m for r in self.rounds if r.tournament for m in r.match_ids()}

    def rounds_played(self) -> int:
        return sum(not (r.final or r.tournament) for r in self.rounds)

    def open_final(self, now: float, table: Table) -> tuple[League, Round]:
        """End the season with its final: one table of the top players, with a round's deadline. The standings
        stop when it opens (no round opens any more; a ladder counts no match finished later)."""
        self._check_no_final()
        self._check_no_tournament()
        if self.current_round is not None:
            raise LeagueRefusal("league.refusal.round_open", league=self.settings.name,
                                round=self.current_round.number)
        final = Round(number=len(self.rounds) + 1, opened_at=now, deadline=now + self.settings.round_seconds,
                      tables=(SeatedTable(players=table.players, ai_seats=table.ai_seats),), final=True)
        return self.model_copy(update={"rounds": (*self.rounds, final)}), final

    def _check_no_final(self) -> None:
        if self.final is not None:
            raise LeagueRefusal("league.refusal.final_open", league=self.settings.name)

    def _check_no_tournament(self) -> None:
        if self.tournament_running:
            raise LeagueRefusal("league.refusal.tournament_on", league=self.settings.name)

    # ---- the tournament (bot/leagues/tournament.py) --------------------------------------------------------
    def start_tournament(self, tournament: Tournament) -> League:
        self._check_no_final()
        self._check_no_tournament()
        if self.current_round is not None:
            raise LeagueRefusal("league.refusal.round_open", league=self.settings.name,
                                round=self.current_round.number)
        return self.model_copy(update={"tournament": tournament})

    def open_tournament_round(self, now: float, deal: Deal) -> tuple[League, Round]:
        """The tournament's next round, a round of the league with a round's deadline."""
        assert self.tournament is not None
        opened = Round(number=len(self.rounds) + 1, opened_at=now, deadline=now + self.settings.round_seconds,
                       tables=tuple(SeatedTable(players=t.players, ai_seats=t.ai_seats) for t in deal.tables),
                       tournament=True)
        stage = Stage(round=opened.number, byes=deal.byes, final=deal.final)
        tournament = self.tournament.model_copy(update={"stages": (*self.tournament.stages, stage)})
        return self.model_copy(update={"rounds": (*self.rounds, opened), "tournament": tournament}), opened

    def end_tournament(self, champion: int | None) -> League:
        assert self.tournament is not None
        return self.model_copy(update={"tournament": self.tournament.model_copy(
            update={"champion": champion, "over": True})})

    def new_season(self, now: float) -> League:
        """The next season: the same members and settings, from now (to the season length, if any), with no
        rounds yet."""
        if self.current_round is not None:
            raise LeagueRefusal("league.refusal.round_open", league=self.settings.name,
                                round=self.current_round.number)
        self._check_no_tournament()
        return self.model_copy(update={"season": self.season + 1, "rounds": (), "tournament": None,
                                       "settings": self.settings.season_from(now)})

    def _with_round(self, number: int, change: Callable[[Round], Round]) -> League:
        if not any(r.number == number for r in self.rounds):
            raise LeagueRefusal("league.refusal.no_round", league=self.settings.name, round=number)
        return self.model_copy(update={"rounds": tuple(change(r) if r.number == number else r for r in self.rounds)})

