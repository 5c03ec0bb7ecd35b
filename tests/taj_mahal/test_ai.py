"""The computer player (engine.taj_mahal.ai): it reads only what its seat may know, beats random play, and
plays sensibly (the rulebook's "STRATEGIE DI GIOCO"). The dummy Carletto is never this player."""

import random

from engine.ai import play_out, suggested_turn
from engine.taj_mahal import GAME
from engine.taj_mahal.ai import HEURISTIC
from engine.taj_mahal.vocab import SP_POINTS

from .builders import go, options, play, played, player, table, visit


def test_it_reads_only_what_its_seat_may_know():
    """Another hand, the deck order and the RNG changed (perturb_hidden, seat not entitled): same choice."""
    compared = 0
    for seats, params in ((4, {}), (2, {}), (1, {})):
        s = GAME.new_game(params, seats, 5)
        rng = random.Random(5)
        while active := GAME.active_seats(s):
            seat = min(active)
            probe = random.Random(s.steps)
            perturbed = GAME.perturb_hidden(s, probe)
            choice = HEURISTIC.choose(GAME, s, seat, random.Random(1))
            if perturbed is not None and seat not in perturbed[1]:
                assert HEURISTIC.choose(GAME, perturbed[0], seat, random.Random(1)) == choice
                compared += 1
            s, _ = GAME.apply(s, seat, HEURISTIC.choose(GAME, s, seat, rng))
        assert GAME.outcome(s) is not None
    assert compared > 100


def test_it_beats_random_players():
    """A sample of the figures in docs/benchmarks.md (measured there over hundreds of seeds)."""
    wins = 0
    for seed in range(10):
        final, _ = play_out(GAME, ["heuristic", "random", "random", "random"], seed)
        wins += GAME.outcome(final).ranking[0] == 0
    assert wins >= 8


def test_it_always_plays_the_plus_two_card():
    s = table(3, hands={0: ["red-ev", "red-ee", "white-e"]})
    player(s, 0).specials = [SP_POINTS]
    s, _ = play(s, "play red-ev")
    assert HEURISTIC.choose(GAME, s, 0, random.Random(0)).notation() == "add sp-points"


def test_it_withdraws_with_a_worthwhile_lead_rather_than_spend_cards():
    """"I giocatori migliori solitamente si ritirano presto"."""
    s = table(3, hands={0: ["red-ee", "red-ev", "red-eg"]})
    played(s, 0, "red-ee", "red-em")
    played(s, 1, "yellow-ev")
    s = go(s, 0)
    assert HEURISTIC.choose(GAME, s, 0, random.Random(0)).notation() == "withdraw"


def test_it_plays_a_card_that_wins_the_prizes():
    s = table(3, hands={0: ["red-vg", "red-ee"]})
    played(s, 1, "yellow-ee")
    s = go(s, 0)
    s.players[0].turns = 1  # not its first turn: no card to draw by withdrawing
    assert HEURISTIC.choose(GAME, s, 0, random.Random(0)).notation() == "play red-vg"


def test_it_builds_where_the_bonus_tile_pays():
    s = table(3)
    visit(s, "agra")
    s.bonus = {"agra": "taj", "mathura": "rice"}
    played(s, 0, "red-ev")
    s = go(s, 0)
    s, _ = play(s, "withdraw")
    assert options(s)[0] != "city agra"
    assert HEURISTIC.choose(GAME, s, 0, random.Random(0)).notation() == "city agra"
    assert suggested_turn(GAME, s, 0)[0][0].notation() == "city agra"  # the green button builds there too


def test_carletto_is_never_asked():
    """The dummy follows the rulebook's algorithm by itself: no seat is ever his."""
    final, log = play_out(GAME, ["heuristic", "heuristic"], 3)
    dummy = next(p for p in final.players if p.seat is None)
    assert dummy.score > 0 and all(seat in (0, 1) for seat, _ in log)
