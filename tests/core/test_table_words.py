"""The table says in words whose move it is and what they must decide, in every game and both languages; and
Italian reads as Italian writes it ("tocca ad Arancione", "collegata ad Allahabad")."""

import random

import pytest

from engine.core.game import get_game
from engine.core.messages import Message, translate

GAMES = ("al-rashid", "taj-mahal", "notre-dame", "yspahan")
TO_MOVE = {"en": " to move", "it": "tocca a"}


@pytest.mark.parametrize("key", GAMES)
def test_the_headline_names_who_moves_and_the_table_reads_what_each_must_decide(key):
    game = get_game(key)
    state, rng = game.new_game(None, 3, 7), random.Random(7)
    for _ in range(200):
        active = sorted(game.active_seats(state))
        if not active:
            break
        asked = dict(game.questions(state, None))
        assert sorted(asked) == active, "the table reads every active seat's question"
        for locale in ("en", "it"):
            headline = game.headline(state).text(locale)
            assert TO_MOVE[locale] in headline, headline
            for question in asked.values():
                words = question.text(locale)
                assert "{" not in words and words.rstrip().endswith((".", "?", ")")), words
                who = Message.from_json(question.params["player"]).text(locale)
                assert who in headline and who in words, (headline, words)
        seat = active[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_italian_writes_ad_and_ed_before_the_same_vowel():
    orange, agra = Message("taj_mahal.colour.orange"), Message("taj_mahal.city.agra")
    headline = translate("taj_mahal.headline.visit", "it", n=1, of=12, province="Kabul", now=orange)
    assert headline.endswith("tocca ad Arancione"), headline
    linked = translate("taj_mahal.ev.palace_points", "it", player=orange, n=3, province="Agra", linked=agra)
    assert "collegata ad Agra" in linked, linked
    assert translate("taj_mahal.headline.visit", "en", n=1, of=12, province="Kabul", now=orange).endswith(
        "Orange to move")
