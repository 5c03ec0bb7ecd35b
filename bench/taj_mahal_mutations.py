"""Break Taj Mahal's rules on purpose, one at a time, and see a test of tests/taj_mahal fail each time.

    .venv/bin/python bench/taj_mahal_mutations.py

Each mutation changes one line of engine/taj_mahal (a rule dropped, changed or misread), runs the game's tests and
puts the line back, whatever happens. A mutation "caught" made a test fail (or hang: the colour change one sends
the computer player round in circles); a "MISSED" one would need a new test. Do not run it while something else
uses the same working tree: it edits the engine's files in place.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTATIONS = [
    ("rules.py", "return mine > 0 and all(count(p.played, symbol) < mine", "return mine > 0 and all(count(p.played, symbol) <= mine", "ties win (strict majority)"),
    ("rules.py", "return mine > 0 and all(", "return mine >= 0 and all(", "zero symbols win"),
    ("visit.py", "for k in range(1, n + 1) if not s.players[s.order[(at + k) % n]].out)", "for k in range(1, n + 1))", "withdrawn players keep their turns"),
    ("rules.py", "if PRIZE_OF[s] in state.court and leads", "if leads", "a prize won twice in a visit"),
    ("rules.py", "return sum(1 + owned[g] for g in goods)", "return sum(1 for g in goods)", "goods ignore those owned"),
    ("rules.py", "return RULES.taj_points", "return RULES.plus_points", "Taj Mahal worth 2"),
    ("rules.py", '"end_colour": max(colours.values(), default=0)', '"end_colour": sum(colours.values())', "every colour scores at the end"),
    ("rules.py", "if fixed is not None and card_colour(coloured) != fixed and extra != SP_COLOUR:", "if fixed is not None and card_colour(coloured) != fixed:", "colour change ignored"),
    ("rules.py", "if player.visit_colour is None and extra != SP_COLOUR:", "if player.visit_colour is None:", "colour change on the first turn fixes the colour"),
    ("rules.py", "return min(RULES.last_take if last else RULES.take, len(state.display))", "return min(RULES.take, len(state.display))", "the last takes two"),
    ("rules.py", "return [c for c in province_cities if c not in state.palaces]", "return list(province_cities)", "palaces in occupied cities"),
    ("board.py", "return 1 + len(self.connected_provinces(own, province))", "return 1", "no chains"),
    ("board.py", "if other in own and other not in seen:", "if other not in seen:", "chains through any city"),
    ("withdrawal.py", "tile = None if crown else s.bonus.pop(city, None)", "tile = s.bonus.pop(city, None)", "the crown palace takes the bonus tile"),
    ("withdrawal.py", "    if first and p.seat is not None:  #", "    if False and p.seat is not None:  #", "no first-turn draw"),
    ("withdrawal.py", "(p.specials if card in SPECIALS else s.discard).append(card)", "s.discard.append(card)", "special cards discarded"),
    ("visit.py", "    if PROVINCE_TILE in s.court:\n        s.out_of_game.append(s.visit)", "    if False:\n        s.out_of_game.append(s.visit)", "unwon tile stays"),
    ("visit.py", "        index = (s.start + k) % n\n        if s.mode != PLUS", "        index = (s.start + 0) % n\n        if s.mode != PLUS", "start player never moves"),
    ("visit.py", "    step = -1 if alternates(s) and s.visit % 2 == 0 else 1", "    step = 1", "no alternation"),
    ("visit.py", "        return [humans[0], dummy_index, *humans[1:]]", "        return [*humans, dummy_index]", "dummy not second"),
    ("visit.py", "    return RULES.display[len(s.players) if s.mode == DUEL else s.seats]", "    return RULES.display[s.seats if s.seats >= 3 else 3]", "display ignores dummies"),
    ("turn.py", "        p.score_points(\"special\", RULES.special_points)", "        p.score_points(\"special\", 0)", "+2 card scores nothing"),
    ("dummy.py", "    return player.turns > 0 and len(prizes_won(state, player.index)) >= RULES.dummy_withdraws_at", "    return len(prizes_won(state, player.index)) >= 3", "dummy withdraws at 3"),
    ("dummy.py", "    if SP_POINTS in held:\n        return SP_POINTS", "    if False:\n        return SP_POINTS", "dummy does not play +2"),
    ("dummy.py", "        if card is not None and is_coloured(card) and SP_COLOUR in player.specials:", "        if False:", "dummy ignores colour change"),
    ("dummy.py", "    table = [c for c in PREFERENCE if c in state.specials_table and c not in player.specials]\n    if table:\n        return table[0]", "    table = []", "dummy takes from players first"),
    ("dummy.py", "    return different[:3] if len(different) >= 3 else None", "    return None", "three different tiles ignored"),
    ("withdrawal.py", "    if gone:\n        c.push(Discard(seat=gone[0], n=n))\n        return", "", "the player out does not discard"),
    ("visit.py", "            for force in pairs_of(p):\n                trade_tiles(c, p, [force, force], special_for(force))", "            pass", "pairs never buy special cards"),
]

def run() -> int:
    caught = 0
    for i, (name, old, new, what) in enumerate(MUTATIONS):
        path = ROOT / "engine" / "taj_mahal" / name
        text = path.read_text()
        if old not in text:
            print(f"{i:2} NOT FOUND {what}")
            continue
        path.write_text(text.replace(old, new, 1))
        try:
            files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests/taj_mahal").glob("test_*.py")
                           if p.name not in ("test_ai.py", "test_playouts.py"))
            try:
                r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                                    *files, "tests/taj_mahal/test_ai.py"], cwd=ROOT, capture_output=True, text=True,
                                   timeout=400)
                failed = r.returncode != 0
            except subprocess.TimeoutExpired:
                failed = True
                what += " (a test hung)"
        finally:
            path.write_text(text)
        caught += failed
        print(f"{i:2} {'caught' if failed else 'MISSED'}  {what}", flush=True)
    print(f"{caught} of {len(MUTATIONS)} caught")
    return 0 if caught == len(MUTATIONS) else 1


if __name__ == "__main__":
    sys.exit(run())
