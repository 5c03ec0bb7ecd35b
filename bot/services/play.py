"""Playing: a player's steps (clicks and /play), their private controls, undo and resign."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel

from engine.ai import suggested_turn
from engine.core import Action, Event, Message

from ..storage import LogEntry, LogKind, MatchRecord, MatchStatus
from . import picks, pictures
from .core import MatchCore, effective_steps, taken_back
from .errors import Refusal, StaleBoard
from .payloads import PrivateNews
from .presenter import Choice, Panel
from .tidings import Names, colour_name, event_from_json, panel_of


@dataclass
class PlayResult:
    match: MatchRecord
    seat: int
    labels: list[Message]                     # the step in words (and those taken with it in the same click)
    private: list[Event]                      # private news for this player, shown in their reply
    private_ids: list[int]                    # the outbox items that news comes from
    hand_png: bytes | None                    # their hand, when there is private news
    panel: Panel | None                       # the next question, when the player keeps the move
    waiting: list[Message] = field(default_factory=list)  # who still chooses, after the player chose among several
    forced: list[Message] = field(default_factory=list)   # their only legal steps, which the bot took for them


def still_choosing(before: frozenset[int], after: frozenset[int], seat: int) -> frozenset[int]:
    """The seats still choosing once `seat` has made its choice among several seats choosing at once (its
    last step in a simultaneous choice the others have not all made): empty in any other case."""
    if seat in before and seat not in after and after and after < before:
        return after
    return frozenset()


async def _none() -> None:
    return None


async def _after(drawn: asyncio.Event, draw: Callable[[BaseModel, str], bytes | None], view: BaseModel,
                 locale: str) -> bytes | None:
    """A picture for the reply, drawn once the table's is: drawn beside it, on a machine with few cores, it
    would slow the table (which the reply waits for anyway)."""
    await drawn.wait()
    return await asyncio.to_thread(draw, view, locale)


class PlayService:
    def __init__(self, core: MatchCore):
        self.core = core

    async def play(self, match_id: int, user_id: int, notation: str, *, state_id: int | None = None,
                   locale: str = "en", then: Sequence[Action] = ()) -> PlayResult:
        """One step of a player's, and the steps `then` that follow it in the same click (each while it is
        still theirs and legal; only on the very board drawn, `state_id`).
        Their private news comes back in the result, held back from the courier until `settle` says whether
        the reply showed it."""
        async with self.core.locks[match_id]:
            match, game, state = await self.core.running(match_id)
            seat = self.core.seat_for(match, user_id)
            if state_id is not None and await self.core.moved_on(match, seat.seat, state_id):
                raise StaleBoard(match.id)
            if then and state_id != match.state_id:
                raise StaleBoard(match.id)
            choosing = game.active_seats(state)
            state, events, entry = await self.core.step(match, game, state, seat.seat, notation, by_ai=False)
            match = await self.core.commit(match, game, state, entry=entry, events=events, answering=seat.seat)
            labels = [entry.label]
            for action in then:
                if game.active_seats(state) != frozenset((seat.seat,)) or \
                        action not in game.legal_actions(state, seat.seat):
                    break
                after, more = await asyncio.to_thread(game.apply, state, seat.seat, action)
                # The bot's, taken for the click: it stands and falls with the click's first step (one /undo takes
                # the click back), unless it reveals something, which no /undo takes back.
                entry = self.core.entry(match, game, state, seat.seat, action, more, by_ai=True,
                                        forced=not any(e.reveals for e in more))
                state = after
                match = await self.core.commit(match, game, state, entry=entry, events=more, answering=seat.seat)
                labels.append(entry.label)
            forced: list[LogEntry] = []
            match, state = await self.core.advance(match, game, state, answering=seat.seat, forced=forced)
            # The reply shows the player's next question (no DM with the same buttons) and their private news.
            # It is worked out while the courier delivers the table: the hand in a drawing process once the
            # table's picture is drawn (see `_after`), the panel in a thread (the suggestion is a heuristic's
            # look-ahead, up to tens of milliseconds, which would hold every other click on the event loop).
            # The reply goes once the table is posted.
            held: list[int] = []
            try:
                async with self.core.delivering(match.id, match, replying=seat.seat) as delivery:
                    held = [i.id for i in delivery.mine if i.id is not None]
                    names = Names(match)
                    private = names.events(event_from_json(e) for i in delivery.mine for e in PrivateNews.of(i).events)
                    still = seat.seat in game.active_seats(state) and match.status == MatchStatus.RUNNING
                    hand, panel = await asyncio.gather(
                        _after(delivery.table_drawn, pictures.hand_png, game.view(state, seat.seat), locale)
                        if private else _none(),
                        asyncio.to_thread(panel_of, match, game, state, seat.seat, locale) if still else _none())
                    said = [names.message(Message.from_json(m or {"key": notation, "params": {}})) for m in labels]
                    waiting = [names.message(colour_name(game, s)) for s in sorted(still_choosing(
                        choosing, game.active_seats(state), seat.seat))] if match.status == MatchStatus.RUNNING else []
            except Exception:
                self.core.held.difference_update(held)  # no reply will show it: the courier sends it
                await self.core.deliver(match.id, match)
                raise
            done = [names.message(Message.from_json(e.label)) for e in forced if e.seat == seat.seat and e.label]
            return PlayResult(match, seat.seat, said, private, held, hand, panel, waiting, done)

    async def play_picks(self, match_id: int, user_id: int, values: list[int], *, state_id: int,
                         locale: str = "en") -> PlayResult:
        """Several answers in one go (picks.py): `values` are places in the multi-select drawn on `state_id`,
        which must still be the board; each is played as one step, in an order the rules allow."""
        match, game, state = await self.core.running(match_id)
        seat = self.core.seat_for(match, user_id)
        several = game.picks(state, seat.seat) if match.state_id == state_id else None
        if several is None:
            raise StaleBoard(match.id)
        answers = picks.pool(several)
        if not values or len(set(values)) < len(values) or len(values) > several.most or max(values) >= len(answers):
            raise Refusal("bot.refusal.unknown_button")
        steps = await asyncio.to_thread(picks.in_order, game, state, seat.seat, [answers[v] for v in values],
                                        several.close)
        return await self.play(match_id, user_id, game.format_action(steps[0]), state_id=state_id, locale=locale,
                               then=steps[1:])

    async def play_turn(self, match_id: int, user_id: int, first: str, *, state_id: int,
                        locale: str = "en") -> PlayResult:
        """The suggested turn (engine.ai.suggested_turn) drawn on `state_id`, which must still be the board, in one
        click: worked out again from that board (the same board gives the same steps), `first` its first step."""
        match, game, state = await self.core.running(match_id)
        seat = self.core.seat_for(match, user_id)
        if match.state_id != state_id:
            raise StaleBoard(match.id)
        turn = await asyncio.to_thread(suggested_turn, game, state, seat.seat)
        if not turn or first != game.format_action(turn[0][0]):
            raise StaleBoard(match.id)
        return await self.play(match_id, user_id, first, state_id=state_id, locale=locale,
                               then=[action for action, _ in turn[1:]])

    async def settle(self, result: PlayResult, *, shown: bool, turn_dm: int | None = None) -> None:
        """After the reply to a step: its private news was shown (delivered), or must go by DM after all.
        `turn_dm`: the DM the player answered from, which now shows their next question: the DM of their turn,
        edited if the step is taken back."""
        if not result.private_ids and turn_dm is None:
            return
        async with self.core.locks[result.match.id]:
            self.core.held.difference_update(result.private_ids)
            if shown:
                told = {result.seat: turn_dm} if turn_dm is not None else None
                await self.core.storage.delivered(result.private_ids, match_id=result.match.id, told=told)
            else:
                await self.core.deliver(result.match.id)

    async def undo(self, match_id: int, user_id: int) -> MatchRecord:
        async with self.core.locks[match_id]:
            match, game, current = await self.core.running(match_id)
            seat = self.core.seat_for(match, user_id)
            steps = effective_steps(await self.core.storage.log(match.id))
            gone = taken_back(steps)  # the player's last step, with the forced steps the bot took after it
            if not gone:
                raise Refusal("bot.refusal.undo_nothing")
            last = gone[0]
            if last.seat != seat.seat:
                raise Refusal("bot.refusal.undo_not_yours")
            # Before "not yours": a step of the player's click that revealed something is logged as the bot's.
            if not last.undoable and any(e.get("reveals") for e in last.events):
                raise Refusal("bot.refusal.undo_reveal")
            if last.by_ai or not last.undoable:
                raise Refusal("bot.refusal.undo_not_yours")
            state = await asyncio.to_thread(self.core.replayed, game, match, steps)
            if len(game.active_seats(state)) > 1 or len(game.active_seats(current)) > 1:
                # Several seats choose at once: taking one choice back would reopen a question the
                # others may already have answered knowing it was closed.
                raise Refusal("bot.refusal.undo_simultaneous")
            # Told without the notation, which may name hidden things (e.g. the tiles chosen for a fight).
            told = Event("bot.log.undone", {"player": colour_name(game, seat.seat).to_json()})
            entry = LogEntry(match_id=match.id, state_id=0, kind=LogKind.UNDO, seat=seat.seat, notation=last.notation,
                             at=self.core.now(), events=[told.to_json()], label=last.label)
            match = await self.core.commit(match, game, state, entry=entry, events=[told], undoing=seat.seat)
            match, _ = await self.core.advance(match, game, state)
            await self.core.deliver(match_id, match)
            return match

    async def resign(self, match_id: int, user_id: int) -> MatchRecord:
        async with self.core.locks[match_id]:
            match = await self.core.get(match_id)
            if match.status == MatchStatus.LOBBY:
                raise Refusal("bot.refusal.resign_in_lobby")
            match, game, state = self.core.in_play(match)
            seat = self.core.seat_for(match, user_id)
            why = Message("bot.match.resigned", {"user": f"<@{user_id}>"})
            match = await self.core.give_up(match, game, state, seat, why)
            await self.core.deliver(match_id, match)
            return match

    async def panel(self, match_id: int, user_id: int, locale: str) -> Panel:
        match, game, state = await self.core.running(match_id)
        seat = self.core.seat_for(match, user_id)
        if seat.seat not in game.active_seats(state):
            raise Refusal("bot.refusal.wait_your_turn")
        return await asyncio.to_thread(panel_of, match, game, state, seat.seat, locale)

    async def proposal(self, match_id: int, user_id: int, notation: str, locale: str) -> Panel:
        """A move typed by hand rather than picked from the list carries no state, so it is not applied at
        once: the player gets their panel with that move as the one-click choice, tied to the board they see.
        An illegal move is refused with the rule, as if played."""
        match, game, state = await self.core.running(match_id)
        seat = self.core.seat_for(match, user_id)
        await asyncio.to_thread(game.apply, state, seat.seat, notation)
        panel = await asyncio.to_thread(panel_of, match, game, state, seat.seat, locale)  # the suggested turn: a look-ahead
        typed = game.format_action(game.parse_action(notation))
        panel.suggested = next((c for c in panel.choices if c.notation == typed), panel.suggested)
        if panel.suggested is not None and panel.suggested.notation == typed:
            panel.then = []  # the typed move alone
        return panel

    async def choices_here(self, place_id: int, user_id: int, locale: str) -> tuple[int, list[Choice]]:
        """The state the caller's legal steps in this channel's match are offered for, and the steps
        (for /play autocomplete); no steps if none."""
        match = await self.core.storage.live_match_at(place_id)
        if match is None or match.status != MatchStatus.RUNNING:
            return 0, []
        try:
            return match.state_id, (await self.panel(match.id, user_id, locale)).choices
        except Refusal:
            return match.state_id, []
