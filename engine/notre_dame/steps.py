"""Every decision of Notre Dame as a small step, and the round that asks for them.

The round is a driver task at the bottom of the stack (`Round`): it reveals the persons, deals the draft, asks
for the cards to be played, the persons to be paid, strikes with the plague and closes the round and the
period. Passages cited are of 002_5dba4fcea6f02f9d.txt.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.game import Action
from engine.core.messages import Message

from . import rules as r
from . import words as w
from .board import layout
from .data import load
from .flow import Ctx, Refusal, Step, asked
from .setup import deal, discard_hands, end_round, keep, pass_left, reveal_persons, start_period
from .state import State, Task, kind_of
from .vocab import (
    ACTIONS,
    CARDS,
    CARRIAGE_HOUSE,
    COIN,
    CUBE,
    DRAFT,
    INN,
    INN_CHOICES,
    NOTRE_DAME,
    OVER,
    PERSONS_PHASE,
    PLAGUE,
    RAT,
    SECTORS,
    TRUSTED_FRIEND,
)

DATA = load()
RULES = DATA.rules
A = lru_cache(maxsize=None)(Action.of)  # options are rebuilt on every step: share the Action objects

STEPS: dict[str, Step] = {}


def step(cls: type[Step]) -> type[Step]:
    STEPS[cls.kind] = cls()
    return cls


def who(s: State, seat: int) -> dict[str, Any]:
    return w.player(s, seat)


# ==== gains, told to the players ===========================================================================

def award(c: Ctx, seat: int, base: int, source: str) -> int:
    """Book prestige with the Park's bonus and tell it: to everybody at a table with public prestige, else only
    to its owner (002, "Residenza": "i punti prestigio non devono rimanere visibili a tutti")."""
    gained = r.gain_prestige(c.s, seat, base, source)
    if gained:
        p = c.s.player(seat)
        c.emit("prestige", audience=None if c.s.public_prestige else seat, player=who(c.s, seat), n=gained,
               what=w.count("prestige", gained), bonus=gained - base, total=p.prestige)
    return gained


def give(c: Ctx, seat: int, what: str, n: int = 1) -> None:
    """A coin, a cube from the general supply or the rats back, `n` times as far as the supplies go."""
    s = c.s
    if what == COIN:
        sources = r.gain_coins(s, seat, n)
        taken = [x for x in sources if x is not None]
        if len(sources) > len(taken):
            c.emit("coins", player=who(s, seat), what=w.count(COIN, len(sources) - len(taken)))
        for other in sorted(set(taken)):
            c.emit("coins_from", player=who(s, seat), what=w.count(COIN, taken.count(other)), other=who(s, other))
        if len(sources) < n:
            c.emit("no_coins_left", player=who(s, seat), what=w.count(COIN, n - len(sources)))
    elif what == CUBE:
        got = r.gain_cubes(s, seat, n)
        c.emit("cubes" if got else "no_cubes_left", player=who(s, seat), what=w.count(CUBE, got or n))
    else:
        moved = r.rat_back(s, seat, n)
        if moved:
            c.emit("rats_back", player=who(s, seat), n=s.player(seat).rats)
    c.touch(f"player:{seat}")


def arrive(c: Ctx, seat: int, sector: str) -> None:
    """A cube or the Friend has just arrived in a building: do what the building does, counting the cubes there
    now, the Friend included (the action cards, "Le carte azione")."""
    p = c.s.player(seat)
    n = p.count(sector)
    c.touch(f"quarter:{seat}")
    if sector == CARRIAGE_HOUSE:
        c.push(Task("carriage", seat, {}))
    elif sector == INN:
        c.push(Task("take", seat, {"n": r.inn_picks(p), "source": INN}))
    elif sector == "residence":
        award(c, seat, n, "residence")
    elif sector == "convent_school":
        give(c, seat, CUBE, n)
    elif sector == "bank":
        give(c, seat, COIN, n)
    else:  # the Park and the Hospital: the rats back one, whatever the cubes there
        if p.rats:
            give(c, seat, RAT)
        else:
            c.emit("rats_at_zero", player=who(c.s, seat))


# ==== phase 2: the draft ======================================================================================

@step
class Draft(Step):
    """Keep one card of those in front of you: first of your own three, then of the two passed from your right.
    Everybody chooses at the same time; the other cards go to the left once all have chosen."""

    kind = "draft"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("keep", kind_of(x)) for x in s.player(t.seat).offer]

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        p = c.s.player(t.seat)
        chosen = next(x for x in p.offer if kind_of(x) == a.args[0])
        keep(c.s, t.seat, chosen)
        c.pop(t)
        c.emit("kept", audience=t.seat, card=w.card(a.args[0]))
        c.emit("chose", player=who(c.s, t.seat))
        c.touch(f"player:{t.seat}")

    def question(self, s: State, t: Task) -> Message:
        offer = [w.card(kind_of(x)) for x in s.player(t.seat).offer]
        stage = "first" if len(offer) == RULES.cards_drawn else "second"
        return Message(f"notre_dame.ask.draft.{stage}", {"player": who(s, t.seat), "cards": offer,
                                                         "left": who(s, s.left_of(t.seat))})

    def public_question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.draft.public", {"player": who(s, t.seat)})


# ==== phase 3: the action cards ==================================================================================

@step
class Play(Step):
    """Play one of your cards face up and do its action, or play it without its action."""

    kind = "play"

    def candidates(self, s: State, t: Task) -> list[Action]:
        held = {kind_of(x) for x in s.player(t.seat).hand}
        return [A(verb, k) for k in CARDS if k in held for verb in ("play", "idle")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        p, kind = s.player(t.seat), a.args[0]
        if a.verb == "idle" or kind == TRUSTED_FRIEND:
            return
        if kind == NOTRE_DAME and not p.coins:
            raise Refusal("notre_dame.illegal.no_coin_for_notre_dame")
        if not r.cube_sources(p, kind):
            raise Refusal("notre_dame.illegal.no_cube", where=w.in_sector(kind))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat, kind = c.s, t.seat, a.args[0]
        p = s.player(seat)
        played = next(x for x in p.hand if kind_of(x) == kind)
        p.hand.remove(played)
        p.played.append(played)
        c.pop(t)
        c.touch(f"player:{seat}")
        if a.verb == "idle":
            c.emit("played_idle", player=who(s, seat), card=w.card(kind))
            return
        c.emit("played", player=who(s, seat), card=w.card(kind))
        if kind == TRUSTED_FRIEND:
            c.push(Task("friend", seat, {}))
        elif r.cube_sources(p, kind) != ["supply"]:
            c.push(Task("source", seat, {"target": kind}))
        elif kind == NOTRE_DAME:
            c.push(Task("donate", seat, {"source": "supply"}))
        else:
            place(c, seat, kind, "supply")

    def question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.play", {"player": who(s, t.seat), "n": t.data["n"]})

    def public_question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.play_public", {"player": who(s, t.seat), "n": t.data["n"]})


def place(c: Ctx, seat: int, target: str, source: str) -> None:
    r.place_cube(c.s, seat, target, source)
    if source == "supply":
        c.emit("placed", player=who(c.s, seat), where=w.in_sector(target), n=c.s.player(seat).count(target))
    else:
        c.emit("moved_cube", player=who(c.s, seat), origin=w.from_sector(source), to=w.to_sector(target))
    arrive(c, seat, target)


@step
class Source(Step):
    """Your personal supply is empty: move one of your cubes (never the Friend) from a building or from Notre
    Dame to where the card places it ("Avete esaurito i cubetti influenza della vostra riserva personale?")."""

    kind = "source"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("from", x) for x in (*SECTORS, NOTRE_DAME)]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        p, origin = s.player(t.seat), a.args[0]
        if origin == t.data["target"]:
            raise Refusal("notre_dame.illegal.same_place", to=w.to_sector(origin))
        if origin not in r.cube_sources(p, t.data["target"]):
            raise Refusal("notre_dame.illegal.no_cube_there", where=w.in_sector(origin))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        c.pop(t)
        if t.data["target"] == NOTRE_DAME:
            c.push(Task("donate", t.seat, {"source": a.args[0]}))
        else:
            place(c, t.seat, t.data["target"], a.args[0])

    def question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.source", {"player": who(s, t.seat), "to": w.to_sector(t.data["target"])})


@step
class Donate(Step):
    """Notre Dame: give 1, 2 or 3 coins to the church for 1, 3 or 6 prestige, and put a cube on the tile."""

    kind = "donate"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("donate", n) for n in RULES.donations]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if s.player(t.seat).coins < int(a.args[0]):
            raise Refusal("notre_dame.illegal.not_enough_coins", n=int(a.args[0]))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat, coins = c.s, t.seat, int(a.args[0])
        c.pop(t)
        r.place_cube(s, seat, NOTRE_DAME, t.data["source"])
        r.pay_coins(s, seat, coins)
        c.emit("donated", player=who(s, seat), what=w.count(COIN, coins), cubes=s.player(seat).notre_dame)
        c.touch(f"player:{seat}", NOTRE_DAME)
        award(c, seat, r.donation_prestige(coins), "donations")

    def question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.donate", {"player": who(s, t.seat)})


@step
class Friend(Step):
    """The Trusted Friend enters the quarter, or moves to another building, and does that building's action."""

    kind = "friend"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("to", x) for x in SECTORS]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if s.player(t.seat).friend == a.args[0]:
            raise Refusal("notre_dame.illegal.friend_already_there", where=w.in_sector(a.args[0]))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        c.pop(t)
        c.s.player(t.seat).friend = a.args[0]
        c.emit("friend", player=who(c.s, t.seat), to=w.to_sector(a.args[0]))
        arrive(c, t.seat, a.args[0])

    def question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.friend", {"player": who(s, t.seat)})


@step
class Carriage(Step):
    """Move the carriage up to as many markets as cubes in the Carriage house; a message where it stops is taken
    with its reward, if the collection rule allows."""

    kind = "carriage"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [*(A("go", m) for m in layout(s.seats).markets), A("stay")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "go":
            p = s.player(t.seat)
            if a.args[0] == p.carriage:
                raise Refusal("notre_dame.illegal.carriage_already_there")
            if a.args[0] not in r.destinations(s, t.seat):
                raise Refusal("notre_dame.illegal.too_far", n=p.count(CARRIAGE_HOUSE))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat = c.s, t.seat
        c.pop(t)
        if a.verb == "stay":
            c.emit("carriage_stays", player=who(s, seat))
            return
        message = s.messages.get(a.args[0])
        taken = r.move_carriage(s, seat, a.args[0])
        c.emit("carriage", player=who(s, seat), market=w.market(a.args[0]))
        c.touch(f"player:{seat}", "messages")
        if taken is not None:
            c.emit("message", player=who(s, seat), message=w.message(taken))
            award(c, seat, r.message_prestige(taken), "messages")
            extra = r.message_gives(taken)
            if extra is not None:
                give(c, seat, extra)
        elif message is not None:
            c.emit("message_refused", player=who(s, seat), message=w.message(message))

    def question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.carriage", {"player": who(s, t.seat),
                                                   "n": s.player(t.seat).count(CARRIAGE_HOUSE)})


NONE_LEFT = {COIN: "notre_dame.illegal.none_left.coin", CUBE: "notre_dame.illegal.none_left.cube",
             RAT: "notre_dame.illegal.none_left.rat"}


@step
class Take(Step):
    """The Inn (one pick, two from its fourth cube) and the Innkeeper (one pick): a coin, a cube from the general
    supply, or the rats back one space."""

    kind = "take"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("take", x) for x in INN_CHOICES]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if not r.can_gain(s, t.seat, a.args[0]):
            raise Refusal(NONE_LEFT[a.args[0]])

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        if t.data["n"] > 1:
            c.replace(t, t.but(n=t.data["n"] - 1))
        else:
            c.pop(t)
        give(c, t.seat, a.args[0])

    def question(self, s: State, t: Task) -> Message:
        return Message(f"notre_dame.ask.take.{t.data['source']}", {"player": who(s, t.seat), "n": t.data["n"]})


# ==== phase 4: the persons =========================================================================================

COUNTING = ("watchman", "night_watch", "guild_master", "beggar_king", "lawyer", "lady_in_waiting", "mayor",
            "carpenter")


@step
class Pay(Step):
    """In turn order, each player may pay one coin to one of the three persons for its benefit."""

    kind = "person"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [*(A("pay", x) for x in s.persons), A("pass")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "pay" and not s.player(t.seat).coins:
            raise Refusal("notre_dame.illegal.no_coin_to_pay")

    def has_options(self, s: State, t: Task) -> bool:
        return bool(s.player(t.seat).coins)  # without a coin there is nothing to decide

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat = c.s, t.seat
        c.pop(t)
        if a.verb == "pass":
            c.emit("passed", player=who(s, seat))
            return
        person = a.args[0]
        r.pay_coins(s, seat, 1)
        s.player(seat).paid = person
        c.emit("paid", player=who(s, seat), person=w.person(person))
        c.touch(f"player:{seat}", "persons")
        if person in COUNTING:
            award(c, seat, r.person_points(s, seat, person), "persons")
        elif person == "innkeeper":
            award(c, seat, 3, "persons")
            c.push(Task("take", seat, {"n": 1, "source": "innkeeper"}))
        elif person == "monk":
            give(c, seat, CUBE, 2)
            award(c, seat, 1, "persons")
        elif person == "moneylender":
            give(c, seat, COIN, 2)
            award(c, seat, 1, "persons")
        elif person in ("troubadour", "jester"):
            c.push(Task(person, seat, {"stage": "from"}))
        elif person == "bishop":
            c.push(Task("bishop", seat, {}))
        # the Doctor acts in the plague phase

    def question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.person", {"player": who(s, t.seat), "coins": s.player(t.seat).coins})


def _moving(s: State, t: Task) -> list[Action]:
    stage = t.data["stage"]
    if stage == "from":
        where = SECTORS if t.kind == "troubadour" else (*SECTORS, NOTRE_DAME)
        return [A("from", x) for x in where]
    if stage == "piece":
        return [A("move", CUBE), A("move", "friend")]
    if stage == "to":
        return [A("to", x) for x in SECTORS]
    return [A("move", CUBE), A("move", "friend"), A("done")]


def _moving_refusal(s: State, t: Task, a: Action) -> None:
    p, origin = s.player(t.seat), t.data.get("from")
    if a.verb == "from":
        there = p.notre_dame if a.args[0] == NOTRE_DAME else p.count(a.args[0])
        if not there:
            raise Refusal("notre_dame.illegal.nothing_there", where=w.in_sector(a.args[0]))
    elif a.verb == "to":
        if a.args[0] == origin:
            raise Refusal("notre_dame.illegal.same_place", to=w.to_sector(a.args[0]))
    elif a.verb == "move":
        if a.args[0] == "friend" and p.friend != origin:
            raise Refusal("notre_dame.illegal.friend_not_there", where=w.in_sector(str(origin)))
        there = p.notre_dame if origin == NOTRE_DAME else p.sectors[str(origin)]
        if a.args[0] == CUBE and not there:
            raise Refusal("notre_dame.illegal.no_cube_there", where=w.in_sector(str(origin)))
    elif a.verb == "done" and not t.data.get("moved"):
        raise Refusal("notre_dame.illegal.move_one_first")


def move_piece(s: State, seat: int, piece: str, origin: str, to: str) -> None:
    p = s.player(seat)
    if piece == "friend":
        p.friend = to
        return
    if origin == NOTRE_DAME:
        p.notre_dame -= 1
    else:
        p.sectors[origin] -= 1
    p.sectors[to] += 1


@step
class Troubadour(Step):
    """Move one to three of your pieces (cubes, the Friend) from one building to another building, without its
    action (Trovatore)."""

    kind = "troubadour"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return _moving(s, t)

    def refusal(self, s: State, t: Task, a: Action) -> None:
        _moving_refusal(s, t, a)

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat = c.s, t.seat
        if a.verb == "from":
            c.replace(t, t.but(stage="to", **{"from": a.args[0]}))
            return
        if a.verb == "to":
            c.replace(t, t.but(stage="move", to=a.args[0], moved=0))
            return
        if a.verb == "done":
            c.pop(t)
            return
        move_piece(s, seat, a.args[0], t.data["from"], t.data["to"])
        c.touch(f"quarter:{seat}")
        piece = w.word("friend" if a.args[0] == "friend" else CUBE)
        c.emit("moved_piece", player=who(s, seat), piece=piece, origin=w.from_sector(t.data["from"]),
               to=w.to_sector(t.data["to"]))
        moved = t.data["moved"] + 1
        if moved == 3 or not s.player(seat).count(t.data["from"]):
            c.pop(t)
        else:
            c.replace(t, t.but(moved=moved))

    def question(self, s: State, t: Task) -> Message:
        return _moving_question(s, t)


def _moving_question(s: State, t: Task) -> Message:
    params: dict[str, Any] = {"player": who(s, t.seat)}
    if "from" in t.data:
        params["origin"] = w.from_sector(t.data["from"])
    if "to" in t.data:
        params["to"] = w.to_sector(t.data["to"])
    return Message(f"notre_dame.ask.{t.kind}.{t.data['stage']}", params)


@step
class Jester(Step):
    """Move one of your cubes or the Friend from a building or Notre Dame to another building and do its
    action (Giullare)."""

    kind = "jester"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return _moving(s, t)

    def refusal(self, s: State, t: Task, a: Action) -> None:
        _moving_refusal(s, t, a)

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat, p = c.s, t.seat, c.s.player(t.seat)
        if a.verb == "from":
            origin = a.args[0]
            cubes = p.notre_dame if origin == NOTRE_DAME else p.sectors[origin]
            piece = None if cubes and p.friend == origin else (CUBE if cubes else "friend")
            c.replace(t, t.but(stage="piece" if piece is None else "to", piece=piece, **{"from": origin}))
        elif a.verb == "move":
            c.replace(t, t.but(stage="to", piece=a.args[0]))
        else:
            c.pop(t)
            origin, piece = t.data["from"], t.data["piece"]
            move_piece(s, seat, piece, origin, a.args[0])
            c.emit("moved_piece", player=who(s, seat), piece=w.word(piece), origin=w.from_sector(origin),
                   to=w.to_sector(a.args[0]))
            arrive(c, seat, a.args[0])

    def question(self, s: State, t: Task) -> Message:
        return _moving_question(s, t)


@step
class Bishop(Step):
    """Put one of your cubes from the general supply into an empty building and do its action (Vescovo)."""

    kind = "bishop"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("to", x) for x in SECTORS]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        p = s.player(t.seat)
        if not p.general:
            raise Refusal(NONE_LEFT[CUBE])
        if p.count(a.args[0]):
            raise Refusal("notre_dame.illegal.not_empty", where=w.in_sector(a.args[0]))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat = c.s, t.seat
        c.pop(t)
        p = s.player(seat)
        p.general -= 1
        p.sectors[a.args[0]] += 1
        c.emit("bishop", player=who(s, seat), to=w.to_sector(a.args[0]))
        arrive(c, seat, a.args[0])

    def question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.bishop", {"player": who(s, t.seat)})


# ==== phase 5: the plague ========================================================================================

@step
class Lose(Step):
    """Struck by the plague with several buildings equally full: choose which loses a cube."""

    kind = "lose"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("lose", x) for x in SECTORS]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.args[0] not in r.fullest(s.player(t.seat)):
            raise Refusal("notre_dame.illegal.not_fullest", where=w.in_sector(a.args[0]))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        c.pop(t)
        lose_cube(c, t.seat, a.args[0])

    def question(self, s: State, t: Task) -> Message:
        return Message("notre_dame.ask.lose", {"player": who(s, t.seat)})


def lose_cube(c: Ctx, seat: int, sector: str) -> None:
    r.lose_cube(c.s, seat, sector)
    c.emit("lost_cube", player=who(c.s, seat), origin=w.from_sector(sector))
    c.touch(f"quarter:{seat}")


def plague(c: Ctx) -> None:
    """Every player's rats move by the round's plague less their Hospital; past 9 the player stays at 9,
    returns 2 prestige and loses a cube from their fullest building (002, "La pestilenza")."""
    s = c.s
    c.emit("plague", n=r.plague_strength(s))
    for seat in s.order():
        before, after, struck = r.move_rats(s, seat)
        c.emit("rats", player=who(s, seat), origin=before, n=after)
        c.touch(f"player:{seat}")
        if not struck:
            continue
        lost = r.lose_prestige(s, seat, RULES.plague_prestige)
        c.emit("struck", player=who(s, seat))
        if lost:
            c.emit("prestige_lost", audience=None if s.public_prestige else seat, player=who(s, seat), n=lost,
                   what=w.count("prestige", lost),
                   total=s.player(seat).prestige)
        choices = r.fullest(s.player(seat))
        if len(choices) == 1:
            lose_cube(c, seat, choices[0])
        elif choices:
            c.push(Task("lose", seat, {}))


# ==== the round ==================================================================================================

@step
class Round(Step):
    """Drives a round through its five phases, then closes the round and, every third, the period."""

    kind = "round"
    auto = True

    def run(self, c: Ctx, t: Task) -> None:
        s, stage = c.s, t.data["stage"]
        order = s.order()
        c.replace(t, t.but(stage=NEXT[stage]))
        if stage == "start":
            s.phase = DRAFT
            reveal_persons(s)
            c.emit("round", n=s.round, period=("A", "B", "C")[s.period], bell=who(s, s.bell),
                   persons=[w.person(x) for x in s.persons], rats=r.plague_strength(s), reveals=True)
            deal(s)
            for p in s.players:
                c.emit("drew", audience=p.seat, reveals=True, cards=[w.card(kind_of(x)) for x in p.offer])
            c.touch("persons", "players")
            c.push_parallel([Task("draft", seat, {}) for seat in order])
        elif stage in ("first_pass", "second_pass"):
            pass_left(s)
            for p in s.players:
                got = p.offer if stage == "first_pass" else p.hand[-1:]
                c.emit("received", audience=p.seat, reveals=True, cards=[w.card(kind_of(x)) for x in got],
                       player=who(s, (p.seat - 1) % s.seats))
            if stage == "first_pass":
                c.push_parallel([Task("draft", seat, {}) for seat in order])
            else:
                s.phase = ACTIONS
                c.emit("draft_done")
                c.push(*(Task("play", seat, {"n": n}) for n in (1, 2) for seat in order))
        elif stage == "persons":
            discard_hands(s)
            s.phase = PERSONS_PHASE
            c.push(*(Task("person", seat, {}) for seat in order))
        elif stage == "plague":
            s.phase = PLAGUE
            plague(c)
        else:
            self.close(c)

    def close(self, c: Ctx) -> None:
        s = c.s
        if s.round % RULES.rounds_per_period == 0:
            share_notre_dame(c)
        if s.round == RULES.rounds:
            s.phase = OVER
            s.tasks = []
            c.emit("game_over", reveals=True)  # the final scores show every prestige
            return
        end_round(s)
        if s.round % RULES.rounds_per_period == 1:
            start_period(s)
            c.emit("period", period=("A", "B", "C")[s.period])
        c.touch("persons", "players")


NEXT = {"start": "first_pass", "first_pass": "second_pass", "second_pass": "persons", "persons": "plague",
        "plague": "close", "close": "start"}


def share_notre_dame(c: Ctx) -> None:
    """End of a period: the tile's points divided among its cubes, rounded down, paid to their owners; the cubes
    go back to the general supply (002, "Notre Dame")."""
    s = c.s
    share = r.notre_dame_share(s)
    cubes = sum(p.notre_dame for p in s.players)
    if not cubes:
        c.emit("notre_dame_empty")
        return
    c.emit("notre_dame", points=RULES.notre_dame_points[s.seats], cubes=cubes, share=share)
    for p in s.players:
        if p.notre_dame:
            award(c, p.seat, share * p.notre_dame, "notre_dame")
            p.general += p.notre_dame
            p.notre_dame = 0
    c.touch(NOTRE_DAME)


def advance(c: Ctx) -> None:
    """Run drivers until some player must decide or the game is over."""
    s = c.s
    while s.phase != OVER:
        waiting = asked(s)
        if not waiting:
            c.push(Task("round", -1, {"stage": "start"}))
            continue
        task = waiting[0]
        handler = STEPS[task.kind]
        if handler.auto:
            handler.run(c, task)
        elif len(waiting) == 1 and not handler.has_options(s, task):
            handler.on_empty(c, task)
        else:
            return
