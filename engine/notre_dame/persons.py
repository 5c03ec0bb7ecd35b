"""Phase 4 and the 15 persons (002, "Fase 4: Pagamento di un personaggio", "LE CARTE PERSONAGGIO")."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.flow import replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import rules as r
from . import words as w
from .actions import Take, arrive
from .flow import A, Ctx, Step
from .state import State
from .vocab import COIN, CUBE, NOTRE_DAME, SECTORS

# Persons whose benefit is prestige counted from the player's quarter (rules.person_points).
COUNTING = ("watchman", "night_watch", "guild_master", "beggar_king", "lawyer", "lady_in_waiting", "mayor",
            "carpenter")
FRIEND = "friend"


@task
class Pay(Step):
    """In turn order, each player may pay one coin to one of the three persons for its benefit."""

    kind = "person"

    def candidates(self, s: State) -> list[Action]:
        return [*(A("pay", x) for x in s.persons), A("pass")]

    def problem(self, s: State, a: Action) -> str | None:
        return "notre_dame.illegal.no_coin_to_pay" if a.verb == "pay" and not s.players[self.seat].coins else None

    def has_options(self, s: State) -> bool:
        return bool(s.players[self.seat].coins)  # without a coin there is nothing to decide

    def do(self, c: Ctx, a: Action) -> None:
        s, seat = c.s, self.seat
        c.pop()
        if a.verb == "pass":
            c.emit("passed", player=c.who(seat))
            return
        person = a.args[0]
        r.pay_coins(s, seat, 1)
        s.player(seat).paid = person
        c.emit("paid", player=c.who(seat), person=w.person(person))
        c.touch(f"player:{seat}", "persons")
        if person in COUNTING:
            c.award(seat, r.person_points(s, seat, person), "persons")
        elif person == "innkeeper":
            c.award(seat, 3, "persons")
            c.push(Take(seat=seat, n=1, source="innkeeper"))
        elif person == "monk":
            c.give(seat, CUBE, 2)
            c.award(seat, 1, "persons")
        elif person == "moneylender":
            c.give(seat, COIN, 2)
            c.award(seat, 1, "persons")
        elif person == "troubadour":
            c.push(Troubadour(seat=seat))
        elif person == "jester":
            c.push(Jester(seat=seat))
        elif person == "bishop":
            c.push(Bishop(seat=seat))
        # the Doctor acts in the plague phase

    def question(self, s: State) -> Message:
        return Message("notre_dame.ask.person", {"player": w.player(s, self.seat), "coins": s.players[self.seat].coins})


def move_piece(s: State, seat: int, piece: str, origin: str, to: str) -> None:
    p = s.player(seat)
    if piece == FRIEND:
        p.friend = to
        return
    if origin == NOTRE_DAME:
        p.notre_dame -= 1
    else:
        p.sectors[origin] -= 1
    p.sectors[to] += 1


@task
class Moving(Step):
    """A person who moves your pieces: first from where (`origin`), then which piece and where (`to`)."""

    sources: ClassVar[tuple[str, ...]] = SECTORS  # where pieces may come from
    stage: str = "from"
    origin: str | None = None

    def candidates(self, s: State) -> list[Action]:
        if self.stage == "from":
            return [A("from", x) for x in self.sources]
        if self.stage == "to":
            return [A("to", x) for x in SECTORS]
        pieces = [A("move", CUBE), A("move", FRIEND)]
        return pieces if self.stage == "piece" else [*pieces, A("done")]

    def problem(self, s: State, a: Action) -> str | None:
        p, origin = s.players[self.seat], str(self.origin)
        if a.verb == "from":
            there = p.notre_dame if a.args[0] == NOTRE_DAME else p.count(a.args[0])
            if not there:
                return "notre_dame.illegal.nothing_there"
        elif a.verb == "to":
            if a.args[0] == origin:
                return "notre_dame.illegal.same_place"
        elif a.verb == "move":
            if a.args[0] == FRIEND and p.friend != origin:
                return "notre_dame.illegal.friend_not_there"
            there = p.notre_dame if origin == NOTRE_DAME else p.sectors[origin]
            if a.args[0] == CUBE and not there:
                return "notre_dame.illegal.no_cube_there"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if a.verb == "from":
            return {"where": w.in_sector(a.args[0])}
        if a.verb == "to":
            return {"to": w.to_sector(a.args[0])}
        return {"where": w.in_sector(str(self.origin))} if a.verb == "move" else {}

    def question(self, s: State) -> Message:
        params: dict[str, Any] = {"player": w.player(s, self.seat)}
        if self.origin is not None:
            params["origin"] = w.from_sector(self.origin)
        to = getattr(self, "to", None)
        if to is not None:
            params["to"] = w.to_sector(to)
        return Message(f"notre_dame.ask.{self.kind}.{self.stage}", params)


@task
class Troubadour(Moving):
    """Move one to three of your pieces (cubes, the Friend) from one building into one other building, without its
    action (Trovatore)."""

    kind = "troubadour"
    to: str | None = None
    moved: int = 0

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "done" and not self.moved:
            return "notre_dame.illegal.move_one_first"
        return super().problem(s, a)

    def do(self, c: Ctx, a: Action) -> None:
        s, seat = c.s, self.seat
        if a.verb == "from":
            c.replace(replace(self, stage="to", origin=a.args[0]))
            return
        if a.verb == "to":
            c.replace(replace(self, stage="move", to=a.args[0]))
            return
        if a.verb == "done":
            c.pop()
            return
        origin, to = str(self.origin), str(self.to)
        move_piece(s, seat, a.args[0], origin, to)
        c.touch(f"quarter:{seat}")
        c.emit("moved_piece", player=c.who(seat), piece=w.word(a.args[0]), origin=w.from_sector(origin),
               to=w.to_sector(to))
        if self.moved + 1 == 3 or not s.player(seat).count(origin):
            c.pop()
        else:
            c.replace(replace(self, moved=self.moved + 1))


@task
class Jester(Moving):
    """Move one of your cubes or the Friend from a building or Notre Dame to another building and do its action
    (Giullare)."""

    kind = "jester"
    sources: ClassVar[tuple[str, ...]] = (*SECTORS, NOTRE_DAME)
    piece: str | None = None

    def do(self, c: Ctx, a: Action) -> None:
        s, seat, p = c.s, self.seat, c.s.player(self.seat)
        if a.verb == "from":
            origin = a.args[0]
            cubes = p.notre_dame if origin == NOTRE_DAME else p.sectors[origin]
            piece = None if cubes and p.friend == origin else (CUBE if cubes else FRIEND)
            c.replace(replace(self, stage="piece" if piece is None else "to", origin=origin, piece=piece))
        elif a.verb == "move":
            c.replace(replace(self, stage="to", piece=a.args[0]))
        else:
            c.pop()
            origin, piece = str(self.origin), str(self.piece)
            move_piece(s, seat, piece, origin, a.args[0])
            c.emit("moved_piece", player=c.who(seat), piece=w.word(piece), origin=w.from_sector(origin),
                   to=w.to_sector(a.args[0]))
            arrive(c, seat, a.args[0])


@task
class Bishop(Step):
    """Put one of your cubes from the general supply into an empty building and do its action (Vescovo)."""

    kind = "bishop"

    def candidates(self, s: State) -> list[Action]:
        return [A("to", x) for x in SECTORS]

    def problem(self, s: State, a: Action) -> str | None:
        p = s.players[self.seat]
        if not p.general:
            return "notre_dame.illegal.none_left.cube"
        return "notre_dame.illegal.not_empty" if p.count(a.args[0]) else None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"where": w.in_sector(a.args[0])} if problem == "notre_dame.illegal.not_empty" else {}

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        p = c.s.player(self.seat)
        p.general -= 1
        p.sectors[a.args[0]] += 1
        c.emit("bishop", player=c.who(self.seat), to=w.to_sector(a.args[0]))
        arrive(c, self.seat, a.args[0])

    def question(self, s: State) -> Message:
        return Message("notre_dame.ask.bishop", {"player": w.player(s, self.seat)})
