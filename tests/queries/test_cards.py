"""/card: every component of every game's catalogue, in both languages, found by name, drawn legibly."""

import pytest

from bot.queries.cards import card_text, choice_name, search
from engine.core import catalogue as catalogues
from engine.core.catalogue import Component, catalogue, component, locales
from engine.core.game import games
from render import card_png
from render.card import WIDTH, paint_card
from render.kit import illegible
from tests.render.conftest import png_image

GAMES = sorted(games())
COMPONENTS = [c for game in GAMES for c in catalogue(game)]


def test_al_rashid_lists_its_32_charges_and_11_crisis_tiles():
    kinds = [c.kind for c in catalogue("al-rashid")]
    assert kinds.count("charge") == 32 and kinds.count("crisis") == 11


# Every kind of component a game has, as its rules doc lists them: cards, tiles, pieces, places and the rest.
KINDS = {"al-rashid": {"charge", "crisis", "piece", "mercenary", "territory"},
         "taj-mahal": {"symbol", "special", "bonus", "province", "city"},
         "notre-dame": {"person", "card", "message", "plague"},
         "yspahan": {"card", "building", "souk", "piece", "resource"}}


@pytest.mark.parametrize("game", sorted(KINDS))
def test_every_kind_of_component_is_found_by_its_name_in_either_language(game):
    by_kind = {c.kind: c for c in catalogue(game)}
    assert set(by_kind) == KINDS[game]
    for item in by_kind.values():
        for name in item.name.values():
            for locale in ("en", "it"):
                assert item in search(game, name, locale), (game, item.id, name, locale)


@pytest.mark.parametrize(("game", "query", "found"), [
    ("yspahan", "cammello", "camel"), ("yspahan", "camel", "camel"), ("yspahan", "supervisore", "supervisor"),
    ("notre-dame", "topi", "plague"), ("al-rashid", "pascia", "piece-pasha"), ("al-rashid", "mercenari", "mercenary-red"),
    ("al-rashid", "silk road", "territory-silk_road"), ("taj-mahal", "agra", "province-agra"), ("taj-mahal", "delhi", "city-delhi"),
])
def test_players_find_the_components_they_name(game, query, found):
    assert found in [c.id for c in search(game, query, "it")] and found in [c.id for c in search(game, query, "en")]


@pytest.mark.parametrize("item", COMPONENTS, ids=lambda c: f"{c.game}:{c.id}")
def test_every_component_speaks_every_shipped_language(item):
    assert locales() == ("en", "it")
    for texts in (item.name, item.effect, item.kind_name, *(f.label for f in item.facts), *(f.value for f in item.facts)):
        assert set(texts) == set(locales()) and all(texts.values())
        assert "{" not in "".join(texts.values()), "a translation key or placeholder left unfilled"


@pytest.mark.parametrize("game", GAMES)
def test_component_ids_are_unique_and_fit_an_autocomplete_value(game):
    ids = [c.id for c in catalogue(game)]
    assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)


def test_charge_texts_come_from_the_data_files_in_both_languages():
    loremaster = component("al-rashid", "loremaster")
    assert (loremaster.text("name", "en"), loremaster.text("name", "it")) == ("Loremaster", "Precettore")
    assert loremaster.text("effect", "it") == "Tutti i Mercanti e i Califfi ti costano 3 ori in meno."
    assert [(f.label["it"], f.value["it"]) for f in loremaster.facts] == [
        ("Palazzo", "Palazzo della Cultura"), ("Tipo", "Continuativa"), ("Costo", "8 ori"), ("Punti", "1")]
    assert component("al-rashid", "dean_of_the_academy").facts[-1].value["en"] == "0/3/5/7"


def test_a_crisis_tile_lists_where_its_mercenaries_go():
    tile = component("al-rashid", "crisis-setup-3")  # silk road red, sanmatia red, spice road blue, mare indianum blue
    assert tile.text("name", "it") == "Tessera crisi della preparazione 3"
    assert tile.text("effect", "en").splitlines()[1:] == [
        "• a red mercenary on Silk Road", "• a red mercenary in Sanmatia", "• a blue mercenary on Spice Road",
        "• a blue mercenary on Mare Indianum"]
    assert "• un mercenario blu su Mare Indianum" in tile.text("effect", "it")
    assert [(f.label["en"], f.value["en"]) for f in tile.facts] == [("Red mercenaries", "2"), ("Blue mercenaries", "2")]


def test_names_are_found_in_either_language_without_accents_beginnings_first():
    assert [c.id for c in search("al-rashid", "precett", "en")] == ["loremaster"]
    assert [c.id for c in search("al-rashid", "lorem", "it")] == ["loremaster"]
    importers = [c.id for c in search("al-rashid", "import", "en")]
    assert importers == ["hardwood_importer", "pottery_importer", "metal_importer"]
    assert search("al-rashid", "monopolist", "it")[0].id == "silk_monopolist"
    assert search("al-rashid", "spezie", "it")[0].id == "spice_monopolist"   # beginning of a word or inside
    assert len(search("al-rashid", "", "en")) == 25                           # Discord's most choices
    assert [c.id for c in search("al-rashid", "tessera crisi di turno 8", "it")] == ["crisis-turn-8"]
    assert search("al-rashid", "nothing like this", "en") == [] and search("no-such-game", "x", "en") == []


def test_the_answer_text_and_choice_name_are_in_the_players_language():
    smuggler = component("al-rashid", "smuggler")
    assert choice_name(smuggler, "it") == "Contrabbandiere · Carica"
    text = card_text(smuggler, "it")
    assert text.startswith("*Carica*\nPalazzo: **Palazzo delle Spie**") and "Attivala" in text
    assert "Spies" not in text


def test_a_game_without_a_catalogue_has_no_components_and_a_broken_one_raises(monkeypatch):
    assert catalogue("no-such-game") == ()

    def broken(name):
        raise ModuleNotFoundError("No module named 'lxml'", name="lxml")  # the catalogue imports what is missing

    monkeypatch.setattr(catalogues.importlib, "import_module", broken)
    catalogue.cache_clear()
    try:
        with pytest.raises(ModuleNotFoundError):
            catalogue("al-rashid")
    finally:
        catalogue.cache_clear()


@pytest.mark.parametrize("item", COMPONENTS, ids=lambda c: f"{c.game}:{c.id}")
@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_card_picture_is_legible_on_a_phone(item, locale):
    picture = png_image(card_png(item, locale))
    painted = paint_card(item, __import__("render").for_game(item.game).theme, locale)
    assert picture.width == WIDTH and painted.size == picture.size
    assert illegible(painted) == []
    texts = " ".join(label.text for label in painted.info["labels"])
    assert item.text("name", locale) in texts and "…" not in texts  # nothing cut short


def test_a_card_takes_its_colours_from_the_game_theme():
    spies, caliph = component("al-rashid", "smuggler"), component("al-rashid", "treasurer")
    theme = __import__("render").for_game("al-rashid").theme
    band = (WIDTH // 2, 40)
    assert paint_card(spies, theme, "en").getpixel(band) == theme.palaces["spies"]
    assert paint_card(caliph, theme, "en").getpixel(band) == theme.palaces["caliph"]
    plain = Component(game="x", id="y", kind="k", kind_name={"en": "Kind"}, name={"en": "Name"}, effect={"en": "Does."})
    assert png_image(card_png(plain)).width == WIDTH  # a game without pictures still gets a card
