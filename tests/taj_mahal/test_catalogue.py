"""What the bot tells about Taj Mahal beside the table: `/card` (the six symbols and what they win, the four
special cards, the bonus tiles; 001_f0a91e4b7c938d9d.txt "Ritirarsi", "Le carte speciali", "I punti influenza")."""

from bot.queries.cards import search
from engine.core.catalogue import catalogue, component


def test_the_catalogue_holds_symbols_special_cards_and_bonus_tiles():
    kinds = [c.kind for c in catalogue("taj-mahal")]
    assert kinds.count("symbol") == 6 and kinds.count("special") == 4 and kinds.count("bonus") == 7
    elephant = component("taj-mahal", "symbol-elephant")
    assert elephant.facts[0].value["en"] == "79 among the 96 cards"  # 18 a colour and 7 white cards
    points = component("taj-mahal", "sp-points")
    assert points.facts[0].value["en"] == "two Princess tiles, at the end of a visit"
    assert points.facts[0].value["it"] == "due tessere Principessa, alla fine di una visita"
    assert "2 points at once" in points.text("effect", "en") and "2 punti subito" in points.text("effect", "it")
    assert component("taj-mahal", "bonus-taj").facts[0].value["en"] == "1 in the game"
    assert component("taj-mahal", "bonus-tea").facts[0].value["it"] == "3 in gioco"


def test_components_are_found_by_name_in_either_language():
    assert [c.id for c in search("taj-mahal", "cambia", "en")] == ["sp-colour"]
    assert [c.id for c in search("taj-mahal", "visir", "it")] == ["symbol-vizier"]
    assert {c.id for c in search("taj-mahal", "gioiell", "it")} == {"bonus-jewels"}
