"""What the bot tells about Yspahan beside the table: `/card` (the nine kinds of card and the six buildings, from
the data, 004_fe5b7b6409874d09.txt "Carte" and "Edifici in dettaglio") and the table's status line (`headline`)."""

from bot.queries.cards import search
from engine.ai import play_out
from engine.core.catalogue import catalogue, component
from engine.yspahan import GAME

from .builders import BLUE, at, blank, rolled


def test_the_catalogue_holds_the_nine_cards_and_six_buildings():
    kinds = [c.kind for c in catalogue("yspahan")]
    assert kinds.count("card") == 9 and kinds.count("building") == 6
    hoist = component("yspahan", "building-hoist")
    assert hoist.text("name", "it") == "Paranco"
    assert hoist.facts[0].value["en"] == "4 camels, 4 gold" and hoist.facts[0].value["it"] == "4 cammelli, 4 monete d'oro"
    card = component("yspahan", "card-camelpoints")
    assert "up to 4 camels" in card.text("effect", "en") and "un dado in più" in card.text("effect", "it")


def test_components_are_found_by_name_in_either_language():
    assert [c.id for c in search("yspahan", "paranco", "en")] == ["building-hoist"]
    assert [c.id for c in search("yspahan", "caravanser", "it")] == ["building-caravanserai"]
    assert {c.id for c in search("yspahan", "senza", "it")} == {"card-nocamels", "card-nogold"}


def test_the_headline_says_week_day_and_whose_move():
    s = at(rolled(blank(4, first=BLUE), 1, 1, 2, 3, 4, 5, 6, 6, 6), "take camel", "action", "end")
    assert GAME.headline(s).text("en") == "Week 1 of 3, day 1 of 7 · Green to move"
    assert GAME.headline(s).text("it") == "Settimana 1 di 3, giorno 1 di 7 · tocca a Verde"
    assert GAME.headline(play_out(GAME, ["random"] * 3, seed=2)[0]).text("it") == "Partita finita dopo 3 settimane"


def test_the_cube_question_offers_each_shop_in_words_in_both_languages():
    """A shop reads as a player says it, not as notation ("Chest · blue souk (4) · shop 2" before)."""
    s = at(rolled(blank(3, first=BLUE), 1, 1, 2, 3, 4, 5, 5, 5, 6), "take vase", "action")
    action = GAME.parse_action("shop vase-a1")
    label = GAME.describe_action(s, BLUE, action)
    english, italian = label.text("en"), label.text("it")
    assert english.startswith("Put it in shop 1 of the ") and " souk (Vase, " in english, english
    assert italian.startswith("Mettilo nel negozio 1 del souk ") and "(Vaso, " in italian, italian
