"""Kill the bot at random moments while two players click through a match (Al-Rashid by default), and check
what they see.

The bot runs as a separate process (`python -m bot`'s `main`, forked from a server that imported it once),
pointed at the fake Discord of the test. Players act by clicking (and now and then by /play with an
autocomplete value, /undo or /game cancel); after some of their interactions the process gets SIGKILL at
a random moment, is started again, and once it has settled the checks run:

- every match stored equals the replay of its log;
- every step a player saw acknowledged is in the log, and no step was applied twice (each human step in
  the log answers a distinct interaction, made on a board where that player's own situation had not moved
  on since: the state it was applied to, or an earlier one when others chose at the same time);
- the newest table message names the player the game waits for and shows the state since the latest
  public change;
- each new turn was announced exactly once.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.services import MatchService
from bot.storage import SqliteStorage
from bot.ui.routes import parse, read_offered, resolve_step
from engine.core import get_game
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.support.bot_process import PRELOAD, run_bot

from .e2e import awaited, open_id, table_message, turn_alerts

ACKNOWLEDGED = ("✓", "Done", "Fatto")


class BotProcess:
    """The bot in its own process, to be killed (SIGKILL) and started again."""

    def __init__(self, fake: FakeDiscord, workdir: Path, *, tiny_pictures: bool = True, log_level: str = "INFO"):
        self.fake = fake
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(PRELOAD)
        self.database = str(workdir / "bot.db")
        self.log_path = str(workdir / "bot.log")
        self.tiny_pictures = tiny_pictures
        self.env = {"DISCORD_TOKEN": fake.token, "DATABASE_PATH": self.database, "DISCORD_API_BASE": fake.api_base,
                    "DISCORD_GATEWAY_URL": f"{fake.ws_url}/", "REMINDER_POLL_SECONDS": "3600", "LOG_LEVEL": log_level}
        self.process: multiprocessing.process.BaseProcess | None = None
        self.kills = 0

    async def start(self) -> None:
        identifies = self.fake.gateway.identifies
        self.process = self.context.Process(target=run_bot, args=(self.env, self.log_path, self.tiny_pictures),
                                            daemon=True)
        self.process.start()
        await self.fake.wait_connected(identifies=identifies + 1, timeout=60)

    def kill(self) -> None:
        assert self.process is not None and self.process.pid is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.join(10)
        self.kills += 1
        for handle in self.fake.interactions:  # what the dead process was answering is never answered
            if not handle.callbacks or (handle.original is not None and handle.original.loading):
                self.fake.expire(handle)

    def stop(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.process.terminate()
            self.process.join(10)


@dataclass
class Sent:
    """One interaction a player made that may apply a step."""

    user: FakeUser
    match_id: int
    state_id: int
    notation: str
    answer: FakeMessage | None = None  # the reply they saw before any crash

    @property
    def acknowledged(self) -> bool:
        return self.answer is not None and self.answer.content.startswith(ACKNOWLEDGED)


@dataclass
class Findings:
    kills: int = 0
    actions: int = 0
    checks: int = 0
    turns: int = 0
    unanswered: int = 0        # kills before the player saw the answer to their interaction
    left_pending: int = 0      # kills that left saved changes undelivered, for the restart to deliver
    problems: list[str] = field(default_factory=list)


class Crashing:
    def __init__(self, fake: FakeDiscord, bot: BotProcess, channel, users: list[FakeUser], rng: random.Random, *,
                 kill_rate: float = 0.5, game: str = "al-rashid"):
        self.fake, self.bot, self.channel, self.users, self.rng = fake, bot, channel, users, rng
        self.kill_rate = kill_rate
        # How long the bot takes to answer each kind of interaction (running averages, in seconds).
        self.handling: dict[str, float] = {}
        self.game = get_game(game)
        self.sent: list[Sent] = []
        self.findings = Findings()
        self.panels: dict[int, FakeMessage] = {}
        self.turns: dict[int, float | None] = {}
        self.seen: dict[int, int] = {}
        self.storage = SqliteStorage(bot.database)

    # ---- the run -------------------------------------------------------------------------------------
    async def run(self, kills: int, deadline: float, *, actions: int | None = None) -> Findings:
        """Play until `kills` kills (or `actions` interactions) are done, or the deadline."""
        await self.bot.start()
        await self.storage.open()
        try:
            await self.settle()
            while time.monotonic() < deadline and (
                    self.bot.kills < kills if actions is None else self.findings.actions < actions):
                await self.act()
            await self.check()
        finally:
            await self.storage.close()
            self.bot.stop()
        self.findings.kills = self.bot.kills
        return self.findings

    async def act(self) -> None:
        """One player interaction; sometimes the process dies at a random moment while it is handled."""
        self.findings.actions += 1
        handle, sent, opener = await self.next_interaction()
        if handle is None:
            return
        route = parse(handle.payload["data"].get("custom_id", ""))
        kind = route.verb if route else handle.command_name or "?"
        # A moment while the bot handles the interaction: saving, delivering, answering.
        kill_at = self.rng.uniform(0, self.handling.get(kind, 0.2)) if self.rng.random() < self.kill_rate else None
        try:
            answer = await asyncio.wait_for(handle.reply(timeout=60), kill_at if kill_at is not None else 60)
            took = time.monotonic() - handle.dispatched_at
            self.handling[kind] = 0.7 * self.handling.get(kind, took) + 0.3 * took
            if sent is not None:
                sent.answer = answer
            if opener is not None:
                self.panels[opener.id] = answer
        except TimeoutError:
            pass
        if kill_at is None:
            await self.settle()
            return
        self.bot.kill()
        self.findings.unanswered += not handle.acknowledged or handle.original is None or handle.original.loading
        self.findings.left_pending += bool(await self.storage.pending())
        if self.rng.random() < 0.2:  # and now and then again while it starts up and delivers what was left
            await self.bot.start()
            await asyncio.sleep(self.rng.uniform(0, 0.3))
            self.bot.kill()
        await self.bot.start()
        await self.settle()
        await self.check()

    async def next_interaction(self):
        match = await self.storage.live_match_at(self.channel.id)
        alice, bruno = self.users
        if match is None:
            return await self.fake.slash(alice, self.channel, "game", subcommand="new",
                                         options={"game": self.game.spec.key, "where": "channel",
                                                  "ai_players": 1}), None, None
        if match.status == "lobby":
            lobby = self.fake.message(match.lobby_message_id)
            if match.seat_of(bruno.id) is None:
                return await self.fake.click(bruno, lobby, label="Join"), None, None
            return await self.fake.click(alice, lobby, label="Start"), None, None
        state = self.game.load_state(match.state)
        humans = [s for s in match.seats if s.awaited_since is not None and not s.plays_ai]
        if not humans:
            return None, None, None
        seat = self.rng.choice(humans)  # when several choose at once, any of them may click next
        user = next(u for u in self.users if u.id == seat.user_id)
        self.count_alert(user, seat.awaited_since)
        roll = self.rng.random()
        if roll < 0.01:
            return await self.fake.slash(alice, self.channel, "game", subcommand="cancel"), None, None
        if roll < 0.05:
            return await self.fake.slash(user, self.channel, "undo"), None, None
        if roll < 0.15:  # typed, picking from the autocomplete list (the value carries the state)
            choices = await (await self.fake.autocomplete(user, self.channel, "play", focused="move",
                                                          options={"move": ""})).choices()
            if not choices:
                return None, None, None
            value = self.rng.choice(choices)["value"]
            notation, state_id = read_offered(value)
            legal = [self.game.format_action(a) for a in self.game.legal_actions(state, seat.seat)]
            sent = Sent(user, match.id, state_id, resolve_step(notation, legal) or notation)
            self.sent.append(sent)
            return await self.fake.slash(user, self.channel, "play", options={"move": value}), sent, None
        panel = self.panels.get(user.id)
        if panel is None or await self.moved_on(match, seat.seat, self.fake.message(panel.id)):
            table = table_message(self.fake, self.channel)
            self.panels.pop(user.id, None)
            # Opening the panel is an interaction too, and a moment to die.
            return await self.fake.click(user, table, custom_id=open_id(table)), None, user
        return await self.click_step(user, self.fake.message(panel.id), match, state, seat.seat)

    async def click_step(self, user, panel, match, state, seat):
        legal = [self.game.format_action(a) for a in self.game.legal_actions(state, seat)]
        options = [("button", b["custom_id"], resolve_step(parse(b["custom_id"]).arg, legal))
                   for b in panel.buttons()]
        options += [("select", (s["custom_id"], o["value"]), resolve_step(o["value"], legal))
                    for s in panel.selects() for o in s["options"]]
        kind, target, notation = self.rng.choice(options)
        sent = Sent(user, match.id, drawn(panel), notation)
        self.sent.append(sent)
        if kind == "select":
            custom_id, value = target
            return await self.fake.select(user, panel, custom_id, [value]), sent, None
        return await self.fake.click(user, panel, custom_id=target), sent, None

    async def moved_on(self, match, seat: int, panel: FakeMessage) -> bool:
        """Whether the player's own situation moved on since their panel was drawn (as the bot judges it)."""
        board = drawn(panel)
        if board is None or any(route.match_id != match.id for route in map(parse, panel.custom_ids()) if route):
            return True  # no step offered, or a panel left from an earlier match in this channel
        return any(e.state_id > board and (e.seat == seat or e.kind == "undo") for e in await self.storage.log(match.id))

    # ---- waiting and checking --------------------------------------------------------------------------
    async def settle(self, timeout: float = 60) -> None:
        """Until the bot has delivered everything and no AI seat is about to move."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            pending = await self.storage.pending()
            match = await self.storage.live_match_at(self.channel.id)
            moving = match is not None and match.status == "running" and not any(
                s.awaited_since is not None and not s.plays_ai for s in match.seats)
            if not pending and not moving:
                with contextlib.suppress(TimeoutError):
                    await self.fake.quiet(timeout=10)
                    return
            await asyncio.sleep(0.05)
        raise TimeoutError("the bot did not settle")

    def count_alert(self, user: FakeUser, since: float | None) -> None:
        """A new turn of `user`'s: exactly one message told them (a mention in a table message or a DM)."""
        if self.turns.get(user.id) == since:
            return
        self.turns[user.id] = since
        messages = self.fake.all_messages
        start, self.seen[user.id] = self.seen.get(user.id, 0), len(messages)
        alerts = turn_alerts(messages[start:], user)
        self.findings.turns += 1
        if len(alerts) != 1:
            self.report(f"a turn of {user.name} was announced {len(alerts)} times: "
                                          f"{[(m.id, m.nonce, m.channel.name, m.text[:200]) for m in alerts]}")

    async def check(self) -> None:
        self.findings.checks += 1
        service = MatchService(self.storage, presenter=None)
        used: set[int] = set()   # the sent interactions that some step of the log answers
        for match in await self.storage.matches(statuses=("lobby", "running", "over", "cancelled", "abandoned")):
            if match.state is None:
                continue
            log = await self.storage.log(match.id)
            if self.game.dump_state(await service.replay(match)) != match.state:
                self.report(f"match {match.id} differs from the replay of its log")
            for entry in log:
                if entry.kind == "step" and not entry.by_ai:
                    self.answer(match, log, entry, used)
            if match.status == "running":
                self.check_table(match, log)
        for index, sent in enumerate(self.sent):
            if sent.acknowledged and index not in used:
                self.report(f"an acknowledged step was lost: {sent.notation!r} by {sent.user.name}")

    def answer(self, match, log, entry, used: set[int]) -> None:
        """The interaction a human step answers: the same player and step, sent on a board their own
        situation had not moved on from (no step of theirs, nor an undo, between that board and the step)."""
        user = match.seat(entry.seat).user_id
        moves = [e.state_id for e in log if e.seat == entry.seat or e.kind == "undo"]
        candidates = [index for index, sent in enumerate(self.sent) if index not in used
                      and (sent.user.id, sent.match_id, sent.notation) == (user, match.id, entry.notation)
                      and sent.state_id < entry.state_id
                      and not any(sent.state_id < m < entry.state_id for m in moves)]
        if candidates:  # the click the player saw acknowledged, else the latest (a retry left unanswered)
            used.add(max(candidates, key=lambda i: (self.sent[i].acknowledged, self.sent[i].state_id, i)))
            return
        self.report(f"a step nobody asked for at that state, or applied twice: {(user, match.id, entry.state_id - 1, entry.notation)}")

    def report(self, problem: str) -> None:
        if problem not in self.findings.problems:
            self.findings.problems.append(problem)

    def check_table(self, match, log) -> None:
        table = table_message(self.fake, self.channel)
        waiting = [s.user_id for s in match.seats if s.awaited_since is not None and not s.plays_ai]
        named = [u.id for u in awaited(self.fake, self.channel, self.users)]
        if table is None or named != waiting:
            self.report(f"the table names {named}, the game waits for {waiting}")
            return
        shown = parse(open_id(table)).state_id
        public = max((e.state_id for e in log if any(ev.get("audience") is None for ev in e.events)), default=0)
        if not public <= shown <= match.state_id:
            self.report(f"the table shows state {shown}; the latest public change is {public}, "
                                          f"the match is at {match.state_id}")


def drawn(panel: FakeMessage) -> int | None:
    """The board a panel was drawn on (None when it offers no step)."""
    states = {route.state_id if route else None for route in map(parse, panel.custom_ids())}
    return states.pop() if len(states) == 1 else None
