"""Setup (004, "Preparazione") and the component data (docs/rules/yspahan.md, its sources), validated at load."""

import copy

import pytest
import yaml

from engine.yspahan import GAME
from engine.yspahan import data as data_module
from engine.yspahan.data import FOLDER, Rules, _city, load, road_distance
from engine.yspahan.vocab import CARDS, COLOURS


@pytest.mark.parametrize("seats", [3, 4])
def test_setup(seats):
    """"Il Supervisore ... sulla casella centrale della strada ... l'indicatore della settimana sullo spazio 1 ...
    l'indicatore del giorno sullo spazio 1"; "Le carte vanno mescolate"; "ogni giocatore riceve 2 monete
    d'Oro"; cubes "circa 25 in ogni colore" (25, one of them on the score track)."""
    s = GAME.new_game(None, seats, 7)
    assert (s.week, s.day, s.supervisor, s.phase) == (1, 1, "c", "roll")
    assert sorted(s.deck) == sorted(c for c in CARDS for _ in range(2)) and not s.discards
    for seat, player in enumerate(s.players):
        assert (player.colour, player.gold, player.camels, player.cubes, player.cards, player.buildings) == \
            (COLOURS[seat], 2, 0, 24, [], [])
        assert player.score == 0
    assert not s.shops and not s.caravan and s.tower == [None] * 6
    # the first player rolls; the others follow clockwise
    assert GAME.active_seats(s) == {s.first} and s.order == [(s.first + i) % seats for i in range(seats)]


def test_the_deck_and_the_first_player_come_from_the_seed():
    """"Inizia il giocatore più vecchio": the bot cannot know ages, so the seed draws the first player."""
    decks = {tuple(GAME.new_game(None, 4, seed).deck) for seed in range(20)}
    firsts = {GAME.new_game(None, 4, seed).first for seed in range(20)}
    assert len(decks) == 20 and firsts == {0, 1, 2, 3}
    assert GAME.new_game(None, 4, 3).deck == GAME.new_game(None, 4, 3).deck


def test_only_three_or_four_players():
    from engine.core.errors import Malformed

    for seats in (2, 5):
        with pytest.raises(Malformed):
            GAME.new_game(None, seats, 1)


def test_the_city_as_the_data_gives_it():
    """Boardspace's board: 4 quarters, 14 souks, 47 shops; a cross-shaped road of 29 squares."""
    city = load().city
    assert len(city.souks) == 14 and len(city.shops) == 47 and len(city.squares) == 29
    assert {souk.colour for souk in city.quarter_souks("chest")} == {"yellow", "blue", "pink"}
    assert city.faces["e1"] == ("barrel-a1", "vase-a1") and city.faces["s1"] == ("bag-c2", "barrel-a1")
    assert road_distance("w10", "e7") == 17 and road_distance("n4", "n1") == 3 and road_distance("c", "s7") == 7


def raw_city():
    return yaml.safe_load((FOLDER / "city.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("breakage", [
    "drop a shop", "two souks one colour", "a square faces nothing", "face an unknown shop", "chest colours",
])
def test_broken_city_data_is_refused_at_load(breakage):
    raw = copy.deepcopy(raw_city())
    if breakage == "drop a shop":
        raw["quarters"]["bag"]["a"]["shops"] = 5
    elif breakage == "two souks one colour":
        raw["quarters"]["bag"]["b"]["colour"] = "orange"
    elif breakage == "a square faces nothing":
        del raw["faces"]["w3"]
    elif breakage == "face an unknown shop":
        raw["faces"]["w3"] = ["bag-c9"]
    else:
        raw["quarters"]["chest"]["b"]["colour"] = "brown"
    with pytest.raises(ValueError):
        _city(raw)
    _city(raw_city())  # the real data loads


def test_broken_rules_data_is_refused_at_load():
    raw = yaml.safe_load((FOLDER / "rules.yaml").read_text(encoding="utf-8"))
    Rules.model_validate(raw)
    broken = copy.deepcopy(raw)
    del broken["buildings"]["hoist"]
    with pytest.raises(ValueError):
        Rules.model_validate(broken)
    broken = copy.deepcopy(raw)
    broken["caravan"]["row_values"] = [1, 2]
    with pytest.raises(ValueError):
        Rules.model_validate(broken)
    assert data_module.load() is data_module.load()  # loaded once
