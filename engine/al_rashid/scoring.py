"""Final scoring (000, "Fine del Gioco") with the tie-break of 003 ("maggiore ricchezza in oro",
then the earlier place in the turn order)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.game import Outcome
from engine.core.messages import Message

from .barter import gold_value
from .board import RULES
from .data import load
from .state import Family, State
from .vocab import GOODS, OVER, PALACES

CHARGES = load().charges


def charge_points(family: Family, charge: str) -> int:
    """Points of one charge at the end; political charges depend on the family (000, "Riassunto")."""
    fixed = CHARGES[charge].points
    if fixed is not None:
        return fixed
    owned, held = family.owned, family.charges

    def count(palace: str) -> int:
        return sum(CHARGES[c].palace == palace for c in held)

    def tiers(value: int, table: dict[int, int]) -> int:
        return max((points for threshold, points in table.items() if value >= threshold), default=0)

    kinds = sum(1 for g in GOODS if family.goods.get(g))
    political: dict[str, Callable[[], int]] = {
        "aide_to_the_qadi": lambda: tiers(family.influence, {5: 4, 6: 5}),
        "steward_of_the_city": lambda: 6 if all(count(p) for p in PALACES) else 0,
        "warehouse_keeper": lambda: tiers(kinds, {4: 4, 5: 6}),
        "favourites_maiden": lambda: 5 if count("spies") >= 3 else 0,
        "weapon_master": lambda: 6 if count("military") >= 3 else 3,
        "dean_of_the_academy": lambda: tiers(owned["sage"], {4: 3, 5: 5, 6: 7}),
        "economist": lambda: tiers(owned["merchant"], {3: 3, 4: 5}),
        "counsellor_of_the_caliph": lambda: tiers(owned["pasha"], {2: 3, 3: 5}),
    }
    return political[charge]()


def breakdown(family: Family) -> dict[str, int]:
    return {
        "family": sum(family.owned[p] * points for p, points in RULES.family_points.items()),
        "charges": sum(charge_points(family, c) for c in family.charges),
        "influence": min(family.influence, RULES.influence_points_cap),
        "dishonour": family.dishonour * RULES.dishonour_points,
    }


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:  # scored once the match is over
        return None
    parts = {f.seat: breakdown(f) for f in state.families}
    scores = {seat: sum(p.values()) for seat, p in parts.items()}
    tiebreaks = {f.seat: (gold_value(f.goods), -state.order.index(f.seat)) for f in state.families}
    ranking = sorted(scores, key=lambda seat: (-scores[seat], *(-x for x in tiebreaks[seat])))
    used = None
    tied = [seat for seat in ranking if scores[seat] == scores[ranking[0]]]
    if len(tied) > 1:
        golds = {tiebreaks[s][0] for s in tied}
        used = Message("al_rashid.tiebreak.gold" if len(golds) > 1 else "al_rashid.tiebreak.order")
    return Outcome(scores=scores, ranking=ranking, breakdown=parts,
                   tiebreaks={seat: (gold, -neg) for seat, (gold, neg) in tiebreaks.items()},
                   tiebreak_used=used)
