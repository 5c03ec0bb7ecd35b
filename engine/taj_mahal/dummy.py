"""The dummy player "Carletto" of the 2-player variant, exactly as 001_f0a91e4b7c938d9d.txt specifies it
("VARIANTE PER DUE GIOCATORI"). Carletto holds no hand: his cards come from the deck straight into play.
The functions here decide; the steps apply what they decide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .board import Board
from .rules import RULES, bonus_points, prizes_won, symbol_counts
from .state import Player, State
from .vocab import (
    ELEPHANT,
    FORCES,
    MOGUL,
    PLUS_CARD,
    SP_COLOUR,
    SP_ELEPHANT,
    SP_MOGUL,
    SP_POINTS,
    card_colour,
    is_coloured,
    is_white,
)

# "Nella scelta della carta speciale ... 3 – sceglierà sempre per prima la carta con +2 punti ...
# 4 – come seconda scelta avrà la carta cambia colore ... 5 – la carta elefante sarà la sua terza scelta e la
# carta corona per ultima."
PREFERENCE = (SP_POINTS, SP_COLOUR, SP_ELEPHANT, SP_MOGUL)


@dataclass
class DummyTurn:
    """What Carletto did on one turn: the cards drawn, those put into play, those discarded."""

    drawn: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)      # regular cards put into play
    special: str | None = None                           # the special card played with them
    discarded: list[str] = field(default_factory=list)
    withdraws: bool = False


def should_withdraw(state: State, player: Player) -> bool:
    """"si ritira se all'inizio del suo turno risulta aver già conquistato 2 dei 6 simboli in gioco", never
    before trying to play ("Carletto non si può mai ritirare prima di aver provato a giocare le carte")."""
    return player.turns > 0 and len(prizes_won(state, player.index)) >= RULES.dummy_withdraws_at


def attached_special(player: Player, coloured: str) -> str | None:
    """The special card Carletto plays with a lone coloured card of the right colour: "+2 punti" whenever
    he can; otherwise the Elephant or Crown card, the one of whose symbol he has more in play (this card
    included), the Elephant on a tie. The colour-change card only ever goes with a card of another colour."""
    held = player.specials
    if SP_POINTS in held:
        return SP_POINTS
    choices = [c for c in (SP_ELEPHANT, SP_MOGUL) if c in held]
    if len(choices) < 2:
        return choices[0] if choices else None
    counts = symbol_counts([*player.played, coloured])
    return SP_MOGUL if counts[MOGUL] > counts[ELEPHANT] else SP_ELEPHANT


def play_turn(player: Player, draw: Callable[[], str | None]) -> DummyTurn:
    """One turn of Carletto, drawing with `draw` (None when no card is left to draw).

    First turn of a visit: draw until a coloured card; it fixes his colour; a white card drawn before it is
    played with it, later white cards are discarded. Later turns: a card of his colour is played; another
    card is discarded and a second one drawn; a white card drawn first or second calls for exactly one more
    draw and is played with a card of his colour found by it. When even the last draw is a card of another
    colour he withdraws, unless he holds the colour-change card: then he plays that card with it.
    """
    turn = DummyTurn()

    def pull() -> str | None:
        card = draw()
        if card is not None:
            turn.drawn.append(card)
        return card

    def play(coloured: str, white: str | None = None, special: str | None = None) -> DummyTurn:
        turn.played = [coloured] if white is None else [white, coloured]
        turn.special = special if white is None else None
        turn.discarded = _minus(turn.drawn, turn.played)
        return turn

    def give_up() -> DummyTurn:
        turn.discarded, turn.withdraws = list(turn.drawn), True
        return turn

    if player.visit_colour is None:                       # first turn: find a colour
        white = None
        while (card := pull()) is not None:
            if is_coloured(card):
                return play(card, white, attached_special(player, card) if white is None else None)
            white = white or card
        return give_up()

    def right(card: str | None) -> bool:
        return card is not None and card_colour(card) == player.visit_colour

    def last_chance(card: str | None, white: str | None) -> DummyTurn:
        """The final draw of the turn: his colour is played (with the white card), another colour only
        with the colour-change card."""
        if right(card):
            assert card is not None
            return play(card, white, None if white else attached_special(player, card))
        if card is not None and is_coloured(card) and SP_COLOUR in player.specials:
            return play(card, None, SP_COLOUR)
        return give_up()

    first = pull()
    if right(first):
        assert first is not None
        return play(first, None, attached_special(player, first))
    if first is None:
        return give_up()
    second = pull()
    if is_white(first):
        return last_chance(second, first)
    if second is not None and is_white(second):
        return last_chance(pull(), second)
    return last_chance(second, None)


def _minus(cards: list[str], taken: list[str]) -> list[str]:
    rest = list(cards)
    for card in taken:
        rest.remove(card)
    return rest


# ---- palaces ("Costruzione dei palazzi") -----------------------------------------------------------------

def choose_city(state: State, board: Board, player: Player, candidates: list[str], crown: bool) -> str:
    """Where Carletto builds: "il miglior piazzamento per Carletto, in modo da massimizzare il numero di
    punti", then the city that breaks an opponent's chain of palaces the most ("interrompere una catena di
    palazzi dell'avversario che subirebbe così il maggior danno"), then, on equal damage, the one that hurts
    the opponent with the most points; the first in the province's ring order after that.

    Points: the palace points he would score with the palaces placed so far and this one, plus the bonus
    tile a (non-crown) palace would take. Damage to an opponent: the other provinces their own palaces
    would link through this city (a crown palace shares its city, so it breaks nothing). Opponents: the
    human players."""
    province = state.province()
    own = state.cities_of(player.index)
    before = board.palace_points(own, province)
    opponents = [p for p in state.players if not p.dummy]

    def worth(city: str) -> tuple[int, int, int]:
        points = board.palace_points(own | {city}, province) - before
        tile = state.bonus.get(city)
        if not crown and tile is not None and tile != PLUS_CARD:
            points += bonus_points(player, tile)
        damage, victim = 0, 0
        if not crown:
            for other in opponents:
                hurt = len(board.connected_provinces(state.cities_of(other.index) | {city}, province))
                if (hurt, other.score) > (damage, victim):
                    damage, victim = hurt, other.score
        return points, damage, victim if damage else 0

    return max(candidates, key=lambda c: (worth(c), -candidates.index(c)))


# ---- special cards ("Carte speciali") --------------------------------------------------------------------

def choose_special(state: State, player: Player) -> str | None:
    """The special card Carletto takes: one from the table if any is there (rule 1), never one he holds
    (rule 2), by preference +2 points, colour change, Elephant, Crown (rules 3-5)."""
    table = [c for c in PREFERENCE if c in state.specials_table and c not in player.specials]
    if table:
        return table[0]
    others = {c for p in state.players if p.index != player.index for c in p.specials}
    return next((c for c in PREFERENCE if c in others and c not in player.specials), None)


def exchange_sets(player: Player) -> list[str] | None:
    """The influence tiles Carletto hands back for a special card now: two identical ones, else three
    different ones ("Se ha due tessere influenza dello stesso simbolo ma anche se ha 3 tessere diverse"),
    the first in the rulebook's order of the forces; None when he has neither."""
    for force in FORCES:
        if player.influence.count(force) >= 2:
            return [force, force]
    different = [f for f in FORCES if f in player.influence]
    return different[:3] if len(different) >= 3 else None
