"""Taj Mahal's components for `/card`: the six symbols and what they win, the four special cards and the bonus
tiles, the 12 provinces and their 49 cities (001_f0a91e4b7c938d9d.txt, "Preparazione", "Ritirarsi", "I punti
influenza", "Le carte speciali", the map), from data/taj_mahal/ and data/i18n/."""

from __future__ import annotations

from collections import Counter

from engine.core.catalogue import Component, Fact, localised
from engine.core.messages import Message, translate

from .data import City, Province, load
from .rules import symbol_counts
from .vocab import BONUS_KINDS, SPECIALS, SYMBOLS, TAJ

GAME = "taj-mahal"


def components() -> list[Component]:
    provinces = load().map.provinces
    return [*(_symbol(s) for s in SYMBOLS), *(_special(c) for c in SPECIALS), *(_bonus(k) for k in BONUS_KINDS),
            *map(_province, provinces), *(_city(p, c) for p in provinces for c in p.cities)]


def _province(province: Province) -> Component:
    names = [Message(f"taj_mahal.city.{city.id}") for city in province.cities]
    return Component(
        game=GAME, id=f"province-{province.id}", kind="province", kind_name=localised("cards.taj_mahal.province"),
        name=localised(f"taj_mahal.province.{province.id}"), effect=localised("cards.taj_mahal.province_effect"),
        facts=(Fact(localised("cards.taj_mahal.cities"), localised("cards.taj_mahal.city_names", names=names)),),
        accent="fortress", border="fortress",
    )


def _city(province: Province, city: City) -> Component:
    where = Message(f"taj_mahal.province.{province.id}")
    effect = localised("cards.taj_mahal.city_effect", province=where)
    if city.fortress:
        effect = {locale: f"{text} {translate('cards.taj_mahal.fortress', locale)}" for locale, text in effect.items()}
    return Component(
        game=GAME, id=f"city-{city.id}", kind="city", kind_name=localised("cards.taj_mahal.city"),
        name=localised(f"taj_mahal.city.{city.id}"), effect=effect,
        accent="fortress", border="fortress",
    )


def _symbol(symbol: str) -> Component:
    on_cards = symbol_counts(load().cards.deck())[symbol]
    return Component(
        game=GAME, id=f"symbol-{symbol}", kind="symbol", kind_name=localised("cards.taj_mahal.symbol"),
        name=localised(f"taj_mahal.symbol.{symbol}"), effect=localised(f"cards.taj_mahal.wins.{symbol}"),
        facts=(Fact(localised("cards.taj_mahal.on_cards"), localised("cards.taj_mahal.on_cards_n", n=on_cards)),),
        accent=f"symbols.{symbol}", border=f"symbols.{symbol}",
    )


def _special(card: str) -> Component:
    force = load().cards.specials[card]
    return Component(
        game=GAME, id=card, kind="special", kind_name=localised("cards.taj_mahal.special"),
        name=localised(f"taj_mahal.special.{card}"), effect=localised(f"cards.taj_mahal.effect.{card}"),
        facts=(Fact(localised("cards.taj_mahal.earned"),
                    localised("cards.taj_mahal.earned_with", force=Message(f"taj_mahal.symbol.{force}"))),
               Fact(localised("cards.fact.points"), localised("cards.taj_mahal.special_points"))),
        accent="cards.special", border="gold",
    )


def _bonus(kind: str) -> Component:
    copies = 1 if kind == TAJ else Counter(load().tiles.bonus_pool())[kind]
    return Component(
        game=GAME, id=f"bonus-{kind}", kind="bonus", kind_name=localised("cards.taj_mahal.bonus"),
        name=localised(f"cards.taj_mahal.bonus_name.{kind}"), effect=localised(f"cards.taj_mahal.bonus_effect.{kind}"),
        facts=(Fact(localised("cards.taj_mahal.tiles"), localised("cards.taj_mahal.tiles_n", n=copies)),),
        accent="fortress", border="gold" if kind == TAJ else "fortress",
    )
