"""The final score of every game in one phone-first layout: the game's name, the winners marked alike, every
player's name as they write it, every part of every score, nothing cut, legible on a phone."""

from __future__ import annotations

from functools import cache

import pytest

import render
from engine.core import get_game
from render.final import WIDTH, WINNER_GOLD
from render.kit import illegible, tallest
from render.sample import playout
from tests.support.names import NAMES

COUNTS = {"al-rashid": (2, 3, 4, 5), "taj-mahal": (2, 3, 4, 5), "notre-dame": (2, 3, 4, 5), "yspahan": (3, 4)}
CASES = [(key, players) for key, counts in COUNTS.items() for players in counts]


@cache
def finished(key: str, players: int):
    game = get_game(key)
    *_, last = playout(game, players, 7 + players, "heuristic")
    return game.view(last, None)


def names_for(players: int, offset: int) -> dict[int, str]:
    return {seat: NAMES[(offset + seat * 7) % len(NAMES)] for seat in range(players)}


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize(("key", "players"), CASES)
def test_the_final_score_is_made_for_a_phone(key, players, locale):
    view = finished(key, players)
    pictures = render.for_game(key)
    names = names_for(players, players)
    image = pictures.final(view, pictures.theme, locale, names)
    labels = image.info["labels"]
    assert image.width == WIDTH and image.height <= tallest(image.width)
    assert illegible(image) == []
    assert not [label.text for label in labels if label.cut]
    title = get_game(key).spec.title
    assert labels[0].text == f"{title} · {'Final score' if locale == 'en' else 'Punteggio finale'}"
    shown = "".join(label.text for label in labels).replace(" ", "")
    for name in names.values():  # whole, on one line or two
        assert name.replace(" ", "") in shown, name


@pytest.mark.parametrize(("key", "players"), CASES)
def test_the_winners_cards_and_only_theirs_wear_the_gold_frame(key, players):
    view = finished(key, players)
    pictures = render.for_game(key)
    image = pictures.final(view, pictures.theme, "en")
    frames = [y for y in range(image.height) if image.getpixel((30, y)) == WINNER_GOLD]
    winners = [label for label in image.info["labels"] if label.text.startswith(("Winner: ", "Winners, "))]
    assert len(winners) == 1 and frames
    score = view.score
    best = score.scores[score.ranking[0]]
    tied = [seat for seat in score.ranking if score.scores[seat] == best]
    # every frame of gold is within the first cards: as many as there are winners
    ranks = [label for label in image.info["labels"] if label.text == "1" and label.size == pictures.theme.type.heading]
    assert 1 <= len(ranks) <= len(tied)
    assert max(frames) < min((label.box[1] for label in image.info["labels"]
                              if label.text == "2" and label.size == pictures.theme.type.heading), default=10**6)


@pytest.mark.parametrize("key", sorted(COUNTS))
def test_every_real_world_name_fits_whole_on_the_final_score(key):
    players = max(COUNTS[key])
    view = finished(key, players)
    pictures = render.for_game(key)
    for offset in range(0, len(NAMES), players):
        names = {seat: NAMES[(offset + seat) % len(NAMES)] for seat in range(players)}
        image = pictures.final(view, pictures.theme, "en", names)
        assert not [label.text for label in image.info["labels"] if label.cut]
        assert illegible(image) == []
        shown = "".join(label.text for label in image.info["labels"]).replace(" ", "")
        assert all(name.replace(" ", "") in shown for name in names.values())
