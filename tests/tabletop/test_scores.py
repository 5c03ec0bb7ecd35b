"""The places a result recorded at the table gives: scores first, then each rulebook's tie-break (Al-Rashid:
gold wealth, then the earlier place in the final turn order, 003; Notre Dame: coins plus cubes in the personal
supply, then shared, 002; Taj Mahal and Yspahan: shared, 001 and 004), and the refusals of a result that
cannot be (too few or too many players, a player twice, a tie left without its tie-break)."""

import pytest

from bot.results import from_stored
from bot.services import Refusal
from bot.tabletop.scores import Recorded, outcome
from engine.core import get_game


def places(game, players):
    found = outcome(get_game(game).spec, players)
    seats = [{"seat": i, "user_id": p.player} for i, p in enumerate(players)]
    result = from_stored(match_id=1, game=game, guild_id=1, finished_at=0.0, seats=seats, outcome=found)
    assert result is not None
    return {s.player: s.place for s in result.seats}


def refused(game, players):
    with pytest.raises(Refusal) as caught:
        outcome(get_game(game).spec, players)
    return caught.value.message


def test_the_higher_score_places_first():
    assert places("yspahan", [Recorded(1, 40), Recorded(2, 52), Recorded(3, 45)]) == {2: 1, 3: 2, 1: 3}


@pytest.mark.parametrize("game", ["yspahan", "taj-mahal"])
def test_a_game_without_a_tie_break_shares_the_place(game):
    assert places(game, [Recorded(1, 30), Recorded(2, 30), Recorded(3, 20)]) == {1: 1, 2: 1, 3: 3}
    assert refused(game, [Recorded(1, 30, 4), Recorded(2, 30, 5), Recorded(3, 20)]).key == "tabletop.refusal.no_tiebreak"


def test_al_rashid_breaks_a_tie_by_gold_then_by_the_earlier_place_in_the_final_turn_order():
    assert places("al-rashid", [Recorded(1, 30, 4), Recorded(2, 30, 9), Recorded(3, 20)]) == {2: 1, 1: 2, 3: 3}
    # equal on gold too: the player listed first (the earlier in the final turn order) wins
    assert places("al-rashid", [Recorded(1, 20), Recorded(2, 30, 9), Recorded(3, 30, 9)]) == {2: 1, 3: 2, 1: 3}


def test_notre_dame_breaks_a_tie_by_coins_plus_cubes_and_shares_it_when_they_are_equal_too():
    assert places("notre-dame", [Recorded(1, 50, 3), Recorded(2, 50, 7), Recorded(3, 41)]) == {2: 1, 1: 2, 3: 3}
    assert places("notre-dame", [Recorded(1, 50, 7), Recorded(2, 50, 7), Recorded(3, 41)]) == {1: 1, 2: 1, 3: 3}


def test_a_tie_without_its_tie_break_is_refused_naming_the_tied_players_and_the_tie_break():
    message = refused("notre-dame", [Recorded(1, 50, 3), Recorded(2, 50), Recorded(3, 41)])
    assert message.key == "tabletop.refusal.tiebreak_needed"
    assert message.text("en") == ("<@1>, <@2> tie on 50 points: Notre Dame breaks the tie by coins plus cubes in the "
                                  "personal supply. Give each of them theirs (tiebreak1 to tiebreak5, in the players' "
                                  "order).")
    assert "monete più cubetti" in message.text("it")


def test_a_result_outside_the_game_s_seats_or_naming_a_player_twice_is_refused():
    assert refused("yspahan", [Recorded(1, 3), Recorded(2, 4)]).text("en") == (
        "Yspahan is played by 3 to 4 players, and this result names 2.")
    assert refused("yspahan", [Recorded(1, 3), Recorded(2, 4), Recorded(1, 5)]).text("it") == (
        "<@1> è nominato due volte: ogni giocatore compare una volta sola.")
