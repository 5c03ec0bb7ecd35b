"""The lobby: opening a match, joining and leaving, AI seats, starting and cancelling."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.core import Event, Game, Message, get_game

from ..storage import LIVE, LogEntry, LogKind, MatchRecord, MatchStatus, PlaceTaken, SeatRecord
from . import ai
from .core import MatchCore, MatchSettings
from .errors import Refusal
from .payloads import FinalNews, LineNews, LobbyNews, outbox_item
from .tidings import colour_name


def starting_hands(match: MatchRecord, game: Game[Any]) -> list[Event]:
    """In a game with hidden information each player starts with something only they may see (a hand,
    the first cards to choose from): the start tells each human seat privately, so it reaches them as every
    later change does (with their hand picture), saved with the start itself."""
    if not game.spec.hidden_info:
        return []
    return [Event("bot.dm.starting_hand", {}, frozenset({s.seat})) for s in match.seats if not s.plays_ai]


class LobbyService:
    def __init__(self, core: MatchCore):
        self.core = core

    async def create(self, *, game_key: str, host_id: int, channel_id: int, place_id: int,
                     guild_id: int | None = None, settings: MatchSettings | None = None,
                     params: dict[str, Any] | None = None, host_name: str | None = None,
                     ai_players: int = 0) -> MatchRecord:
        """Open a lobby with its host and `ai_players` AI seats (at the match's AI level), all saved at once:
        a lobby that cannot take them all is not opened."""
        game = get_game(game_key)
        parsed = game.parse_params(params)
        spec = game.spec
        self.check_ai_players(game, ai_players)
        settings = settings or MatchSettings(clock_hours=self.core.default_clock_hours)
        self.check_challenged(game, host_id, settings.challenged, ai_players)
        if await self.core.storage.live_match_at(place_id) is not None:
            raise Refusal("bot.refusal.place_taken")
        seats = [SeatRecord(0, user_id=host_id, name=host_name)]
        policy = ai.default_policy(game, settings.ai_policy)
        seats += [SeatRecord(seat, ai=policy) for seat in range(1, 1 + ai_players)]
        match = MatchRecord(game=spec.key, seed=self.core.new_seed(), guild_id=guild_id, channel_id=channel_id,
                            place_id=place_id, host_id=host_id, params=parsed.model_dump(mode="json"),
                            settings=settings.model_dump(), seats=seats)
        try:
            match = await self.core.storage.create_match(match, outbox=[outbox_item(match.id, LobbyNews())])
        except PlaceTaken:
            raise Refusal("bot.refusal.place_taken") from None
        async with self.core.locks[match.id]:
            await self.core.deliver(match.id, match)
        return match

    @staticmethod
    def check_ai_players(game: Game[Any], ai_players: int) -> None:
        """Refused unless the host and `ai_players` AI seats fit at the game's table."""
        spec = game.spec
        if 1 + ai_players > spec.max_seats:
            raise Refusal("bot.refusal.too_many_ai", game=spec.title, high=spec.max_seats, most=spec.max_seats - 1)

    async def rematch(self, match_id: int, user_id: int, name: str | None = None) -> tuple[MatchRecord, bool]:
        """A player of an ended match asks to play it again: the first opens a lobby at the same place, with the
        same game, options, settings and AI seats, hosted by them, that only the match's other players may
        join; the others join it by asking too. Returns the lobby and whether this call opened it."""
        async with self.core.locks[match_id]:
            ended = await self.core.get(match_id)
            if ended.status in (MatchStatus.LOBBY, MatchStatus.RUNNING):
                raise Refusal("bot.refusal.rematch_not_ended")
            players = [s.user_id for s in ended.seats if s.user_id is not None]
            if user_id not in players:
                raise Refusal("bot.refusal.rematch_players_only", match=ended.id)
            here = await self.core.storage.live_match_at(ended.place_id)
            if here is not None:
                if here.settings.get("rematch_of") != ended.id:
                    raise Refusal("bot.refusal.place_taken")
                return await self.join(here.id, user_id, name=name), False
            settings = MatchSettings.model_validate(ended.settings).model_copy(update={
                "league_id": None, "rematch_of": ended.id, "challenged": [p for p in players if p != user_id]})
            ai_seats = [s for s in ended.seats if s.user_id is None]
            lobby = await self.create(game_key=ended.game, host_id=user_id, channel_id=ended.channel_id,
                                      place_id=ended.place_id, guild_id=ended.guild_id, settings=settings,
                                      params=ended.params, host_name=name, ai_players=len(ai_seats))
            return lobby, True

    @staticmethod
    def check_challenged(game: Game[Any], host_id: int, challenged: list[int], ai_players: int) -> None:
        """Refused unless the challenged players are others than the host, each named once, and fit at the
        table with the host and the AI seats."""
        if host_id in challenged:
            raise Refusal("bot.refusal.challenge_yourself")
        if len(set(challenged)) < len(challenged):
            raise Refusal("bot.refusal.challenge_twice")
        if 1 + len(challenged) + ai_players > game.spec.max_seats:
            raise Refusal("bot.refusal.challenge_too_many", game=game.spec.title, high=game.spec.max_seats)

    async def _lobby(self, match_id: int) -> MatchRecord:
        match = await self.core.get(match_id)
        if match.status != MatchStatus.LOBBY:
            raise Refusal("bot.refusal.lobby_closed")
        return match

    async def _save_lobby(self, match: MatchRecord) -> MatchRecord:
        match = await self.core.storage.save_match(match, outbox=[outbox_item(match.id, LobbyNews())])
        await self.core.deliver(match.id, match)
        return match

    async def join(self, match_id: int, user_id: int, name: str | None = None) -> MatchRecord:
        async with self.core.locks[match_id]:
            match = await self._lobby(match_id)
            spec = self.core.game_of(match).spec
            if match.seat_of(user_id):
                raise Refusal("bot.refusal.already_seated")
            challenged = MatchSettings.model_validate(match.settings).challenged
            if challenged and user_id not in challenged:
                raise Refusal("bot.refusal.challenge_only", host=f"<@{match.host_id}>")
            if len(match.seats) >= spec.max_seats:
                raise Refusal("bot.refusal.lobby_full", game=spec.title, high=spec.max_seats)
            match.seats.append(SeatRecord(len(match.seats), user_id=user_id, name=name))
            return await self._save_lobby(match)

    async def leave(self, match_id: int, user_id: int) -> MatchRecord:
        async with self.core.locks[match_id]:
            match = await self._lobby(match_id)
            if user_id == match.host_id:
                raise Refusal("bot.refusal.host_cannot_leave")
            if not match.seat_of(user_id):
                raise Refusal("bot.refusal.not_seated")
            self._renumber(match, [s for s in match.seats if s.user_id != user_id])
            return await self._save_lobby(match)

    async def add_ai(self, match_id: int, user_id: int, level: str | None = None, *,
                     is_manager: bool = False) -> MatchRecord:
        """Seat an AI playing at `level` (easy, normal, expert; by default the match's level)."""
        async with self.core.locks[match_id]:
            match = await self._lobby(match_id)
            self._require_host(match, user_id, is_manager=is_manager)
            game = self.core.game_of(match)
            spec = game.spec
            levels = ai.levels(game)
            if level is None:
                policy = ai.default_policy(game, self.core.settings_of(match).ai_policy)
            elif level in levels:
                policy = levels[level]
            else:
                raise Refusal("bot.refusal.unknown_ai", level=level, known=", ".join(levels))
            if len(match.seats) >= spec.max_seats:
                raise Refusal("bot.refusal.lobby_full", game=spec.title, high=spec.max_seats)
            match.seats.append(SeatRecord(len(match.seats), ai=policy))
            return await self._save_lobby(match)

    async def remove_ai(self, match_id: int, user_id: int, *, is_manager: bool = False) -> MatchRecord:
        async with self.core.locks[match_id]:
            match = await self._lobby(match_id)
            self._require_host(match, user_id, is_manager=is_manager)
            ai_seats = [s for s in match.seats if s.plays_ai]
            if not ai_seats:
                raise Refusal("bot.refusal.no_ai_seat")
            self._renumber(match, [s for s in match.seats if s is not ai_seats[-1]])
            return await self._save_lobby(match)

    @staticmethod
    def _renumber(match: MatchRecord, seats: list[SeatRecord]) -> None:
        for index, seat in enumerate(seats):
            seat.seat = index
        match.seats = seats

    @staticmethod
    def _require_host(match: MatchRecord, user_id: int, *, is_manager: bool) -> None:
        if user_id != match.host_id and not is_manager:
            raise Refusal("bot.refusal.host_only")

    async def start(self, match_id: int, user_id: int, *, is_manager: bool = False) -> MatchRecord:
        async with self.core.locks[match_id]:
            match = await self._lobby(match_id)
            self._require_host(match, user_id, is_manager=is_manager)
            game = self.core.game_of(match)
            spec = game.spec
            if not spec.min_seats <= len(match.seats) <= spec.max_seats:
                raise Refusal("bot.refusal.seat_count", game=spec.title, low=spec.min_seats,
                              high=spec.max_seats, seats=len(match.seats))
            state = await asyncio.to_thread(game.new_game, match.params, len(match.seats), match.seed)
            match.status = MatchStatus.RUNNING
            match = await self.core.commit(match, game, state, events=starting_hands(match, game),
                                           extra=[outbox_item(match.id, LobbyNews())])
            match, _ = await self.core.advance(match, game, state)
            await self.core.deliver(match_id, match)
            return match

    async def substitute(self, match_id: int, user_id: int, seat_number: int, player_id: int,
                         name: str | None = None, *, is_manager: bool = False) -> MatchRecord:
        """With the host's or a server manager's consent, a player takes over a seat the AI plays (from the start,
        or since its player left): the table is told who plays it now, they get the seat's private hand at once,
        a turn of the seat's is theirs with a full clock, and the match counts for them (docs/leagues.md)."""
        async with self.core.locks[match_id]:
            match = await self.core.get(match_id)
            if match.status != MatchStatus.RUNNING:
                raise Refusal("bot.refusal.not_running")
            self._require_host(match, user_id, is_manager=is_manager)
            if not 1 <= seat_number <= len(match.seats):
                raise Refusal("bot.refusal.no_such_seat", seat=seat_number, seats=len(match.seats))
            seat = match.seat(seat_number - 1)
            if not seat.plays_ai:
                raise Refusal("bot.refusal.seat_played", seat=seat_number)
            if any(s.user_id == player_id and s.seat != seat.seat for s in match.seats):
                raise Refusal("bot.refusal.already_seated")
            game = self.core.game_of(match)
            left = f"<@{seat.user_id}>" if seat.user_id is not None else None
            seat.user_id, seat.ai, seat.resigned, seat.name = player_id, None, False, name
            seat.awaited_since = None  # a turn of the seat's starts anew for its player: announced, a full clock
            said = Message("bot.match.substitute" if left else "bot.match.substitute_ai",
                           {"user": f"<@{player_id}>", "colour": colour_name(game, seat.seat), "left": left or ""})
            hand = [Event("bot.dm.substitute_hand", {}, frozenset({seat.seat}))] if game.spec.hidden_info else []
            # The log keeps when they took over: their reliability counts the seat's turns from then on.
            took_over = LogEntry(match.id, 0, LogKind.SUBSTITUTE, seat.seat, None, self.core.now())
            match = await self.core.commit(match, game, self.core.state_of(match, game), entry=took_over,
                                           events=hand, extra=[outbox_item(match.id, LineNews(said))])
            await self.core.deliver(match_id, match)
            return match

    async def cancel(self, match_id: int, user_id: int, *, is_manager: bool) -> MatchRecord:
        async with self.core.locks[match_id]:
            match = await self.core.get(match_id)
            if match.status not in LIVE:
                raise Refusal("bot.refusal.not_live")
            self._require_host(match, user_id, is_manager=is_manager)
            match.status = MatchStatus.CANCELLED
            why = Message("bot.match.cancelled", {"match": match.id})
            for seat in match.seats:
                seat.awaited_since = None
            # In the lobby the lobby message says so; a running match's players hear it and its buttons go.
            outbox = [outbox_item(match.id, LobbyNews()), outbox_item(match.id, LineNews(why))] \
                if match.state is None else [outbox_item(match.id, FinalNews(why))]
            match = await self.core.storage.save_match(match, reminders=[], outbox=outbox)
            await self.core.deliver(match_id, match)
            return match
