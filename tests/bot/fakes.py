"""Test doubles for the bot's services: a presenter that records, a clock we move by hand, and a
toy game variant whose big takes draw at random and show the taker something private."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from bot.services import DmClosed
from engine.core import Action, Event, GameSpec, Message, register
from engine.core.errors import Illegal
from tests.support.toy_game import ToyGame, ToyParams, ToyState


class PeekToy(ToyGame):
    """Like the toy game, but taking 3 stones draws a secret (private to the taker, not undoable)."""

    spec = GameSpec(key="toy-peek", title="Peek Toy", min_seats=2, max_seats=4, params_model=ToyParams,
                    has_chance=True, hidden_info=True, colours=("red", "blue", "green", "white"))

    def step(self, state, seat, action):
        if int(action.args[0]) > state.heap:
            raise Illegal("core.illegal")
        new, events = super().step(state, seat, action)
        if action.args[0] == "3":
            events = [*events, Event("core.illegal", {"secret": new.secrets[seat]}, audience=frozenset({seat}),
                                     reveals=True)]
        return new, events


PEEK = register(PeekToy())


@dataclass
class EndState(ToyState):
    ending: int = 0  # the stones the player just took; they must end their turn


class EndToy(ToyGame):
    """Like the toy game, but a player who took stones (and did not take the last one) then ends their turn:
    a question with exactly one answer, which reveals nothing, unless they took 3 (then ending draws a secret)."""

    spec = GameSpec(key="toy-end", title="End Toy", min_seats=2, max_seats=4, params_model=ToyParams,
                    has_chance=True, hidden_info=True, colours=("red", "blue", "green", "white"))

    def setup(self, params, seats, seed):
        return EndState(**asdict(super().setup(params, seats, seed)))

    def legal_actions(self, state, seat):
        if state.ending and seat in self.active_seats(state):
            return [Action.of("end")]
        return super().legal_actions(state, seat)

    def check_form(self, action):
        if action.verb != "end" or action.args:
            super().check_form(action)

    def step(self, state, seat, action):
        if (action.verb == "end") != bool(state.ending):
            raise Illegal("core.illegal")
        if state.ending:
            new = self.load_state(self.dump_state(state))
            new.ending, new.player = 0, (seat + 1) % len(state.secrets)
            return new, [Event("core.illegal", {"seat": seat, "end": True}, reveals=state.ending == 3)]
        plain = ToyState(**{k: v for k, v in asdict(state).items() if k != "ending"})
        new, events = super().step(plain, seat, action)
        new = EndState(**asdict(new))
        if new.winner is None:
            new.ending, new.player = int(action.args[0]), seat
        return new, events

    def load_state(self, data):
        return EndState(**data)

    def describe_action(self, state, seat, action):
        return Message("core.illegal", {"n": action.verb}) if action.verb == "end" else super().describe_action(
            state, seat, action)


END = register(EndToy())


@dataclass
class Clock:
    t: float = 1_000_000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, hours: float) -> None:
        self.t += hours * 3600


@dataclass
class RecordingPresenter:
    lobbies: list[Any] = field(default_factory=list)
    tables: list[Any] = field(default_factory=list)
    privates: list[tuple[int, Any]] = field(default_factory=list)
    lines: list[tuple[int, Any, int | None]] = field(default_factory=list)
    reminders: list[tuple[int, Any]] = field(default_factory=list)
    turn_dms: list[tuple[int, int]] = field(default_factory=list)   # (user, match) told by DM it is their move
    turn_notices: list[tuple[int, Any]] = field(default_factory=list)  # (user, TurnNotice or None) of those DMs
    turn_nonces: list[tuple[int, str]] = field(default_factory=list)  # (user, nonce): one DM on Discord per nonce
    turn_dm_ids: list[tuple[int, int]] = field(default_factory=list)  # (user, DM id) of those DMs
    retold: list[tuple[int, int, Any]] = field(default_factory=list)  # (user, DM id, TurnNotice or None): edited
    finals: list[Any] = field(default_factory=list)
    closed_dms: set[int] = field(default_factory=set)
    dm_attempts: list[int] = field(default_factory=list)
    next_id: int = 5000

    def _id(self) -> int:
        self.next_id += 1
        return self.next_id

    async def show_lobby(self, match, title, seat_range, nonce):
        self.lobbies.append((match.id, [(s.user_id, s.ai) for s in match.seats], match.status))
        return match.lobby_message_id or self._id()

    async def show_table(self, update):
        self.tables.append(update)
        return self._id() if update.new_turn or update.match.table_message_id is None else update.match.table_message_id

    async def follows(self, match_id, user_id):
        return False  # no panel stays open here: the end-to-end tests show them in the fake Discord

    def alerted(self) -> list[int]:
        """Every turn announcement so far, in order: mentions in table messages and DMs."""
        return [a.user_id for update in self.tables for a in update.alerts] + [user for user, _ in self.turn_dms]

    async def alert_turn(self, user_id, match, title, locale, nonce, turn=None):
        self.dm_attempts.append(user_id)
        if user_id in self.closed_dms:
            raise DmClosed()
        self.turn_dms.append((user_id, match.id))
        self.turn_nonces.append((user_id, nonce))
        self.turn_notices.append((user_id, turn))
        self.turn_dm_ids.append((user_id, self._id()))
        return self.next_id

    async def retell_turn(self, user_id, message_id, match, title, locale, turn):
        self.retold.append((user_id, message_id, turn))

    async def send_private(self, user_id, notice):
        self.dm_attempts.append(user_id)
        if user_id in self.closed_dms:
            raise DmClosed()
        self.privates.append((user_id, notice))

    async def tell_table(self, match, message, mention=None, nonce=None, locale=None):
        self.lines.append((match.id, message, mention))

    async def remind(self, user_id, match, message, locale, nonce=None):
        self.dm_attempts.append(user_id)
        if user_id in self.closed_dms:
            raise DmClosed()
        self.reminders.append((user_id, message))

    async def show_final(self, report):
        self.finals.append(report)
