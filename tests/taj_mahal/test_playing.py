"""Playing cards, 001_f0a91e4b7c938d9d.txt "Giocare le carte" and "Le carte speciali"."""

import pytest

from engine.core.errors import Illegal
from engine.taj_mahal import GAME
from engine.taj_mahal.vocab import SP_COLOUR, SP_ELEPHANT, SP_POINTS

from .builders import active, asked, keys, options, play, player, table


def hands(**by_index):
    return {int(k[1:]): v for k, v in by_index.items()}


def test_a_turn_is_one_coloured_card_or_withdrawing():
    """"deve mettere una sola carta colorata ... oppure ritirarsi"; white cards are never offered alone."""
    s = table(3, hands=hands(p0=["red-ev", "yellow-eg", "white-e"]))
    assert asked(s) == "turn"
    assert options(s) == ["play red-ev", "play yellow-eg", "withdraw"]


def test_a_white_card_goes_with_the_coloured_card():
    """"In aggiunta alla carta colorata, un giocatore può anche giocare una sola carta bianca"."""
    s = table(3, hands=hands(p0=["red-ev", "white-e", "white-v"]))
    s, _ = play(s, "play red-ev")
    assert asked(s) == "extra"
    assert options(s) == ["add white-e", "add white-v", "alone", "back"]
    s, events = play(s, "add white-v")
    assert player(s, 0).played == ["red-ev", "white-v"]
    assert player(s, 0).hand == ["white-e"]
    assert keys(events)[0] == "played" and active(s) == 1


def test_without_white_or_special_cards_the_card_is_played_at_once():
    s = table(3, hands=hands(p0=["red-ev", "red-ee"]))
    s, _ = play(s, "play red-ee")
    assert player(s, 0).played == ["red-ee"] and active(s) == 1


def test_choosing_again():
    s = table(3, hands=hands(p0=["red-ev", "red-ee", "white-e"]))
    s, _ = play(s, "play red-ev", "back")
    assert asked(s) == "turn" and player(s, 0).hand == ["red-ee", "red-ev", "white-e"]


def test_the_first_coloured_card_fixes_the_colour_of_the_visit():
    """"Nei turni successivi, le carte colorate giocate ... devono essere dello stesso colore della prima"."""
    s = table(3, hands=hands(p0=["red-ev", "red-ee", "yellow-eg"], p1=["green-ee", "green-eg"],
                             p2=["purple-ee", "purple-eg"]))
    s, _ = play(s, "play red-ev", "play green-ee", "play purple-ee")
    assert player(s, 0).visit_colour == "red"
    assert options(s) == ["play red-ee", "withdraw"]


def test_a_new_visit_frees_the_colour():
    """"nella visita successiva, i giocatori possono di nuovo scegliere un qualsiasi colore"."""
    s = table(3, hands=hands(p0=["red-ev", "yellow-eg"], p1=["green-ee"], p2=["purple-ee"]))
    s, _ = play(s, "play red-ev", "withdraw")
    while asked(s) != "turn" or active(s) != 0:
        s, _ = play(s, options(s)[0])
    assert player(s, 0).visit_colour is None
    assert "play yellow-eg" in options(s)


def test_the_colour_change_card_allows_another_colour_for_that_turn_only():
    """"La carta colorata giocata insieme a questa carta speciale può essere di un colore diverso ...
    (l'effetto vale solo per il turno in cui è giocata)"."""
    s = table(3, hands=hands(p0=["red-ev", "yellow-eg", "yellow-ee"], p1=["green-ee", "green-eg"],
                             p2=["purple-ee", "purple-eg"]))
    player(s, 0).specials = [SP_COLOUR]
    s, _ = play(s, "play red-ev", "alone", "play green-ee", "play purple-ee")
    assert "play yellow-eg" in options(s)
    s, _ = play(s, "play yellow-eg")
    assert options(s) == ["add sp-colour", "back"]
    s, _ = play(s, "add sp-colour", "play green-eg", "play purple-eg")
    assert player(s, 0).visit_colour == "red"
    assert options(s) == ["withdraw"]  # the colour-change card is in play until the player withdraws


def test_colour_change_on_the_first_turn_leaves_the_colour_to_the_next_card():
    """"Se un giocatore gioca la carta cambia colore al suo primo turno, è la carta giocata nel turno
    successivo che determina il colore che dovrà usare nella tappa"."""
    s = table(3, hands=hands(p0=["red-ev", "yellow-eg", "red-ee"], p1=["green-ee", "green-eg"],
                             p2=["purple-ee", "purple-eg"]))
    player(s, 0).specials = [SP_COLOUR]
    s, _ = play(s, "play red-ev", "add sp-colour")
    assert player(s, 0).visit_colour is None
    s, _ = play(s, "play green-ee", "play purple-ee")
    assert options(s) == ["play red-ee", "play yellow-eg", "withdraw"]
    s, _ = play(s, "play yellow-eg")
    assert player(s, 0).visit_colour == "yellow"


def test_the_plus_two_card_scores_at_once():
    """"il giocatore riceve immediatamente 2 punti influenza quando gioca questa carta speciale"."""
    s = table(3, hands=hands(p0=["red-ev"]))
    player(s, 0).specials = [SP_POINTS]
    s, events = play(s, "play red-ev", "add sp-points")
    assert player(s, 0).points == {"special": 2}
    assert "special_points" in keys(events)


def test_special_cards_return_to_the_hand_when_withdrawing():
    """"Queste carte hanno il vantaggio che ritornano in mano ai giocatori invece di essere scartate"."""
    s = table(3, hands=hands(p0=["red-ev", "white-e"], p1=["green-ee"], p2=["purple-ee"]))
    player(s, 0).specials = [SP_ELEPHANT]
    s, _ = play(s, "play red-ev", "add sp-elephant", "play green-ee", "play purple-ee")
    assert player(s, 0).specials == []
    discards = len(s.discard)
    s, _ = play(s, "withdraw")  # wins the Vizier
    s, _ = play(s, options(s)[0])
    assert asked(s) == "take"
    assert player(s, 0).specials == [SP_ELEPHANT]
    assert len(s.discard) == discards + 1  # the red card only


def test_a_special_card_counts_as_a_white_card_with_its_symbol():
    """"+ 1 elefante: Come una carta bianca con l'Elefante"."""
    from engine.taj_mahal.rules import symbol_counts

    assert symbol_counts(["red-ev", SP_ELEPHANT, "sp-mogul", SP_POINTS, SP_COLOUR]) == \
        {"elephant": 2, "vizier": 1, "mogul": 1}


def test_a_hand_too_large_for_one_menu_is_asked_the_colour_first():
    """Every decision is a small step with at most 25 options: 32 kinds of coloured card to choose from are
    asked colour first, then the card of that colour (and back to the colours)."""
    from engine.taj_mahal.data import load

    kinds = sorted({k for k in load().cards.deck() if not k.startswith(("white", "purple"))})
    s = table(3, hands=hands(p0=kinds))
    assert len(kinds) == 33 and options(s) == ["colour red", "colour yellow", "colour green", "withdraw"]
    with pytest.raises(Illegal) as refused:
        GAME.apply(s, 0, "colour purple")
    assert refused.value.message.key == "taj_mahal.illegal.no_card_of_colour"
    s, _ = play(s, "colour green")
    assert options(s) == [f"play {k}" for k in kinds if k.startswith("green")] + ["withdraw", "back"]
    s, _ = play(s, "back", "colour red", "play red-ev")
    assert player(s, 0).played == ["red-ev"] and active(s) == 1
