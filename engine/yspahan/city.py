"""The city: who may put a cube in which shop, souks completed, and where the supervisor may go.

Souk rules (004, "Regole di piazzamento dei cubi nei negozi"): one cube per shop; never in a souk that
holds another player's cube; a player with an unfinished souk in a quarter finishes it before starting
another one there (see docs/rules/yspahan.md, decision 4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import words as w
from .data import load, road_distance
from .flow import Ctx
from .state import State
from .vocab import HAMMAM, QUARTERS

DATA = load()
CITY = DATA.city
RULES = DATA.rules


Shops = Mapping[str, int]  # shop -> seat of the cube in it


def souk_owner(shops: Shops, souk_id: str) -> int | None:
    """The player whose cubes are in the souk (a souk never holds two players' cubes), or None."""
    for shop in CITY.souks[souk_id].shops:
        if shop in shops:
            return shops[shop]
    return None


def souk_complete(shops: Shops, souk_id: str) -> bool:
    return all(shop in shops for shop in CITY.souks[souk_id].shops)


def shop_refusal(shops: Shops, seat: int, shop: str) -> str | None:
    """The rule that keeps `seat` from putting a cube in `shop` now (an i18n key), or None."""
    if shop in shops:
        return "yspahan.illegal.shop_taken"
    owner = souk_owner(shops, CITY.souk_of[shop])
    if owner is not None:
        return None if owner == seat else "yspahan.illegal.souk_taken"
    for souk in CITY.quarter_souks(CITY.quarter_of(shop)):
        if souk_owner(shops, souk.id) == seat and not souk_complete(shops, souk.id):
            return "yspahan.illegal.finish_your_souk"
    return None


def free_shops(shops: Shops, seat: int, quarter: str | None = None) -> list[str]:
    """The shops the player may supply now, in one quarter or anywhere: `shop_refusal`'s rules, souk by souk."""
    free = []
    for q in QUARTERS if quarter is None else (quarter,):
        owners = [(souk, souk_owner(shops, souk.id)) for souk in CITY.quarter_souks(q)]
        unfinished = any(owner == seat and not souk_complete(shops, souk.id) for souk, owner in owners)
        for souk, owner in owners:
            if owner == seat or (owner is None and not unfinished):
                free += [shop for shop in souk.shops if shop not in shops]
    return free


# ---- the supervisor's road ------------------------------------------------------------------------

# Every square's squares by distance: a move never goes back over a square, so on the cross it is a fixed table.
AROUND: dict[str, dict[int, tuple[str, ...]]] = {
    start: {d: tuple(sq for sq in CITY.squares if road_distance(start, sq) == d)
            for d in sorted({road_distance(start, sq) for sq in CITY.squares})}
    for start in CITY.squares
}


def squares_at(start: str, distance: int) -> tuple[str, ...]:
    """The squares a move of exactly `distance` steps can end on."""
    return AROUND[start].get(distance, ())


def move_price(hammam: bool, value: int, distance: int) -> int:
    """Gold to pay for moving `distance` squares with a group of `value`: one per square more or fewer,
    the first three free with the Hammam (004, "Muovere il Supervisore"; "L'Hammam")."""
    free = RULES.hammam_steps if hammam else 0
    return max(0, abs(distance - value) - free)


def supervisor_moves(s: State, seat: int, value: int) -> dict[int, int]:
    """Gold per distance, for every move the player can afford with a group of `value`."""
    player = s.players[seat]
    hammam = player.owns(HAMMAM)
    reach = player.gold + (RULES.hammam_steps if hammam else 0)  # squares more or fewer than `value` it can pay for
    return {d: move_price(hammam, value, d) for d in AROUND[s.supervisor] if abs(d - value) <= reach}


def occupied_faces(s: State, square: str) -> list[str]:
    """The shops with a cube that the square faces: where a move ending there sends cubes from."""
    return [shop for shop in CITY.faces[square] if shop in s.shops]


def shop_problem(s: State, seat: int, shop: str) -> str | None:
    """The rule that keeps `seat` from putting a cube from its reserve in `shop` now (an i18n key), or None."""
    return shop_refusal(s.shops, seat, shop) if s.players[seat].cubes else "yspahan.illegal.no_cube_left"


def reserve_shops(s: State, seat: int, quarter: str) -> list[str]:
    """The shops of `quarter` that `shop_problem` lets a cube from the reserve go to, souk by souk."""
    return free_shops(s.shops, seat, quarter) if s.players[seat].cubes else []


def shop_params(shop: str) -> dict[str, Any]:
    """The words of a refusal of `shop`."""
    return {"shop": w.shop(shop), "souk": w.souk(CITY.souk_of[shop])}


def any_free_shop(shops: Shops, seat: int, quarter: str | None = None) -> bool:
    """May the player supply some shop now, in one quarter or anywhere? `free_shops` lists one exactly when a
    souk there is empty or the player's own and unfinished (and a player with an unfinished souk has that one)."""
    for q in QUARTERS if quarter is None else (quarter,):
        for souk in CITY.quarter_souks(q):
            owner = souk_owner(shops, souk.id)
            if owner is None or owner == seat and not souk_complete(shops, souk.id):
                return True
    return False


def put_cube(c: Ctx, seat: int, shop: str) -> None:
    c.s.shops[shop] = seat
    c.s.player(seat).cubes -= 1
    c.emit("placed", player=c.who(seat), shop=w.shop(shop))
    c.touch(f"shop:{shop}", f"player:{seat}")
