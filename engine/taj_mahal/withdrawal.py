"""Withdrawing: the prizes, the palaces, the influence points in the rulebook's order, the discards and the
cards taken from the display (001_f0a91e4b7c938d9d.txt, "Ritirarsi", "I punti influenza", "Prosecuzione della
tappa")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import Any

from engine.core.errors import Illegal
from engine.core.flow import task
from engine.core.game import Action

from . import dummy
from . import words as w
from .board import board
from .flow import A, Ctx, Driver, Step
from .rules import PROVINCE_GOODS, RULES, bonus_points, display_share, empty_cities, goods_points, prizes_won
from .state import DUEL, Player, State
from .vocab import CROWN, FORCES, GOODS, PLUS_CARD, PROVINCE_TILE, SPECIALS


def withdraw(c: Ctx, p: Player) -> None:
    """The player leaves the visit and claims every prize they lead in. A human then places a palace per
    influence tile and the crown palace; a dummy's palaces are placed by the rulebook's algorithm."""
    s = c.s
    first = p.turns == 0
    prizes = prizes_won(s, p.index)
    p.turns += 1
    p.out = True
    s.withdrawn = [*s.withdrawn, p.index]
    if prizes:
        c.emit("withdrew", player=c.who(p.index), prizes=w.listing([w.prize(x) for x in prizes]))
    else:
        c.emit("withdrew_empty", player=c.who(p.index))
    s.court = [x for x in s.court if x not in prizes]
    for prize in prizes:
        if prize in FORCES:
            p.influence = sorted([*p.influence, prize], key=FORCES.index)
    c.touch(f"player:{p.index}", "court")
    if first and p.seat is not None:  # "potrà pescare una carta dal mazzo coperto"
        draw_to_hand(c, p, "first_turn")
    forces = [x for x in prizes if x in FORCES]
    won_province = PROVINCE_TILE in prizes
    if p.seat is not None:
        c.push(*(Palace(seat=p.seat) for _ in forces), *([CrownPalace(seat=p.seat)] if CROWN in prizes else []),
               Score(player=p.index, province=won_province))
        return
    cities = c.board.cities_of[s.province()]
    tiles: list[str] = []
    for _ in forces:
        if free := empty_cities(s, cities):  # always, in a real match (decision 6)
            tiles += place_palace(c, p, dummy.choose_city(s, c.board, p, free, crown=False), crown=False)
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
    c.emit("drew_private", audience=p.seat, reveals=True, card=w.card(card))
    c.touch(f"player:{p.index}")


def place_palace(c: Ctx, p: Player, city: str, crown: bool) -> list[str]:
    """Build in `city`; a palace (never the crown palace) takes the fortress's bonus tile. Returns it."""
    s = c.s
    if crown:
        s.crown_palaces = {**s.crown_palaces, city: p.index}
    else:
        s.palaces = {**s.palaces, city: p.index}
    c.touch(f"city:{city}")
    tile = None if crown else s.bonus.get(city)
    if tile:
        s.bonus = {x: kept for x, kept in s.bonus.items() if x != city}
    params: dict[str, Any] = {"player": c.who(p.index), "city": w.city(city)}
    if tile:
        params["bonus"] = w.bonus(tile)
    c.emit("crown_palace" if crown else "palace_bonus" if tile else "palace", **params)
    return [tile] if tile else []


def _elsewhere(s: State, a: Action) -> Illegal | None:
    """A city of another province (or a move of another kind) is not among the question's options."""
    if a.verb != "city":
        return None
    return Illegal("taj_mahal.illegal.other_province", city=w.city(a.args[0]), province=w.province(s.province()))


@task
class Palace(Step):
    """A palace won with an influence tile: in an empty city of the province visited now."""

    kind = "palace"

    def candidates(self, s: State) -> Sequence[Action]:
        return [A("city", x) for x in board(s.provinces).cities_of[s.province()]]

    def why_not(self, s: State, a: Action) -> Illegal | None:
        return _elsewhere(s, a)

    def problem(self, s: State, a: Action) -> str | None:
        return None if a.args[0] in empty_cities(s, [a.args[0]]) else "taj_mahal.illegal.city_taken"

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"city": w.city(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        tiles = place_palace(c, self.me(c.s), a.args[0], crown=False)
        score = c.nearest(Score)
        c.revise(Score, bonus=(*score.bonus, *tiles), built=True)


@task
class CrownPalace(Step):
    """The crown palace: any city of the province, even one with a palace ("la può piazzare in una città già
    occupata")."""

    kind = "crown"

    def candidates(self, s: State) -> Sequence[Action]:
        return [A("city", x) for x in board(s.provinces).cities_of[s.province()]]

    def why_not(self, s: State, a: Action) -> Illegal | None:
        return _elsewhere(s, a)

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        place_palace(c, self.me(c.s), a.args[0], crown=True)
        c.revise(Score, built=True)


@task
class Score(Driver):
    """A human's withdrawal, scored once their palaces stand."""

    kind = "score"
    player: int
    province: bool                   # the province tile was won
    bonus: tuple[str, ...] = field(default=())  # bonus tiles taken, in order
    built: bool = False              # at least one palace built

    def run(self, c: Ctx) -> None:
        c.pop()
        score_withdrawal(c, c.s.player(self.player), list(self.bonus), self.built, self.province)


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
        if tile == PLUS_CARD and p.seat is not None:  # no points: a card instead
            draw_to_hand(c, p, "bonus")
        else:
            c.emit("bonus", player=c.who(p.index), bonus=w.bonus(tile), n=points)
    province = s.province()
    if built:
        points = c.board.palace_points(s.cities_of(p.index), province)
        p.score_points("palaces", points)
        linked = sorted(c.board.connected_provinces(s.cities_of(p.index), province))
        c.emit("palace_points" if linked else "palace_points_alone", player=c.who(p.index), n=points,
               province=w.province(province), linked=w.listing([w.province(x) for x in linked]))
    if won_province:
        number = s.tiles[province]
        points = goods_points(p, PROVINCE_GOODS[number])
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
            c.push(Take(seat=p.seat, n=n))
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
    gone = [seat for i in s.withdrawn if (seat := s.players[i].seat) is not None]
    if gone:
        c.push(Discard(seat=gone[0], n=n))
        return
    at = s.order.index(p.index)
    humans = [seat for i in s.order[at:] + s.order[:at] if (seat := s.players[i].seat) is not None]
    if len(humans) >= 2 and n == 2:
        c.push(Discard(seat=humans[0], n=1), Discard(seat=humans[1], n=1))
    elif n:
        c.push(Discard(seat=humans[0], n=n))


@task
class _FromDisplay(Step):
    n: int

    def candidates(self, s: State) -> Sequence[Action]:
        return [A(self.verb, k) for k in sorted(set(s.display))]

    @property
    def verb(self) -> str:
        raise NotImplementedError

    def why_not(self, s: State, a: Action) -> Illegal | None:
        if a.verb != self.verb:
            return None
        return Illegal("taj_mahal.illegal.not_on_display", card=w.card(a.args[0]))

    def do(self, c: Ctx, a: Action) -> None:
        s, p, kind = c.s, self.me(c.s), a.args[0]
        s.display.remove(kind)
        self.move(c, p, kind)
        c.touch("display", f"player:{p.index}")
        if s.display:
            c.count_down(self)
        else:
            c.pop()

    def move(self, c: Ctx, p: Player, kind: str) -> None:
        raise NotImplementedError


@task
class Take(_FromDisplay):
    """"prende due carte a propria scelta tra quelle poste scoperte" (the last to withdraw: one)."""

    kind = "take"

    @property
    def verb(self) -> str:
        return "take"

    def move(self, c: Ctx, p: Player, kind: str) -> None:
        p.hand, p.shown = sorted([*p.hand, kind]), sorted([*p.shown, kind])
        c.emit("took", player=c.who(p.index), card=w.card(kind))
        if self.n == 1 or not c.s.display:  # the hand is complete again: the player sees it (with its picture)
            c.emit("hand_now", audience=p.seat, n=len(p.hand))


@task
class Discard(_FromDisplay):
    """A card of the display discarded for a dummy (2-player variants)."""

    kind = "discard"

    @property
    def verb(self) -> str:
        return "discard"

    def move(self, c: Ctx, p: Player, kind: str) -> None:
        c.s.discard.append(kind)
        c.emit("discarded", player=c.who(p.index), card=w.card(kind))
