"""Delivers the outbox: what a change recorded for the players, shown once, then marked delivered.

A change (a step, the AI seats' answers, a start, a cancel...) saves its outbox items in its own
transaction; the courier delivers whatever is pending for a match, right after the change and again at
start-up, so a crash between saving and posting loses nothing. Pending items are gathered:

- every `table` item since the last delivery becomes one table message (a new one that mentions whoever
  must now act, or an edit when nobody new must act), showing the current state and the public events
  since the awaited player's last turn;
- a player whose new turn comes by DM (they asked for it, or several seats choose at once, as in a draft)
  is told in one direct message with their question, its buttons, their private news and one hand picture,
  instead of a mention — unless they are answering their own step (the reply shows the question; the table
  item says so, saved with the step, so a delivery repeated after a crash decides alike) or their DMs are
  closed (then the mention, and the panel at the table);
- the other `private` items of a seat become one direct message with one hand picture (or wait in the
  mailbox when the player's DMs are off or closed, or when the game says news waits for the seat's next turn:
  the next DM that tells of a turn shows it, else the player's next click);
- `line`, `lobby` and `final` items are posted as they are;
- `ended` items (the match-ended event, see ended.py) go to the event's subscribers, first and apart from
  Discord: a subscriber's failure leaves only that item pending, Discord's only the others.

Posts carry a nonce made from the items they deliver, so a delivery repeated after a crash returns the
message already posted (Discord's enforce_nonce) instead of posting and pinging twice. Work done under a
claim (storage/claims.py) checks before each post that the claim is still this process's.

A delivery that fails leaves what it had not delivered pending, tried again later and later; after a bounded
number of tries (storage/outbox.py), or at once when the match's channel is gone or closed to the bot (Discord
errors 10003, 50001, 50013: no retry can pass), those items are set aside as dead, logged once, and the host
is told by DM where the bot can no longer post.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from typing import Any

from engine.core import Game, Message, get_game

from ..storage import (
    Lease,
    LeaseLost,
    LogEntry,
    Mail,
    MatchRecord,
    MatchStatus,
    OutboxItem,
    OutboxKind,
    Storage,
    UserPrefs,
    current_lease,
)
from . import pictures
from .ended import MatchEnded, MatchEndedBus
from .errors import DmClosed
from .payloads import FinalNews, LineNews, PrivateNews, TableNews
from .presenter import FinalReport, Panel, Presenter, PrivateNotice, TableUpdate, TurnAlert, TurnNotice
from .tidings import (
    Names,
    colour_name,
    display_names,
    event_from_json,
    panel_of,
    reaches_last_turn,
    since_last_turn,
)

log = logging.getLogger(__name__)
# Discord's answers that no retry can change: the channel is gone, or closed to the bot.
PLACE_UNREACHABLE = {10003: "Unknown Channel", 50001: "Missing Access", 50013: "Missing Permissions"}
RECENT_STEPS = 200  # enough log to reach back to a player's last turn
RECENT_FEW = 24     # what usually reaches back to it: read (and decoded) first


def title_of(match: MatchRecord) -> str:
    return f"{get_game(match.game).spec.title} · #{match.id}"


def table_locale(match: MatchRecord) -> str:
    return str(match.settings.get("locale", "en"))


class Courier:
    def __init__(self, storage: Storage, presenter: Presenter, now: Callable[[], float],
                 ended: MatchEndedBus | None = None):
        self.storage = storage
        self._presenter = presenter
        self.now = now
        self.ended = ended or MatchEndedBus()

    @property
    def presenter(self) -> Presenter:
        held = current_lease.get()
        return self._presenter if held is None or self._presenter is None else _Guarded(self._presenter, held)

    @presenter.setter
    def presenter(self, presenter: Presenter) -> None:
        self._presenter = presenter

    async def deliver(self, match_id: int, hold: Collection[int] = (), *,
                      match: MatchRecord | None = None, pending: list[OutboxItem] | None = None,
                      drawn: asyncio.Event | None = None) -> None:
        """Deliver what is pending for one match (the caller holds its lock), except the items in `hold`
        (private news a player is being shown in their reply). What fails stays pending for the next try.
        `match` and `pending`, when the caller has them, are the match as saved under its lock and its
        undelivered items, read under the claim: they are not read again. `drawn` is set once the table's
        picture is drawn (or none is due)."""
        if pending is None:
            pending = await self.storage.pending(match_id)
        items = [i for i in pending if i.id not in hold]
        if not items:
            return
        if match is None or any(i.state_id > match.state_id for i in items):  # changed elsewhere: read it
            match = await self.storage.get_match(match_id)
            if match is None:
                return
        prefs = _Prefs(self.storage)
        tables = [i for i in items if i.kind == OutboxKind.TABLE]
        # The table's picture takes longest: it is drawn (in another process) while the rest is read and sent.
        picture = asyncio.ensure_future(asyncio.to_thread(_focus_png, match)) if tables else None
        if drawn is not None and picture is not None:
            picture.add_done_callback(lambda _: drawn.set())
        elif drawn is not None:
            drawn.set()
        try:
            for item in (i for i in items if i.kind == OutboxKind.ENDED):
                try:
                    await self.ended.publish(MatchEnded.from_json(item.payload))
                except Exception:  # noqa: BLE001 — a subscriber's bug must not hold the table back
                    log.exception("a match-ended subscriber failed for match %s; offered again at the next "
                                  "delivery", match_id)
                    continue
                await self._done(match, [item])
            try:
                await self._lobby(match, [i for i in items if i.kind == OutboxKind.LOBBY])
                for item in (i for i in items if i.kind == OutboxKind.LINE):
                    await self._line(match, item)
                privates = [i for i in items if i.kind == OutboxKind.PRIVATE]
                by_dm = await self._turns_by_dm(match, prefs, tables)
                panels = {seat for seat, (_, with_panel) in by_dm.items() if with_panel}  # news goes with it
                # News for a seat whose turn's DM still stands (a draft) is shown in that DM, notifying nobody.
                edits = [i for i in privates if PrivateNews.of(i).edit and PrivateNews.of(i).seat not in panels]
                await self._privates(match, prefs, [i for i in privates if PrivateNews.of(i).seat not in panels
                                                    and i not in edits])
                await self._retell(match, prefs, tables, edits)
                if picture is not None:
                    await self._table(match, prefs, tables, picture, by_dm,
                                      [i for i in privates if PrivateNews.of(i).seat in panels])
                for item in (i for i in items if i.kind == OutboxKind.FINAL):
                    await self._final(match, item)
            except LeaseLost:  # another process took the delivery over: it is theirs, not a failed try
                log.warning("delivery for match %s stopped: another process took it over", match_id)
            except Exception as error:  # noqa: BLE001 — Discord is down or refused: tried again later, or set aside
                await self._failed(match, items, error)
        finally:
            if picture is not None:
                _let_go(picture)

    async def _failed(self, match: MatchRecord, items: list[OutboxItem], error: Exception) -> None:
        """Count the failed try of what this delivery had not delivered; tell of what it sets aside, once."""
        code = getattr(error, "code", None)
        unreachable = PLACE_UNREACHABLE.get(code) if isinstance(code, int) else None
        reason = f"{type(error).__name__} {getattr(error, 'status', '')} {code or ''}".split()
        reason_text = " ".join(reason) + (f" ({unreachable})" if unreachable else "")
        tried = {i.id for i in items if i.id is not None}
        left = [i for i in await self.storage.pending(match.id) if i.id in tried]
        first = not any(i.attempts for i in left)
        dead = await self.storage.failed([i.id for i in left if i.id is not None], reason_text, self.now(),
                                         for_good=unreachable is not None)
        if not dead:
            log.warning("delivery for match %s stopped (%s); tried again later", match.id, reason_text,
                        exc_info=first)  # the trace once, not at every retry
            return
        log.error("match %s: %d outbox item(s) set aside as dead after %s: its players will not see them",
                  match.id, len(dead), reason_text)
        if unreachable is not None:
            await self._tell_host(match, unreachable, dead[-1])

    async def _tell_host(self, match: MatchRecord, reason: str, item_id: int) -> None:
        """A DM to the match's host: the bot can no longer post where the match is played."""
        try:
            await self._presenter.remind(match.host_id, match, Message("bot.outbox.unreachable", {
                "match": match.id, "where": f"<#{match.place_id}>", "reason": reason}),
                (await self.storage.prefs(match.host_id)).locale or table_locale(match), nonce=f"cu{item_id}")
        except Exception as error:  # noqa: BLE001 — nowhere left to tell: the log says it
            log.warning("match %s: could not tell its host that its channel is unreachable (%s)", match.id,
                        type(error).__name__)

    # ---- each kind of item ------------------------------------------------------------------------
    async def _done(self, match: MatchRecord, items: list[OutboxItem], told: dict[int, int] | None = None,
                    **message_ids: int | None) -> None:
        await self.storage.delivered([i.id for i in items if i.id is not None], match_id=match.id, told=told,
                                     **message_ids)
        for column, message_id in message_ids.items():  # the record stays as stored, for whoever holds it
            if message_id is not None:
                setattr(match, column, message_id)
        for seat, message_id in (told or {}).items():
            if match.seat(seat).told is not None:
                match.seat(seat).told = message_id

    async def _lobby(self, match: MatchRecord, items: list[OutboxItem]) -> None:
        if not items:
            return
        spec = get_game(match.game).spec
        message_id = await self.presenter.show_lobby(match, title_of(match), (spec.min_seats, spec.max_seats),
                                                     nonce=f"cl{items[-1].id}")
        await self._done(match, items, lobby_message_id=message_id)

    async def _line(self, match: MatchRecord, item: OutboxItem) -> None:
        line = LineNews.of(item)
        await self.presenter.tell_table(match, Names(match).message(line.message), mention=line.mention,
                                        nonce=f"cn{item.id}")
        await self._done(match, [item])

    async def _privates(self, match: MatchRecord, prefs: _Prefs, items: list[OutboxItem]) -> None:
        per_seat: dict[int, list[OutboxItem]] = defaultdict(list)
        for item in items:
            per_seat[PrivateNews.of(item).seat].append(item)
        game, state = _loaded(match)
        names = Names(match)
        for index, group in per_seat.items():
            seat = match.seat(index)
            if seat.plays_ai or seat.user_id is None or state is None:
                await self._done(match, group)
                continue
            events = names.events(event_from_json(e) for item in group for e in PrivateNews.of(item).events)
            player = await prefs.of(seat.user_id)
            locale = player.locale or table_locale(match)
            if player.dms_enabled and not player.dm_closed and not game.news_waits(state, index):
                png = await asyncio.to_thread(pictures.hand_png, game.view(state, index), locale)
                try:
                    await self.presenter.send_private(seat.user_id, PrivateNotice(
                        match, seat, events, png, locale, nonce=f"cp{group[-1].id}"))
                    await self._done(match, group)
                    continue
                except DmClosed:
                    await prefs.dms_closed(seat.user_id)
                    await self.presenter.tell_table(match, Message("bot.dm.closed"), mention=seat.user_id,
                                                    nonce=f"cd{group[-1].id}", locale=locale)
            await self.storage.post_mail(Mail(seat.user_id, match.id, {"events": [e.to_json() for e in events]},
                                              self.now()))
            await self._done(match, group)

    async def _turns_by_dm(self, match: MatchRecord, prefs: _Prefs,
                           tables: list[OutboxItem]) -> dict[int, tuple[TurnAlert, bool]]:
        """The seats whose new turn goes by DM, each with whether the DM carries their question and buttons:
        players choosing at once with others (a draft) and players who asked for DMs, if their DMs are open.
        A player answering their own step sees the question in the reply: a DM only if they asked for one,
        and without the buttons; but a turn that goes on (a draft) lives in its DM, which shows its next question
        and news, so they get that DM too."""
        if not tables or match.status != MatchStatus.RUNNING:
            return {}
        news = [TableNews.of(item) for item in tables]
        announced = {seat for n in news for seat in n.announce}
        answering = {seat for n in news for seat in n.answering}
        together = {seat for n in news if n.together for seat in n.announce}
        answering -= {seat for n in news for seat in n.goes_on}
        out: dict[int, tuple[TurnAlert, bool]] = {}
        for seat in match.seats:
            if seat.seat not in announced or seat.awaited_since is None or seat.plays_ai or seat.user_id is None:
                continue
            player = await prefs.of(seat.user_id)
            asked = player.turn_alert == "dm"
            if (asked or seat.seat in together and seat.seat not in answering) and player.dms_enabled \
                    and not player.dm_closed:
                out[seat.seat] = (TurnAlert(seat.user_id, player.locale or table_locale(match)),
                                  seat.seat not in answering)
        return out

    async def _table(self, match: MatchRecord, prefs: _Prefs, items: list[OutboxItem],
                     picture: asyncio.Future[bytes | None], by_dm: dict[int, tuple[TurnAlert, bool]] | None = None,
                     folded: Collection[OutboxItem] = ()) -> None:
        """The table message; before it, the turns that go by DM (with the private news of those seats folded
        in), so that a refused DM becomes a mention in it. `picture` is the table's, being drawn."""
        by_dm = by_dm or {}
        game, state = _loaded(match)
        running = match.status == MatchStatus.RUNNING
        awaited = [s for s in match.seats if s.awaited_since is not None] if running else []
        humans = [s for s in awaited if not s.plays_ai and s.user_id is not None]
        announced = {seat for item in items for seat in TableNews.of(item).announce}
        answering = {seat for item in items for seat in TableNews.of(item).answering}
        names = Names(match)
        alerts: list[TurnAlert] = []
        told: dict[int, int] = {}
        for seat in humans:
            if seat.seat not in announced:
                continue
            assert seat.user_id is not None
            if seat.seat in by_dm:
                alert, with_panel = by_dm[seat.seat]
                news = [i for i in folded if PrivateNews.of(i).seat == seat.seat]
                sent = await self._alert_by_dm(match, prefs, game, state, seat.seat, alert, with_panel, news,
                                               alert_nonce(items[-1].id, alert.user_id))
                if sent is not None:
                    told[seat.seat] = sent
                    continue
                await self._privates(match, prefs, news)  # DMs closed: the news waits in the mailbox
                alerts.append(alert)
                continue
            locale = (await prefs.of(seat.user_id)).locale or table_locale(match)
            # A panel open at the table shows the turn too, unless the player's own click answers in it.
            follows = seat.seat not in answering and await self.presenter.follows(match.id, seat.user_id)
            panel = await asyncio.to_thread(panel_of, match, game, state, seat.seat, locale) if follows else None
            alerts.append(TurnAlert(seat.user_id, locale, panel))
        first = humans[0].seat if humans else None
        events = names.events(since_last_turn(await self._recent_log(match.id, first), first))
        since = names.message(Message("bot.table.since", {"player": colour_name(game, first)})) \
            if first is not None else None
        update = TableUpdate(
            match=match, title=title_of(match), events=events, awaited=awaited,
            picture=await picture, nonce=f"ct{items[-1].id}",
            status=[names.message(m) for m in (game.headline(state), *(q for _, q in game.questions(state, None)))],
            since=since, alerts=alerts,
            new_turn=any(s.seat in announced for s in humans),
            live=running)
        table_id = await self.presenter.show_table(update)
        await self._done(match, items, table_message_id=table_id, told=told)

    async def _recent_log(self, match_id: int, seat: int | None) -> list[LogEntry]:
        log = await self.storage.log(match_id, last=RECENT_FEW)
        if len(log) == RECENT_FEW and not reaches_last_turn(log, seat):
            log = await self.storage.log(match_id, last=RECENT_STEPS)
        return log

    async def _alert_by_dm(self, match: MatchRecord, prefs: _Prefs, game: Game[Any], state: Any, seat: int,
                           alert: TurnAlert, with_panel: bool, news: list[OutboxItem], nonce: str) -> int | None:
        """Tell a player by DM that it is their move, with their question, buttons, news (the news that waited
        in their mailbox too) and hand when `with_panel`; returns the DM's id, or None (remembered) when their
        DMs are closed."""
        waited = await self.storage.take_mail(alert.user_id, match.id) if with_panel else []
        try:
            turn = await _turn_notice(match, game, state, seat, alert.locale, news, waited) if with_panel else None
            sent = await self.presenter.alert_turn(alert.user_id, match, title_of(match), alert.locale, nonce, turn)
        except DmClosed:
            await self._keep(waited)
            await prefs.dms_closed(alert.user_id)
            await self.presenter.tell_table(match, Message("bot.dm.closed"), mention=alert.user_id,
                                            nonce=f"{nonce}c", locale=alert.locale)
            return None
        except Exception:
            await self._keep(waited)  # not shown: it waits for the next try
            raise
        await self._done(match, news)
        return sent or 0

    async def _keep(self, mail: Sequence[Mail]) -> None:
        for item in mail:
            await self.storage.post_mail(item)

    async def _retell(self, match: MatchRecord, prefs: _Prefs, tables: list[OutboxItem],
                      edits: list[OutboxItem]) -> None:
        """The DMs of turns taken back, resumed or going on (see MatchCore.commit), edited without a notification:
        a turn taken back loses its buttons; a turn played again after an undo, or going on (a draft's second
        pass), shows its question as it stands now; a DM that gets news shows it (with the question only while
        that DM's turn is still being asked)."""
        running = match.status == MatchStatus.RUNNING
        awaited = {s.seat for s in match.seats if s.awaited_since is not None and not s.plays_ai} if running else set()
        # A seat answering its own step sees its next question in the reply (which may be that very DM).
        table_news = [TableNews.of(item) for item in tables]
        answering = {s for n in table_news for s in n.answering}
        resumed = {s for n in table_news for s in n.resumed} & awaited - answering
        taken_back = {s for n in table_news for s in n.taken_back} - resumed - awaited
        news: dict[int, list[OutboxItem]] = defaultdict(list)
        for item in edits:
            news[PrivateNews.of(item).seat].append(item)
        retold = sorted(resumed | taken_back | set(news))
        if not retold:
            return
        game, state = _loaded(match)
        for index in retold:
            seat, mine = match.seat(index), news.get(index, [])
            message_id = PrivateNews.of(mine[0]).edit if mine else seat.told
            player = await prefs.of(seat.user_id) if seat.user_id is not None and message_id else None
            if not message_id or seat.user_id is None or player is None \
                    or mine and (not player.dms_enabled or player.dm_closed):
                if mine:
                    await self._privates(match, prefs, mine)  # nothing to edit: the news goes as it would have
                continue
            locale = player.locale or table_locale(match)
            asked = running and index in awaited and seat.told == message_id
            turn = await _turn_notice(match, game, state, index, locale, mine, asked=asked) \
                if asked or mine else None
            await self.presenter.retell_turn(seat.user_id, message_id, match, title_of(match), locale, turn)
            await self._done(match, mine)

    async def _final(self, match: MatchRecord, item: OutboxItem) -> None:
        game, state = _loaded(match)
        reason = FinalNews.of(item).reason
        outcome = png = None
        if state is not None and game.is_over(state):
            outcome = game.outcome(state)
            locale = table_locale(match)
            png = await asyncio.to_thread(pictures.final_png, game.view(state, None), locale,
                                          display_names(match, locale))
        await self.presenter.show_final(FinalReport(match, title_of(match), outcome if reason is None else None,
                                                    png, reason=reason, nonce=f"cf{item.id}"))
        await self._done(match, [item])


class _Prefs:
    """Each player's preferences, read at most once per delivery; DMs found closed are remembered for good
    and for the rest of the delivery."""

    def __init__(self, storage: Storage):
        self._storage = storage
        self._read: dict[int, UserPrefs] = {}

    async def of(self, user_id: int) -> UserPrefs:
        if user_id not in self._read:
            self._read[user_id] = await self._storage.prefs(user_id)
        return self._read[user_id]

    async def dms_closed(self, user_id: int) -> None:
        prefs = await self.of(user_id)
        prefs.dm_closed = True  # remembered: no retry into 403s
        await self._storage.save_prefs(prefs)


def alert_nonce(item_id: int | None, user_id: int) -> str:
    """A turn DM's nonce: the same for a repeated delivery, and within Discord's 25 characters however
    large the outbox id and the user's snowflake grow (their digits side by side do not fit)."""
    return "ca" + hashlib.blake2b(f"{item_id}:{user_id}".encode(), digest_size=11).hexdigest()


class _Guarded:
    """The presenter for work done under a claim: every post first checks that the claim still holds (raises
    LeaseLost once another process took the work over, so nothing is posted twice)."""

    def __init__(self, presenter: Presenter, held: Lease):
        self._presenter = presenter
        self._held = held

    def __getattr__(self, name: str) -> Any:
        show = getattr(self._presenter, name)

        async def guarded(*args: Any, **kwargs: Any) -> Any:
            self._held.check()
            return await show(*args, **kwargs)

        return guarded


def _let_go(picture: asyncio.Future[bytes | None]) -> None:
    """A picture the delivery stopped before using: cancelled, or its outcome taken (never reported as an
    exception nobody retrieved)."""
    if not picture.cancel() and not picture.cancelled():
        picture.exception()


async def _turn_notice(match: MatchRecord, game: Game[Any], state: Any, seat: int, locale: str,
                       news: list[OutboxItem], waited: Sequence[Mail] = (), *, asked: bool = True) -> TurnNotice:
    """A seat's turn as its DM shows it: its question and buttons (unless not `asked`), its news (after the news
    that `waited` for it in the mailbox, named as it was posted), its hand."""
    events = [event_from_json(e) for mail in waited for e in mail.payload.get("events", [])] + \
        Names(match).events(event_from_json(e) for item in news for e in PrivateNews.of(item).events)
    png = await asyncio.to_thread(pictures.hand_png, game.view(state, seat), locale)
    panel = await asyncio.to_thread(panel_of, match, game, state, seat, locale) if asked else \
        Panel(match, seat, None, [], None)  # off the loop
    return TurnNotice(panel, events, png)


def _focus_png(match: MatchRecord) -> bytes | None:
    game, state = _loaded(match)
    return pictures.focus_png(game.view(state, None), table_locale(match))


def _loaded(match: MatchRecord) -> tuple[Game[Any], Any]:
    game = get_game(match.game)
    return game, game.load_state(match.state) if match.state is not None else None
