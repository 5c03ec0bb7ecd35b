"""A player's turn: play one coloured card, with a white or special card if they like, or withdraw
(001_f0a91e4b7c938d9d.txt, "COME SI GIOCA", "Giocare le carte")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.errors import Illegal
from engine.core.flow import later, replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .data import load
from .flow import A, Ctx, Step
from .rules import RULES, colour_refusal, fixes_colour, playable_colours
from .state import Player, State
from .vocab import CARD_COLOURS, SP_POINTS, SPECIALS, card_colour, is_coloured, is_white
from .withdrawal import withdraw

ALL_KINDS = (*sorted(set(load().cards.deck())), *SPECIALS)
MENU = 25  # a Discord select holds 25 options


NOT_IN_HAND = "taj_mahal.illegal.not_in_hand"


def not_in_hand(kind: str) -> Illegal:
    return Illegal(NOT_IN_HAND, card=w.card(kind))


@task
class Turn(Step):
    """Play one coloured card (the next step adds a white or special card to it), or withdraw. A hand with more
    playable kinds of card than a menu holds is asked the colour first (`colour`)."""

    kind = "turn"
    colour: str | None = later()

    def cards(self, p: Player) -> list[str]:
        """The kinds of card in the player's hand that this stage lists."""
        kinds = sorted(set(p.hand))
        return [k for k in kinds if card_colour(k) == self.colour] if self.colour else kinds

    def by_colour(self, p: Player) -> bool:
        """Ask the colour first: the player's playable coloured cards would not fit in one menu with "withdraw"."""
        if self.colour is not None or len(p.hand) <= MENU - 1:  # too few cards to fill the menu, whatever their kinds
            return False
        colours = playable_colours(p)
        return len({k for k in p.hand if is_coloured(k) and card_colour(k) in colours}) > MENU - 1

    def candidates(self, s: State) -> Sequence[Action]:
        p = s.of_seat(self.seat)
        if self.by_colour(p):
            return [*(A("colour", c) for c in CARD_COLOURS), A("withdraw")]
        back = [A("back")] if self.colour else []
        return [*(A("play", k) for k in self.cards(p)), A("withdraw"), *back]

    def options(self, s: State) -> list[Action]:
        """`problem` for every card at once (this question is asked on almost every other step): a card listed
        is held, so only its colour may forbid it, and `playable_colours` are coloured."""
        p = s.of_seat(self.seat)
        if self.by_colour(p):
            return super().options(s)
        colours = playable_colours(p)
        out = [A("play", k) for k in self.cards(p) if card_colour(k) in colours]
        out.append(A("withdraw"))
        if self.colour:
            out.append(A("back"))
        return out

    def why_not(self, s: State, a: Action) -> Illegal | None:
        if a.verb != "play":
            return None
        return not_in_hand(a.args[0]) if is_coloured(a.args[0]) else Illegal("taj_mahal.illegal.coloured_first")

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb in ("withdraw", "back"):
            return None
        p = s.of_seat(self.seat)
        if a.verb == "colour":
            colour = a.args[0]
            if p.visit_colour is not None and colour not in playable_colours(p):
                return "taj_mahal.illegal.colour"
            if not any(card_colour(k) == colour for k in p.hand):
                return "taj_mahal.illegal.no_card_of_colour"
            return None
        kind = a.args[0]
        if not is_coloured(kind):
            return "taj_mahal.illegal.coloured_first"
        if kind not in p.hand:
            return NOT_IN_HAND
        if p.visit_colour is not None and card_colour(kind) not in playable_colours(p):
            return "taj_mahal.illegal.colour"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if problem == "taj_mahal.illegal.colour":
            visit_colour = s.of_seat(self.seat).visit_colour or ""
            card = w.colour_name(a.args[0]) if a.verb == "colour" else w.card(a.args[0])
            return {"colour": w.colour_name(visit_colour), "card": card}
        if problem == "taj_mahal.illegal.no_card_of_colour":
            return {"colour": w.colour_name(a.args[0])}
        return {"card": w.card(a.args[0])} if problem == NOT_IN_HAND else {}

    def do(self, c: Ctx, a: Action) -> None:
        held = c.s.of_seat(self.seat)  # only read: the player is copied (`me`) where the step changes it
        if a.verb in ("colour", "back"):
            c.replace(replace(self, colour=a.args[0] if a.verb == "colour" else None))
        elif a.verb == "withdraw":
            c.pop()
            withdraw(c, self.me(c.s))
        elif any(is_white(k) for k in held.hand) or held.specials:
            c.replace(Extra(seat=self.seat, card=a.args[0]))
        else:
            c.pop()
            play_cards(c, self.me(c.s), a.args[0], None)

    def question(self, s: State) -> Message:
        p = s.of_seat(self.seat)
        if p.visit_colour is None:
            return Message("taj_mahal.ask.turn", self.question_params(s))
        return Message("taj_mahal.ask.turn_colour", {**self.question_params(s),
                                                     "colour": w.colour_name(p.visit_colour)})


@task
class Extra(Step):
    """With the chosen coloured card: one white card, or one special card, or nothing; or choose again."""

    kind = "extra"
    card: str

    def candidates(self, s: State) -> Sequence[Action]:
        p = s.of_seat(self.seat)
        held = [*sorted({k for k in p.hand if not is_coloured(k)}), *(k for k in SPECIALS if k in p.specials)]
        return [*(A("add", k) for k in held), A("alone"), A("back")]

    def options(self, s: State) -> list[Action]:
        """`problem` for every card at once: a card listed is held, and is white or special, so only the colour rule
        may refuse it, and when the coloured card may be played alone, it refuses none."""
        p = s.of_seat(self.seat)
        if colour_refusal(p, self.card, None) is None:
            return list(self.candidates(s))
        return [a for a in self.candidates(s) if a.verb == "back" or
                a.verb == "add" and colour_refusal(p, self.card, a.args[0]) is None]

    def why_not(self, s: State, a: Action) -> Illegal | None:
        if a.verb != "add":
            return None
        if is_coloured(a.args[0]):
            return Illegal("taj_mahal.illegal.extra_kind")
        return not_in_hand(a.args[0])

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "back":
            return None
        p = s.of_seat(self.seat)
        extra = a.args[0] if a.verb == "add" else None
        if extra is not None and extra not in p.hand and extra not in p.specials:
            return NOT_IN_HAND
        return colour_refusal(p, self.card, extra)

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if problem == NOT_IN_HAND:
            return {"card": w.card(a.args[0])}
        visit_colour = s.of_seat(self.seat).visit_colour
        return {"colour": w.colour_name(visit_colour or card_colour(self.card)), "card": w.card(self.card)}

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "back":
            c.replace(Turn(seat=self.seat))
            return
        c.pop()
        play_cards(c, self.me(c.s), self.card, a.args[0] if a.verb == "add" else None)

    def question(self, s: State) -> Message:
        return Message("taj_mahal.ask.extra", {**self.question_params(s), "card": w.card(self.card)})

    def public_question(self, s: State) -> Message:
        return Message("taj_mahal.ask.turn_public", self.question_params(s))


def play_cards(c: Ctx, p: Player, coloured: str, extra: str | None) -> None:
    """Put the cards into play. The "+2 punti" card scores at once ("riceve immediatamente 2 punti")."""
    p.hand.remove(coloured)
    if extra in SPECIALS:
        p.specials.remove(extra)
    elif extra is not None:
        p.hand.remove(extra)
    for card in (coloured, extra):
        if card in p.shown:  # the hand held at least the cards shown; now one fewer of this kind
            p.shown.remove(card)
    p.visit_colour = fixes_colour(p, coloured, extra)
    cards = [coloured] if extra is None else [coloured, extra]
    p.played += cards
    p.turns += 1
    c.emit("played", reveals=True, player=c.who(p.index), cards=w.listing(w.cards(cards)))
    if extra == SP_POINTS:
        p.score_points("special", RULES.special_points)
        c.emit("special_points", player=c.who(p.index), n=RULES.special_points)
    c.touch(f"player:{p.index}")
