"""A recorded 3-player match (three heuristic seats, seed 7), replayed, its week-end scoring checked by hand.

The expected figures below were worked out from the positions the replay reaches at each week's end, by the
rules of 004_fe5b7b6409874d09.txt ("Fine della settimana"): a completed souk scores its value to its owner, +2 with
the Bazaar (Green built it in week 1); the caravan scores each player's cubes times the value of the highest row
one of them reached, and is not emptied. With 3 players a row has 3 places.
"""

from pathlib import Path

from engine.cli import read_record
from engine.yspahan import GAME

from .builders import BLUE, GREEN, RED

RECORD = Path(__file__).parent / "recorded" / "yspahan-3p-7.json"


def week_ends():
    """(state before the week's last step, events of that step) for each week."""
    record = read_record(RECORD)
    s = GAME.new_game(None, record.seats, record.seed)
    out = []
    for seat, notation in record.actions:
        before = s
        s, events = GAME.apply(s, seat, notation)
        if any(e.key == "yspahan.ev.week_ends" for e in events):
            out.append((before, s, events))
    return out, s


def scored(events, key):
    """Points per seat from the week-end events of one kind (souks or caravan)."""
    colours = {"blue": BLUE, "green": GREEN, "red": RED}
    total = {}
    for e in events:
        if e.key == key:
            for line in e.params["scores"]:
                seat = colours[line["params"]["player"]["key"].rsplit(".", 1)[1]]
                total[seat] = total.get(seat, 0) + line["params"]["points"]
    return total


def test_the_recorded_match_replays_to_its_end():
    weeks, final = week_ends()
    assert len(weeks) == 3 and GAME.outcome(final).scores == {BLUE: 61, GREEN: 80, RED: 46}


def test_week_one_by_hand():
    """Bag: Red completed the teal souk (3) and the brown one (4): 7. Barrel: Blue the orange (6), Green the purple
    (4 + 2, Bazaar). Chest: Blue the yellow (6), Green the blue (4 + 2). Vase: Green the teal (4 + 2). So Blue 12,
    Green 18, Red 7. Caravan (bottom row only): Red, Red, Green: Red 2 × 1, Green 1 × 1."""
    (before, after, events), *_ = week_ends()[0]
    assert scored(events, "yspahan.ev.souks_scored") == {RED: 7, BLUE: 12, GREEN: 18}
    assert after.caravan == [RED, RED, GREEN]
    assert scored(events, "yspahan.ev.caravan_week") == {GREEN: 1, RED: 2}
    assert not after.shops and after.supervisor == "c" and (after.week, after.day) == (2, 1)


def test_week_two_by_hand():
    """Bag: Green teal (3 + 2), Blue brown (4). Barrel: Green pink (3 + 2), Red orange (6). Chest: Green blue (4 + 2).
    Vase: Green teal (4 + 2), Blue orange (12). So Blue 16, Green 22, Red 6. The caravan was not emptied: the same
    three cubes score again, Red 2, Green 1."""
    _, (before, after, events), _ = week_ends()[0]
    assert scored(events, "yspahan.ev.souks_scored") == {GREEN: 22, BLUE: 16, RED: 6}
    assert scored(events, "yspahan.ev.caravan_week") == {GREEN: 1, RED: 2}


def test_week_three_by_hand():
    """Bag: Green teal (3 + 2). Chest: Red yellow (6), Blue blue (4) and pink (8). Vase: Red orange (12). Blue 12,
    Green 5, Red 18. The caravan had filled up and been emptied during the week: nothing on it to score."""
    *_, (before, after, events) = week_ends()[0]
    assert scored(events, "yspahan.ev.souks_scored") == {GREEN: 5, RED: 18, BLUE: 12}
    assert scored(events, "yspahan.ev.caravan_week") == {} and after.caravan == []
