"""Break Taj Mahal's rules on purpose, one at a time, and see a test of tests/taj_mahal fail each time.

    .venv/bin/python bench/taj_mahal_mutations.py            # every mutation
    .venv/bin/python bench/taj_mahal_mutations.py --only 3   # one of them

Each mutation changes one line of engine/taj_mahal (a rule dropped, changed or misread) in a copy of the
repository and runs the game's tests there (but the long playouts; the computer player's last). A mutation
"caught" made a test fail, or hang: the colour change one sends the computer player round in circles.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.mutations import ROOT, Mutation, main  # noqa: E402

TESTS = (*sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests/taj_mahal").glob("test_*.py")
                 if p.name not in ("test_ai.py", "test_playouts.py")), "tests/taj_mahal/test_ai.py")

MUTATIONS: list[Mutation] = [
    ("ties win (strict majority)", "engine/taj_mahal/rules.py", "return mine > 0 and all(count(p.played, symbol) < mine", "return mine > 0 and all(count(p.played, symbol) <= mine"),
    ("zero symbols win", "engine/taj_mahal/rules.py", "return mine > 0 and all(", "return mine >= 0 and all("),
    ("withdrawn players keep their turns", "engine/taj_mahal/visit.py", "for k in range(1, n + 1) if not s.players[s.order[(at + k) % n]].out)", "for k in range(1, n + 1))"),
    ("a prize won twice in a visit", "engine/taj_mahal/rules.py", "if PRIZE_OF[s] in state.court and leads", "if leads"),
    ("goods ignore those owned", "engine/taj_mahal/rules.py", "return sum(1 + owned[g] for g in goods)", "return sum(1 for g in goods)"),
    ("Taj Mahal worth 2", "engine/taj_mahal/rules.py", "return RULES.taj_points", "return RULES.plus_points"),
    ("every colour scores at the end", "engine/taj_mahal/rules.py", '"end_colour": max(colours.values(), default=0)', '"end_colour": sum(colours.values())'),
    ("colour change ignored", "engine/taj_mahal/rules.py", "if fixed is not None and card_colour(coloured) != fixed and extra != SP_COLOUR:", "if fixed is not None and card_colour(coloured) != fixed:"),
    ("colour change on the first turn fixes the colour", "engine/taj_mahal/rules.py", "if player.visit_colour is None and extra != SP_COLOUR:", "if player.visit_colour is None:"),
    ("the last takes two", "engine/taj_mahal/rules.py", "return min(RULES.last_take if last else RULES.take, len(state.display))", "return min(RULES.take, len(state.display))"),
    ("palaces in occupied cities", "engine/taj_mahal/rules.py", "return [c for c in province_cities if c not in state.palaces]", "return list(province_cities)"),
    ("no chains", "engine/taj_mahal/board.py", "return 1 + len(self.connected_provinces(own, province))", "return 1"),
    ("chains through any city", "engine/taj_mahal/board.py", "if other in own and other not in seen:", "if other not in seen:"),
    ("the crown palace takes the bonus tile", "engine/taj_mahal/withdrawal.py", "tile = None if crown else s.bonus.pop(city, None)", "tile = s.bonus.pop(city, None)"),
    ("no first-turn draw", "engine/taj_mahal/withdrawal.py", "    if first and p.seat is not None:  #", "    if False and p.seat is not None:  #"),
    ("special cards discarded", "engine/taj_mahal/withdrawal.py", "(p.specials if card in SPECIALS else s.discard).append(card)", "s.discard.append(card)"),
    ("unwon tile stays", "engine/taj_mahal/visit.py", "    if PROVINCE_TILE in s.court:\n        s.out_of_game.append(s.visit)", "    if False:\n        s.out_of_game.append(s.visit)"),
    ("start player never moves", "engine/taj_mahal/visit.py", "        index = (s.start + k) % n\n        if s.mode != PLUS", "        index = (s.start + 0) % n\n        if s.mode != PLUS"),
    ("no alternation", "engine/taj_mahal/visit.py", "    step = -1 if alternates(s) and s.visit % 2 == 0 else 1", "    step = 1"),
    ("dummy not second", "engine/taj_mahal/visit.py", "        return [humans[0], dummy_index, *humans[1:]]", "        return [*humans, dummy_index]"),
    ("display ignores dummies", "engine/taj_mahal/visit.py", "    return RULES.display[len(s.players) if s.mode == DUEL else s.seats]", "    return RULES.display[s.seats if s.seats >= 3 else 3]"),
    ("+2 card scores nothing", "engine/taj_mahal/turn.py", "        p.score_points(\"special\", RULES.special_points)", "        p.score_points(\"special\", 0)"),
    ("dummy withdraws at 3", "engine/taj_mahal/dummy.py", "    return player.turns > 0 and len(prizes_won(state, player.index)) >= RULES.dummy_withdraws_at", "    return len(prizes_won(state, player.index)) >= 3"),
    ("dummy does not play +2", "engine/taj_mahal/dummy.py", "    if SP_POINTS in held:\n        return SP_POINTS", "    if False:\n        return SP_POINTS"),
    ("dummy ignores colour change", "engine/taj_mahal/dummy.py", "        if card is not None and is_coloured(card) and SP_COLOUR in player.specials:", "        if False:"),
    ("dummy takes from players first", "engine/taj_mahal/dummy.py", "    table = [c for c in PREFERENCE if c in state.specials_table and c not in player.specials]\n    if table:\n        return table[0]", "    table = []"),
    ("three different tiles ignored", "engine/taj_mahal/dummy.py", "    return different[:3] if len(different) >= 3 else None", "    return None"),
    ("the player out does not discard", "engine/taj_mahal/withdrawal.py", "    if gone:\n        c.push(Discard(seat=gone[0], n=n))\n        return", ""),
    ("pairs never buy special cards", "engine/taj_mahal/visit.py", "            for force in pairs_of(p):\n                trade_tiles(c, p, [force, force], special_for(force))", "            pass"),
]

if __name__ == "__main__":
    raise SystemExit(main(MUTATIONS, TESTS, __doc__ or "", timeout=400))
