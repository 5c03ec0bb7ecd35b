"""Players who only click: they open their panel from the table message, pick buttons and select options,
and never type a notation. The driver also measures what players live through: interactions per turn,
whether each new turn was announced to them, and which kinds of step they were asked.

The decisions come from tests/support/curious.py (a player steering towards every kind of step); the game
state it looks at is read from the bot's database, the choices from the panel's components.
"""

from __future__ import annotations

import asyncio
import random
import statistics
from collections import defaultdict
from dataclasses import dataclass, field

from bot.services.core import effective_steps
from bot.services.picks import pool
from bot.ui.routes import Verb, parse, resolve_step
from engine.core import Action, get_game
from engine.core.messages import locale_of, translate
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.support.curious import Curious, Typical, several_in, short, step_kinds

from .e2e import awaited, open_id, same_turn, table_message, turn_alerts, turn_of


@dataclass
class Turn:
    """One turn of a player's: from the moment the game waits for them until it stops waiting."""

    user: FakeUser
    phase: str
    first_question: str
    interactions: int = 0
    opened: int = 0            # clicks on "My move" to open the panel
    from_dm: int = 0           # clicks on the buttons of the DM that brought the turn
    questions: int = 0
    forced: int = 0            # questions asked with one legal answer
    suggested: int = 0         # questions whose panel had a one-click suggestion
    alerts: int = 0            # mentions and DMs that told them it was their move


@dataclass
class Figures:
    turns: list[Turn] = field(default_factory=list)

    def per_turn(self, phase: str) -> list[int]:
        return [t.interactions for t in self.turns if t.phase == phase and t.questions]

    def alerted_share(self) -> float:
        return sum(t.alerts == 1 for t in self.turns) / max(len(self.turns), 1)

    def alerts_per_turn(self) -> dict[int, int]:
        """How many turns were announced 0, 1, 2... times."""
        counts: dict[int, int] = defaultdict(int)
        for turn in self.turns:
            counts[turn.alerts] += 1
        return dict(sorted(counts.items()))

    def report(self) -> str:
        lines = []
        lines.append(f"turns that needed the panel opened: {sum(t.opened > 0 for t in self.turns)} of {len(self.turns)}")
        if any(t.from_dm for t in self.turns):
            lines.append(f"turns answered from their DM's buttons: {sum(t.from_dm > 0 for t in self.turns)}")
        per_phase = [(f"interactions per turn in phase {phase}", self.per_turn(phase))
                     for phase in sorted({t.phase for t in self.turns})]
        for name, values in (*per_phase, ("interactions per question", self.per_question())):
            if values:
                lines.append(f"{name}: mean {statistics.mean(values):.2f}, max {max(values)} (n={len(values)})")
        lines.append(f"turns announced exactly once: {self.alerted_share():.0%} of {len(self.turns)}")
        figures = self.summary()
        lines.append(f"questions with one legal answer, asked anyway: {figures['forced']} of {figures['questions']}; "
                     f"panels with a one-click suggestion: {figures['suggested']:.0%}")
        return "\n".join(lines)

    def per_question(self) -> list[float]:
        return [t.interactions / t.questions for t in self.turns if t.questions]

    def interactions(self) -> list[int]:
        """Interactions of every turn that asked something, opening the panel included."""
        return [t.interactions for t in self.turns if t.questions]

    def summary(self) -> dict[str, float]:
        """The figures of a table: interactions per turn (mean, max), questions asked with one legal answer,
        and the share of panels with a one-click suggestion."""
        per_turn = self.interactions() or [0]
        questions = sum(t.questions for t in self.turns)
        return {"mean": statistics.mean(per_turn), "max": max(per_turn), "turns": len(self.interactions()),
                "forced": sum(t.forced for t in self.turns), "questions": questions,
                "suggested": sum(t.suggested for t in self.turns) / max(questions, 1)}


class Clicking:
    """Drives every human seat of one match through the fake Discord. When the game waits for several seats
    at once (simultaneous choices), one of them clicks at a time, or with `together=True` all of them click
    at the same moment, each from the panel on their own screen (which another seat's step leaves in play)."""

    def __init__(self, fake: FakeDiscord, place, service, users: list[FakeUser], rng: random.Random,
                 covered: set[str], figures: Figures, *, since: int = 0, typical: bool = False,
                 game: str = "al-rashid", together: bool = False, take_back: float = 0.0):
        self.fake, self.place, self.service, self.users = fake, place, service, users
        self.game = get_game(game)
        self.rng = rng
        self.curious = (Typical if typical else Curious)(self.game, rng, covered)
        self.figures = figures
        self.together = together
        self.panels: dict[int, FakeMessage] = {}        # each user's open ephemeral panel
        # Per user: how many of the bot's messages were already looked at for turn alerts.
        self.seen: dict[int, int] = defaultdict(lambda: since)
        self.turns: dict[int, tuple[float, Turn]] = {}   # per user: the turn they are in (by when it began)
        self.notations: set[str] = set()
        self.reused = 0                                 # clicks on a panel drawn before another seat's step
        self.dm_or_panel = random.Random(len(users))    # apart from `rng`: seeded runs decide as they did
        self.take_back = take_back                      # how often a player takes their step back with /undo
        self.undo_rng = random.Random(len(users) + 1)
        self.undos = 0

    @property
    def covered(self) -> set[str]:
        return self.curious.covered

    @property
    def turn(self) -> dict[int, tuple[float, Turn]]:
        """The turns in progress, for a test to carry across a restart: `driver.turn, driver.current = saved`."""
        return dict(self.turns)

    @turn.setter
    def turn(self, saved: dict[int, tuple[float, Turn]] | None) -> None:
        self.turns = dict(saved or {})

    current = None  # carried with `turn` by tests written for one awaited seat; `turn` holds it all now

    async def play(self, match_id: int, decisions: int | None = None) -> None:
        """Click until the match ends (or for `decisions` decisions)."""
        for _ in range(decisions or 5000):
            match = await self.service.table.get(match_id)
            if match.status != "running":
                return
            await self.decide(match)
        assert decisions is not None, "the match did not end"

    def _user(self, user_id: int) -> FakeUser:
        return next(u for u in self.users if u.id == user_id)

    def _alerts_since(self, user: FakeUser) -> int:
        """Messages since this user's last turn that told them it is their move: a ping, or a DM alert."""
        start, self.seen[user.id] = self.seen[user.id], len(self.fake.all_messages)
        return len(turn_alerts(self.fake.posted_since(start, [self.place, self.fake.dm_channel(user)]), user))

    async def decide(self, match) -> None:
        """The players the game waits for click once: one of them, or all at the same moment."""
        seats = [s for s in match.seats if s.awaited_since is not None and not s.plays_ai]
        waiting = sorted(s.user_id for s in seats)
        await self.fake.wait_for(lambda: sorted(u.id for u in awaited(self.fake, self.place, self.users)) == waiting,
                                 timeout=30, what="the newest table message to name the players the game waits for")
        if len(seats) > 1 and not self.together:
            seats = [self.rng.choice(seats)]  # (one awaited seat draws nothing: seeded runs stay as they were)
        plans = [await self._plan(match, seat) for seat in seats]
        clicks = await asyncio.gather(*(self._click(*plan) for plan in plans))
        for click in clicks:
            await click.reply(timeout=30)
        if self.take_back and len(plans) == 1:
            await self._take_back(match.id, plans[0][0])

    async def _take_back(self, match_id: int, user: FakeUser) -> None:
        """Now and then the player who just stepped takes the step back with /undo, sometimes twice in a row (as
        far as the rules let them), and plays on: the turn they take back is theirs again, the same turn."""
        while self.undo_rng.random() < self.take_back:
            await self.fake.quiet()
            match = await self.service.table.get(match_id)
            seat = match.seat_of(user.id)
            steps = effective_steps(await self.service.core.storage.log(match_id))
            if match.status != "running" or seat is None or not steps or steps[-1].seat != seat.seat \
                    or steps[-1].by_ai or not steps[-1].undoable:
                return
            reply = await (await self.fake.slash(user, self.place, "undo")).reply(timeout=30)
            await self.fake.quiet()
            assert reply.ephemeral
            if reply.content != translate("bot.undo.done", locale_of(user.locale)):
                return  # refused with its reason (a choice among several made at once is not taken back)
            stale = [m.id for u in self.users for m in self.fake.dms(u) if self._drawn(m) == match.state_id]
            assert not stale, "the DM of a turn taken back keeps no buttons"
            self.undos += 1
            match = await self.service.table.get(match_id)
            turn = self.turns.get(user.id)
            if turn is not None:  # the turn goes on (the panel on their screen is now stale)
                self.turns[user.id] = (turn_of(self.game, self.game.load_state(match.state),
                                               match.seat_of(user.id).awaited_since), turn[1])

    async def _plan(self, match, seat):
        """What `seat`'s player clicks next: (user, panel, kind, target). Opens their panel when theirs moved on."""
        game = self.game
        state = game.load_state(match.state)
        user = self._user(seat.user_id)
        key = game.prompt(state, seat.seat).key
        turn = self.turns.get(user.id)
        since = turn_of(game, state, seat.awaited_since)
        if not same_turn(turn and turn[0], since):
            view = game.view(state, None)
            phase = getattr(view, "phase", None) or game.headline(state).key
            turn = (since, Turn(user, getattr(phase, "value", phase), key, alerts=self._alerts_since(user)))
            self.figures.turns.append(turn[1])
        self.turns[user.id] = turn = (since, turn[1])
        current = turn[1]
        panel = self.panels.get(user.id)
        drawn = self._drawn(self.fake.message(panel.id)) if panel is not None else None
        if drawn is None or await self.service.core.moved_on(match, seat.seat, drawn):
            panel = await self._dm_panel(match, seat)
        if panel is not None and panel.channel.is_dm:
            current.from_dm += 1
        elif drawn is None or await self.service.core.moved_on(match, seat.seat, drawn):
            table = table_message(self.fake, self.place)
            opened = await self.fake.click(user, table, custom_id=open_id(table))
            panel = await opened.reply(timeout=30)
            current.interactions += 1
            current.opened += 1
        panel = self.fake.message(panel.id)
        if self._drawn(panel) != match.state_id:
            self.reused += 1
        offered = self._offered(panel, state, seat.seat)
        legal = game.legal_actions(state, seat.seat)
        assert sorted(offered) == sorted(legal), "the panel offers exactly the legal steps"
        turn = self._turn(panel, state, seat.seat)
        suggested = turn[0] if turn else next((a for a, (kind, _) in offered.items() if kind == "suggested"), None)
        current.forced += len(legal) == 1
        current.suggested += suggested is not None
        # In a thread: a heuristic choice can take a tenth of a second, which would stall every other player.
        action = await asyncio.to_thread(self.curious.choose, state, seat.seat, list(offered), suggested)
        self.curious.note(key, action)
        self.notations.add(game.format_action(action))
        current.interactions += 1
        current.questions += 1
        self.panels[user.id] = panel
        if turn is not None and action == turn[0] and await asyncio.to_thread(self.curious.takes_turn, state, seat.seat):
            return user, panel, "suggested", turn[1]  # the whole suggested turn
        kind, target = offered[action]
        several = self._several(panel, state, seat.seat)
        if several is not None and kind != "suggested" and any(b == action for _, b in several[1]):
            # the rest of the question's answers with it, when wanted
            custom_id, answers, most = several
            more = await asyncio.to_thread(self.curious.more, state, seat.seat, action, {b for _, b in answers}, most,
                                           game.picks(state, seat.seat).close,
                                           eager=several_in(user.locale) not in self.covered)
            values: list[str] = []
            for a in more:
                values.append(next(v for v, b in answers if b == a and v not in values))
            if len(values) > 1:
                self.curious.covered.add(several_in(user.locale))
                return user, panel, "select", (custom_id, values)
        return user, panel, kind, target

    def _several(self, panel: FakeMessage, state, seat: int) -> tuple[str, list[tuple[str, Action]], int] | None:
        """The panel's multi-select of several answers in one go: its id, each option's value with its answer,
        and how many answers it takes at most."""
        picks = self.game.picks(state, seat)
        for select in panel.selects():
            route = parse(select["custom_id"])
            if route is not None and route.verb is Verb.SEVERAL and picks is not None:
                answers = pool(picks)
                return (select["custom_id"], [(o["value"], answers[int(o["value"])]) for o in select["options"]],
                        select["max_values"])
        return None

    async def _dm_panel(self, match, seat) -> FakeMessage | None:
        """The DM that brought this turn with its buttons, when there is one still in play, half the time (the
        other half the player opens their panel at the table, the fallback when DMs are closed)."""
        user = self._user(seat.user_id)
        dms = [m for m in self.fake.dms(user) if self._drawn(m) is not None]
        if not dms or await self.service.core.moved_on(match, seat.seat, self._drawn(dms[-1])):
            return None
        return dms[-1] if self.dm_or_panel.random() < 0.5 else None

    async def _click(self, user, panel, kind, target):
        if kind == "select":
            custom_id, value = target
            return await self.fake.select(user, panel, custom_id, value if isinstance(value, list) else [value])
        return await self.fake.click(user, panel, custom_id=target)

    def _turn(self, panel: FakeMessage, state, seat: int) -> tuple[Action, str] | None:
        """The panel's suggested turn of several steps: its first step, and the green button that plays them all."""
        notations = [self.game.format_action(a) for a in self.game.legal_actions(state, seat)]
        for button in panel.buttons():
            route = parse(button["custom_id"])
            if route.verb is Verb.TURN:
                return self.game.parse_action(resolve_step(route.arg, notations)), button["custom_id"]
        return None

    @staticmethod
    def _drawn(panel: FakeMessage) -> int | None:
        """The board a panel was drawn on (None when it offers no step, e.g. after the match moved on)."""
        routes = [parse(c) for c in panel.custom_ids()]
        states = {r.state_id for r in routes if r is not None}
        return states.pop() if routes and len(states) == 1 and None not in routes else None

    def _offered(self, panel: FakeMessage, state, seat: int) -> dict[Action, tuple[str, object]]:
        """Each step the panel offers, with how to pick it: ("suggested" | "button", custom_id) or
        ("select", (custom_id, value))."""
        notations = [self.game.format_action(a) for a in self.game.legal_actions(state, seat)]
        offered: dict[Action, tuple[str, object]] = {}
        for button in panel.buttons():
            route = parse(button["custom_id"])
            if route.verb is Verb.TURN:
                continue  # the suggested turn (`_turn`)
            notation = resolve_step(route.arg, notations)
            kind = "suggested" if button.get("style") == 3 else "button"
            offered[self.game.parse_action(notation)] = (kind, button["custom_id"])
        for select in panel.selects():
            if parse(select["custom_id"]).verb is Verb.SEVERAL:
                continue  # several answers at once (`_several`)
            for option in select["options"]:
                notation = resolve_step(option["value"], notations)
                offered[self.game.parse_action(notation)] = ("select", (select["custom_id"], option["value"]))
        return offered


def coverage_report(covered: set[str], game: str = "al-rashid") -> str:
    kinds = step_kinds(get_game(game))
    missing = sorted(short(k) for k in kinds - covered)
    reached = sorted(short(k) for k in kinds & covered)
    text = f"kinds of step reached by clicking: {len(reached)} of {len(kinds)}\n  " + "\n  ".join(reached)
    return text + (f"\nnot reached: {', '.join(missing)}" if missing else "")
