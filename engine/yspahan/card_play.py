"""Cards as free actions (004, "Carte"): a card menu, opened before rolling, before taking a group and after
the action, and the few small steps some cards need (what to give, how many, which shop)."""

from __future__ import annotations

from typing import Any

from engine.core.flow import later, replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .caravan import load_cube
from .cards import discard
from .city import CITY, RULES, any_free_shop, put_cube, reserve_shops, shop_params, shop_problem
from .flow import A, CardStep, Ctx
from .state import State
from .vocab import (
    BUILD_CARDS,
    CAMEL_POINTS,
    CAMELS3,
    CARAVAN_CUBE,
    CARDS,
    CARDS_SCORE,
    GOLD,
    GOLD3,
    GOLD_POINTS,
    QUARTERS,
    SHOP_CUBE,
    SWAP,
)

PLAYABLE = tuple(card for card in CARDS if card not in BUILD_CARDS)  # build cards are played when building
CAMELS = "camels"
PAGE = 20  # amounts shown at once (a select holds 25 options)


def card_problem(s: State, seat: int, card: str) -> str | None:
    """Why `card` cannot be played for its effect now (an i18n key; its words: `card_params`), or None."""
    player = s.players[seat]
    if card not in player.cards:
        return "yspahan.illegal.not_in_hand"
    if card == SWAP and not player.gold and not player.camels:
        return "yspahan.illegal.nothing_to_swap"
    if card in (SHOP_CUBE, CARAVAN_CUBE) and not player.cubes:
        return "yspahan.illegal.no_cube_left"
    if card == SHOP_CUBE and not any_free_shop(s.shops, seat):
        return "yspahan.illegal.no_free_shop_anywhere"
    if card == CAMEL_POINTS and not player.camels:
        return "yspahan.illegal.no_camels"
    if card == GOLD_POINTS and not player.gold:
        return "yspahan.illegal.no_gold"
    return None


def card_params(card: str, problem: str) -> dict[str, Any]:
    return {"card": w.card(card)} if problem == "yspahan.illegal.not_in_hand" else {}


def cards_problem(s: State, seat: int) -> str | None:
    """Opening the card menu needs a card that can be played now."""
    if any(card_problem(s, seat, card) is None for card in s.players[seat].cards if card in PLAYABLE):
        return None
    return "yspahan.illegal.no_card_to_play"


def card_done(c: Ctx, seat: int, card: str) -> None:
    """The card has had its effect: discard it and close the card menu."""
    discard(c, seat, card)
    while not isinstance(c.pop(), Play):
        pass


@task
class Play(CardStep):
    """The card menu: which card to play now (any number during one's turn)."""

    kind = "play"

    def candidates(self, s: State) -> list[Action]:
        return [*(A("play", card) for card in PLAYABLE), A("back")]

    def problem(self, s: State, a: Action) -> str | None:
        return card_problem(s, self.seat, a.args[0]) if a.verb == "play" else None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return card_params(a.args[0], problem)

    def do(self, c: Ctx, a: Action) -> None:
        seat = self.seat
        if a.verb == "back":
            c.pop()
            return
        player = c.s.player(seat)
        card = a.args[0]
        if card == CAMELS3:
            player.camels += RULES.card_camels
            c.emit("card_camels", player=c.who(seat), card=w.card(card), camels=w.count("camel", RULES.card_camels))
        elif card == GOLD3:
            player.gold += RULES.card_gold
            c.emit("card_gold", player=c.who(seat), card=w.card(card), gold=w.count("gold", RULES.card_gold))
        elif card == CARAVAN_CUBE:
            player.cubes -= 1
            c.emit("card_caravan", player=c.who(seat), card=w.card(card))
            load_cube(c, seat, by_card=True)
        elif card == SWAP:
            gives = [x for x in (GOLD, CAMELS) if (player.gold if x == GOLD else player.camels)]
            c.push(amount(c.s, seat, SWAP, gives[0]) if len(gives) == 1 else Swap(seat=seat))
            return
        elif card == SHOP_CUBE:
            c.push(CardShop(seat=seat))
            return
        else:
            c.push(amount(c.s, seat, card, CAMELS if card == CAMEL_POINTS else GOLD))
            return
        c.touch(f"player:{seat}")
        card_done(c, seat, card)


def thing(give: str, n: int) -> dict[str, Any]:
    """ "3 camels", "1 gold" for what a card takes or gives."""
    return w.count("camel" if give == CAMELS else "gold", n)


def amount(s: State, seat: int, card: str, give: str) -> Amount:
    player = s.players[seat]
    have = player.gold if give == GOLD else player.camels
    limit = {CAMEL_POINTS: RULES.camel_points.most, GOLD_POINTS: RULES.gold_points.most}.get(card, have)
    return Amount(seat=seat, card=card, give=give, most=min(have, limit))


@task
class Swap(CardStep):
    """The exchange card: which to give, gold (for camels) or camels (for gold)."""

    kind = "swap"

    def candidates(self, s: State) -> list[Action]:
        return [A("give", GOLD), A("give", CAMELS), A("back")]

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "give":
            player = s.players[self.seat]
            if not (player.gold if a.args[0] == GOLD else player.camels):
                return "yspahan.illegal.nothing_to_give"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"what": w.word(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "back":
            c.pop()
        else:
            c.replace(amount(c.s, self.seat, SWAP, a.args[0]))


@task
class Amount(CardStep):
    """How many camels or gold to give for a card (exchange, camels or gold for points), a page at a time."""

    kind = "amount"
    card: str
    give: str          # "gold" or "camels"
    most: int
    page: int = 0

    def shown(self) -> range:
        first = self.page * PAGE + 1
        return range(first, min(self.most, first + PAGE - 1) + 1)

    def candidates(self, s: State) -> list[Action]:
        out = [A("amount", n) for n in self.shown()]
        if self.shown().stop <= self.most:
            out.append(A("more"))
        if self.page:
            out.append(A("less"))
        return [*out, A("back")]

    def do(self, c: Ctx, a: Action) -> None:
        seat, card = self.seat, self.card
        player = c.s.player(seat)
        if a.verb in ("more", "less"):
            c.replace(replace(self, page=self.page + (1 if a.verb == "more" else -1)))
            return
        if a.verb == "back":
            c.pop()
            return
        n = int(a.args[0])
        if self.give == GOLD:
            player.gold -= n
        else:
            player.camels -= n
        if card == SWAP:
            taken = CAMELS if self.give == GOLD else GOLD
            if taken == GOLD:
                player.gold += n
            else:
                player.camels += n
            c.emit("card_swap", player=c.who(seat), card=w.card(card), given=thing(self.give, n), taken=thing(taken, n))
        else:
            points = n * (RULES.camel_points.points if card == CAMEL_POINTS else RULES.gold_points.points)
            player.points[CARDS_SCORE] += points
            c.emit("card_points", player=c.who(seat), card=w.card(card), given=thing(self.give, n), points=points,
                   score=w.count("point", points))
        c.touch(f"player:{seat}")
        card_done(c, seat, card)

    def question_params(self, s: State) -> dict[str, Any]:
        return {**super().question_params(s), "card": w.card(self.card), "most": self.most, "what": w.word(self.give)}

    def label(self, s: State, a: Action) -> Message | None:
        if a.verb != "amount":
            return None
        n = int(a.args[0])
        if self.card == SWAP:
            taken = CAMELS if self.give == GOLD else GOLD
            return Message("yspahan.act.amount.swap", {"given": thing(self.give, n), "taken": thing(taken, n)})
        each = RULES.camel_points.points if self.card == CAMEL_POINTS else RULES.gold_points.points
        return Message("yspahan.act.amount.points", {"given": thing(self.give, n), "score": w.count("point", n * each)})


@task
class CardShop(CardStep):
    """The card that puts a cube in any shop: first the quarter, then the shop (souk rules apply)."""

    kind = "cardshop"
    quarter: str | None = later()

    def candidates(self, s: State) -> list[Action]:
        if self.quarter is None:
            return [*(A("quarter", q) for q in QUARTERS), A("back")]
        return [*(A("shop", shop) for souk in CITY.quarter_souks(self.quarter) for shop in souk.shops), A("back")]

    def options(self, s: State) -> list[Action]:
        # `problem`'s rules souk by souk, as `Place` lists them.
        seat = self.seat
        if self.quarter is None:
            return [*(A("quarter", q) for q in QUARTERS if any_free_shop(s.shops, seat, q)), A("back")]
        return [*(A("shop", shop) for shop in reserve_shops(s, seat, self.quarter)), A("back")]

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "quarter" and not any_free_shop(s.shops, self.seat, a.args[0]):
            return "yspahan.illegal.no_free_shop"
        return shop_problem(s, self.seat, a.args[0]) if a.verb == "shop" else None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return w.at_quarter(a.args[0]) if a.verb == "quarter" else shop_params(a.args[0])

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "back":
            if self.quarter is None:
                c.pop()
            else:
                c.replace(replace(self, quarter=None))
        elif a.verb == "quarter":
            c.replace(replace(self, quarter=a.args[0]))
        else:
            put_cube(c, self.seat, a.args[0])
            card_done(c, self.seat, SHOP_CUBE)

    def question(self, s: State) -> Message:
        if self.quarter is None:
            return Message("yspahan.ask.cardshop.quarter", self.question_params(s))
        return Message("yspahan.ask.cardshop.shop", {**self.question_params(s), **w.at_quarter(self.quarter)})
