"""Yspahan's components for `/card`: the nine kinds of card and the six buildings (004_fe5b7b6409874d09.txt,
"Carte" and "Edifici in dettaglio"), from data/yspahan/ and data/i18n/."""

from __future__ import annotations

from engine.core.catalogue import Component, Fact, localised
from engine.core.messages import Message

from .data import load
from .vocab import BUILDINGS, CARDS

GAME = "yspahan"


def components() -> list[Component]:
    return [*(_card(card) for card in CARDS), *(_building(building) for building in BUILDINGS)]


def _card(card: str) -> Component:
    rules = load().rules
    return Component(
        game=GAME, id=f"card-{card}", kind="card", kind_name=localised("cards.yspahan.card"),
        name=localised(f"yspahan.card.{card}"), effect=localised("cards.yspahan.card_effect", effect=Message(f"yspahan.card_effect.{card}")),
        facts=(Fact(localised("cards.yspahan.copies"), localised("cards.yspahan.copies_n", n=rules.card_copies)),),
        accent="card_back", border="card_back",
    )


def _building(building: str) -> Component:
    rules = load().rules
    cost = rules.buildings[building]
    return Component(
        game=GAME, id=f"building-{building}", kind="building", kind_name=localised("cards.yspahan.building"),
        name=localised(f"yspahan.building.{building}"), effect=localised(f"cards.yspahan.power.{building}"),
        facts=(Fact(localised("cards.fact.cost"), localised("cards.yspahan.cost", camels=cost.camels, gold=cost.gold)),
               Fact(localised("cards.fact.points"), localised("cards.yspahan.building_points"))),
        accent="road_edge", border="road_edge",
    )

