"""The visits: whose turn it is, the dummy players' turns, the end of a visit and the preparation of the next
one, the end of the match (001_f0a91e4b7c938d9d.txt, "COME SI GIOCA", "La tappa successiva", "Le carte
speciali", "FINE DEL GIOCO", "VARIANTE PER DUE GIOCATORI")."""

from __future__ import annotations

from typing import Any

from . import dummy
from . import words as w
from .flow import Ctx
from .rules import RULES, end_points, pairs_of, special_for
from .state import DUEL, PLUS, Player, State
from .turn import Turn
from .vocab import CROWN, FORCES, OVER, PROVINCE_TILE, SP_COLOUR, SP_POINTS, card_colour, is_coloured
from .withdrawal import withdraw


def proceed(c: Ctx) -> bool:
    """Nothing is pending: the next player's turn, or the end of the visit. False once the match is over."""
    s = c.s
    if s.phase == OVER:
        return False
    current = following(s)
    if current is None:
        end_visit(c)
        return True
    s.current = current
    seat = s.players[current].seat
    if seat is None:
        dummy_turn(c, s.player(s.current))
    else:  # a player with nothing to play is still asked: that they can only withdraw is theirs to know
        c.push(Turn(seat=seat))
    return True


def following(s: State) -> int | None:
    """The next player still in the visit, in this visit's order (None: everybody has withdrawn)."""
    order, players = s.order, s.players
    at = 0 if s.current is None else order.index(s.current) + 1
    for index in order[at:] + order[:at]:
        if not players[index].out:
            return index
    return None


def dummy_turn(c: Ctx, p: Player) -> None:
    s = c.s
    if dummy.should_withdraw(s, p):
        withdraw(c, p)
        return
    turn = dummy.play_turn(p, c.draw)
    s.discard += turn.discarded
    played = [*turn.played, *([turn.special] if turn.special else [])]
    if turn.played:
        coloured = next(k for k in turn.played if is_coloured(k))
        if p.visit_colour is None and turn.special != SP_COLOUR:
            p.visit_colour = card_colour(coloured)
        if turn.special is not None:
            p.specials.remove(turn.special)
        p.played += played
        p.turns += 1
    c.emit("dummy_played" if played else "dummy_failed", reveals=True, player=c.who(p.index),
           drawn=w.listing(w.cards(turn.drawn)), played=w.listing(w.cards(played)))
    if turn.special == SP_POINTS:
        p.score_points("special", RULES.special_points)
        c.emit("special_points", player=c.who(p.index), n=RULES.special_points)
    c.touch(f"player:{p.index}")
    if turn.withdraws:
        withdraw(c, p)


def end_visit(c: Ctx) -> None:
    """"La tappa successiva": special cards for two identical influence tiles, the unwon province tile and
    the unclaimed bonus tiles of the province leave the game, then the next visit is prepared."""
    s = c.s
    for index in s.order:
        p = s.player(index)
        if p.seat is None:
            dummy_exchanges(c, p)
        else:
            for force in pairs_of(p):
                trade_tiles(c, p, [force, force], special_for(force))
    province = s.province()
    if PROVINCE_TILE in s.court:
        s.out_of_game = [*s.out_of_game, s.visit]
        c.emit("province_unwon", province=w.province(province))
    unclaimed = [city for city in c.board.cities_of[province] if city in s.bonus]
    for city in unclaimed:
        c.emit("bonus_unclaimed", city=w.city(city), bonus=w.bonus(s.bonus[city]))
    s.bonus = {city: tile for city, tile in s.bonus.items() if city not in unclaimed}
    if s.visit == len(s.tiles):
        finish(c)
        return
    s.visit += 1
    start_visit(c, next_start(s))


def trade_tiles(c: Ctx, p: Player, tiles: list[str], card: str | None) -> None:
    """Hand influence tiles back to their piles for a special card, taken from the table or from whoever
    holds it; a player who already holds it gets nothing ("dovrà comunque restituire le due tessere")."""
    s = c.s
    supply = dict(s.supply)
    for tile in tiles:
        p.influence.remove(tile)
        supply[tile] += 1
    s.supply = supply
    if card is None or card in p.specials:
        c.emit("tiles_returned", player=c.who(p.index), tiles=w.tiles(tiles))
        return
    holder = next((q.index for q in s.players if card in q.specials), None)
    giver = None if holder is None else s.player(holder)
    if giver is None:
        s.specials_table = [x for x in s.specials_table if x != card]
    else:
        giver.specials.remove(card)
        c.touch(f"player:{giver.index}")
    p.specials.append(card)
    params: dict[str, Any] = {"player": c.who(p.index), "card": w.card(card), "tiles": w.tiles(tiles)}
    if giver is not None:
        params["giver"] = c.who(giver.index)
    c.emit("special_taken" if giver is None else "special_taken_from", **params)
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
    step = -1 if alternates(s) and s.visit % 2 == 0 else 1
    return [(s.start + step * k) % n for k in range(n)]


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
    for p in map(s.player, range(len(s.players))):
        p.played, p.visit_colour, p.turns, p.out = [], None, 0, False
    court, supply = [f for f in FORCES if f in s.court], dict(s.supply)
    for force in FORCES:
        if force not in court and supply[force] > 0:
            supply[force] -= 1
            court.append(force)
    s.supply = supply
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
    for p in map(s.player, range(len(s.players))):
        for source, n in end_points(p.hand, p.specials).items():
            if n:
                p.score_points(source, n)
    s.phase, s.current = OVER, None
    s.tasks = []
    c.emit("game_over", reveals=True)  # the hands are shown and scored
