"""Every decision of Taj Mahal as a small step, and the flow of visits that asks for them.

The state keeps a stack of tasks. A task either waits on one player (its `Step` lists the options, each a
small `Action`) or is work the game does by itself (scoring a withdrawal). `advance` moves the game on
(turns, the dummies' turns, the end of a visit) until some player must decide or the match is over.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

from engine.core.events import Event
from engine.core.game import Action
from engine.core.messages import Message

from . import dummy
from . import words as w
from .board import Board, board
from .rng import shuffled
from .rules import (
    PROVINCE_GOODS,
    RULES,
    bonus_points,
    colour_refusal,
    display_share,
    empty_cities,
    end_points,
    fixes_colour,
    goods_points,
    pairs_of,
    playable_colours,
    prizes_won,
    special_for,
)
from .state import DUEL, PLUS, Player, State, Task
from .vocab import (
    CROWN,
    FORCES,
    GOODS,
    OVER,
    PLUS_CARD,
    PROVINCE_TILE,
    SP_COLOUR,
    SP_POINTS,
    SPECIALS,
    card_colour,
    is_coloured,
    is_white,
)

A = lru_cache(maxsize=None)(Action.of)  # options are rebuilt on every step: share the Action objects


class Refusal(Exception):
    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key, self.params = key, params


class Ctx:
    """One step in progress: the (already cloned) state and the events it produces."""

    def __init__(self, state: State):
        self.s = state
        self.board: Board = board(state.provinces)
        self.events: list[Event] = []

    def emit(self, key: str, seat: int | None = None, reveals: bool = False, **params: Any) -> None:
        """An event; `seat` makes it private to that seat."""
        self.event(key, params, seat, reveals)

    def event(self, key: str, params: dict[str, Any], seat: int | None = None, reveals: bool = False) -> None:
        event = Event(f"taj_mahal.ev.{key}", params, None if seat is None else frozenset({seat}), reveals)
        self.events.append(event)
        if seat is None:
            self.s.log_tail = [*self.s.log_tail[-11:], event.message.to_json()]

    def touch(self, *things: str) -> None:
        for thing in things:
            if thing not in self.s.last_changed:
                self.s.last_changed.append(thing)

    def who(self, index: int) -> dict[str, Any]:
        return w.player(self.s, index)

    # ---- the task stack --------------------------------------------------------------------------------
    def pop(self) -> Task:
        return self.s.tasks.pop()

    def replace(self, task: Task) -> None:
        self.s.tasks[-1] = task

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given is done first."""
        self.s.tasks.extend(reversed(tasks))

    def update(self, kind: str, **changes: Any) -> None:
        i = max(i for i, t in enumerate(self.s.tasks) if t.kind == kind)
        self.s.tasks[i] = self.s.tasks[i].but(**changes)

    # ---- cards -------------------------------------------------------------------------------------------
    def draw(self) -> str | None:
        """The top card of the deck; an empty deck is first made again from the discards, shuffled ("quando il
        mazzo finisce, mescolate bene la pila degli scarti"). None when no card is left anywhere."""
        s = self.s
        if not s.deck and s.discard:
            s.rng, s.deck = shuffled(s.rng, sorted(s.discard))
            s.discard = []
            self.emit("reshuffled", reveals=True, n=len(s.deck))
        return s.deck.pop() if s.deck else None


class Step:
    """A kind of question. `verbs` are the moves that answer it; `refusal` says why one is not allowed."""

    kind: ClassVar[str]
    verbs: ClassVar[tuple[str, ...]] = ()
    auto: ClassVar[bool] = False

    def candidates(self, s: State, t: Task) -> list[Action]:
        return []

    def refusal(self, s: State, t: Task, a: Action) -> None:
        """Raise `Refusal` naming the rule when `a` is not allowed now."""

    def allows(self, s: State, t: Task, a: Action) -> bool:
        try:
            self.refusal(s, t, a)
        except Refusal:
            return False
        return True

    def options(self, s: State, t: Task) -> list[Action]:
        return [a for a in self.candidates(s, t) if self.allows(s, t, a)]

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        raise NotImplementedError

    def run(self, c: Ctx, t: Task) -> None:
        raise NotImplementedError

    def question(self, s: State, t: Task, public: bool = False) -> Message:
        """What the player is asked; `public`: as the other players may read it (nothing private)."""
        return Message(f"taj_mahal.ask.{self.kind}", self.question_params(s, t))

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        params: dict[str, Any] = {"player": w.player(s, t.player), "province": w.province(s.province())}
        if "n" in t.data:
            params["n"] = t.data["n"]
        return params


STEPS: dict[str, Step] = {}


def step(cls: type[Step]) -> type[Step]:
    STEPS[cls.kind] = cls()
    return cls


def player_of(s: State, t: Task) -> Player:
    return s.players[t.player]


def not_in_hand(kind: str) -> Refusal:
    return Refusal("taj_mahal.illegal.not_in_hand", card=w.card(kind))


def colour_check(p: Player, coloured: str, extra: str | None) -> None:
    key = colour_refusal(p, coloured, extra)
    if key is not None:
        raise Refusal(key, colour=w.colour_name(p.visit_colour or card_colour(coloured)), card=w.card(coloured))


# ==== a turn: play cards or withdraw ("COME SI GIOCA") =======================================================

@step
class Turn(Step):
    """Play one coloured card (the next step adds a white or special card to it), or withdraw."""

    kind = "turn"
    verbs = ("play", "withdraw")

    def candidates(self, s: State, t: Task) -> list[Action]:
        hand = player_of(s, t).hand
        return [*(A("play", k) for k in sorted(set(hand)) if is_coloured(k)), A("withdraw")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "withdraw":
            return
        p, kind = player_of(s, t), a.args[0]
        if not is_coloured(kind):
            raise Refusal("taj_mahal.illegal.coloured_first")
        if kind not in p.hand:
            raise not_in_hand(kind)
        if p.visit_colour is not None and card_colour(kind) not in playable_colours(p):
            raise Refusal("taj_mahal.illegal.colour", colour=w.colour_name(p.visit_colour), card=w.card(kind))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        p = player_of(c.s, t)
        if a.verb == "withdraw":
            c.pop()
            withdraw(c, p)
        elif any(is_white(k) for k in p.hand) or p.specials:
            c.replace(Task("extra", t.player, {"card": a.args[0]}))
        else:
            c.pop()
            play_cards(c, p, a.args[0], None)

    def question(self, s: State, t: Task, public: bool = False) -> Message:
        p = player_of(s, t)
        if p.visit_colour is None:
            return Message("taj_mahal.ask.turn", self.question_params(s, t))
        return Message("taj_mahal.ask.turn_colour", {**self.question_params(s, t),
                                                     "colour": w.colour_name(p.visit_colour)})


@step
class Extra(Step):
    """With the chosen coloured card: one white card, or one special card, or nothing; or choose again."""

    kind = "extra"
    verbs = ("add", "alone", "back")

    def candidates(self, s: State, t: Task) -> list[Action]:
        p = player_of(s, t)
        whites = sorted({k for k in p.hand if is_white(k)})
        return [*(A("add", k) for k in whites), *(A("add", k) for k in SPECIALS if k in p.specials),
                A("alone"), A("back")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        p = player_of(s, t)
        if a.verb == "back":
            return
        extra = a.args[0] if a.verb == "add" else None
        if extra is not None and extra not in p.hand and extra not in p.specials:
            raise not_in_hand(extra)
        colour_check(p, t.data["card"], extra)

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        if a.verb == "back":
            c.replace(Task("turn", t.player))
            return
        c.pop()
        play_cards(c, player_of(c.s, t), t.data["card"], a.args[0] if a.verb == "add" else None)

    def question(self, s: State, t: Task, public: bool = False) -> Message:
        if public:
            return Message("taj_mahal.ask.turn_public", self.question_params(s, t))
        return Message("taj_mahal.ask.extra", {**self.question_params(s, t), "card": w.card(t.data["card"])})


def play_cards(c: Ctx, p: Player, coloured: str, extra: str | None) -> None:
    """Put the cards into play. The "+2 punti" card scores at once ("riceve immediatamente 2 punti")."""
    p.hand.remove(coloured)
    if extra in SPECIALS:
        p.specials.remove(extra)
    elif extra is not None:
        p.hand.remove(extra)
    p.visit_colour = fixes_colour(p, coloured, extra)
    p.played += [coloured] if extra is None else [coloured, extra]
    p.turns += 1
    c.emit("played", reveals=True, player=c.who(p.index), cards=w.cards([coloured] if extra is None else [coloured, extra]))
    if extra == SP_POINTS:
        p.score_points("special", RULES.special_points)
        c.emit("special_points", player=c.who(p.index), n=RULES.special_points)
    c.touch(f"player:{p.index}")


# ==== withdrawing ("Ritirarsi") ===========================================================================

def withdraw(c: Ctx, p: Player) -> None:
    """The player leaves the visit and claims every prize they lead in. A human then places a palace per
    influence tile and the crown palace; a dummy's palaces are placed by the rulebook's algorithm."""
    s = c.s
    first = p.turns == 0
    prizes = prizes_won(s, p.index)
    p.turns += 1
    p.out = True
    s.withdrawn.append(p.index)
    if prizes:
        c.emit("withdrew", player=c.who(p.index), prizes=[w.prize(x) for x in prizes])
    else:
        c.emit("withdrew_empty", player=c.who(p.index))
    for prize in prizes:
        s.court.remove(prize)
        if prize in FORCES:
            p.influence = sorted([*p.influence, prize], key=FORCES.index)
    c.touch(f"player:{p.index}", "court")
    if first and p.seat is not None:  # "potrà pescare una carta dal mazzo coperto"
        draw_to_hand(c, p, "first_turn")
    forces = [x for x in prizes if x in FORCES]
    won_province = PROVINCE_TILE in prizes
    if p.seat is not None:
        c.push(*(Task("palace", p.index) for _ in forces), *([Task("crown", p.index)] if CROWN in prizes else []),
               Task("score", p.index, {"bonus": [], "palaces": 0, "province": won_province}))
        return
    province = s.province()
    cities = c.board.cities_of[province]
    tiles: list[str] = []
    for _ in forces:
        city = dummy.choose_city(s, c.board, p, empty_cities(s, cities), crown=False)
        tiles += place_palace(c, p, city, crown=False)
    if CROWN in prizes:
        place_palace(c, p, dummy.choose_city(s, c.board, p, list(cities), crown=True), crown=True)
    score_withdrawal(c, p, tiles, bool(forces) or CROWN in prizes, won_province)


def draw_to_hand(c: Ctx, p: Player, why: str) -> None:
    card = c.draw()
    if card is None:
        c.emit("deck_empty", player=c.who(p.index))
        return
    p.hand = sorted([*p.hand, card])
    c.emit(f"drew.{why}", reveals=True, player=c.who(p.index))
    c.emit("drew_private", seat=p.seat, reveals=True, card=w.card(card))
    c.touch(f"player:{p.index}", "deck")


def place_palace(c: Ctx, p: Player, city: str, crown: bool) -> list[str]:
    """Build in `city`; a palace (never the crown palace) takes the fortress's bonus tile. Returns it."""
    s = c.s
    (s.crown_palaces if crown else s.palaces)[city] = p.index
    c.touch(f"city:{city}")
    tile = None if crown else s.bonus.pop(city, None)
    params = {"player": c.who(p.index), "city": w.city(city)}
    if tile:
        params["bonus"] = w.bonus(tile)
    c.event("crown_palace" if crown else "palace_bonus" if tile else "palace", params)
    return [tile] if tile else []


@step
class Palace(Step):
    """A palace won with an influence tile: in an empty city of the province visited now."""

    kind = "palace"
    verbs = ("city",)

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("city", x) for x in board(s.provinces).cities_of[s.province()]]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        city = a.args[0]
        cities = board(s.provinces).cities_of[s.province()]
        if city not in cities:
            raise Refusal("taj_mahal.illegal.other_province", city=w.city(city), province=w.province(s.province()))
        if city in s.palaces:
            raise Refusal("taj_mahal.illegal.city_taken", city=w.city(city))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        c.pop()
        tiles = place_palace(c, player_of(c.s, t), a.args[0], crown=False)
        score = next(x for x in reversed(c.s.tasks) if x.kind == "score")
        c.update("score", bonus=[*score.data["bonus"], *tiles], palaces=score.data["palaces"] + 1)


@step
class CrownPalace(Step):
    """The crown palace: any city of the province, even one with a palace ("la può piazzare in una città già
    occupata")."""

    kind = "crown"
    verbs = ("city",)

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("city", x) for x in board(s.provinces).cities_of[s.province()]]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.args[0] not in board(s.provinces).cities_of[s.province()]:
            raise Refusal("taj_mahal.illegal.other_province", city=w.city(a.args[0]),
                          province=w.province(s.province()))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        c.pop()
        place_palace(c, player_of(c.s, t), a.args[0], crown=True)
        score = next(x for x in reversed(c.s.tasks) if x.kind == "score")
        c.update("score", palaces=score.data["palaces"] + 1)


@step
class Score(Step):
    kind = "score"
    auto = True

    def run(self, c: Ctx, t: Task) -> None:
        c.pop()
        score_withdrawal(c, player_of(c.s, t), t.data["bonus"], t.data["palaces"] > 0, t.data["province"])


def score_withdrawal(c: Ctx, p: Player, tiles: list[str], built: bool, won_province: bool) -> None:
    """"I punti influenza", in the rulebook's order: 1) bonus tiles, each in sequence; 2) palaces; 3) the
    province tile. Then the played cards go to the discards, special cards back to the hand, and the player
    takes from the display ("Come propria ultima azione della tappa")."""
    s = c.s
    for tile in tiles:
        points = bonus_points(p, tile)
        if tile in GOODS:
            p.goods.append(tile)
        p.score_points("bonus", points)
        c.emit("bonus", player=c.who(p.index), bonus=w.bonus(tile), n=points)
        if tile == PLUS_CARD and p.seat is not None:
            draw_to_hand(c, p, "bonus")
    province = s.province()
    if built:
        points = c.board.palace_points(s.cities_of(p.index), province)
        p.score_points("palaces", points)
        linked = sorted(c.board.connected_provinces(s.cities_of(p.index), province))
        c.emit("palace_points" if linked else "palace_points_alone", player=c.who(p.index), n=points,
               province=w.province(province), linked=[w.province(x) for x in linked])
    if won_province:
        number = s.tiles[province]
        goods = PROVINCE_GOODS[number]
        points = goods_points(p, goods)
        p.provinces.append(number)
        p.score_points("provinces", points)
        c.emit("province_points", player=c.who(p.index), province=w.province(province), n=points)
    for card in p.played:
        (p.specials if card in SPECIALS else s.discard).append(card)
    p.played = []
    c.touch(f"player:{p.index}", "display")
    last = not s.in_visit()
    if p.seat is not None:
        n = display_share(s, last)
        if n:
            c.push(Task("take", p.index, {"n": n}))
    elif s.mode == DUEL and not last:
        dummy_share(c, p)


def dummy_share(c: Ctx, p: Player) -> None:
    """The display cards a dummy leaves: "Se Carletto è il primo a ritirarsi, gli altri due giocatori
    scelgono una carta ciascuno della riserva e la scartano. Se Carletto è il secondo a ritirarsi, il
    giocatore che si è già ritirato sceglie 2 carte della riserva e le scarta." Generalised to every table of
    the 2-player variants: the humans who already withdrew choose (the first of them both cards); if none
    has, the humans still in the visit choose one each in turn order, a lone human both. Nobody chooses when
    no human is left in the visit: the cards left then go with the display at the end of the visit."""
    s = c.s
    if not any(h.seat is not None and not h.out for h in s.players):
        return
    n = min(RULES.take, len(s.display))
    gone = [s.players[i] for i in s.withdrawn if s.players[i].seat is not None]
    if gone:
        c.push(Task("discard", gone[0].index, {"n": n}))
        return
    at = s.order.index(p.index)
    humans = [s.players[i] for i in s.order[at:] + s.order[:at] if s.players[i].seat is not None]
    if len(humans) >= 2 and n == 2:
        c.push(Task("discard", humans[0].index, {"n": 1}), Task("discard", humans[1].index, {"n": 1}))
    elif n:
        c.push(Task("discard", humans[0].index, {"n": n}))


class _FromDisplay(Step):
    verbs: ClassVar[tuple[str, ...]]

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A(self.verbs[0], k) for k in sorted(set(s.display))]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.args[0] not in s.display:
            raise Refusal("taj_mahal.illegal.not_on_display", card=w.card(a.args[0]))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, p, kind = c.s, player_of(c.s, t), a.args[0]
        s.display.remove(kind)
        self.move(c, p, kind)
        c.touch("display", f"player:{p.index}")
        n = t.data["n"] - 1
        if n and s.display:
            c.replace(t.but(n=n))
        else:
            c.pop()

    def move(self, c: Ctx, p: Player, kind: str) -> None:
        raise NotImplementedError


@step
class Take(_FromDisplay):
    """"prende due carte a propria scelta tra quelle poste scoperte" (the last to withdraw: one)."""

    kind = "take"
    verbs = ("take",)

    def move(self, c: Ctx, p: Player, kind: str) -> None:
        p.hand = sorted([*p.hand, kind])
        c.emit("took", player=c.who(p.index), card=w.card(kind))


@step
class Discard(_FromDisplay):
    """A card of the display discarded for a dummy (2-player variants)."""

    kind = "discard"
    verbs = ("discard",)

    def move(self, c: Ctx, p: Player, kind: str) -> None:
        c.s.discard.append(kind)
        c.emit("discarded", player=c.who(p.index), card=w.card(kind))


# ==== the flow of a visit ===================================================================================

def advance(c: Ctx) -> None:
    """Move the game on until some player must decide, or the match is over."""
    while c.s.phase != OVER:
        task = c.s.task
        if task is None:
            next_turn(c)
            continue
        handler = STEPS[task.kind]
        if handler.auto:
            handler.run(c, task)
        elif handler.options(c.s, task):
            return
        else:
            c.pop()  # e.g. nothing left on the display to take


def next_turn(c: Ctx) -> None:
    s = c.s
    if not s.in_visit():
        end_visit(c)
        return
    s.current = following(s)
    p = s.players[s.current]
    if p.seat is None:
        dummy_turn(c, p)
    else:  # a player with nothing to play is still asked: that they can only withdraw is theirs to know
        c.push(Task("turn", p.index))


def following(s: State) -> int:
    """The next player still in the visit, in this visit's order."""
    at = -1 if s.current is None else s.order.index(s.current)
    n = len(s.order)
    return next(s.order[(at + k) % n] for k in range(1, n + 1) if not s.players[s.order[(at + k) % n]].out)


def dummy_turn(c: Ctx, p: Player) -> None:
    s = c.s
    if dummy.should_withdraw(s, p):
        withdraw(c, p)
        return
    turn = dummy.play_turn(p, c.draw)
    s.discard += turn.discarded
    if turn.played:
        coloured = next(k for k in turn.played if is_coloured(k))
        if p.visit_colour is None and turn.special != SP_COLOUR:
            p.visit_colour = card_colour(coloured)
        if turn.special is not None:
            p.specials.remove(turn.special)
        p.played += [*turn.played, *([turn.special] if turn.special else [])]
        p.turns += 1
    played = [*turn.played, *([turn.special] if turn.special else [])]
    c.emit("dummy_played" if played else "dummy_failed", reveals=True, player=c.who(p.index),
           drawn=w.cards(turn.drawn), played=w.cards(played))
    if turn.special == SP_POINTS:
        p.score_points("special", RULES.special_points)
        c.emit("special_points", player=c.who(p.index), n=RULES.special_points)
    c.touch(f"player:{p.index}", "deck")
    if turn.withdraws:
        withdraw(c, p)


def end_visit(c: Ctx) -> None:
    """"La tappa successiva": special cards for two identical influence tiles, the unwon province tile and
    the unclaimed bonus tiles of the province leave the game, then the next visit is prepared."""
    s = c.s
    for index in s.order:
        p = s.players[index]
        if p.seat is None:
            dummy_exchanges(c, p)
        else:
            for force in pairs_of(p):
                trade_tiles(c, p, [force, force], special_for(force))
    province = s.province()
    if PROVINCE_TILE in s.court:
        s.out_of_game.append(s.visit)
        c.emit("province_unwon", province=w.province(province))
    for city in c.board.cities_of[province]:
        if city in s.bonus:
            c.emit("bonus_unclaimed", city=w.city(city), bonus=w.bonus(s.bonus.pop(city)))
    if s.visit == len(s.tiles):
        finish(c)
        return
    s.visit += 1
    start_visit(c, next_start(s))


def trade_tiles(c: Ctx, p: Player, tiles: list[str], card: str | None) -> None:
    """Hand influence tiles back to their piles for a special card, taken from the table or from whoever
    holds it; a player who already holds it gets nothing ("dovrà comunque restituire le due tessere")."""
    s = c.s
    for tile in tiles:
        p.influence.remove(tile)
        s.supply[tile] += 1
    if card is None or card in p.specials:
        c.emit("tiles_returned", player=c.who(p.index), tiles=w.tiles(tiles))
        return
    giver = next((q for q in s.players if card in q.specials), None)
    if giver is None:
        s.specials_table.remove(card)
    else:
        giver.specials.remove(card)
        c.touch(f"player:{giver.index}")
    p.specials.append(card)
    params = {"player": c.who(p.index), "card": w.card(card), "tiles": w.tiles(tiles)}
    if giver is not None:
        params["giver"] = c.who(giver.index)
    c.event("special_taken" if giver is None else "special_taken_from", params)
    c.touch(f"player:{p.index}", "court")


def dummy_exchanges(c: Ctx, p: Player) -> None:
    """"non appena ne ha la possibilità Carletto prende la carta speciale" (two identical tiles or three
    different ones), choosing by his preferences; three different tiles stay when no card is left to take."""
    while (tiles := dummy.exchange_sets(p)) is not None:
        card = dummy.choose_special(c.s, p)
        if card is None and len(set(tiles)) > 1:
            return
        trade_tiles(c, p, tiles, card)


def next_start(s: State) -> int:
    """"Date l'indicatore del giocatore iniziale al giocatore seguente in senso orario"; with a dummy that
    always plays second, the marker goes round the human players only."""
    n = len(s.players)
    for k in range(1, n + 1):
        index = (s.start + k) % n
        if s.mode != PLUS or s.players[index].seat is not None:
            return index
    raise AssertionError("no start player")


def visit_order(s: State) -> list[int]:
    """Turn order of the visit. Clockwise from the start player; in the 2-player variant (and solo)
    "Nelle province numerate dispari il gioco passa a chi sta a sinistra, in quelle pari a chi sta a destra";
    with a dummy added to 3 or 4 players, "Carletto ad ogni tappa gioca comunque sempre per secondo"."""
    n = len(s.players)
    if s.mode == PLUS:
        humans = [(s.start + k) % n for k in range(n) if s.players[(s.start + k) % n].seat is not None]
        dummy_index = next(p.index for p in s.players if p.seat is None)
        return [humans[0], dummy_index, *humans[1:]]
    step_ = -1 if alternates(s) and s.visit % 2 == 0 else 1
    return [(s.start + step_ * k) % n for k in range(n)]


def alternates(s: State) -> bool:
    """The turn direction changes every visit in the 2-player variant and the solo game, not in two players
    against two dummies ("senza dover cambiare il giro ogni volta")."""
    return s.mode == DUEL and not (s.seats == 2 and len(s.players) == 4)


def display_size(s: State) -> int:
    """5/7/9 cards for 3/4/5 players; the 2-player variants count the dummies ("Preparare tutto per 3
    giocatori"); with a dummy added to 3 or 4 players, "la riserva di carte scoperte è calcolata sul numero dei
    soli giocatori veri"."""
    return RULES.display[len(s.players) if s.mode == DUEL else s.seats]


def start_visit(c: Ctx, start: int) -> None:
    """Start player, the court filled again, the crown back, a new display (cards left over are discarded)."""
    s = c.s
    s.start, s.current, s.withdrawn = start, None, []
    for p in s.players:
        p.played, p.visit_colour, p.turns, p.out = [], None, 0, False
    court = [f for f in FORCES if f in s.court]
    for force in FORCES:
        if force not in court and s.supply[force] > 0:
            s.supply[force] -= 1
            court.append(force)
    s.court = sorted(court, key=FORCES.index) + [CROWN, PROVINCE_TILE]
    s.order = visit_order(s)
    s.discard += s.display
    s.display = []
    for _ in range(display_size(s)):
        card = c.draw()
        if card is None:
            break
        s.display.append(card)
    s.display.sort()
    c.touch("display", "court")
    c.emit("visit", reveals=True, n=s.visit, province=w.province(s.province()), player=c.who(start),
           display=w.cards(s.display))


def finish(c: Ctx) -> None:
    """"FINE DEL GIOCO": the cards in hand score; the match is over."""
    s = c.s
    for p in s.players:
        for source, n in end_points(p).items():
            if n:
                p.score_points(source, n)
    s.phase, s.current = OVER, None
    s.tasks = []
    c.emit("game_over", reveals=True)  # the hands are shown and scored

