"""Recording, correcting and confirming results of games played face to face, over storage.

Who may do what (every refusal one sentence naming the rule):
- *record*: a player at the table, or an admin (a server manager; for a league's result, also its admin role);
- *correct* (record again over a confirmed or waiting result, same match number): an admin only;
- *confirm*: another player at the table or an admin, never whoever recorded (or corrected) it.
Until confirmed a record counts nowhere; a correction leaves the result it corrects counting until it is
confirmed in its turn. A league counts a confirmed result recorded for it when its `table_results` setting
allows it, the game is its own, every player is a member, and the season has not reached its final.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import get_game

from ..leagues.league import League
from ..leagues.service import LeagueService
from ..results import shared_places
from ..services import MatchSettings, Refusal
from ..storage import MatchRecord, MatchStatus, SeatRecord, Storage
from ..storage.tabletop import TableRecord, TableResultStorage
from .scores import Recorded, outcome

Admin = tuple[bool, Sequence[int]]  # (manages the server, role ids)


@dataclass(frozen=True)
class TableResult:
    """A record as its message shows it."""

    record: TableRecord
    game: str
    league: str | None

    @property
    def match_id(self) -> int:
        return self.record.match_id

    def placed(self) -> list[tuple[int, Recorded]]:
        """(place, player) best first; players tied on points and every tie-break share a place."""
        scores = {int(s): v for s, v in self.record.outcome["scores"].items()}
        breaks = {int(s): v for s, v in self.record.outcome["tiebreaks"].items()}
        ranking = self.record.outcome["ranking"]
        places = shared_places(ranking, scores, breaks)
        return [(places[seat], Recorded.from_json(self.record.players[seat])) for seat in ranking]


class TabletopService:
    def __init__(self, tables: TableResultStorage, storage: Storage, leagues: LeagueService, *,
                 now: Callable[[], float] = time.time):
        self.tables = tables
        self.storage = storage
        self.leagues = leagues
        self.now = now

    async def record(self, *, guild_id: int, channel_id: int, recorder: int, admin: Admin, game: str,
                     players: Sequence[Recorded], league: str | None = None, correct: int | None = None,
                     locale: str = "en") -> TableResult:
        spec = get_game(game).spec
        ranked = outcome(spec, players)
        if correct is not None:
            return await self._correct(guild_id, recorder, admin, game, players, ranked, league, correct)
        chosen = (await self.leagues.load(guild_id, league)).league if league is not None else None
        at_table = recorder in {p.player for p in players}
        if not at_table and not _runs(admin, chosen):
            raise Refusal("tabletop.refusal.record_who")
        if chosen is not None:
            _check_league(chosen, game, players)
        settings = MatchSettings.model_validate({"locale": locale, "at_table": True,
                                                 "league_id": chosen.id if chosen else None})
        match = MatchRecord(game=game, seed=0, channel_id=channel_id, place_id=channel_id, host_id=recorder,
                            guild_id=guild_id, settings=settings.model_dump(mode="json"), status=MatchStatus.RECORDED,
                            seats=[SeatRecord(seat=i, user_id=p.player, name=p.name or None)
                                   for i, p in enumerate(players)])
        record = await self.tables.record_table(match, TableRecord(
            match_id=0, recorded_by=recorder, players=[p.to_json() for p in players], outcome=ranked,
            recorded_at=self.now()))
        return TableResult(record, game, chosen.settings.name if chosen else None)

    async def _correct(self, guild_id: int, recorder: int, admin: Admin, game: str, players: Sequence[Recorded],
                       ranked: dict[str, Any], league: str | None, match_id: int) -> TableResult:
        match, record = await self._found(match_id, guild_id)
        recorded_for = await self._league_of(match)
        if league is not None and (recorded_for is None
                                   or (await self.leagues.load(guild_id, league)).league.id != recorded_for.id):
            raise Refusal("tabletop.refusal.correct_league", match=match_id)
        if not _runs(admin, recorded_for):
            raise Refusal("tabletop.refusal.correct_who")
        if match.game != game:
            raise Refusal("tabletop.refusal.correct_game", match=match_id, game=get_game(match.game).spec.title)
        if recorded_for is not None:
            _check_league(recorded_for, game, players)
        record.recorded_by, record.players, record.outcome = recorder, [p.to_json() for p in players], ranked
        record.confirmed_by = record.confirmed_at = record.message_id = None
        await self.tables.correct_table(record)
        return TableResult(record, game, recorded_for.settings.name if recorded_for else None)

    async def confirm(self, match_id: int, guild_id: int | None, user: int, admin: Admin) -> TableResult:
        match, record = await self._found(match_id, guild_id)
        if not record.waiting:
            raise Refusal("tabletop.refusal.confirmed", match=match_id)
        if user == record.recorded_by:
            raise Refusal("tabletop.refusal.own", match=match_id)
        league = await self._league_of(match)
        if user not in record.user_ids() and not _runs(admin, league):
            raise Refusal("tabletop.refusal.confirm_who", match=match_id)
        confirmed = await self.tables.confirm_table(match_id, user, self.now())
        if confirmed is None:  # another click confirmed it first
            raise Refusal("tabletop.refusal.confirmed", match=match_id)
        return TableResult(confirmed, match.game, league.settings.name if league else None)

    async def set_message(self, match_id: int, message_id: int) -> None:
        await self.tables.set_table_message(match_id, message_id)

    async def _found(self, match_id: int, guild_id: int | None) -> tuple[MatchRecord, TableRecord]:
        match = await self.storage.get_match(match_id)
        record = await self.tables.table_result(match_id) if match is not None else None
        if match is None or record is None or match.guild_id != guild_id:
            raise Refusal("tabletop.refusal.unknown", match=match_id)
        return match, record

    async def _league_of(self, match: MatchRecord) -> League | None:
        league_id = MatchSettings.model_validate(match.settings).league_id
        found = await self.leagues.storage.league(league_id) if league_id is not None else None
        return League.model_validate(found.data) if found is not None else None


def _runs(admin: Admin, league: League | None) -> bool:
    """Whether the caller is an admin for this result: a server manager, or the admin role of its league."""
    return admin[0] or (league is not None and league.may_run(is_manager=False, roles=admin[1]))


def _check_league(league: League, game: str, players: Sequence[Recorded]) -> None:
    name = league.settings.name
    if not league.settings.table_results:
        raise Refusal("tabletop.refusal.league_off", league=name)
    if league.settings.game != game:
        raise Refusal("tabletop.refusal.league_game", league=name, game=get_game(league.settings.game).spec.title)
    if league.final is not None:
        raise Refusal("tabletop.refusal.league_final", league=name)
    stranger = next((p for p in players if not league.is_member(p.player)), None)
    if stranger is not None:
        raise Refusal("tabletop.refusal.not_member", league=name, player=f"<@{stranger.player}>")
