"""After the action (004, "B – Costruire un edificio"): build at most one building, play cards, end the turn.
`commit` ends a player's action: the group leaves the tower and this step follows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.flow import replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .card_play import Play, cards_problem
from .cards import discard
from .city import RULES
from .flow import A, Ctx, Step
from .state import Group, State
from .tower import without_yellow
from .vocab import BUILD_CARDS, BUILDINGS, BUILT, NO_CAMELS, NO_GOLD, SLOTS


def group_on(s: State, slot: str) -> Group:
    group = s.tower[SLOTS.index(slot)]
    assert group is not None
    return group


def commit(c: Ctx, seat: int, slot: str) -> Group:
    """The group is used: it leaves the tower, and the turn moves on to building (and card play)."""
    s = c.s
    group = group_on(s, slot)
    s.tower[SLOTS.index(slot)] = None
    while c.pop().kind != "choose":
        pass
    c.push(After(seat=seat))
    c.touch("tower")
    return group


def _price(building: str, card: str | None) -> tuple[int, int]:
    cost = RULES.buildings[building]
    return (0 if card == NO_CAMELS else cost.camels), (0 if card == NO_GOLD else cost.gold)


PRICES = {(building, card): _price(building, card) for building in BUILDINGS for card in (None, *BUILD_CARDS)}


def building_price(building: str, card: str | None) -> tuple[int, int]:
    """(camels, gold) to build, with a card waiving one of them or without (None)."""
    return PRICES[building, card]


def build_problem(s: State, seat: int, building: str, card: str | None) -> str | None:
    """Why the player cannot build `building` now (an i18n key; its words: `build_params`), or None."""
    player = s.players[seat]
    if building in player.buildings:
        return "yspahan.illegal.built_already"
    if card is not None:
        if card not in player.cards:
            return "yspahan.illegal.not_in_hand"
        if building_price(building, card) == building_price(building, None):
            return "yspahan.illegal.card_saves_nothing"
    camels, gold = building_price(building, card)
    if camels > player.camels or gold > player.gold:
        return "yspahan.illegal.building_cost"
    if not player.cubes:
        return "yspahan.illegal.no_cube_left"
    return None


def build_params(s: State, seat: int, building: str, card: str | None, problem: str) -> dict[str, Any]:
    if problem == "yspahan.illegal.built_already":
        return {"building": w.building(building)}
    if problem == "yspahan.illegal.not_in_hand":
        return {"card": w.card(card or "")}
    if problem == "yspahan.illegal.card_saves_nothing":
        return {"card": w.card(card or ""), "building": w.building(building)}
    if problem == "yspahan.illegal.building_cost":
        player = s.players[seat]
        camels, gold = building_price(building, card)
        return {"building": w.building(building), "camels": w.count("camel", camels), "gold": w.count("gold", gold),
                "have_camels": w.count("camel", player.camels), "have_gold": w.count("gold", player.gold)}
    return {}


def build(c: Ctx, seat: int, building: str, card: str | None) -> None:
    """Pay, mark the building with a cube, score it by how many buildings the player now has (004, "Punti Vittoria")."""
    player = c.s.player(seat)
    camels, gold = building_price(building, card)
    player.camels -= camels
    player.gold -= gold
    player.cubes -= 1
    player.buildings.append(building)
    points = RULES.building_points[len(player.buildings) - 1]
    player.points[BUILT] += points
    params: dict[str, Any] = {"player": c.who(seat), "building": w.building(building), "camels": w.count("camel", camels),
                              "gold": w.count("gold", gold), "points": points, "score": w.count("point", points),
                              "nth": len(player.buildings)}
    if card is None:
        c.emit("built", **params)
    else:
        discard(c, seat, card)
        c.emit("built_card", card=w.card(card), **params)
    c.touch(f"player:{seat}")


# Building each building at its price (None) or with each card that waives part of it; then the rest of a turn.
BUILDS = {card: tuple(A("build", b) if card is None else A("build", b, card) for b in BUILDINGS)
          for card in (None, *BUILD_CARDS)}
NOT_BUILDING = (A("cards"), A("end"))
# What `build_problem` reads of each, for the options: (option, building, camels, gold), where the card saves something.
PRICED_BUILDS = {card: tuple((a, a.args[0], *PRICES[a.args[0], card]) for a in builds
                             if card is None or PRICES[a.args[0], card] != PRICES[a.args[0], None])
                 for card, builds in BUILDS.items()}
AFTER = (*(a for builds in BUILDS.values() for a in builds), *NOT_BUILDING)


def end_turn(c: Ctx, seat: int) -> None:
    """The turn is over; after the first player's turn the yellow dice leave the tower."""
    s = c.s
    c.pop()
    if seat == s.first and any(g is not None and g.yellow for g in s.tower):
        s.tower = without_yellow(s.tower)
        c.emit("yellow_leave")
        c.touch("tower")


@task
class After(Step):
    """After the action: build at most one building (at its price, or with a card waiving camels or gold),
    play cards, and end the turn."""

    kind = "after"
    only_a_way_out = "end"
    built: bool = False

    def candidates(self, s: State) -> Sequence[Action]:
        return AFTER

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "build":
            if self.built:
                return "yspahan.illegal.one_building_per_turn"
            return build_problem(s, self.seat, a.args[0], a.args[1] if len(a.args) > 1 else None)
        return cards_problem(s, self.seat) if a.verb == "cards" else None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if a.verb != "build":
            return {}
        return build_params(s, self.seat, a.args[0], a.args[1] if len(a.args) > 1 else None, problem)

    def options(self, s: State) -> list[Action]:
        # A hand is secret, so whether this step is asked must not depend on it: a player holding cards is
        # asked (if only to end the turn), one without cards only when a building is affordable ("end" is
        # always allowed, so anything more is a building).
        player = s.players[self.seat]
        # `build_problem`'s rules at once: one building a turn, a cube to mark it, a card from the hand that
        # saves something, the price, a building not built yet.
        out: list[Action] = []
        if not self.built and player.cubes:
            camels, gold, built = player.camels, player.gold, player.buildings
            for card, builds in PRICED_BUILDS.items():
                if card is None or card in player.cards:
                    out += [a for a, building, cost_camels, cost_gold in builds
                            if cost_camels <= camels and cost_gold <= gold and building not in built]
        out += [a for a in NOT_BUILDING if self.problem(s, a) is None]
        return out if len(out) > 1 or player.cards else []

    def has_options(self, s: State) -> bool:
        return bool(self.options(s))

    def asked(self, s: State) -> list[Action]:
        return self.options(s)

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "end":
            end_turn(c, self.seat)
        elif a.verb == "cards":
            c.push(Play(seat=self.seat))
        else:
            c.replace(replace(self, built=True))
            build(c, self.seat, a.args[0], a.args[1] if len(a.args) > 1 else None)

    def on_empty(self, c: Ctx) -> None:
        end_turn(c, self.seat)

    def label(self, s: State, a: Action) -> Message | None:
        if a.verb != "build":
            return None
        card = a.args[1] if len(a.args) > 1 else None
        camels, gold = building_price(a.args[0], card)
        owned = len(s.players[self.seat].buildings)
        params = {"building": w.building(a.args[0]), "camels": w.count("camel", camels), "gold": w.count("gold", gold),
                  "score": w.count("point", RULES.building_points[min(owned, len(BUILDINGS) - 1)]),
                  "card": w.card(card) if card else ""}
        return Message("yspahan.act.build." + ("card" if card else "plain"), params)
