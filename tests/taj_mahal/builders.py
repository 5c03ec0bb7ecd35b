"""Build Taj Mahal positions for scenario tests.

Start from `GAME.new_game`, edit the State directly (hands, cards in play, palaces, tiles), then let the
game move on and drive it through `GAME.apply` with the notation, as a player would.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.taj_mahal import GAME
from engine.taj_mahal.board import board
from engine.taj_mahal.flow import Ctx
from engine.taj_mahal.state import Player, State
from engine.taj_mahal.visit import start_visit
from engine.taj_mahal.vocab import CARD_COLOURS, card_colour, is_coloured


def new(seats: int = 4, seed: int = 0, **params: int) -> State:
    return GAME.new_game(params, seats, seed)


def visit(s: State, province: str, number: int | None = None) -> State:
    """Make `province` the one visited now (swapping province tiles), with its court and display fresh."""
    number = s.tiles[province] if number is None else number
    other = next(p for p, n in s.tiles.items() if n == number)
    s.tiles[other], s.tiles[province] = s.tiles[province], number
    s.visit = number
    return s


def table(seats: int = 4, seed: int = 0, start: int = 0, hands: dict[int, list[str]] | None = None,
          **params: int) -> State:
    """A fresh visit with player `start` to move, every human holding `hands[i]` (nothing when not given)."""
    s = new(seats, seed, **params)
    s.tasks = []
    for p in s.players:
        if p.seat is not None:
            s.deck += p.hand
            p.hand = sorted((hands or {}).get(p.index, []))
    ctx = Ctx(s)
    start_visit(ctx, start)
    GAME.advance(ctx)
    return s


def played(s: State, index: int, *cards: str) -> State:
    """Player `index` has these cards in play (its colour fixed by the first coloured one)."""
    p = s.players[index]
    p.played = list(cards)
    coloured = [c for c in cards if is_coloured(c)]
    p.visit_colour = card_colour(coloured[0]) if coloured else None
    p.turns = max(p.turns, len(coloured))
    return s


def go(s: State, next_up: int) -> State:
    """Let the game move on from a built position, `next_up` taking the next turn."""
    s.tasks = []
    at = s.order.index(next_up)
    s.current = s.order[at - 1]
    GAME.advance(Ctx(s))
    return s


def active(s: State) -> int:
    (seat,) = GAME.active_seats(s)
    return seat


def play(s: State, *moves: str | tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply moves in notation, each by the seat that must act; (seat, notation) also asserts who acts."""
    events: list[Event] = []
    for move in moves:
        seat, notation = move if isinstance(move, tuple) else (active(s), move)
        assert active(s) == seat, f"{notation!r}: seat {active(s)} must act, not {seat}"
        s, new_events = GAME.apply(s, seat, notation)
        events += new_events
    return s, events


def options(s: State) -> list[str]:
    return [a.notation() for a in GAME.legal_actions(s, active(s))]


def asked(s: State) -> str:
    """The kind of the question the active seat must answer."""
    question = GAME.prompt(s, active(s))
    assert question is not None
    return question.key.removeprefix("taj_mahal.ask.")


def keys(events: list[Event]) -> list[str]:
    return [e.key.removeprefix("taj_mahal.ev.") for e in events]


def texts(events: list[Event], locale: str = "en") -> list[str]:
    return [e.text(locale) for e in events if e.audience is None]


def player(s: State, index: int) -> Player:
    return s.players[index]


def take_all(s: State) -> State:
    """Answer every display question with the first card offered."""
    while GAME.active_seats(s) and asked(s) in ("take", "discard"):
        s, _ = play(s, options(s)[0])
    return s


def cities(s: State, province: str | None = None) -> tuple[str, ...]:
    return board(s.provinces).cities_of[province or s.province()]


COLOURS = CARD_COLOURS
