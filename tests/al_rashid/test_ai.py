"""The computer player spends what would score nothing: goods left at the end of a match are worth no points."""

from engine.ai import play_out
from engine.al_rashid import GAME
from engine.al_rashid.barter import gold_value


def test_heuristic_families_spend_their_goods_before_the_match_ends():
    """Four heuristic seats, seeds 1-4: the families end holding little in goods (about 31 gold of goods each when
    goods were worth as much in the last turn as before it, about 11 since they are worth nothing then)."""
    left = []
    for seed in range(1, 5):
        final, _ = play_out(GAME, ["heuristic"] * 4, seed)
        left += [gold_value(final.family(seat).goods) for seat in range(4)]
    assert sum(left) / len(left) <= 15
