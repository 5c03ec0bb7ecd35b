"""Yspahan's components for `/card`: the nine kinds of card, the six buildings, the 14 souks, the supervisor,
camels and gold (004_fe5b7b6409874d09.txt, "Carte", "Edifici in dettaglio", the city, the supervisor), from
data/yspahan/ and data/i18n/."""

from __future__ import annotations

from engine.core.catalogue import Component, Fact, locales, localised
from engine.core.messages import Message

from .data import Souk, load
from .vocab import BUILDINGS, CARDS

GAME = "yspahan"


def components() -> list[Component]:
    return [*(_card(card) for card in CARDS), *(_building(building) for building in BUILDINGS),
            *map(_souk, load().city.souks.values()), _thing("supervisor", "piece"), _thing("camel", "resource"),
            _thing("gold", "resource")]


def _souk(souk: Souk) -> Component:
    where = {"colour": Message(f"yspahan.souk_colour.{souk.colour}"), "of": Message(f"yspahan.of_quarter.{souk.quarter}")}
    return Component(
        game=GAME, id=f"souk-{souk.id}", kind="souk", kind_name=localised("cards.yspahan.souk"),
        name=localised("cards.yspahan.souk_name", **where), effect=localised("cards.yspahan.souk_effect", points=souk.points),
        facts=(Fact(localised("cards.yspahan.shops"), {locale: str(len(souk.shops)) for locale in locales()}),
               Fact(localised("cards.fact.points"), {locale: str(souk.points) for locale in locales()})),
        accent="road_edge", border="road_edge",
    )


def _thing(thing: str, kind: str) -> Component:
    """A piece or a resource of the game, told in words: the supervisor, camels, gold."""
    return Component(
        game=GAME, id=thing, kind=kind, kind_name=localised(f"cards.yspahan.{kind}"),
        name=localised(f"cards.yspahan.{thing}_name"), effect=localised(f"cards.yspahan.{thing}_effect"),
        accent="road_edge", border="road_edge",
    )


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

