"""A sensible computer player for Taj Mahal: the `heuristic` policy of engine.ai.

It follows the rulebook's own advice ("STRATEGIE DI GIOCO"): withdraw early with what it leads, play a card
only when it adds more than the card is worth, always play the "+2 punti" card, build where the palaces chain
and the bonus tiles pay, and take display cards of its one or two colours. Every estimate is in influence
points. It reads only what its seat may know: its own hand and the public table (cards in play, palaces,
tiles, the display); never the deck or another hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cached_property

from engine.core.game import Action, Game
from engine.core.heuristic import ScoringPlayer, once_a_decision

from .board import Board, board
from .flow import Step
from .rules import RULES, bonus_points, goods_points, prizes_won, special_for, symbols_of
from .state import Player, State
from .turn import Extra, Turn
from .vocab import (
    CARD_COLOURS,
    CROWN,
    FORCES,
    PLUS_CARD,
    PROVINCE_TILE,
    SP_COLOUR,
    SP_POINTS,
    SPECIALS,
    card_colour,
    is_coloured,
    is_white,
)
from .withdrawal import CrownPalace, Discard, Palace, Take

CARD = 1.2          # a card's use in later visits, at the start of the match
HAND = 8            # a hand larger than this makes each card worth less
FIRST_DRAW = 1.0    # withdrawing at once draws a card
PLAY_MARGIN = 0.3   # a play must gain at least this much over withdrawing now
TILE = 0.6          # an influence tile towards a special card
PAIR = {SP_POINTS: 5.0, SP_COLOUR: 2.0}  # a special card earned by a pair (other ones: SPECIAL)
SPECIAL = 2.5


class Heuristic(ScoringPlayer[State]):
    def scores(self, game: Game[State], state: State, seat: int, legal: list[Action]) -> list[float] | None:
        task = state.tasks[-1]
        assert isinstance(task, Step)
        score = SCORES.get(type(task))
        if score is None:
            return None
        mind = Mind(state, task)
        return [score(mind, a) for a in legal]


HEURISTIC = Heuristic()


class Mind:
    """What one seat makes of the position: `SCORES` gives the method that scores an option of each question."""

    def __init__(self, state: State, task: Step):
        self.s, self.t = state, task
        self.me: Player = task.me(state)
        self.board: Board = board(state.provinces)

    @cached_property
    def visited(self) -> str:
        """The province visited now."""
        return self.s.province()

    # ---- worth of things -------------------------------------------------------------------------------
    def card_worth(self, kind: str) -> float:
        """A card kept: its end point (white cards and the main colour only) and its use in the visits left,
        less when the hand is already large (no hoarding)."""
        if kind in SPECIALS:
            return 0.0  # special cards come back to the hand
        left = (len(self.s.tiles) - self.s.visit) / len(self.s.tiles)
        use = CARD * left * min(1.0, HAND / max(1, len(self.me.hand)))
        if is_white(kind):
            return 1.0 + use + 0.3
        colours = Counter(card_colour(k) for k in self.me.hand if is_coloured(k))
        main = colours.most_common(1)[0][0] if colours else None
        return (1.0 if card_colour(kind) == main else 0.2) + use

    @once_a_decision  # every option of a turn is weighed against the same palaces and prizes
    def city_worth(self, city: str, own: frozenset[str], crown: bool) -> float:
        """Points of a palace there now, and a little for the provinces still ahead that it touches."""
        province = self.visited
        points = float(self.board.palace_points(own | {city}, province) - self.board.palace_points(own, province))
        tile = None if crown else self.s.bonus.get(city)
        if tile == PLUS_CARD:
            points += CARD
        elif tile is not None:
            points += bonus_points(self.me, tile)
        ahead = {self.board.province_of[n] for n in self.board.neighbours[city]
                 if self.s.tiles[self.board.province_of[n]] > self.s.visit}
        return points + 0.15 * len(ahead)

    def prizes_worth(self, prizes: list[str]) -> float:
        """What withdrawing with these prizes would score, roughly: the palaces on the best cities, the tiles
        towards special cards, the province tile's goods."""
        return self._prizes_worth(tuple(prizes))

    @once_a_decision
    def _prizes_worth(self, prizes: tuple[str, ...]) -> float:
        worth = 0.0
        own = self.s.cities_of(self.me.index)
        free = [c for c in self.board.cities_of[self.visited] if c not in self.s.palaces]
        for prize in prizes:
            if prize in FORCES or prize == CROWN:
                crown = prize == CROWN
                choices = list(self.board.cities_of[self.visited]) if crown else free
                if not choices:
                    continue
                city = max(choices, key=lambda c: self.city_worth(c, own, crown))
                worth += self.city_worth(city, own, crown)
                own = own | {city}
                if not crown:
                    free.remove(city)
            if prize in FORCES:
                card = special_for(prize)
                pair = prize in self.me.influence and card not in self.me.specials
                worth += PAIR.get(card, SPECIAL) if pair else TILE
            if prize == PROVINCE_TILE:
                worth += goods_points(self.me, self._province_goods())
        return worth

    def _province_goods(self) -> list[str]:
        from .rules import PROVINCE_GOODS

        return PROVINCE_GOODS[self.s.tiles[self.visited]]

    def worth_after(self, cards: list[str]) -> float:
        """What withdrawing would win if these cards were also in play."""
        return self.prizes_worth(prizes_won(self.s, self.me.index, tuple(cards)))

    def best_extra(self, coloured: str) -> tuple[str | None, float]:
        """The white or special card to add to `coloured`, and the worth of the pair played."""
        me = self.me
        needs_change = me.visit_colour is not None and card_colour(coloured) != me.visit_colour
        extras: list[str | None] = [SP_COLOUR] if needs_change else [None, *sorted(set(
            k for k in me.hand if is_white(k))), *me.specials]
        best: tuple[str | None, float] = (None, float("-inf"))
        for extra in extras:
            cards = [coloured] if extra is None else [coloured, extra]
            worth = self.worth_after(cards) - self.card_worth(coloured)
            if extra is not None:
                worth -= self.card_worth(extra)
                if extra == SP_POINTS:
                    worth += RULES.special_points
            if worth > best[1]:
                best = (extra, worth)
        return best

    # ---- the steps ---------------------------------------------------------------------------------------
    def on_turn(self, a: Action) -> float:
        now = self.prizes_worth(prizes_won(self.s, self.me.index))
        if a.verb == "withdraw":
            return now + (FIRST_DRAW if self.me.turns == 0 else 0.0)
        if a.verb == "back":
            return float("-inf")
        if a.verb == "colour":  # a large hand: the colour of the best card first
            cards = {k for k in self.me.hand if is_coloured(k) and card_colour(k) == a.args[0]}
            return max((self.on_turn(Action("play", (k,))) for k in cards), default=float("-inf"))
        _, worth = self.best_extra(a.args[0])
        # playing on only pays if it leads to more than withdrawing with what is led now
        return worth - PLAY_MARGIN + (0.05 if card_colour(a.args[0]) == self.me.visit_colour else 0.0)

    def on_extra(self, a: Action) -> float:
        assert isinstance(self.t, Extra)
        coloured = self.t.card
        if a.verb == "back":
            return float("-inf")
        extra = a.args[0] if a.verb == "add" else None
        cards = [coloured] if extra is None else [coloured, extra]
        worth = self.worth_after(cards)
        if extra is not None:
            worth -= self.card_worth(extra)
            worth += RULES.special_points if extra == SP_POINTS else 0.0
        return worth

    def on_palace(self, a: Action) -> float:
        return self.city_worth(a.args[0], self.s.cities_of(self.me.index), crown=False)

    def on_crown(self, a: Action) -> float:
        return self.city_worth(a.args[0], self.s.cities_of(self.me.index), crown=True)

    def display_worth(self, kind: str, me: Player) -> float:
        """A display card for `me`: its symbols, and how well it fits the one or two colours they collect."""
        if is_white(kind):
            return 2.0 + 0.2 * len(symbols_of(kind))
        colours = Counter(card_colour(k) for k in me.hand if is_coloured(k))
        ranked = [c for c, _ in colours.most_common()] + [c for c in CARD_COLOURS if c not in colours]
        fit = {0: 1.2, 1: 0.6}.get(ranked.index(card_colour(kind)), 0.0)
        symbols = symbols_of(kind)
        return fit + 0.5 * len(set(symbols)) + 0.3 * len(symbols)

    def on_take(self, a: Action) -> float:
        return self.display_worth(a.args[0], self.me)

    def on_discard(self, a: Action) -> float:
        """Deny the card the strongest human still in the visit would like best (their hand is not known:
        judged by the colours they play)."""
        rivals = [p for p in self.s.players if p.seat is not None and not p.out and p.index != self.me.index]
        if not rivals:
            return self.display_worth(a.args[0], self.me)
        rival = max(rivals, key=lambda p: p.score)
        seen = Player(rival.index, rival.seat, rival.colour, hand=[k for k in rival.played if is_coloured(k)])
        return self.display_worth(a.args[0], seen)


# Every question the game asks, with the method that scores its options. A question left out would be played at
# random: list it in RANDOM_ON_PURPOSE to say that this is meant (a test checks every question is in one or the other).
SCORES: dict[type[Step], Callable[[Mind, Action], float]] = {
    Turn: Mind.on_turn, Extra: Mind.on_extra, Palace: Mind.on_palace, CrownPalace: Mind.on_crown,
    Take: Mind.on_take, Discard: Mind.on_discard,
}
RANDOM_ON_PURPOSE: frozenset[type[Step]] = frozenset()
