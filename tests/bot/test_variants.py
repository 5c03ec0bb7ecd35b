"""A new match's options as players type them, refused with the option's name and limits in both languages;
a seat's colour in the game's own words."""

import pytest

from bot.services import Refusal, variants
from bot.services.tidings import colour_name
from engine.core import get_game
from tests.support.simultaneous import GAME as BLIND_BID
from tests.support.toy_game import GAME as TOY


def test_options_are_read_by_name_and_written_back():
    assert variants.read(BLIND_BID, "rounds=4, rule=lowest") == {"rounds": 4, "rule": "lowest"}
    assert variants.read(BLIND_BID, " RULE=Highest ") == {"rule": "highest"}
    assert variants.read(BLIND_BID, None) == {}
    assert variants.write({"rounds": 4, "rule": "lowest"}) == "rounds=4, rule=lowest"
    assert [m.text("it") for m in variants.describe(BLIND_BID, {"rounds": 4, "rule": "lowest"})] == [
        "Round: 4", "Chi vince un round: La carta più bassa non pareggiata"]


@pytest.mark.parametrize("typed, en, it", [
    ("rounds=0", "Rounds in Blind Bid is a whole number from 1 to 5", "Round in Blind Bid è un numero intero da 1 a 5"),
    ("rounds=many", "not “many”", "non «many»"),
    ("rule=middle", "the choices are: highest, lowest", "le scelte sono: highest, lowest"),
    ("speed=3", "has no option called “speed”; its options are: rounds, rule", "non ha un'opzione chiamata «speed»"),
    ("rounds", "Write each option of Blind Bid as name=value (e.g. rounds=…)", "come nome=valore (ad es. rounds=…)"),
])
def test_what_the_game_does_not_offer_is_refused_naming_the_option(typed, en, it):
    with pytest.raises(Refusal) as refused:
        variants.read(BLIND_BID, typed)
    assert en in refused.value.text("en") and it in refused.value.text("it")


def test_a_game_without_options_says_so():
    with pytest.raises(Refusal) as refused:
        variants.read(get_game("al-rashid"), "provinces=9")
    assert "none (this game has no options)" in refused.value.text("en")
    assert variants.describe(get_game("al-rashid"), {}) == []


def test_a_game_names_its_own_colours_and_the_bot_names_the_rest():
    assert colour_name(get_game("al-rashid"), 0).key == "al_rashid.colour." + get_game("al-rashid").spec.colours[0]
    assert colour_name(TOY, 1).key == "bot.colour.blue"
