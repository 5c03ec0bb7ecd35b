"""Games plug in: the engine finds its game packages without a list to edit, and each game tells the table's
status line (`headline`) and the options a new match may choose (`options`, from its params model)."""

import enum
import importlib
import pkgutil
from typing import Literal

import pytest
from pydantic import BaseModel, Field

import engine
from engine.ai import play_out
from engine.core import Malformed, games
from engine.core.messages import has_key
from engine.core.options import options_of
from tests.support.simultaneous import GAME as BLIND_BID
from tests.support.toy_game import GAME as TOY


def test_every_game_package_of_the_engine_is_registered():
    packages = [m.name for m in pkgutil.iter_modules(engine.__path__) if m.ispkg and m.name != "core"]
    assert "al_rashid" in packages
    for name in packages:
        game = importlib.import_module(f"engine.{name}").GAME
        assert games()[game.spec.key] is game


@pytest.mark.parametrize("key", sorted(k for k, g in games().items() if type(g).__module__.startswith("engine.")))
def test_the_headline_reads_in_both_languages_from_start_to_end(key):
    game = games()[key]
    final, log = play_out(game, ["random"] * game.spec.min_seats, seed=3)
    state = game.new_game(None, game.spec.min_seats, 3)
    for seat, notation in log[: len(log) // 2]:
        state, _ = game.apply(state, seat, notation)
    for moment in (game.new_game(None, game.spec.min_seats, 3), state, final):
        headline = game.headline(moment)
        assert has_key(headline.key, "en") and has_key(headline.key, "it")
        assert "{" not in headline.text("en") and "{" not in headline.text("it")


def test_al_rashid_headline_says_turn_phase_round_and_who_moves():
    game = games()["al-rashid"]
    state = game.new_game(None, 3, 1)
    assert game.headline(state).text() == "Setup · Red to move: draw a first mercenary tile"
    for _ in range(3):
        (seat,) = game.active_seats(state)
        state, _ = game.apply(state, seat, game.legal_actions(state, seat)[0])
    (seat,) = game.active_seats(state)
    colour = game.view(state, None).families[seat].colour
    name = {"red": "Rosso", "yellow": "Giallo", "green": "Verde"}[colour]
    assert game.headline(state).text("it") == f"Turno 1 di 5 · Piazzamento, giro 1 · tocca a {name}"
    assert game.headline(play_out(game, ["random"] * 3, seed=1)[0]).text() == "Game over after 5 turns"


def test_a_simultaneous_headline_counts_who_is_still_choosing():
    state = BLIND_BID.new_game(None, 3, 1)
    state, _ = BLIND_BID.apply(state, 2, "play 1")
    state, _ = BLIND_BID.apply(state, 2, "confirm")
    assert BLIND_BID.headline(state).text() == "Round 1 of 3: 2 still choosing"


# ---- options ----------------------------------------------------------------------------------------

class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Params(BaseModel):
    dummy: bool = False
    provinces: Literal[7, 9] = 7
    colour: Colour = Colour.BLUE
    rounds: int = Field(default=3, ge=1, lt=6)
    heap: int = 7


def test_options_are_read_from_the_params_model_in_field_order():
    found = {o.name: o for o in options_of(Params, "my-game")}
    assert list(found) == ["dummy", "provinces", "colour", "rounds", "heap"]
    assert found["dummy"].label.key == "my_game.option.dummy"
    assert [(c.value, c.label.key) for c in found["dummy"].choices] == [(True, "core.option.yes"), (False, "core.option.no")]
    assert [(c.value, c.label.key) for c in found["provinces"].choices] == \
        [(7, "my_game.option.provinces.7"), (9, "my_game.option.provinces.9")]
    assert [c.value for c in found["colour"].choices] == ["red", "blue"] and found["colour"].default == "blue"
    assert (found["rounds"].choices, found["rounds"].low, found["rounds"].high, found["rounds"].default) == ((), 1, 5, 3)
    assert (found["heap"].low, found["heap"].high) == (None, None)


def test_an_option_no_player_could_choose_is_a_programming_error():
    class Odd(BaseModel):
        weights: list[int] = []

    with pytest.raises(TypeError, match="weights"):
        options_of(Odd, "odd")


def test_games_offer_their_options_with_words_in_both_languages():
    assert games()["al-rashid"].options() == []   # the rulebook gives no variant
    options = BLIND_BID.options()
    assert [(o.name, o.default) for o in options] == [("rounds", 3), ("rule", "highest")]
    for option in options:
        for message in (option.label, *(c.label for c in option.choices)):
            assert has_key(message.key, "en") and has_key(message.key, "it")
    assert [o.name for o in TOY.options()] == ["heap"]


def test_a_bad_option_is_refused_with_a_sentence():
    with pytest.raises(Malformed) as refused:
        BLIND_BID.new_game({"rounds": 9}, 3, 1)
    assert refused.value.message.key == "core.bad_option"
    assert refused.value.text().startswith("Blind Bid cannot start with that option (rounds): ")
    assert BLIND_BID.parse_params({"rounds": "4", "rule": "lowest"}).rounds == 4
