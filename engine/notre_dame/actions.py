"""Phase 3 and the nine action cards (002, "Fase 3: Gioco delle carte azione", "Le carte azione")."""

from __future__ import annotations

from typing import Any

from engine.core.flow import replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import rules as r
from . import words as w
from .board import layout
from .data import load
from .flow import A, Ctx, Step
from .state import State, kind_of
from .vocab import (
    BANK,
    CARDS,
    CARRIAGE_HOUSE,
    COIN,
    CONVENT_SCHOOL,
    CUBE,
    INN,
    INN_CHOICES,
    NOTRE_DAME,
    RAT,
    RESIDENCE,
    SECTORS,
    TRUSTED_FRIEND,
)

RULES = load().rules
NONE_LEFT = {COIN: "notre_dame.illegal.none_left.coin", CUBE: "notre_dame.illegal.none_left.cube",
             RAT: "notre_dame.illegal.none_left.rat"}


def arrive(c: Ctx, seat: int, sector: str) -> None:
    """A cube or the Friend has just arrived in a building: do what the building does, counting the cubes there
    now, the Friend included (the action cards, "Le carte azione")."""
    p = c.s.player(seat)
    n = p.count(sector)
    c.touch(f"quarter:{seat}")
    if sector == CARRIAGE_HOUSE:
        c.push(Carriage(seat=seat))
    elif sector == INN:
        c.push(Take(seat=seat, n=r.inn_picks(p), source=INN))
    elif sector == RESIDENCE:
        c.award(seat, n, "residence")
    elif sector == CONVENT_SCHOOL:
        c.give(seat, CUBE, n)
    elif sector == BANK:
        c.give(seat, COIN, n)
    elif p.rats:  # the Park and the Hospital: the rats back one, whatever the cubes there
        c.give(seat, RAT)
    else:
        c.emit("rats_at_zero", player=c.who(seat))


def place(c: Ctx, seat: int, target: str, source: str) -> None:
    """A card's cube goes to its building (from the supply, or moved from elsewhere), and the building acts."""
    r.place_cube(c.s, seat, target, source)
    if source == "supply":
        c.emit("placed", player=c.who(seat), where=w.in_sector(target), n=c.s.player(seat).count(target))
    else:
        c.emit("moved_cube", player=c.who(seat), origin=w.from_sector(source), to=w.to_sector(target))
    arrive(c, seat, target)


@task
class Play(Step):
    """Play one of your cards face up and do its action, or play it without its action (`n`: the first or the
    second card of the round)."""

    kind = "play"
    n: int

    def candidates(self, s: State) -> list[Action]:
        held = {kind_of(x) for x in s.players[self.seat].hand}
        return [A(verb, k) for k in CARDS if k in held for verb in ("play", "idle")]

    def problem(self, s: State, a: Action) -> str | None:
        p, kind = s.players[self.seat], a.args[0]
        if a.verb == "idle" or kind == TRUSTED_FRIEND:
            return None
        if kind == NOTRE_DAME and not p.coins:
            return "notre_dame.illegal.no_coin_for_notre_dame"
        if not r.cube_sources(p, kind):
            return "notre_dame.illegal.no_cube"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"where": w.in_sector(a.args[0])} if problem == "notre_dame.illegal.no_cube" else {}

    def do(self, c: Ctx, a: Action) -> None:
        seat, kind = self.seat, a.args[0]
        p = c.s.player(seat)
        played = next(x for x in p.hand if kind_of(x) == kind)
        p.hand.remove(played)
        p.played.append(played)
        c.pop()
        c.touch(f"player:{seat}")
        if a.verb == "idle":
            c.emit("played_idle", player=c.who(seat), card=w.card(kind))
            return
        c.emit("played", player=c.who(seat), card=w.card(kind))
        if kind == TRUSTED_FRIEND:
            c.push(Friend(seat=seat))
        elif r.cube_sources(p, kind) != ["supply"]:
            c.push(Source(seat=seat, target=kind))
        elif kind == NOTRE_DAME:
            c.push(Donate(seat=seat, source="supply"))
        else:
            place(c, seat, kind, "supply")

    def question(self, s: State) -> Message:
        return Message("notre_dame.ask.play", {"player": w.player(s, self.seat), "n": self.n})

    def public_question(self, s: State) -> Message:
        return Message("notre_dame.ask.play_public", {"player": w.player(s, self.seat), "n": self.n})


@task
class Source(Step):
    """Your personal supply is empty: move one of your cubes (never the Friend) from a building or from Notre Dame
    to where the card places it ("Avete esaurito i cubetti influenza della vostra riserva personale?")."""

    kind = "source"
    target: str

    def candidates(self, s: State) -> list[Action]:
        return [A("from", x) for x in (*SECTORS, NOTRE_DAME)]

    def problem(self, s: State, a: Action) -> str | None:
        origin = a.args[0]
        if origin == self.target:
            return "notre_dame.illegal.same_place"
        if origin not in r.cube_sources(s.players[self.seat], self.target):
            return "notre_dame.illegal.no_cube_there"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if problem == "notre_dame.illegal.same_place":
            return {"to": w.to_sector(a.args[0])}
        return {"where": w.in_sector(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        if self.target == NOTRE_DAME:
            c.push(Donate(seat=self.seat, source=a.args[0]))
        else:
            place(c, self.seat, self.target, a.args[0])

    def question(self, s: State) -> Message:
        return Message("notre_dame.ask.source", {"player": w.player(s, self.seat), "to": w.to_sector(self.target)})


@task
class Donate(Step):
    """Notre Dame: give 1, 2 or 3 coins to the church for 1, 3 or 6 prestige, and put a cube on the tile."""

    kind = "donate"
    source: str

    def candidates(self, s: State) -> list[Action]:
        return [A("donate", n) for n in RULES.donations]

    def problem(self, s: State, a: Action) -> str | None:
        return "notre_dame.illegal.not_enough_coins" if s.players[self.seat].coins < int(a.args[0]) else None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"n": int(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        s, seat, coins = c.s, self.seat, int(a.args[0])
        c.pop()
        r.place_cube(s, seat, NOTRE_DAME, self.source)
        r.pay_coins(s, seat, coins)
        c.emit("donated", player=c.who(seat), what=w.count(COIN, coins), cubes=s.player(seat).notre_dame)
        c.touch(f"player:{seat}", NOTRE_DAME)
        c.award(seat, r.donation_prestige(coins), "donations")

    def question(self, s: State) -> Message:
        return Message("notre_dame.ask.donate", {"player": w.player(s, self.seat)})


@task
class Friend(Step):
    """The Trusted Friend enters the quarter, or moves to another building, and does that building's action."""

    kind = "friend"

    def candidates(self, s: State) -> list[Action]:
        return [A("to", x) for x in SECTORS]

    def problem(self, s: State, a: Action) -> str | None:
        return "notre_dame.illegal.friend_already_there" if s.players[self.seat].friend == a.args[0] else None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"where": w.in_sector(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        c.s.player(self.seat).friend = a.args[0]
        c.emit("friend", player=c.who(self.seat), to=w.to_sector(a.args[0]))
        arrive(c, self.seat, a.args[0])

    def question(self, s: State) -> Message:
        return Message("notre_dame.ask.friend", {"player": w.player(s, self.seat)})


@task
class Carriage(Step):
    """Move the carriage up to as many markets as cubes in the Carriage house; a message where it stops is taken
    with its reward, if the collection rule allows."""

    kind = "carriage"

    def candidates(self, s: State) -> list[Action]:
        return [*(A("go", m) for m in layout(s.seats).markets), A("stay")]

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "go":
            if a.args[0] == s.players[self.seat].carriage:
                return "notre_dame.illegal.carriage_already_there"
            if a.args[0] not in r.destinations(s, self.seat):
                return "notre_dame.illegal.too_far"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if problem == "notre_dame.illegal.too_far":
            return {"markets": w.count("market", s.players[self.seat].count(CARRIAGE_HOUSE))}
        return {}

    def do(self, c: Ctx, a: Action) -> None:
        s, seat = c.s, self.seat
        c.pop()
        if a.verb == "stay":
            c.emit("carriage_stays", player=c.who(seat))
            return
        message = s.messages.get(a.args[0])
        taken = r.move_carriage(s, seat, a.args[0])
        c.emit("carriage", player=c.who(seat), market=w.market(a.args[0]))
        c.touch(f"player:{seat}", "messages")
        if taken is not None:
            c.emit("message", player=c.who(seat), message=w.message(taken))
            c.award(seat, r.message_prestige(taken), "messages")
            extra = r.message_gives(taken)
            if extra is not None:
                c.give(seat, extra)
        elif message is not None:
            c.emit("message_refused", player=c.who(seat), message=w.message(message))

    def question(self, s: State) -> Message:
        return Message("notre_dame.ask.carriage", {"player": w.player(s, self.seat),
                                                   "markets": w.count("market", s.players[self.seat].count(CARRIAGE_HOUSE))})


@task
class Take(Step):
    """The Inn (one pick, two from its fourth cube) and the Innkeeper (one pick): a coin, a cube from the general
    supply, or the rats back one space."""

    kind = "take"
    n: int
    source: str

    def candidates(self, s: State) -> list[Action]:
        return [A("take", x) for x in INN_CHOICES]

    def problem(self, s: State, a: Action) -> str | None:
        return None if r.can_gain(s, self.seat, a.args[0]) else NONE_LEFT[a.args[0]]

    def do(self, c: Ctx, a: Action) -> None:
        if self.n > 1:
            c.replace(replace(self, n=self.n - 1))
        else:
            c.pop()
        c.give(self.seat, a.args[0])

    def question(self, s: State) -> Message:
        return Message(f"notre_dame.ask.take.{self.source}", {"player": w.player(s, self.seat), "n": self.n})
