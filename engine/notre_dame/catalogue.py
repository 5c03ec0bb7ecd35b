"""Notre Dame's components for `/card`: the 15 persons, the 9 action cards, the 4 kinds of message and the rats
(002_5dba4fcea6f02f9d.txt, "LE CARTE PERSONAGGIO", "Le carte azione", "Rimessa delle carrozze"), from
data/notre_dame/ and data/i18n/."""

from __future__ import annotations

from engine.core.catalogue import Component, Fact, localised

from .data import load
from .vocab import CARDS, MESSAGE_KINDS, PERSONS

GAME = "notre-dame"


def components() -> list[Component]:
    return [*(_person(x) for x in PERSONS), *(_card(x) for x in CARDS), *(_message(k) for k in MESSAGE_KINDS),
            _plague()]


def _plague() -> Component:
    return Component(
        game=GAME, id="plague", kind="plague", kind_name=localised("cards.notre_dame.plague"),
        name=localised("cards.notre_dame.plague_name"), effect=localised("cards.notre_dame.plague_effect"),
        facts=(Fact(localised("cards.notre_dame.track"), localised("cards.notre_dame.track_n")),),
        accent="stone", border="line",
    )


def _person(person: str) -> Component:
    info = load().persons[person]
    deck = "brown" if info.deck == "brown" else "grey"
    return Component(
        game=GAME, id=f"person-{person}", kind="person", kind_name=localised("cards.notre_dame.person"),
        name=localised(f"notre_dame.person.{person}"), effect=localised(f"cards.notre_dame.effect.{person}"),
        facts=(Fact(localised("cards.notre_dame.deck"), localised(f"cards.notre_dame.decks.{info.deck}")),
               Fact(localised("cards.notre_dame.rats"), localised("cards.notre_dame.rats_n", n=info.rats))),
        accent=f"persons.{deck}", border=f"persons.{deck}",
    )


def _card(kind: str) -> Component:
    return Component(
        game=GAME, id=f"card-{kind}", kind="card", kind_name=localised("cards.notre_dame.card"),
        name=localised(f"notre_dame.card.{kind}"), effect=localised(f"cards.notre_dame.effect.{kind}"),
        facts=(Fact(localised("cards.notre_dame.copies"), localised("cards.notre_dame.one_each")),),
        accent="stone", border="line",
    )


def _message(kind: int) -> Component:
    return Component(
        game=GAME, id=f"message-{kind}", kind="message", kind_name=localised("cards.notre_dame.message"),
        name=localised("cards.notre_dame.message_name", n=kind),
        effect=localised(f"cards.notre_dame.message_effect.{kind}"),
        facts=(Fact(localised("cards.notre_dame.copies"), localised("cards.notre_dame.message_copies")),),
        accent="prestige", border="prestige",
    )
