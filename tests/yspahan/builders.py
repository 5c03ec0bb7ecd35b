"""Build Yspahan positions for scenario tests.

Start from `GAME.new_game`, edit the State dataclasses directly (dice, shops, cards, buildings), then drive the
match through `GAME.apply` with the notation, as a player would.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.yspahan import GAME
from engine.yspahan.day import Roll
from engine.yspahan.flow import Ctx
from engine.yspahan.state import State
from engine.yspahan.tower import arrange
from engine.yspahan.vocab import ACTIONS, CARDS

# Seats by colour: the clockwise order of the rulebook's example (Blue, then Green, Red, Yellow).
BLUE, GREEN, RED, YELLOW = range(4)


def blank(seats: int = 4, first: int = BLUE, seed: int = 0) -> State:
    """A table at the start of week 1, day 1, `first` about to roll: every player with 2 gold, no camels,
    no cards, 24 cubes in reserve; the deck holds all 18 cards."""
    s = GAME.new_game(None, seats, seed)
    s.first = first
    s.order = [(first + i) % seats for i in range(seats)]
    s.tasks = [Roll(seat=first)]
    for player in s.players:
        player.cards = []
    s.deck = sorted((card for card in CARDS for _ in range(2)), key=CARDS.index)
    return s


def rolled(s: State, *dice: int, yellow: tuple[int, ...] = ()) -> State:
    """The first player has rolled these white (and yellow) dice: the tower is filled and the first player
    is asked which group to take."""
    s.rolled = [[v, 0] for v in dice] + [[v, 1] for v in yellow]
    s.tower = arrange([(v, False) for v in dice] + [(v, True) for v in yellow])
    s.phase, s.queue, s.tasks = ACTIONS, list(s.order), []
    return settle(s)


def settle(s: State) -> State:
    """Let the game move on by itself until someone must decide."""
    GAME.advance(Ctx(s))
    return s


def turn_of(s: State, seat: int) -> State:
    """It is `seat`'s turn to choose a group (the seats before it have played)."""
    s.tasks = []
    s.queue = s.queue[s.queue.index(seat):] if seat in s.queue else [seat, *s.queue]
    return settle(s)


def active(s: State) -> int:
    (seat,) = GAME.active_seats(s)
    return seat


def play(s: State, *moves: str | tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply moves in order (a bare notation is played by whoever is asked); returns the state and all events."""
    events: list[Event] = []
    for move in moves:
        seat, notation = move if isinstance(move, tuple) else (active(s), move)
        s, new = GAME.apply(s, seat, notation)
        events += new
    return s, events


def at(s: State, *moves: str | tuple[int, str]) -> State:
    return play(s, *moves)[0]


def options(s: State) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(s, active(s))]


def hand(s: State, seat: int, *cards: str) -> None:
    """Give `seat` exactly these cards, taken from the deck."""
    for card in s.players[seat].cards:
        s.deck.append(card)
    s.players[seat].cards = []
    for card in cards:
        s.deck.remove(card)
        s.players[seat].cards.append(card)
    s.players[seat].cards.sort(key=CARDS.index)


def cubes_in(s: State, seat: int, *shops: str) -> None:
    """Put cubes of `seat` (from its reserve) in these shops."""
    for shop in shops:
        assert shop not in s.shops, shop
        s.shops[shop] = seat
        s.players[seat].cubes -= 1


def keys(events: list[Event]) -> list[str]:
    return [e.key.removeprefix("yspahan.ev.") for e in events]


def texts(events: list[Event], locale: str = "en") -> list[str]:
    return [e.text(locale) for e in events if e.audience is None]
