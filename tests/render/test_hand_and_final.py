"""The private hand and the final score."""

from __future__ import annotations

import pytest

from engine.core.views import TiebreakScoreView
from render.al_rashid import render_final, render_hand
from render.kit import illegible
from tests.render import fixtures


def texts(image) -> list[str]:
    return [label.text for label in image.info["labels"]]


def test_a_hand_shows_the_owners_tiles_goods_charges_and_spied_tiles():
    view = fixtures.hand_of_red()
    shown = texts(render_hand(view))
    assert shown[0] == "Red family — private"
    # red 2, red 4 twice, blue 3 in hand; red 3 and 4 seen on the Silk Road, blue 2 on the Mare Internum
    assert sorted(shown[shown.index("Your mercenaries") + 1:shown.index("Your goods")]) == ["2", "3", "4", "4"]
    assert "Silk Road" in shown and "Mare Internum" in shown
    assert "Strategist" in shown and "Each of your mercenary tiles is worth +1." in shown
    assert "used this turn" in " ".join(shown)  # the Negotiator was used


def test_a_hand_with_nothing_says_so():
    view = fixtures.private(fixtures.placement(), 3, {}, {})
    shown = texts(render_hand(view, locale="it"))
    assert "nessuna tessera mercenario" in shown and "ancora nulla" in shown


def test_a_hand_needs_the_players_own_view():
    with pytest.raises(ValueError):
        render_hand(fixtures.placement())


def test_the_final_score_lists_families_best_first_with_the_tie_break_that_decided():
    shown = texts(render_final(fixtures.game_over()))
    assert [s for s in shown if s in ("Red", "Yellow", "Green", "Blue")] == ["Yellow", "Green", "Red", "Blue"]
    # the two families tied on 31 points show the gold that decided between them
    assert [s for s in shown if s.startswith("Gold")] == ["Gold, which broke the tie"] * 2
    assert "Tie on points: decided by the most gold wealth." in shown
    assert "Winner: Yellow" in shown and "Al-Rashid · Final score" in shown


def test_without_a_tie_the_final_score_shows_no_tie_break():
    view = fixtures.game_over()
    score = view.score.model_dump()
    score.update(scores={0: 24, 1: 31, 2: 30, 3: 18}, ranking=[1, 2, 0, 3], tiebreak_used=None)
    shown = texts(render_final(view.model_copy(update={"score": TiebreakScoreView(**score)}), locale="it"))
    assert not any(s.startswith("Ori") for s in shown) and "Membri" in shown and "Vince Giallo" in shown
    assert "31" in shown and "30" in shown


def test_the_final_score_needs_a_finished_game():
    with pytest.raises(ValueError):
        render_final(fixtures.placement())


@pytest.mark.parametrize("locale", ["en", "it"])
def test_hand_and_score_stay_legible_on_a_phone(locale):
    for image in (render_hand(fixtures.hand_of_red(), locale=locale), render_final(fixtures.game_over(), locale=locale)):
        assert len(image.info["labels"]) > 10
        assert illegible(image) == []
