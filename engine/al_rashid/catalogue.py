"""Al-Rashid's components for `/card`: the 32 charges, the 11 crisis tiles, the three pieces, the two colours of
mercenary tile and the seven territories (000_081cc785cafbe572.txt, "Riassunto delle Cariche", "TESSERE CRISI",
"Componenti delle Famiglie", "La Mappa"), from data/al_rashid/ and data/i18n/."""

from __future__ import annotations

from collections import Counter

from engine.core.catalogue import Component, Fact, locales, localised
from engine.core.messages import Message, translate

from . import words
from .data import Charge, load
from .vocab import MERCENARY_COLOURS, MERCENARY_VALUES, PIECES, TERRITORIES

GAME = "al-rashid"


def components() -> list[Component]:
    data = load()
    crisis = [("setup", i, tile) for i, tile in enumerate(data.crisis.setup, start=1)]
    crisis += [("turn", i, tile) for i, tile in enumerate(data.crisis.turns, start=1)]
    return [*(_charge(c) for c in data.charges.values()), *(_crisis(*c) for c in crisis), *map(_piece, PIECES),
            *map(_mercenary, MERCENARY_COLOURS), *map(_territory, TERRITORIES)]


def _piece(piece: str) -> Component:
    rules = load().rules
    return Component(
        game=GAME, id=f"piece-{piece}", kind="piece", kind_name=localised("cards.al_rashid.piece"),
        name=localised(f"al_rashid.piece.{piece}"), effect=localised(f"cards.al_rashid.piece_effect.{piece}"),
        facts=(Fact(localised("cards.al_rashid.dominance"), _same(str(rules.dominance[piece]))),
               Fact(localised("cards.al_rashid.family"), localised("cards.al_rashid.family_n", n=rules.piece_limits[piece],
                                                                  start=rules.starting_pieces[piece])),
               Fact(localised("cards.fact.points"), _same(str(rules.family_points[piece])))),
        accent="line", border="line",
    )


def _mercenary(colour: str) -> Component:
    counts = load().rules.mercenaries
    return Component(
        game=GAME, id=f"mercenary-{colour}", kind="mercenary", kind_name=localised("cards.al_rashid.mercenary"),
        name=localised(f"cards.al_rashid.mercenaries.{colour}"), effect=localised(f"cards.al_rashid.mercenary_effect.{colour}"),
        facts=tuple(Fact(localised("cards.al_rashid.value", n=value), localised("cards.al_rashid.tiles", n=counts[value]))
                    for value in MERCENARY_VALUES),
        accent="line", border="line",
    )


def _territory(territory: str) -> Component:
    info = load().territories[territory]
    produce = Message("cards.al_rashid.produce", {"goods": words.bundle({**info.goods, "note": info.notes})})
    return Component(
        game=GAME, id=f"territory-{territory}", kind="territory", kind_name=localised("cards.al_rashid.territory"),
        name={locale: info.name.get(locale) for locale in locales()},
        effect={locale: f"{produce.text(locale)} {translate('cards.al_rashid.territory_effect', locale)}"
                for locale in locales()},
        accent="line", border="line",
    )


def _charge(charge: Charge) -> Component:
    return Component(
        game=GAME, id=charge.id, kind="charge", kind_name=localised("cards.al_rashid.charge"),
        name={locale: charge.name.get(locale) for locale in locales()},
        effect={locale: charge.effect.get(locale) for locale in locales()},
        facts=(
            Fact(localised("cards.fact.palace"), localised(f"al_rashid.area.{charge.palace}")),
            Fact(localised("cards.fact.kind"), localised(f"cards.al_rashid.charge_kind.{charge.kind}")),
            Fact(localised("cards.fact.cost"), localised("cards.gold", n=charge.cost)),
            Fact(localised("cards.fact.points"), _same(charge.label_points)),
        ),
        accent=f"palaces.{charge.palace}", border=f"charge_kinds.{charge.kind}",
    )


def _crisis(deck: str, number: int, tile: list[tuple[str, str]]) -> Component:
    placements = [Message("cards.al_rashid.mercenary_on", {"colour": Message(f"al_rashid.mercenary.{colour}"),
                                                         "where": Message(f"al_rashid.in_area.{territory}")})
                  for territory, colour in tile]
    counts = Counter(colour for _, colour in tile)
    return Component(
        game=GAME, id=f"crisis-{deck}-{number}", kind="crisis", kind_name=localised("cards.al_rashid.crisis"),
        name=localised(f"cards.al_rashid.crisis_{deck}", n=number),
        effect={locale: "\n".join([translate(f"cards.al_rashid.crisis_when_{deck}", locale),
                                    *(f"• {placement.text(locale)}" for placement in placements)])
                for locale in locales()},
        facts=tuple(Fact(localised(f"cards.al_rashid.mercenaries.{colour}"), _same(str(counts[colour])))
                    for colour in MERCENARY_COLOURS if counts[colour]),
        accent="line", border="line",
    )


def _same(text: str) -> dict[str, str]:
    """A value written alike in every language (a number)."""
    return dict.fromkeys(locales(), text)
