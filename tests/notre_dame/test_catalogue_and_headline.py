"""What the bot tells about Notre Dame beside the table: `/card` (the 15 persons, the 9 action cards and the 4 kinds
of message, 002_5dba4fcea6f02f9d.txt "LE CARTE PERSONAGGIO", "Le carte azione") and the table's status line."""

from bot.queries.cards import search
from engine.core.catalogue import catalogue, component
from engine.core.messages import Message
from engine.notre_dame import GAME
from engine.notre_dame import words as w

from .builders import acting, at, closing, new


def test_the_catalogue_holds_the_persons_the_action_cards_and_the_messages():
    kinds = [c.kind for c in catalogue("notre-dame")]
    assert (kinds.count("person"), kinds.count("card"), kinds.count("message")) == (15, 9, 4)
    doctor = component("notre-dame", "person-doctor")
    assert doctor.text("name", "it") == "Medico"
    assert [f.value["en"] for f in doctor.facts] == ["Brown: appears once every period",
                                                     "3, added to the plague of the round it appears in"]
    lawyer = component("notre-dame", "person-lawyer")
    assert lawyer.facts[0].value["it"] == "Grigia, passaggio B: compare una volta in tutto il gioco"


def test_components_are_found_by_name_in_either_language():
    assert [c.id for c in search("notre-dame", "giull", "en")] == ["person-jester"]
    assert [c.id for c in search("notre-dame", "fiduc", "it")] == ["card-trusted_friend"]
    assert "card-carriage_house" in [c.id for c in search("notre-dame", "rimessa", "it")]


def test_the_headline_says_round_period_phase_and_who_is_asked():
    s = new(3, seed=1)
    assert GAME.headline(s).text("en") == "Round 1 of 9 (period A), choosing cards · Red, Yellow, Green to move"
    s = acting(3, bell=1)
    s = at(s, "idle bank")
    assert GAME.headline(s).text("it") == "Round 1 di 9 (passaggio A), carte azione · tocca a Verde"
    over, _ = closing(new(2), round=9)
    assert GAME.headline(over).text("en") == "Game over after nine rounds"


def test_every_carriage_destination_fits_on_a_button():
    """A Discord button holds 80 characters (two of them for the suggestion's mark): the longest carriage label
    (the fifth colour's market with the longest reward) fits in both languages."""
    labels = [Message("notre_dame.act.go", {"market": w.market(f"{colour}.4"),
                                            "message": w.message_on_button(f"{colour}-{kind}")}).text(locale)
              for colour in ("red", "yellow", "green", "blue", "purple") for kind in range(1, 5)
              for locale in ("en", "it")]
    assert max(map(len, labels)) <= 78, max(labels, key=len)
