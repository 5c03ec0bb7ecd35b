"""Component data (data/taj_mahal/) is validated at load: every count 001_f0a91e4b7c938d9d.txt states, and
the constraints the house data was built to fit (docs/rules/taj_mahal.md, "Component data and its sources")."""

import copy

import pytest
import yaml
from pydantic import ValidationError

from engine.taj_mahal.board import board
from engine.taj_mahal.data import FOLDER, TajMahalData, load


def raw():
    return {name: yaml.safe_load((FOLDER / f"{name}.yaml").read_text(encoding="utf-8"))
            for name in ("rules", "cards", "tiles", "map")}


def test_the_shipped_data_loads():
    data = load()
    assert len(data.cards.deck()) == 96 and len(data.map.provinces) == 12


def broken(edit):
    data = copy.deepcopy(raw())
    edit(data)
    with pytest.raises(ValidationError):
        TajMahalData(**data)


def test_a_missing_card_is_refused():
    broken(lambda d: d["cards"]["suit"][0].update(copies=1))


def test_a_pair_card_with_an_elephant_is_refused():
    broken(lambda d: d["cards"]["pairs"]["red"].__setitem__(0, ["vizier", "elephant"]))


def test_white_cards_must_be_twelve():
    broken(lambda d: d["cards"]["white"].update(elephant=6))


def test_every_force_earns_one_special_card():
    broken(lambda d: d["cards"]["specials"].update({"sp-colour": "princess"}))


def test_province_tile_1_shows_one_good():
    broken(lambda d: d["tiles"]["province_tiles"].__setitem__(1, ["rice", "tea"]))


def test_fifteen_bonus_tiles():
    broken(lambda d: d["tiles"]["bonus_tiles"].update(rice=4))


def test_agra_has_five_cities():
    broken(lambda d: d["map"]["provinces"][6]["cities"].pop())


def test_sixteen_fortresses():
    broken(lambda d: d["map"]["provinces"][1]["cities"][0].update(fortress=True))


def test_roads_join_neighbouring_provinces_only():
    broken(lambda d: d["map"]["roads"].append(["kabul", "patna"]))


def test_the_nine_province_road_goes_from_purple_to_brown():
    broken(lambda d: d["map"]["nine_provinces"].update(roads=[["sialkot", "rohtas"]]) or
           d["map"]["provinces"][5].update(colour="teal"))


def test_the_left_block_holds_five_fortresses():
    broken(lambda d: d["map"]["provinces"][0]["cities"][0].update(fortress=False))


@pytest.mark.parametrize("provinces", [12, 9])
def test_every_city_can_be_reached(provinces):
    the_board = board(provinces)
    start = the_board.cities[0]
    seen, todo = {start}, [start]
    while todo:
        for other in the_board.neighbours[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert seen == set(the_board.cities)


def test_cities_of_a_province_form_a_ring():
    """House data, after the printed board (POEP): "the 4 cities of a province are joined in a ring"."""
    the_board = board(12)
    for ring in the_board.cities_of.values():
        for i, city in enumerate(ring):
            assert ring[i - 1] in the_board.neighbours[city] and ring[(i + 1) % len(ring)] in the_board.neighbours[city]


def test_the_upper_left_is_the_least_connected():
    """POEP and SZ: "the upper-left of the board is less connected"."""
    the_board = board(12)

    def roads_out(province):
        return sum(the_board.province_of[n] != province for c in the_board.cities_of[province]
                   for n in the_board.neighbours[c])

    assert roads_out("kabul") == min(roads_out(p) for p in the_board.provinces)
