"""The prices and prohibitions that both the steps and the computer player consult.

Each `*_refusal` raises `Illegal` naming the rule (000 unless stated) when something is not allowed;
each `*_cost` is a price in gold.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import Illegal

from . import words as w
from .barter import gold_value
from .board import RULES, can_draw
from .data import load
from .state import State
from .vocab import (
    BENEVOLENCE,
    CHARGE,
    COMMON_GOODS,
    FAVOUR,
    GOODS,
    MERCENARY_COLOURS,
    PALACES,
    SERVICE,
    TERRITORIES,
)

CHARGES = load().charges
CHARGE_PRICES = {name: charge.cost for name, charge in CHARGES.items()}  # before a credit note
# What a player may ask of a guild palace: one or two of service, charge and favour ("Palazzi delle
# Corporazioni"); "nothing" is allowed too and, like a lone favour, costs one dishonour.
GUILD_COMBOS = ((SERVICE,), (CHARGE,), (FAVOUR,), (SERVICE, CHARGE), (SERVICE, FAVOUR), (CHARGE, FAVOUR), ())
COURT_COMBOS = ((BENEVOLENCE,), (CHARGE,), (BENEVOLENCE, CHARGE), ())
# The guild leaders' favours that the Caliph's Favourite and the Impostor can borrow.
BORROWABLE = ("military", "culture", "merchant", "politics")
# The piece a guild's service recruits.
SERVICE_PIECE = {"culture": "sage", "merchant": "merchant", "politics": "pasha"}
PALACE_CHARGES: dict[str, list[str]] = {p: [c for c, charge in CHARGES.items() if charge.palace == p] for p in PALACES}
ACTIVATABLE = tuple(c for c, charge in CHARGES.items() if charge.kind == "activatable")


def allowed(check: Callable[..., None], *args: object) -> bool:
    """Does `check(*args)` let it through (raise no `Illegal`)?"""
    try:
        check(*args)
    except Illegal:
        return False
    return True


# ---- services ------------------------------------------------------------------------------------

PIECE_LIMIT = "al_rashid.illegal.piece_limit"  # a family has every piece of a kind it may own


def piece_limit_words(piece: str) -> dict[str, object]:
    return {"piece": w.piece(piece), "n": RULES.piece_limits[piece]}


def service_cost(s: State, seat: int, guild: str, rank: int) -> int:
    if guild not in RULES.service_cost:
        return 0
    cost = RULES.service_cost[guild][rank]
    # Loremaster: "Mercanti e Califfi" cost 3 less; the Caliphs are read as the Pashas (docs/rules).
    if guild in ("merchant", "politics") and s.families[seat].has("loremaster"):
        cost -= RULES.loremaster_discount
    return max(cost, 0)


def service_problem(s: State, seat: int, guild: str) -> str | None:
    """The key of the rule that keeps the family from the guild's service, or None (`service_refusal` raises it)."""
    piece = SERVICE_PIECE.get(guild)
    if piece is not None and s.families[seat].owned[piece] >= RULES.piece_limits[piece]:
        return PIECE_LIMIT
    if guild == "military" and not any(can_draw(s, c) for c in MERCENARY_COLOURS):
        return "al_rashid.illegal.piles_empty"
    return None


def service_refusal(s: State, seat: int, guild: str) -> None:
    problem = service_problem(s, seat, guild)
    if problem is not None:
        raise Illegal(problem, **(piece_limit_words(SERVICE_PIECE[guild]) if problem == PIECE_LIMIT else {}))


# ---- charges -------------------------------------------------------------------------------------

def note_discount(s: State, seat: int) -> int:
    return RULES.banker_credit_note_discount if s.families[seat].has("banker") else RULES.credit_note_discount


def charge_cost(s: State, seat: int, charge: str, note: bool) -> int:
    return max(CHARGES[charge].cost - (note_discount(s, seat) if note else 0), 0)


def charge_problem(s: State, seat: int, charge: str, palace: str) -> str | None:
    """The key of the rule that keeps the family from the palace's charge, or None (`charge_refusal` raises it)."""
    family = s.families[seat]
    if charge not in s.charges[palace]:
        return "al_rashid.illegal.charge_gone"
    if charge in family.charges:  # 003: "un giocatore non può avere due cariche uguali"
        return "al_rashid.illegal.charge_twice"
    if charge == "enchanter" and family.owned["merchant"] >= RULES.piece_limits["merchant"]:
        return PIECE_LIMIT
    return None


def open_charges(s: State, seat: int, palace: str) -> tuple[str, ...]:
    """The palace's charges `charge_problem` lets through, in data order, found at once (a palace's question lists
    them on every step)."""
    family = s.families[seat]
    offered, held = s.charges[palace], family.charges
    at_limit = family.owned["merchant"] >= RULES.piece_limits["merchant"]
    return tuple([ch for ch in PALACE_CHARGES[palace]
                  if ch in offered and ch not in held and not (at_limit and ch == "enchanter")])


def charge_refusal(s: State, seat: int, charge: str, palace: str) -> None:
    problem = charge_problem(s, seat, charge, palace)
    if problem is not None:
        raise Illegal(problem, **(piece_limit_words("merchant") if problem == PIECE_LIMIT else {"charge": w.charge(charge)}))


def activation_refusal(s: State, seat: int, charge: str) -> None:
    family = s.families[seat]
    if charge not in family.charges:
        raise Illegal("al_rashid.illegal.not_your_charge", charge=w.charge(charge))
    if charge in family.used:
        raise Illegal("al_rashid.illegal.charge_used", charge=w.charge(charge))
    if charge == "smuggler" and not any(family.goods.values()):
        raise Illegal("al_rashid.illegal.no_goods")
    if charge == "trader" and not any(family.goods.get(g) for g in COMMON_GOODS):
        raise Illegal("al_rashid.illegal.no_common_good")
    if charge == "recruiter" and not any(can_draw(s, c) for c in MERCENARY_COLOURS):
        raise Illegal("al_rashid.illegal.piles_empty")
    if charge == "negotiator" and not any(s.mercenaries[x] for x in TERRITORIES):
        raise Illegal("al_rashid.illegal.no_mercenaries_on_map")


# ---- favours -------------------------------------------------------------------------------------

def favour_cost(guild: str, borrowed: str | None = None) -> int:
    cost = RULES.favour_cost[guild]
    # The Caliph's Favourite costs 1 gold on top of the borrowed favour's own price (docs/rules).
    return cost + (RULES.favour_cost[borrowed] if borrowed else 0)


def favour_problem(s: State, seat: int, guild: str) -> str | None:
    """The key of the rule that keeps this guild leader's favour from being carried out at all (ignoring its
    price), or None (`favour_refusal` raises it)."""
    if guild in ("military", "merchant") and not any(s.families[seat].goods.values()):
        return "al_rashid.illegal.no_goods"
    if guild == "military" and not any(can_draw(s, c) for c in MERCENARY_COLOURS):
        return "al_rashid.illegal.piles_empty"
    return None


def favour_refusal(s: State, seat: int, guild: str) -> None:
    problem = favour_problem(s, seat, guild)
    if problem is not None:
        raise Illegal(problem)


# ---- paying --------------------------------------------------------------------------------------

def budget(goods: dict[str, int], keep_one: bool) -> int:
    """The most gold `goods` can pay, still keeping one good to hand over in a swap when `keep_one` (-1: none can
    be kept, so nothing can be paid; a price is never negative)."""
    if not keep_one:
        return gold_value(goods)
    return max((gold_value({**goods, g: goods[g] - 1}) for g in GOODS if goods.get(g)), default=-1)
