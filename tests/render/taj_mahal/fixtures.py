"""Taj Mahal views of positions built with the engine (no computer player involved), so the golden images stay
put: the middle of a 4-player visit, a 2-player visit beside Carletto, the 9-province map, a finished match,
and a player's hand with a card picked."""

from __future__ import annotations

from engine.taj_mahal import GAME
from engine.taj_mahal.flow import Ctx
from engine.taj_mahal.state import State
from engine.taj_mahal.view import TajMahalView
from engine.taj_mahal.visit import finish
from engine.taj_mahal.vocab import SP_COLOUR, SP_POINTS
from tests.taj_mahal.builders import go, play, played, player, table, visit


def _decorated(s: State) -> State:
    """Palaces, won tiles and goods from the visits before this one."""
    n = len(s.players)
    s.palaces.update({"jammu": 0, "panipat": 0, "delhi": 1, "lahore": 2 % n, "multan": 3 % n, "mandu": 0,
                      "kalpi": 1})
    s.crown_palaces.update({"delhi": 2 % n, "srinagar": 3 % n})
    for city in ("delhi", "lahore", "multan", "mandu"):
        s.bonus.pop(city, None)
    for p, tiles, goods, influence in ((0, [1, 3], ["tea"], ["vizier"]), (1, [2], ["rice", "spice"], []),
                                        (2, [4], [], ["monk"]), (3, [], ["jewels"], ["princess"])):
        if p < len(s.players):
            player(s, p).provinces, player(s, p).goods, player(s, p).influence = tiles, goods, influence
            player(s, p).points = {"bonus": 3 + p, "palaces": 6 - p, "provinces": 4 + 2 * p}
    s.out_of_game = [5]
    s.log_tail = []
    return s


def mid_visit() -> TajMahalView:
    """Visit 6, in Allahabad: Blue and Orange fight for the Elephants, Black withdrew, Brown plays on."""
    s = table(4, seed=3, start=0, hands={0: ["red-ee", "red-ev", "white-e"], 1: ["yellow-eg"], 2: [], 3: ["green-ep"]})
    visit(s, "allahabad", 6)
    _decorated(s)
    played(s, 0, "red-em", "white-e", "red-ee")
    played(s, 1, "yellow-ee", "yellow-ec", "sp-points")
    played(s, 3, "green-vg")
    player(s, 1).specials = []
    player(s, 0).specials = [SP_COLOUR]
    s.specials_table.remove(SP_COLOUR)
    s.specials_table.remove(SP_POINTS)
    s = go(s, 2)
    s, _ = play(s, "withdraw")
    while 2 in GAME.active_seats(s):
        s, _ = play(s, GAME.legal_actions(s, 2)[0].notation())
    return GAME.view(s, None)


def duel() -> TajMahalView:
    """Two players and Carletto, who has played his colour."""
    s = table(2, seed=4, start=1, hands={0: ["purple-ee", "purple-gp"], 1: ["green-ee"]})
    visit(s, "gujarat", 4)
    _decorated(s)
    played(s, 2, "red-vc", "red-ee")
    played(s, 1, "green-ev")
    return GAME.view(go(s, 0), None)


def nine() -> TajMahalView:
    s = table(3, seed=5, start=2, provinces=9, hands={2: ["red-ee"]})
    played(s, 0, "yellow-ee")
    return GAME.view(go(s, 2), None)


def game_over() -> TajMahalView:
    s = table(3, seed=6)
    _decorated(s)
    player(s, 0).hand = ["white-e", "red-ee", "red-ev"]
    player(s, 2).hand = ["green-ee", "white-v"]
    player(s, 1).hand = []
    finish(Ctx(s))
    return GAME.view(s, None)


def hand_with_a_pick() -> TajMahalView:
    s = table(3, seed=7, hands={0: ["red-ee", "red-ev", "red-gm", "yellow-pc", "white-e", "white-c", "purple-ee"]})
    player(s, 0).specials = [SP_POINTS]
    s.specials_table.remove(SP_POINTS)
    s, _ = play(s, "play red-ev")
    return GAME.view(s, 0)


PUBLIC = {"mid_visit": mid_visit, "duel": duel, "nine": nine, "game_over": game_over}
