"""Pure rule functions of Taj Mahal (001_f0a91e4b7c938d9d.txt): symbols, the colour rule, majorities,
influence points. They read a state and change nothing; the steps apply what they decide."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from .data import load
from .state import Player, State
from .vocab import (
    CARD_COLOURS,
    ELEPHANT,
    FORCES,
    GOODS,
    MOGUL,
    PLUS_CARD,
    PLUS_POINTS,
    PRIZE_OF,
    SP_COLOUR,
    SP_ELEPHANT,
    SP_MOGUL,
    SPECIALS,
    SYMBOL_OF,
    SYMBOLS,
    TAJ,
    card_colour,
    is_coloured,
    is_white,
)

DATA = load()
RULES = DATA.rules
PROVINCE_GOODS = DATA.tiles.province_tiles


@cache
def symbols_of(kind: str) -> tuple[str, ...]:
    """The symbols a card shows. "+1 Elefante" and "+1 Gran Mogol" count as a white card with that symbol."""
    if kind in SPECIALS:
        return {SP_ELEPHANT: (ELEPHANT,), SP_MOGUL: (MOGUL,)}.get(kind, ())
    return tuple(SYMBOL_OF[letter] for letter in kind.split("-", 1)[1])


def symbol_counts(cards: Iterable[str]) -> Counter[str]:
    return Counter(_counts(tuple(cards)))


@cache
def _counts(cards: tuple[str, ...]) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for kind in cards:
        counts.update(symbols_of(kind))
    return dict(counts)


# ---- playing cards ("Giocare le carte") ----------------------------------------------------------------

def colour_refusal(player: Player, coloured: str, extra: str | None) -> str | None:
    """Why this play breaks the colour rule, or None. A player plays one coloured card a turn, in the
    colour of their first coloured card of the visit, unless the colour-change card goes with it ("la
    carta colorata giocata insieme a questa carta speciale può essere di un colore diverso")."""
    if not is_coloured(coloured):
        return "taj_mahal.illegal.coloured_first"
    if extra is not None and not (is_white(extra) or extra in SPECIALS):
        return "taj_mahal.illegal.extra_kind"
    fixed = player.visit_colour
    if fixed is not None and card_colour(coloured) != fixed and extra != SP_COLOUR:
        return "taj_mahal.illegal.colour"
    return None


def playable_colours(player: Player) -> tuple[str, ...]:
    """The colours of the coloured cards this player may play now (any, with the colour-change card)."""
    if player.visit_colour is None or SP_COLOUR in player.specials:
        return CARD_COLOURS
    return (player.visit_colour,)


def fixes_colour(player: Player, coloured: str, extra: str | None) -> str | None:
    """The visit's colour after this play: the first coloured card played without the colour-change card
    fixes it ("è la carta giocata nel turno successivo che determina il colore")."""
    if player.visit_colour is None and extra != SP_COLOUR:
        return card_colour(coloured)
    return player.visit_colour


# ---- withdrawing ("Ritirarsi") -------------------------------------------------------------------------

def prizes_won(state: State, index: int, extra: tuple[str, ...] = ()) -> list[str]:
    """What withdrawing now wins (with `extra` cards also in play), in the rulebook's order: influence tiles,
    the crown, the province tile. A prize already taken this visit is won by nobody else ("nessun altro
    giocatore può vincere la stessa tessera o la corona durante quella tappa"). A symbol wins with strictly more
    of it than each other player still in the visit, and at least one ("Se il numero di simboli è minore o
    uguale non si ottiene nulla!")."""
    mine = _counts((*state.players[index].played, *extra))
    others = [_counts(tuple(p.played)) for p in state.players if not p.out and p.index != index]
    return [PRIZE_OF[s] for s in SYMBOLS if PRIZE_OF[s] in state.court
            and (n := mine.get(s, 0)) > 0 and all(other.get(s, 0) < n for other in others)]


def empty_cities(state: State, province_cities: Iterable[str]) -> list[str]:
    """Where a palace won with an influence tile may go: "una città vuota". A city holding only a crown
    palace still takes one ("un palazzo normale può essere piazzato successivamente nella stessa città da un
    altro giocatore"); its owner never could, as a player's crown palace is built after their other palaces."""
    return [c for c in province_cities if c not in state.palaces]


def display_share(state: State, last: bool) -> int:
    """Cards a player takes from the display on withdrawing: two, one for the last to withdraw, never
    more than the display holds."""
    return min(RULES.last_take if last else RULES.take, len(state.display))


# ---- influence points ("I punti influenza") -----------------------------------------------------------

def goods_owned(player: Player) -> Counter[str]:
    """Goods on the bonus tiles and province tiles a player has in front of them."""
    owned = Counter(player.goods)
    for number in player.provinces:
        owned.update(PROVINCE_GOODS[number])
    return owned


def goods_points(player: Player, goods: Iterable[str]) -> int:
    """1 point per good, plus 1 per good of the same type the player already owns."""
    owned = goods_owned(player)
    return sum(1 + owned[g] for g in goods)


def bonus_points(player: Player, tile: str) -> int:
    """Points of one bonus tile taken now, before it joins the player's goods ("calcola i punti
    individualmente e in sequenza")."""
    if tile == PLUS_POINTS:
        return RULES.plus_points
    if tile == TAJ:
        return RULES.taj_points
    if tile in GOODS:
        return goods_points(player, [tile])
    assert tile == PLUS_CARD
    return 0


def end_points(hand: Sequence[str], specials: Sequence[str]) -> dict[str, int]:
    """"FINE DEL GIOCO": what a hand scores, 1 point per special card, per white card, and per card of the most
    numerous colour (one colour only when several tie). A dummy holds special cards only."""
    colours = Counter(card_colour(k) for k in hand if is_coloured(k))
    return {
        "end_specials": len(specials),
        "end_white": sum(is_white(k) for k in hand),
        "end_colour": max(colours.values(), default=0),
    }


def special_for(force: str) -> str:
    """The special card that two influence tiles of `force` earn (house data but Princess -> +2 points)."""
    return next(card for card, f in DATA.cards.specials.items() if f == force)


def pairs_of(player: Player) -> list[str]:
    """Forces of which the player holds two influence tiles, in the rulebook's order."""
    return [f for f in FORCES if player.influence.count(f) >= 2]

