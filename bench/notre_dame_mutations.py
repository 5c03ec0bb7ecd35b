"""Break Notre Dame's rules on purpose, one at a time, and check that a test fails each time.

    .venv/bin/python bench/notre_dame_mutations.py            # every mutation (about 20 minutes on 2 cores)
    .venv/bin/python bench/notre_dame_mutations.py --only 3   # one of them

The tests that run are tests/notre_dame (but the long computer-player matches) and the pictures' tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.mutations import Mutation, main  # noqa: E402

TESTS = ("tests/notre_dame", "tests/render/notre_dame/test_pictures.py", "-k", "not beats_random and not only_on_what")

MUTATIONS: list[Mutation] = [
    ("park bonus per 3 cubes", "engine/notre_dame/rules.py", "return p.count(PARK) // RULES.park_cubes_per_point", "return p.count(PARK) // 3"),
    ("park bonus on a gain of nothing", "engine/notre_dame/rules.py", "    if base <= 0:\n        return 0\n    p = s.player(seat)\n    bonus", "    p = s.player(seat)\n    bonus"),
    ("prestige below zero", "engine/notre_dame/rules.py", "lost = min(n, p.prestige)", "lost = n"),
    ("cubes beyond the general supply", "engine/notre_dame/rules.py", "gained = min(n, p.general)", "gained = n"),
    ("coins from the poorest", "engine/notre_dame/rules.py", "richest = max(others,", "richest = min(others,"),
    ("rats below zero", "engine/notre_dame/rules.py", "moved = min(n, p.rats)", "moved = n"),
    ("the Friend as a cube source", "engine/notre_dame/rules.py", "held = [x for x in SECTORS if p.sectors[x]]", "held = [x for x in SECTORS if p.count(x)]"),
    ("a cube from its own target", "engine/notre_dame/rules.py", "return [x for x in held if x != target]", "return held"),
    ("two Inn picks from the 5th cube", "engine/notre_dame/rules.py", "p.count(INN) >= RULES.inn_two_from", "p.count(INN) > RULES.inn_two_from"),
    ("collection rule off by one", "engine/notre_dame/rules.py", "if n == fewest}", "if n <= fewest + 1}"),
    ("exhausted colours still count", "engine/notre_dame/rules.py", "return {split_message(m)[0] for m in s.messages.values()}", "return set(layout(s.seats).quarters)"),
    ("carriage ignores the Friend", "engine/notre_dame/rules.py", "layout(s.seats).within(p.carriage, p.count(CARRIAGE_HOUSE))", "layout(s.seats).within(p.carriage, p.sectors[CARRIAGE_HOUSE])"),
    ("Watchman forgets Notre Dame", "engine/notre_dame/rules.py", "return sum(counts) + p.notre_dame", "return sum(counts)"),
    ("Night Watch one too many", "engine/notre_dame/rules.py", "return counts.count(0)", "return counts.count(0) + 1"),
    ("Guild Master needs 3", "engine/notre_dame/rules.py", "2 * sum(n >= 2 for n in counts)", "2 * sum(n > 2 for n in counts)"),
    ("Beggar King counts his own space", "engine/notre_dame/rules.py", "return RULES.plague_limit - p.rats", "return RULES.plague_limit - p.rats + 1"),
    ("Lawyer per message", "engine/notre_dame/rules.py", "return 3 * (len(p.messages) // 2)", "return 3 * len(p.messages) // 2"),
    ("Mayor needs 4", "engine/notre_dame/rules.py", "3 * sum(n >= 3 for n in counts)", "3 * sum(n > 3 for n in counts)"),
    ("Carpenter needs 2", "engine/notre_dame/rules.py", "sum(n >= 1 for n in counts)", "sum(n > 1 for n in counts)"),
    ("the Doctor cures nobody", "engine/notre_dame/rules.py", 'strength = 0 if p.paid == "doctor" else', 'strength = 0 if p.paid == "monk" else'),
    ("the Friend does not shield from the plague", "engine/notre_dame/rules.py", "return strength - p.count(HOSPITAL)", "return strength - p.sectors[HOSPITAL]"),
    ("struck on reaching 9", "engine/notre_dame/rules.py", "struck = target > RULES.plague_limit", "struck = target >= RULES.plague_limit"),
    ("the plague takes the Friend's building", "engine/notre_dame/rules.py", "if counts[x] == top and p.sectors[x]]", "if counts[x] == top]"),
    ("Notre Dame rounds up", "engine/notre_dame/rules.py", "return RULES.notre_dame_points[s.seats] // cubes if cubes else 0", "return -(-RULES.notre_dame_points[s.seats] // cubes) if cubes else 0"),
    ("four starting coins", "engine/notre_dame/setup.py", "coins=RULES.starting_coins))", "coins=RULES.starting_coins + 1))"),
    ("grey C cards first", "engine/notre_dame/setup.py", "for letter in (GREY_C, GREY_B, GREY_A):", "for letter in (GREY_A, GREY_B, GREY_C):"),
    ("cards pass to the right", "engine/notre_dame/setup.py", "receiver = s.player(s.left_of(seat))", "receiver = s.player((seat - 1) % s.seats)"),
    ("the bell stays", "engine/notre_dame/setup.py", "s.bell = s.left_of(s.bell)", "s.bell = s.bell"),
    ("a period of two rounds", "engine/notre_dame/round.py", "if s.round % RULES.rounds_per_period == 1:", "if s.round % RULES.rounds_per_period == 2:"),
    ("Notre Dame keeps its cubes", "engine/notre_dame/round.py", "            p.general += p.notre_dame\n            p.notre_dame = 0", "            p.general += 0"),
    ("the Park ignores rats on 1", "engine/notre_dame/actions.py", "elif p.rats:  # the Park", "elif p.rats > 1:  # the Park"),
    ("Notre Dame one coin cheaper", "engine/notre_dame/actions.py", "r.pay_coins(s, seat, coins)", "r.pay_coins(s, seat, coins - 1)"),
    ("Notre Dame without a coin", "engine/notre_dame/actions.py", '        if kind == NOTRE_DAME and not p.coins:\n            raise Illegal("notre_dame.illegal.no_coin_for_notre_dame")\n', ""),
    ("the Friend stays where he is", "engine/notre_dame/actions.py", '        if s.player(self.seat).friend == a.args[0]:\n            raise Illegal("notre_dame.illegal.friend_already_there", where=w.in_sector(a.args[0]))\n', "        pass\n"),
    ("paying without a coin", "engine/notre_dame/persons.py", '        if a.verb == "pay" and not s.player(self.seat).coins:\n            raise Illegal("notre_dame.illegal.no_coin_to_pay")\n', "        pass\n"),
    ("Innkeeper gives 2", "engine/notre_dame/persons.py", 'c.award(seat, 3, "persons")', 'c.award(seat, 2, "persons")'),
    ("Monk gives one cube", "engine/notre_dame/persons.py", "c.give(seat, CUBE, 2)", "c.give(seat, CUBE, 1)"),
    ("Moneylender gives one coin", "engine/notre_dame/persons.py", "c.give(seat, COIN, 2)", "c.give(seat, COIN, 1)"),
    ("the Bishop into the Friend's building", "engine/notre_dame/persons.py", "if p.count(a.args[0]):", "if p.sectors[a.args[0]]:"),
    ("the Troubadour moves four", "engine/notre_dame/persons.py", "if self.moved + 1 == 3 or", "if self.moved + 1 == 4 or"),
    ("the Jester cannot leave Notre Dame", "engine/notre_dame/persons.py", "sources: ClassVar[tuple[str, ...]] = (*SECTORS, NOTRE_DAME)", "sources: ClassVar[tuple[str, ...]] = SECTORS"),
    ("the kept card told to all", "engine/notre_dame/draft.py", 'c.emit("kept", audience=self.seat,', 'c.emit("kept", audience=None,'),
    ("hands shown to all", "engine/notre_dame/game.py", "hand=list(p.hand) if own else None", "hand=list(p.hand)"),
    ("prestige shown to all", "engine/notre_dame/game.py", "visible = own or s.public_prestige or s.phase == OVER", "visible = True"),
    ("prestige gains told to all", "engine/notre_dame/flow.py", 'audience=None if self.s.public_prestige else seat,', 'audience=None,'),
    ("tie-break on coins only", "engine/notre_dame/scoring.py", "(p.coins + p.supply,)", "(p.coins,)"),
    ("a message taken against the rule", "engine/notre_dame/rules.py", "if message is None or split_message(message)[0] not in colours_to_take(s, seat):", "if message is None:"),
    ("two players side by side", "data/notre_dame/board.yaml", "seat_quarters: {2: [0, 2],", "seat_quarters: {2: [0, 1],"),
    ("a Doctor without rats", "data/notre_dame/persons.yaml", "- {id: doctor, deck: brown, rats: 3}", "- {id: doctor, deck: brown, rats: 0}"),
    ("Residence counts one less", "engine/notre_dame/actions.py", 'c.award(seat, n, "residence")', 'c.award(seat, n - 1, "residence")'),
    ("Convent School ignores the Friend", "engine/notre_dame/actions.py", "    n = p.count(sector)\n    c.touch", "    n = p.sectors.get(sector, 0)\n    c.touch"),
    ("the third draft card never arrives", "engine/notre_dame/setup.py", "            receiver.hand.append(cards[0])", "            pass"),
]

if __name__ == "__main__":
    raise SystemExit(main(MUTATIONS, TESTS, __doc__ or ""))
