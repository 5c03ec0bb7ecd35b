"""Setting up a match and the housekeeping between rounds and periods (002, "Preparazione del gioco",
"Svolgimento del gioco"). Every random draw comes from the RNG kept in the state."""

from __future__ import annotations

import random

from engine.core.rng import below, seed_state, shuffled

from .board import BOARD, layout, market
from .data import load
from .state import Player, State, card
from .vocab import BROWN, CARDS, COLOURS, GREY_A, GREY_B, GREY_C, PERIODS, message_id

DATA = load()
RULES = DATA.rules
BROWNS_A_ROUND = 2  # and one grey


def new_state(seats: int, seed: int, public_prestige: bool = False) -> State:
    board = layout(seats)
    s = State(seats=seats, seed=seed, rng=seed_state(seed), public_prestige=public_prestige)
    s.treasury = RULES.coins_total - seats * RULES.starting_coins
    for seat in range(seats):
        quarter = board.quarter(seat)
        s.players.append(Player(
            seat, COLOURS[seat], quarter, market(quarter, BOARD.carriage_start),
            supply=RULES.personal_cubes, general=RULES.cubes_per_colour - RULES.personal_cubes,
            coins=RULES.starting_coins))
    # Each quarter's four messages, shuffled face down onto its outer markets, then turned face up.
    for colour in board.quarters:
        s.rng, kinds = shuffled(s.rng, list(DATA.messages.per_colour))
        for spot, kind in zip(BOARD.message_spots, kinds, strict=True):
            s.messages[market(colour, spot)] = message_id(colour, kind)
    # Grey persons: the C cards under the B cards under the A cards (top last).
    for letter in (GREY_C, GREY_B, GREY_A):
        s.rng, cards = shuffled(s.rng, list(letter))
        s.grey_deck += cards
    s.rng, s.bell = below(s.rng, seats)  # "Il giocatore iniziale viene sorteggiato"
    start_period(s)
    return s


def start_period(s: State) -> None:
    """Browns reshuffled, every player's nine action cards back and shuffled into a new draw pile."""
    s.rng, s.brown_deck = shuffled(s.rng, list(BROWN))
    s.discards = 0
    for p in s.every_player():
        s.rng, p.deck = shuffled(s.rng, [card(p.colour, kind) for kind in CARDS])


def reveal_persons(s: State) -> None:
    """Phase 1: the top two brown persons and the top grey one."""
    s.persons = [s.brown_deck.pop(), s.brown_deck.pop(), s.grey_deck.pop()]


def deal(s: State) -> None:
    """Phase 2 begins: everybody draws the top three cards of their own deck."""
    for p in s.every_player():
        p.offer = [p.deck.pop() for _ in range(RULES.cards_drawn)]
        p.hand, p.first_pick, p.played, p.paid = [], None, [], None


def keep(s: State, seat: int, chosen: str) -> None:
    """Keep one card of those offered; the first kept is the player's own, seen by nobody else."""
    p = s.player(seat)
    p.offer.remove(chosen)
    p.hand.append(chosen)
    if p.first_pick is None:
        p.first_pick = chosen


def pass_left(s: State) -> None:
    """Everybody passes what is left of their offer to the left, at the same time. A single card passed
    joins the receiver's hand (the third card of the draft); two are the receiver's next offer."""
    passed = [p.offer for p in s.players]
    for p in s.every_player():
        p.offer = []
    for seat, cards in enumerate(passed):
        receiver = s.player(s.left_of(seat))
        if len(cards) == 1:
            receiver.hand.append(cards[0])
        else:
            receiver.offer = cards


def discard_hands(s: State) -> None:
    """End of phase 3: the cards played and the third card, face down and unseen, go to the discard pile."""
    for p in s.every_player():
        s.discards += len(p.played) + len(p.hand)
        p.hand, p.first_pick = [], None


def end_round(s: State) -> None:
    """The persons go back under their decks, the bell ringer passes to the left."""
    s.brown_deck[:0] = list(reversed(s.persons[:2]))
    s.grey_deck.insert(0, s.persons[2])
    s.persons = []
    for p in s.every_player():
        p.played, p.paid = [], None
    s.bell = s.left_of(s.bell)
    s.round += 1


def unseen_persons_shuffled(s: State, rng: random.Random) -> tuple[list[str], list[str]]:
    """The brown and grey decks with the persons nobody has seen yet in a new order (the grey ones within their
    letters). Those of the earlier rounds lie under the decks in the order they went back: the brown ones of this
    period (reshuffled at the next) and the grey ones of the match (each comes once)."""
    browns_seen = BROWNS_A_ROUND * ((s.round - 1) % RULES.rounds_per_period)
    return _shuffled_above(s.brown_deck, browns_seen, rng), _shuffled_above(s.grey_deck, s.round - 1, rng)


def _shuffled_above(deck: list[str], seen_below: int, rng: random.Random) -> list[str]:
    """The deck (top last) with the persons above its `seen_below` bottom ones shuffled, each within its letter."""
    out = list(deck)
    for letter in ("brown", *PERIODS):
        places = [i for i in range(seen_below, len(out)) if DATA.persons[out[i]].deck == letter]
        persons = sorted(out[i] for i in places)  # their order here is no one's to read
        rng.shuffle(persons)
        for i, x in zip(places, persons, strict=True):
            out[i] = x
    return out
