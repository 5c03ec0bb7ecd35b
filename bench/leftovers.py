"""What the computer players leave unused at the end of a match: four heuristic seats, seeded matches.

    .venv/bin/python bench/leftovers.py --game al-rashid --games 40

For every seat at the end: the resources the game counts for nothing then (goods, gold, cards, coins in hand),
and the pieces it grew or placed, averaged over seats and matches (and the largest), with the wins per seat.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.ai import play_out  # noqa: E402
from engine.core import get_game  # noqa: E402


def _al_rashid() -> dict[str, Callable[[Any, int], float]]:
    from engine.al_rashid.barter import gold_value

    return {
        "gold of goods": lambda s, seat: gold_value(s.family(seat).goods),
        "credit notes": lambda s, seat: s.family(seat).notes,
        "mercenary tiles": lambda s, seat: sum(s.family(seat).hand.values()),
        "pieces in the family": lambda s, seat: sum(s.family(seat).owned.values()),
    }


def _yspahan() -> dict[str, Callable[[Any, int], float]]:
    return {
        "gold": lambda s, seat: s.player(seat).gold,
        "camels": lambda s, seat: s.player(seat).camels,
        "cards": lambda s, seat: len(s.player(seat).cards),
        "cubes in reserve": lambda s, seat: s.player(seat).cubes,
        "buildings": lambda s, seat: len(s.player(seat).buildings),
    }


def _taj_mahal() -> dict[str, Callable[[Any, int], float]]:
    return {
        "cards in hand": lambda s, seat: len(s.players[seat].hand),
        "special cards": lambda s, seat: len(s.players[seat].specials),
    }


def _notre_dame() -> dict[str, Callable[[Any, int], float]]:
    return {
        "coins": lambda s, seat: s.player(seat).coins,
        "cubes in the personal supply": lambda s, seat: s.player(seat).supply,
        "cubes in the general supply": lambda s, seat: s.player(seat).general,
    }


MEASURES = {"al-rashid": _al_rashid, "yspahan": _yspahan, "taj-mahal": _taj_mahal, "notre-dame": _notre_dame}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="al-rashid", choices=sorted(MEASURES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1, help="first seed; the games use the next ones")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    measures = MEASURES[args.game]()
    values: dict[str, list[float]] = {name: [] for name in measures}
    wins = [0] * args.players
    for seed in range(args.seed, args.seed + args.games):
        state, _ = play_out(game, ["heuristic"] * args.players, seed)
        result = game.outcome(state)
        assert result is not None
        for seat in result.winners():
            wins[seat] += 1
        for name, measure in measures.items():
            values[name] += [measure(state, seat) for seat in range(args.players)]
    print(f"{game.spec.title}, {args.players} heuristic seats, seeds {args.seed}-{args.seed + args.games - 1}; "
          f"wins per seat {wins}")
    for name, found in values.items():
        print(f"  {name:<30} mean {statistics.mean(found):6.1f}   max {max(found):4.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
