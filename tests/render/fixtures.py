"""Al-Rashid views built by hand: placement, mid-resolution, a revealed battle and a finished game.

They exercise every part of the pictures without the rules engine, and keep golden images stable.
"""

from __future__ import annotations

from engine.al_rashid import data
from engine.al_rashid.view import (
    AlRashidView,
    AreaView,
    ChargeView,
    FamilyView,
    ResolutionView,
    StackView,
    TileView,
)
from engine.al_rashid.vocab import COLOURS, GUILDS, PALACES, TERRITORIES
from engine.al_rashid.words import at
from engine.core.views import AwaitView, TiebreakScoreView

DOMINANCE = {"pasha": 5, "merchant": 3, "sage": 1}


def question(key: str, **params) -> dict:
    return {"key": key, "params": params}


def name(kind: str, key: str) -> dict:
    """A thing's name as the engine passes it in messages (translated when shown)."""
    return question(f"al_rashid.{kind}.{key}")


def stack(seat: int, position: int, pasha: int = 0, merchant: int = 0, sage: int = 0) -> StackView:
    dominance = DOMINANCE["pasha"] * pasha + DOMINANCE["merchant"] * merchant + DOMINANCE["sage"] * sage
    return StackView(seat=seat, colour=COLOURS[seat], pasha=pasha, merchant=merchant, sage=sage,
                     dominance=dominance, position=position)


def ranking(stacks: list[StackView]) -> list[int]:
    return [s.seat for s in sorted(stacks, key=lambda s: (-s.dominance, s.position))]


def family(seat: int, *, reserve=(1, 1, 1), on_board=(0, 0, 0), goods=None, notes=0, influence=0,
           dishonour=0, charges=(), used=(), mercenaries=1, held=None, hand=None, spied=None) -> FamilyView:
    goods = goods or {"hardwood": 1, "pottery": 1, "metal": 1}
    pieces = ("pasha", "merchant", "sage")
    reserve_d = dict(zip(pieces, reserve, strict=True))
    board_d = dict(zip(pieces, on_board, strict=True))
    barter = data.load().rules.barter
    different = sum(1 for n in goods.values() if n)
    return FamilyView(
        seat=seat, colour=COLOURS[seat], reserve=reserve_d, on_board=board_d,
        owned={p: reserve_d[p] + board_d[p] for p in pieces}, held=held, goods=goods,
        gold=barter[different],
        notes=notes, influence=influence, dishonour=dishonour,
        charges=[ChargeView(id=c, used=c in used) for c in charges], mercenary_count=mercenaries,
        hand=hand, spied=spied,
    )


def offered(seats: int, taken=()) -> dict[str, list[str]]:
    """Charges still offered per palace at the start, minus `taken` (one copy each)."""
    copies = data.load().rules.guild_charge_copies[seats]
    out: dict[str, list[str]] = {p: [] for p in PALACES}
    for charge in data.load().charges.values():
        n = copies if charge.palace in GUILDS[:4] else 1
        out[charge.palace] += [charge.id] * n
    for charge in taken:
        palace = data.load().charges[charge].palace
        out[palace].remove(charge)
    return out


def areas(seats: int, *, stacks=None, taken=(), tiles=None, goods=None, resolved=(), resolving=None,
          ranked=False) -> list[AreaView]:
    stacks = stacks or {}
    tiles = tiles or {}
    goods = goods or {}
    charges = offered(seats, taken)
    out = []
    for palace in PALACES:
        s = stacks.get(palace, [])
        out.append(AreaView(id=palace, kind="palace", stacks=s, ranking=ranking(s) if ranked else [],
                            resolved=palace in resolved, resolving=palace == resolving,
                            charges=charges[palace]))
    for territory in TERRITORIES:
        s = stacks.get(territory, [])
        info = data.load().territories[territory]
        left = goods.get(territory, {**info.goods, "note": info.notes})
        out.append(AreaView(id=territory, kind="territory", stacks=s, ranking=ranking(s) if ranked else [],
                            resolved=territory in resolved, resolving=territory == resolving,
                            goods=left, mercenaries=tiles.get(territory, [])))
    return out


def tile(i: int, colour: str, value: int | None = None, revealed: bool = False) -> TileView:
    return TileView(id=i, colour=colour, value=value, revealed=revealed)


def base(seats: int, **fields) -> AlRashidView:
    values = dict(
        viewer=None, seats=seats, turn=1, turns=5, phase="placement", round=1, order=list(range(seats)),
        pending_order=None, families=[family(s) for s in range(seats)], areas=areas(seats), awaiting=[],
        resolution=None, piles={"red": 28, "blue": 29}, discards={"red": 0, "blue": 0}, crisis_left=7,
        last_crisis=[], last_changed=[], log=[], steps=0,
    )
    values.update(fields)
    return AlRashidView(**values)


# ---- the four moments ---------------------------------------------------------------------------
def placement() -> AlRashidView:
    """Turn 2 of a 4-player game, placement round 3: Green is about to place."""
    stacks = {
        "caliph": [stack(1, 1, pasha=1), stack(3, 2, merchant=1, sage=1)],
        "military": [stack(0, 1, sage=2)],
        "politics": [stack(2, 1, merchant=1)],
        "silk_road": [stack(3, 1, sage=1), stack(0, 2, pasha=1, sage=1), stack(1, 3, merchant=1)],
        "spice_road": [stack(2, 1, pasha=1, sage=2)],
        "sanmatia": [stack(1, 1, sage=1)],
    }
    tiles = {
        "silk_road": [tile(1, "red"), tile(2, "red"), tile(7, "red")],
        "spice_road": [tile(3, "blue")],
        "mare_indianum": [tile(4, "blue"), tile(8, "blue")],
        "sanmatia": [tile(9, "blue")],
    }
    return base(
        4, turn=2, round=3, order=[2, 0, 3, 1],
        families=[
            family(0, reserve=(0, 1, 0), on_board=(1, 0, 3), goods={"hardwood": 2, "pottery": 1, "silk": 2},
                   charges=["smuggler", "treasurer"], notes=1, mercenaries=2),
            family(1, reserve=(0, 1, 1), on_board=(1, 1, 1), goods={"hardwood": 3, "metal": 2, "spice": 1},
                   charges=["strategist"], influence=1, mercenaries=1),
            family(2, reserve=(0, 0, 2), on_board=(1, 1, 2), goods={"pottery": 2, "metal": 1, "spice": 2,
                                                                     "silk": 1, "hardwood": 1},
                   charges=["law_expert", "plotter", "hardwood_importer"], used=["hardwood_importer"],
                   influence=2, dishonour=1, mercenaries=0),
            family(3, reserve=(1, 0, 1), on_board=(0, 1, 2), goods={"hardwood": 1, "metal": 1},
                   mercenaries=3, held="pasha", charges=["diplomat"]),
        ],
        areas=areas(4, stacks=stacks, tiles=tiles, taken=["smuggler", "strategist", "diplomat", "plotter",
                                                          "hardwood_importer", "treasurer", "law_expert"]),
        awaiting=[AwaitView(seat=2, question=question("al_rashid.ask.place.piece", player=name("colour", "green")))],
        last_changed=["silk_road", "family:1"], steps=31,
    )


def mid_resolution() -> AlRashidView:
    """Turn 3 of a 5-player game, resolution: the spies' guild is being resolved, two areas are done."""
    stacks = {
        "spies": [stack(4, 1, merchant=1), stack(0, 2, pasha=1), stack(2, 3, sage=3), stack(1, 4, sage=1),
                  stack(3, 5, sage=2)],
        "culture": [stack(1, 1, pasha=1, sage=1)],
        "merchant": [stack(3, 1, merchant=1, sage=1), stack(4, 2, pasha=1)],
        "mare_internum": [stack(0, 1, merchant=1), stack(2, 2, merchant=1, sage=1)],
        "nilus_valley": [stack(4, 1, sage=1), stack(3, 2, sage=1), stack(1, 3, merchant=1),
                         stack(0, 4, sage=2), stack(2, 5, pasha=1, sage=1)],
    }
    tiles = {
        "silk_road": [tile(1, "red"), tile(2, "red"), tile(5, "red"), tile(9, "red"), tile(14, "red"),
                      tile(15, "red"), tile(16, "red")],
        "mare_internum": [tile(6, "blue"), tile(10, "blue")],
        "nilus_valley": [tile(11, "red")],
    }
    goods = {"silk_road": {"silk": 0, "spice": 0, "metal": 0, "hardwood": 0, "note": 0},
             "spice_road": {"spice": 1, "pottery": 0, "hardwood": 0, "silk": 0, "note": 0}}
    return base(
        5, turn=3, phase="resolution", round=2, order=[4, 0, 2, 1, 3], pending_order=[1, 4, 0, 2, 3],
        families=[
            family(0, reserve=(1, 0, 0), on_board=(1, 1, 2), goods={"silk": 3, "spice": 1, "metal": 2},
                   charges=["strategist", "negotiator"], used=["negotiator"], mercenaries=4, influence=1),
            family(1, reserve=(0, 0, 1), on_board=(1, 1, 1), goods={"hardwood": 4, "pottery": 2},
                   charges=["loremaster", "aide_to_the_qadi", "quartermaster"], influence=3, mercenaries=2),
            family(2, reserve=(0, 1, 0), on_board=(1, 1, 4), goods={"metal": 1, "spice": 2},
                   charges=["economist"], dishonour=2, notes=2, mercenaries=0),
            family(3, reserve=(0, 0, 0), on_board=(0, 1, 3), goods={"pottery": 1},
                   charges=["smuggler", "informer", "raider", "banker", "trader", "agha", "astrologer",
                            "alchemist", "silk_monopolist"], used=["smuggler", "trader"], mercenaries=6),
            family(4, reserve=(0, 0, 2), on_board=(1, 1, 1), goods={"hardwood": 1, "pottery": 1, "metal": 1,
                                                                     "silk": 1, "spice": 1},
                   notes=1, influence=5, mercenaries=1),
        ],
        areas=areas(5, stacks=stacks, tiles=tiles, goods=goods, resolved=["silk_road", "spice_road", "caliph"],
                    resolving="spies", ranked=True,
                    taken=["strategist", "negotiator", "loremaster", "aide_to_the_qadi", "quartermaster",
                           "economist", "smuggler", "informer", "raider", "banker", "trader", "agha",
                           "astrologer", "alchemist", "silk_monopolist"]),
        awaiting=[AwaitView(seat=4, question=question("al_rashid.ask.move.spy.from", player=name("colour", "white")))],
        resolution=ResolutionView(area="spies", stage="move", actor=4),
        piles={"red": 17, "blue": 22}, discards={"red": 3, "blue": 1}, crisis_left=5,
        last_changed=["caliph", "family:1"], steps=88,
    )


def battle() -> AlRashidView:
    """Turn 4 of a 3-player game: Red fights on the Silk Road; the mercenaries are revealed."""
    stacks = {
        "silk_road": [stack(0, 1, pasha=1, sage=1), stack(2, 2, merchant=1)],
        "sanmatia": [stack(1, 1, merchant=1, sage=2)],
        "politics": [stack(2, 1, pasha=1)],
    }
    tiles = {
        "silk_road": [tile(1, "red", 3, True), tile(2, "red", 2, True), tile(3, "red", 4, True)],
        "sanmatia": [tile(4, "red"), tile(5, "blue")],
        "mare_indianum": [tile(6, "blue")],
    }
    return base(
        3, turn=4, phase="resolution", round=1, order=[0, 2, 1],
        families=[
            family(0, reserve=(0, 0, 0), on_board=(1, 0, 1), goods={"hardwood": 1, "metal": 1},
                   charges=["strategist", "recruiter"], mercenaries=3),
            family(1, reserve=(1, 0, 0), on_board=(0, 1, 2), goods={"silk": 2, "spice": 2}, mercenaries=1),
            family(2, reserve=(0, 0, 1), on_board=(1, 1, 0), goods={"pottery": 3, "metal": 1},
                   charges=["weapon_master"], mercenaries=2, influence=2),
        ],
        areas=areas(3, stacks=stacks, tiles=tiles, resolving="silk_road", ranked=True,
                    taken=["strategist", "recruiter", "weapon_master"]),
        awaiting=[AwaitView(seat=0, question=question("al_rashid.ask.battle.choose", player=name("colour", "red"),
                                                      **at("silk_road")))],
        resolution=ResolutionView(area="silk_road", stage="battle", actor=0),
        last_changed=["silk_road"], steps=140,
    )


def game_over() -> AlRashidView:
    """The end of a 4-player game: Yellow and Green tie on points, gold wealth decides."""
    score = TiebreakScoreView(
        scores={0: 24, 1: 31, 2: 31, 3: 18},
        ranking=[1, 2, 0, 3],
        breakdown={
            0: {"family": 12, "charges": 9, "influence": 3, "dishonour": 0},
            1: {"family": 15, "charges": 12, "influence": 4, "dishonour": 0},
            2: {"family": 14, "charges": 14, "influence": 5, "dishonour": -2},
            3: {"family": 10, "charges": 10, "influence": 2, "dishonour": -4},
        },
        tiebreaks={0: [6], 1: [10], 2: [6], 3: [3]},
        tiebreak_used=question("al_rashid.tiebreak.gold"),
    )
    return base(
        4, turn=5, turns=5, phase="over", round=0, order=[1, 3, 0, 2],
        families=[family(s, reserve=(2, 2, 3), influence=3 + s % 2, charges=["treasurer"] if s == 0 else [])
                  for s in range(4)],
        awaiting=[], score=score, steps=260,
    )


def private(view: AlRashidView, seat: int, hand: dict[str, int], spied: dict[str, list[TileView]]) -> AlRashidView:
    """`view` as `seat` sees it: their own tiles and what their spies showed them."""
    families = [f.model_copy(update={"hand": hand, "spied": spied}) if f.seat == seat else f
                for f in view.families]
    return view.model_copy(update={"viewer": seat, "families": families})


def with_secrets(view, seat: int):
    """`view` carrying what only `seat` may know (their tiles, what their spies saw, values of face-down
    tiles they know), as a careless caller might build it: the public pictures must read none of it."""
    spied = {"silk_road": [TileView(id=1, colour="red", value=4, revealed=False)]}
    secret = private(view, seat, {"red-2": 2, "blue-4": 1}, spied)
    areas = [a.model_copy(update={"mercenaries": [t.model_copy(update={"value": t.value or 3})
                                                   for t in a.mercenaries]}) for a in secret.areas]
    return secret.model_copy(update={"areas": areas, "viewer": None})


def hand_of_red() -> AlRashidView:
    return private(mid_resolution(), 0, {"red-2": 1, "red-4": 2, "blue-3": 1},
                   {"silk_road": [tile(1, "red", 3), tile(2, "red", 4)], "mare_internum": [tile(6, "blue", 2)]})


MOMENTS = {"placement": placement, "mid_resolution": mid_resolution, "battle": battle, "game_over": game_over}
