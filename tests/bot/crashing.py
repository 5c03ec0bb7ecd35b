"""Kill the bot at random moments while two players (and one computer seat) play a game, and check what they
were told against what the stored matches hold.

The bot runs as a separate process (`python -m bot`'s `main`, forked from a server that imported it once),
on SQLite or PostgreSQL, drawing its pictures in its pool of processes as in production, pointed at the fake
Discord of the test. Players act by clicking (and now and then by /play with an autocomplete value or
/undo; the host may cancel a lobby); after some of their interactions the process gets SIGKILL at a random
moment, is started again, and once it has settled the checks run. Matches are played to their end, and a
new one starts at the same table.

Every step a player sends is judged twice, with what the player read in answer to it (done, refused, or
nothing, when the process died first):

- while it is sent: a step that is legal on the player's current board and is answered with anything but
  "done" is a failure (a bot that refuses what it should take);
- after each restart, both ways against every stored match: each step the player read as done is in the
  log, and each human step in the log answers a distinct interaction of that player, made on a board their
  own situation had not moved on from, that was not answered with a refusal (a step applied while the
  player was told it was refused, or applied twice, is a failure).

Besides: every stored match equals the replay of its log; the newest table message names the players the
game waits for and shows the state since the latest public change; each new turn is announced exactly
once; and a match that stops moving while a seat should act (the players' interactions change nothing for
STUCK_AFTER interactions, or the bot never settles while a computer seat is to move) is a failure that
ends the run.
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

from bot.services import MatchServices
from bot.services.core import moves_by_itself
from bot.services.picks import in_order, pool
from bot.storage import Storage, make_storage
from bot.ui.routes import Verb, parse, read_offered, resolve_step
from engine.core import EngineError, get_game
from engine.core.messages import translate
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.interactions import DEFERRED_UPDATE, InteractionHandle
from tests.fakediscord.model import FakeMessage
from tests.support.bot_process import PRELOAD, run_bot

from .e2e import awaited, open_id, same_turn, table_message, turn_alerts, turn_of

LOCALES = ("en", "it")
DONE = tuple(translate(key, loc, move="\0").split("\0")[0] for key in ("bot.panel.done", "bot.panel.did")
             for loc in LOCALES)
STUCK_AFTER = 60  # interactions in a row that leave a running match where it was


class Stuck(Exception):
    """A match stopped moving while a seat should act: the run cannot go on."""


class BotProcess:
    """The bot in its own process, to be killed (SIGKILL) and started again.

    `database` is a DATABASE_URL (an SQLite file in `workdir` by default). The process is not a daemon, so
    it starts its drawing processes as the bot does in production (`render_processes`, 2 by default; 0 draws
    in a thread, for runs about something else); they follow it when it is killed.
    `breakage` names a way to break the bot (tests/support/bot_process.py), to prove the checks catch it."""

    def __init__(self, fake: FakeDiscord, workdir: Path, *, database: str | None = None,
                 tiny_pictures: bool = True, render_processes: int = 2, log_level: str = "INFO",
                 breakage: str | None = None):
        self.fake = fake
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(PRELOAD)
        self.database = database or f"sqlite:///{workdir / 'bot.db'}"
        self.log_path = str(workdir / "bot.log")
        self.tiny_pictures = tiny_pictures
        self.breakage = breakage
        self.env = {"DISCORD_TOKEN": fake.token, "DATABASE_URL": self.database, "DISCORD_API_BASE": fake.api_base,
                    "DISCORD_GATEWAY_URL": f"{fake.ws_url}/", "REMINDER_POLL_SECONDS": "3600", "LOG_LEVEL": log_level,
                    "RENDER_PROCESSES": str(render_processes)}
        self.process: multiprocessing.process.BaseProcess | None = None
        self.kills = 0

    async def start(self) -> None:
        identifies = self.fake.gateway.identifies
        self.process = self.context.Process(target=run_bot, daemon=False,
                                            args=(self.env, self.log_path, self.tiny_pictures, self.breakage))
        self.process.start()
        # Minutes, not seconds, on a machine busy with other work: it starts its drawing processes first.
        await self.fake.wait_connected(identifies=identifies + 1, timeout=300)

    def kill(self) -> None:
        assert self.process is not None and self.process.pid is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.join(10)
        self.kills += 1
        for handle in self.fake.interactions:  # what the dead process was answering is never answered
            if (not handle.callbacks or (handle.original is not None and handle.original.loading)
                    or handle.waits_after_deferred_update):
                self.fake.expire(handle)

    def stop(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.process.terminate()
            self.process.join(10)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(10)


def answer_of(handle: InteractionHandle) -> str | None:
    """What the player read in answer to an interaction: the clicked panel once edited, the first follow-up,
    or the filled-in reply; None while there is none."""
    if handle.callback is None or handle.original is None:
        return None
    if handle.followups:
        return handle.followups[0].content
    if handle.callback.type == DEFERRED_UPDATE:
        return handle.original.content if handle.original.edits > handle.source_edits_at_ack else None
    return None if handle.original.loading else handle.original.content


@dataclass
class Sent:
    """One interaction a player made that may apply a step."""

    user: FakeUser
    match_id: int
    state_id: int | None
    notation: str | None
    legal: bool             # a step offered on a board the player's own situation had not moved on from
    told: str | None = None  # what they read in answer, before any crash (None: nothing)

    @property
    def done(self) -> bool:
        return self.told is not None and self.told.startswith(DONE)

    @property
    def refused(self) -> bool:
        return self.told is not None and not self.done


@dataclass
class Findings:
    kills: int = 0
    actions: int = 0
    steps: int = 0             # steps the players sent
    checks: int = 0
    turns: int = 0
    ended: int = 0             # matches played to their end
    unanswered: int = 0        # kills before the player saw the answer to their interaction
    left_pending: int = 0      # kills that left saved changes undelivered, for the restart to deliver
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.kills} kills over {self.actions} interactions ({self.steps} steps sent, "
                f"{self.unanswered} kills before the answer, {self.left_pending} leaving saved changes "
                f"undelivered), {self.checks} checks, {self.turns} turns announced, {self.ended} matches ended")


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
        self.turns: dict[int, tuple] = {}
        self.seen: dict[int, int] = {}
        self.still: tuple[int, int] | None = None  # the running match and state the last interactions left
        self.idle = 0                              # interactions in a row that left it there
        self.storage = make_storage(bot.database)

    # ---- the run -------------------------------------------------------------------------------------
    async def run(self, kills: int, deadline: float, *, actions: int | None = None,
                  until_found: bool = False) -> Findings:
        """Play until `kills` kills (or `actions` interactions) are done, or the deadline (or the first
        problem found, `until_found`)."""
        await self.bot.start()
        await self.storage.open()
        try:
            await self.settle()
            while time.monotonic() < deadline and (
                    self.bot.kills < kills if actions is None else self.findings.actions < actions) and not (
                    until_found and self.findings.problems):
                await self.act()
            await self.check()
        except Stuck as stuck:
            self.report(str(stuck))
        finally:
            self.findings.ended = len(await self.storage.matches(statuses=("over",)))
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
        told: list[str] = []

        def answered() -> bool:  # taken as soon as it comes: a panel is edited again by later clicks
            if not told and (text := answer_of(handle)) is not None:
                told.append(text)
            return bool(told)

        with contextlib.suppress(TimeoutError):
            await self.fake.wait_for(answered, timeout=kill_at if kill_at is not None else 60,
                                     what=f"the answer to {handle.describe()}")
            took = time.monotonic() - handle.dispatched_at
            self.handling[kind] = 0.7 * self.handling.get(kind, took) + 0.3 * took
            if opener is not None and handle.original is not None:
                self.panels[opener.id] = handle.original
        if kill_at is not None:
            self.bot.kill()
            answered()  # an answer that came in the last moment counts as read
        if sent is not None:
            sent.told = told[0] if told else None
            if sent.legal and not sent.done and sent.told is not None:
                self.report(f"a legal step was refused: {sent.notation!r} by {sent.user.name} at state "
                            f"{sent.state_id} of match {sent.match_id}, told {sent.told[:200]!r}")
        if kill_at is None:
            await self.settle()
            return
        self.findings.unanswered += not told
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
        self.watch(match)
        alice, bruno = self.users
        if match is None:
            return await self.fake.slash(alice, self.channel, "game", subcommand="new",
                                         options={"game": self.game.spec.key, "where": "channel",
                                                  "ai_players": 1}), None, None
        if match.status == "lobby":
            lobby = self.fake.message(match.lobby_message_id)
            if self.rng.random() < 0.05:  # cancelled before it starts: a match once begun is played to its end
                return await self.fake.slash(alice, self.channel, "game", subcommand="cancel"), None, None
            if match.seat_of(bruno.id) is None:
                return await self.fake.click(bruno, lobby, label="Join"), None, None
            return await self.fake.click(alice, lobby, label="Start"), None, None
        state = self.game.load_state(match.state)
        humans = [s for s in match.seats if s.awaited_since is not None and not s.plays_ai]
        if not humans:
            raise Stuck(f"match {match.id} waits for nobody at state {match.state_id}, though it is running")
        seat = self.rng.choice(humans)  # when several choose at once, any of them may click next
        user = next(u for u in self.users if u.id == seat.user_id)
        self.count_alert(user, turn_of(self.game, state, seat.awaited_since))
        legal = [self.game.format_action(a) for a in self.game.legal_actions(state, seat.seat)]
        roll = self.rng.random()
        if roll < 0.04:
            return await self.fake.slash(user, self.channel, "undo"), None, None
        if roll < 0.14:  # typed, picking from the autocomplete list (the value carries the state)
            choices = await (await self.fake.autocomplete(user, self.channel, "play", focused="move",
                                                          options={"move": ""})).choices()
            if not choices:
                return None, None, None
            value = self.rng.choice(choices)["value"]
            notation, state_id = read_offered(value)
            sent = await self.step(user, match, seat.seat, state_id, resolve_step(notation, legal) or notation, legal)
            return await self.fake.slash(user, self.channel, "play", options={"move": value}), sent, None
        panel = self.panels.get(user.id)
        if panel is None or await self.moved_on(match, seat.seat, drawn(self.fake.message(panel.id))) or any(
                route.match_id != match.id for route in map(parse, panel.custom_ids()) if route):
            table = table_message(self.fake, self.channel)
            self.panels.pop(user.id, None)
            # Opening the panel is an interaction too, and a moment to die.
            return await self.fake.click(user, table, custom_id=open_id(table)), None, user
        return await self.click_step(user, self.fake.message(panel.id), match, seat.seat, legal)

    async def click_step(self, user, panel, match, seat, legal):
        options = [("button", b["custom_id"], resolve_step(parse(b["custom_id"]).arg, legal))
                   for b in panel.buttons()]
        for select in panel.selects():
            if parse(select["custom_id"]).verb is Verb.SEVERAL:  # one choice: some of its answers at once
                options.append(("several", select, None))
            else:
                options += [("select", (select["custom_id"], o["value"]), resolve_step(o["value"], legal))
                            for o in select["options"]]
        kind, target, notation = self.rng.choice(options)
        if kind == "several":
            values = self.rng.sample([o["value"] for o in target["options"]], self.rng.randint(1, target["max_values"]))
            notation = self.first_of(match, seat, values)
        sent = await self.step(user, match, seat, drawn(panel), notation, legal)
        if kind == "button" and parse(target).verb is Verb.TURN:  # a suggested turn is played on its very board only
            sent.legal = sent.legal and drawn(panel) == match.state_id
        if kind == "several":
            return await self.fake.select(user, panel, target["custom_id"], values), sent, None
        if kind == "select":
            custom_id, value = target
            return await self.fake.select(user, panel, custom_id, [value]), sent, None
        return await self.fake.click(user, panel, custom_id=target), sent, None

    def first_of(self, match, seat: int, values: list[str]) -> str | None:
        """The step a multi-select of several answers begins with (the others stand and fall with it, logged
        as the bot's), or None when no order of them is allowed (the bot refuses it)."""
        state = self.game.load_state(match.state)
        several = self.game.picks(state, seat)
        if several is None:
            return None
        answers = pool(several)
        try:
            steps = in_order(self.game, state, seat, [answers[int(v)] for v in values], several.close)
        except EngineError:
            return None
        return self.game.format_action(steps[0])

    async def step(self, user, match, seat: int, state_id: int | None, notation: str | None, legal) -> Sent:
        sent = Sent(user, match.id, state_id, notation,
                    legal=notation in legal and not await self.moved_on(match, seat, state_id))
        self.sent.append(sent)
        self.findings.steps += 1
        return sent

    async def moved_on(self, match, seat: int, board: int | None) -> bool:
        """Whether the player's own situation moved on since `board` (as the bot judges it)."""
        if board is None:
            return True  # no step offered
        return any(e.state_id > board and (e.seat == seat or e.kind == "undo") for e in await self.storage.log(match.id))

    def watch(self, match) -> None:
        """A running match that the players' interactions leave where it is, again and again, is stuck."""
        still = (match.id, match.state_id) if match is not None and match.status == "running" else None
        self.idle = self.idle + 1 if still is not None and still == self.still else 0
        self.still = still
        if self.idle >= STUCK_AFTER:
            waiting = [s.seat for s in match.seats if s.awaited_since is not None]
            raise Stuck(f"match {match.id} stopped moving at state {match.state_id}: {self.idle} interactions "
                        f"changed nothing while seats {waiting} should act")

    # ---- waiting and checking --------------------------------------------------------------------------
    async def settle(self, timeout: float = 60) -> None:
        """Until the bot has nothing left to do by itself (see `unfinished`) and has answered every interaction."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            left = await unfinished(self.storage, self.channel.id)
            if left is None:
                with contextlib.suppress(TimeoutError):
                    await self.fake.quiet(timeout=10)
                    return
            await asyncio.sleep(0.05)
        raise Stuck(f"the bot did not settle in {timeout:.0f} s: {left or 'interactions unanswered'}")

    def count_alert(self, user: FakeUser, since: object) -> None:
        """A new turn of `user`'s: exactly one message told them (a mention in a table message or a DM)."""
        if same_turn(self.turns.get(user.id), since):
            self.turns[user.id] = since
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
        service = MatchServices(self.storage, presenter=None)
        used: set[int] = set()   # the sent interactions that some step of the log answers
        for match in await self.storage.matches(statuses=("lobby", "running", "over", "cancelled", "abandoned")):
            if match.state is None:
                continue
            log = await self.storage.log(match.id)
            if self.game.dump_state(await service.core.replay(match)) != match.state:
                self.report(f"match {match.id} differs from the replay of its log")
            for entry in log:
                if entry.kind == "step" and not entry.by_ai:
                    self.answer(match, log, entry, used)
            if match.status == "running":
                self.check_table(match, log)
        for index, sent in enumerate(self.sent):
            if sent.done and index not in used:
                self.report(f"a step reported done was lost: {sent.notation!r} by {sent.user.name} at state "
                            f"{sent.state_id} of match {sent.match_id}")

    def answer(self, match, log, entry, used: set[int]) -> None:
        """The interaction a human step answers: the same player and step, sent on a board their own
        situation had not moved on from (no step of theirs, nor an undo, between that board and the step)."""
        user = match.seat(entry.seat).user_id
        moves = [e.state_id for e in log if e.seat == entry.seat or e.kind == "undo"]
        candidates = [index for index, sent in enumerate(self.sent) if index not in used
                      and (sent.user.id, sent.match_id, sent.notation) == (user, match.id, entry.notation)
                      and sent.state_id is not None and sent.state_id < entry.state_id
                      and not any(sent.state_id < m < entry.state_id for m in moves)]
        if not candidates:
            self.report(f"a step nobody asked for at that state, or applied twice: "
                        f"{(user, match.id, entry.state_id - 1, entry.notation)}")
            return
        # The click the player saw done, else one left unanswered (a retry), the latest first.
        chosen = max(candidates, key=lambda i: (self.sent[i].done, not self.sent[i].refused, self.sent[i].state_id, i))
        used.add(chosen)
        if self.sent[chosen].refused:
            self.report(f"a step applied although the player was told otherwise: {entry.notation!r} by seat "
                        f"{entry.seat} at state {entry.state_id - 1} of match {match.id}, told "
                        f"{self.sent[chosen].told[:200]!r}")

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


async def unfinished(storage: Storage, place_id: int) -> str | None:
    """What the bot still has to do by itself, as it judges it at start-up (`TimekeeperService.resume`):
    deliveries pending, or the match at `place_id` moving on by itself (a computer seat to play, also beside
    players choosing at once, or a player's forced step); None when nothing. Checked before that is done,
    the match and its log would be read at two different states."""
    if pending := await storage.pending():
        return f"{len(pending)} deliveries pending"
    match = await storage.live_match_at(place_id)
    if match is None or match.status != "running":
        return None
    game = get_game(match.game)
    if moves_by_itself(match, game, game.load_state(match.state)):
        return f"match {match.id} at state {match.state_id} moving by itself"
    return None


def drawn(panel: FakeMessage) -> int | None:
    """The board a panel was drawn on (None when it offers no step)."""
    states = {route.state_id if route else None for route in map(parse, panel.custom_ids())}
    return states.pop() if len(states) == 1 else None
