"""Seeded random playouts of every table and variant: the components are conserved after every step, and
every influence point the engine awards is recomputed here independently (from the map data read afresh,
not the engine's graph) and agrees."""

from __future__ import annotations

import random
from collections import Counter

import pytest
import yaml

from engine.core.conformance import Checks, check_game
from engine.taj_mahal import GAME
from engine.taj_mahal.data import FOLDER, load
from engine.taj_mahal.state import State
from engine.taj_mahal.vocab import FORCES, SP_POINTS, SPECIALS
from engine.taj_mahal.withdrawal import Score

DATA = load()
MAP = yaml.safe_load((FOLDER / "map.yaml").read_text(encoding="utf-8"))
TILE_GOODS = {int(k): v for k, v in yaml.safe_load((FOLDER / "tiles.yaml").read_text())["province_tiles"].items()}
TABLES = [(3, {}), (4, {}), (5, {}), (2, {}), (1, {}), (2, {"dummies": 2}), (3, {"dummies": 1}),
          (4, {"dummies": 1}), (3, {"provinces": 9}), (2, {"provinces": 9}), (1, {"provinces": 9})]


def roads(provinces: int) -> tuple[dict[str, str], dict[str, set[str]]]:
    """City -> province, and city -> cities one road away, straight from map.yaml."""
    removed = set(MAP["nine_provinces"]["removed"]) if provinces == 9 else set()
    kept = [p for p in MAP["provinces"] if p["id"] not in removed]
    where = {c["id"]: p["id"] for p in kept for c in p["cities"]}
    links: dict[str, set[str]] = {c: set() for c in where}
    pairs = [tuple(r) for r in MAP["roads"]] + ([tuple(r) for r in MAP["nine_provinces"]["roads"]] if removed else [])
    for p in kept:
        ring = [c["id"] for c in p["cities"]]
        pairs += [(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))]
    for a, b in pairs:
        if a in where and b in where:
            links[a].add(b)
            links[b].add(a)
    return where, links


def palace_points(s: State, index: int, province: str) -> int:
    where, links = roads(s.provinces)
    mine = {c for c, o in s.palaces.items() if o == index} | {c for c, o in s.crown_palaces.items() if o == index}
    frontier = [c for c in mine if where[c] == province]
    if not frontier:
        return 0
    reached = set(frontier)
    while frontier:
        for other in links[frontier.pop()]:
            if other in mine and other not in reached:
                reached.add(other)
                frontier.append(other)
    return 1 + len({where[c] for c in reached} - {province})


def owned_goods(s: State, index: int) -> Counter[str]:
    p = s.players[index]
    return Counter(p.goods) + Counter(g for n in p.provinces for g in TILE_GOODS[n])


def check_conserved(s: State) -> None:
    regular = Counter(s.deck) + Counter(s.discard) + Counter(s.display)
    specials: list[str] = list(s.specials_table)
    for p in s.players:
        regular += Counter(p.hand) + Counter(c for c in p.played if c not in SPECIALS)
        specials += p.specials + [c for c in p.played if c in SPECIALS]
        assert p.seat is not None or not p.hand, "a dummy holds no hand"
    assert regular == Counter(DATA.cards.deck()), "the 96 cards"
    assert sorted(specials) == sorted(SPECIALS), "the 4 special cards"
    for force in FORCES:
        held = sum(p.influence.count(force) for p in s.players)
        assert s.supply[force] + (force in s.court) + held == 6, f"six {force} tiles"
    won = [n for p in s.players for n in p.provinces]
    assert len(won) == len(set(won)) and not set(won) & set(s.out_of_game)
    scoring = any(isinstance(t, Score) and t.province for t in s.tasks)  # won, scored after the palaces
    taken = s.phase == "over" or ("province" not in s.court and not scoring)
    settled = set(range(1, s.visit)) | ({s.visit} if taken else set())
    assert set(won) | set(s.out_of_game) == settled, "each province tile is won once, or leaves the game"
    visited = {p for p, n in s.tiles.items() if n < s.visit or s.phase == "over"}
    where, _ = roads(s.provinces)
    assert not {where[c] for c in s.bonus} & visited, "no bonus tile stays in a visited province"
    assert sum(1 for _ in s.crown_palaces) <= s.visit


def follow(before: State, after: State, events, pending: dict[int, list[str]]) -> None:
    """Every change of points in one step, recomputed from the two states."""
    province = before.province()
    for p_before, p in zip(before.players, after.players, strict=True):
        i = p.index
        for city, tile in before.bonus.items():
            if city not in after.bonus and after.palaces.get(city) == i:
                pending[i].append(tile)
        gained = {k: p.points.get(k, 0) - p_before.points.get(k, 0) for k in set(p.points) | set(p_before.points)}
        if gained.get("bonus"):
            owned, expected = owned_goods(before, i), 0
            for tile in pending[i]:
                if tile in ("rice", "tea", "spice", "jewels"):
                    expected += 1 + owned[tile]
                    owned[tile] += 1
                else:
                    expected += {"plus-points": 2, "taj": 4, "plus-card": 0}[tile]
            assert gained["bonus"] == expected, (i, pending[i])
        if gained.get("bonus") or gained.get("palaces") or gained.get("provinces"):
            pending[i] = []
        if gained.get("palaces"):
            assert gained["palaces"] == palace_points(after, i, province)
        if gained.get("provinces"):
            (new,) = set(p.provinces) - set(p_before.provinces)
            goods = Counter(p.goods) + Counter(g for n in p_before.provinces for g in TILE_GOODS[n])
            assert gained["provinces"] == sum(1 + goods[g] for g in TILE_GOODS[new])
        plus_two = sum(1 for e in events if e.params.get("player") == _who(after, i)
                       and any(x.get("key") == f"taj_mahal.special.{SP_POINTS}"
                               for x in listed(e.params.get("cards", e.params.get("played", [])))))
        assert gained.get("special", 0) == 2 * plus_two
        if after.phase == "over" and before.phase != "over":
            colours = Counter(k.split("-")[0] for k in p.hand if not k.startswith("white"))
            assert gained.get("end_specials", 0) == len(p.specials)
            assert gained.get("end_white", 0) == sum(k.startswith("white") for k in p.hand)
            assert gained.get("end_colour", 0) == max(colours.values(), default=0)


def listed(value) -> list:
    """The names a message parameter lists ("A, B and C" is a listing message)."""
    if isinstance(value, dict) and value.get("key") == "taj_mahal.listing":
        return [*value["params"]["head"], value["params"]["last"]]
    return value if isinstance(value, list) else [value]


def _who(s: State, index: int):
    from engine.taj_mahal.words import player

    return player(s, index)


def playout(seats: int, params: dict, seed: int) -> State:
    rng = random.Random(seed)
    s = GAME.new_game(params, seats, seed)
    pending: dict[int, list[str]] = {p.index: [] for p in s.players}
    check_conserved(s)
    while active := GAME.active_seats(s):
        seat = min(active)
        action = rng.choice(GAME.legal_actions(s, seat))
        after, events = GAME.apply(s, seat, action)
        check_conserved(after)
        follow(s, after, events, pending)
        s = after
    return s


@pytest.mark.parametrize("seats, params", TABLES, ids=[f"{n}-{p}" for n, p in TABLES])
def test_random_playouts_conserve_components_and_agree_on_points(seats, params):
    for seed in range(3):
        final = playout(seats, params, seed)
        result = GAME.outcome(final)
        assert result is not None
        assert all(sum(result.breakdown[x].values()) == result.scores[x] for x in result.scores)


@pytest.mark.parametrize("seats, params", [t for t in TABLES if t[1]], ids=[f"{n}-{p}" for n, p in TABLES if p])
def test_every_variant_keeps_the_engine_contract(seats, params):
    """The conformance checker for the variants (the whole-engine test plays the default tables)."""
    report = check_game(GAME, seats, [7], params=params, checks=Checks(every=3, fuzz=4, specific_refusals=True))
    assert report.games == 1 and report.hidden_checks > 0 and report.refusals > 0
