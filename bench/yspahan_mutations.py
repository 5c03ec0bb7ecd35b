"""Break Yspahan's rules on purpose, one at a time, and check that a test fails each time.

    .venv/bin/python bench/yspahan_mutations.py            # every mutation (about 20 minutes on 2 cores)
    .venv/bin/python bench/yspahan_mutations.py --only 3   # one of them

Each mutation is a small edit of the engine's source or data (a rule changed, dropped or misread). It is made in
a copy of the repository, then tests/yspahan runs there; a mutation that no test notices is reported.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.mutations import Mutation, main  # noqa: E402

TESTS = ("tests/yspahan",)

MUTATIONS: list[Mutation] = [
    ("the highest group is not always on the gold slot", "engine/yspahan/tower.py",
     "[*range(len(values) - 1), SLOT_COUNT - 1]", "list(range(len(values)))"),
    ("all equal dice go on the gold slot", "engine/yspahan/tower.py", "slots = [0] if len(values) == 1", "slots = [5] if len(values) == 1"),
    ("the yellow dice stay on the tower", "engine/yspahan/tower.py", "None if g is None or not g.white else Group(g.value, g.white)", "g"),
    ("a yellow die is free", "engine/yspahan/day.py", "s.player(seat).gold -= yellow * RULES.yellow_die_price", "pass"),
    ("two players may share a souk", "engine/yspahan/city.py", "return None if owner == seat else \"yspahan.illegal.souk_taken\"", "return None"),
    ("a new souk before finishing one's own", "engine/yspahan/city.py", "if souk_owner(shops, souk.id) == seat and not", "if False and souk_owner(shops, souk.id) == seat and not"),
    ("two cubes in a shop", "engine/yspahan/city.py", "    if shop in shops:\n        return \"yspahan.illegal.shop_taken\"", "    pass"),
    ("only one cube of a group is placed", "engine/yspahan/turn.py", "        c.count_down(self)", "        c.pop()"),
    ("the Pen gives no camel", "data/yspahan/rules.yaml", "pen_camels: 1", "pen_camels: 0"),
    ("the Market gives 1 gold", "data/yspahan/rules.yaml", "market_gold: 2", "market_gold: 1"),
    ("the Hoist gives no cube", "data/yspahan/rules.yaml", "hoist_cubes: 1", "hoist_cubes: 0"),
    ("a discarded card adds no die", "engine/yspahan/turn.py", "slot_action(c, self.seat, self.slot, 1)", "slot_action(c, self.seat, self.slot, 0)"),
    ("the Hammam's moves are not free", "engine/yspahan/city.py", "free = RULES.hammam_steps if hammam else 0", "free = 0"),
    ("gold only lengthens a move", "engine/yspahan/city.py", "abs(distance - value)", "(distance - value)"),
    ("the supervisor may go back and forth", "engine/yspahan/data.py", "return abs(i - j) if arm_a == arm_b else i + j", "return abs(i - j)"),
    ("caravan places score the wrong way round", "data/yspahan/rules.yaml", "place_points: [2, 1, 0]", "place_points: [0, 1, 2]"),
    ("the caravan's rows are worth one less", "data/yspahan/rules.yaml", "row_values: [1, 2, 3]", "row_values: [0, 1, 2]"),
    ("a full caravan is not emptied", "engine/yspahan/caravan.py", "        s.caravan = []", "        pass"),
    ("the caravan card draws for the Caravanserai", "engine/yspahan/caravan.py", "if player.owns(CARAVANSERAI) and not by_card:", "if player.owns(CARAVANSERAI):"),
    ("buildings score one place late", "engine/yspahan/building.py", "points = RULES.building_points[len(player.buildings) - 1]", "points = RULES.building_points[min(5, len(player.buildings))]"),
    ("two buildings a turn", "engine/yspahan/building.py", "            if self.built:\n", "            if False:\n"),
    ("buildings cost no gold", "engine/yspahan/building.py", "    player.gold -= gold\n", ""),
    ("the Bazaar gives no bonus", "data/yspahan/rules.yaml", "bazaar_points: 2", "bazaar_points: 0"),
    ("the supervisor stays put between weeks", "engine/yspahan/scoring.py", "    s.supervisor = CENTRE\n", ""),
    ("the quarters are not emptied at the week's end", "engine/yspahan/scoring.py", "            s.player(s.shops.pop(shop)).cubes += 1", "            pass"),
    ("the first player does not pass left", "engine/yspahan/day.py", "    s.first = (s.first + 1) % s.seats", "    s.first = s.first"),
    ("the last day keeps the turn order", "engine/yspahan/day.py", "return s.seats == 4 and s.week", "return s.seats == 5 and s.week"),
    ("reverse-order ties go the other way", "engine/yspahan/day.py", "-((seat - day6_first) % s.seats)", "(seat - day6_first) % s.seats"),
    ("the discards are never reshuffled", "engine/yspahan/cards.py", "    if not s.deck and s.discards:", "    if False:"),
    ("camels for points give 1 each", "data/yspahan/rules.yaml", "camel_points: {most: 4, points: 2}", "camel_points: {most: 4, points: 1}"),
    ("gold for points goes past 10", "data/yspahan/rules.yaml", "gold_points: {most: 10, points: 1}", "gold_points: {most: 12, points: 1}"),
    ("keeping a cube costs no camel", "engine/yspahan/supervisor.py", "        player.camels -= 1\n", ""),
    ("the mover's order is ignored", "engine/yspahan/supervisor.py", "c.replace(Ship(shops=(first, *(x for x in self.shops if x != first))))", "c.replace(Ship(shops=self.shops))"),
    ("the shop card ignores the souk rules", "engine/yspahan/card_play.py", "return shop_problem(s, self.seat, a.args[0]) if a.verb == \"shop\" else None", "return None"),
    ("three gold to start", "data/yspahan/rules.yaml", "starting_gold: 2", "starting_gold: 3"),
    ("a card for a group of dice is not drawn", "engine/yspahan/turn.py", "            draw_card(c, seat, w.word(\"action\"))", "            pass"),
    ("a move of 0 sends nothing", "engine/yspahan/supervisor.py", "        shops = occupied_faces(s, square)", "        shops = occupied_faces(s, square) if distance else []"),
]


if __name__ == "__main__":
    raise SystemExit(main(MUTATIONS, TESTS, __doc__ or ""))
