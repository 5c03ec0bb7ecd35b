"""The focused picture posted after every step: made for a phone held upright, public, legible."""

from __future__ import annotations

import pytest

import render
from render.al_rashid import render_focus
from render.al_rashid.focus import WIDTH, focused_area
from render.kit import MAX_BYTES, illegible
from tests.render import fixtures
from tests.render.conftest import png_image

MOMENTS = sorted(fixtures.MOMENTS)


def texts(view, locale="en") -> list[str]:
    return [label.text for label in render_focus(view, locale=locale).info["labels"]]


def event(key: str, **params) -> dict:
    return fixtures.question(f"al_rashid.ev.{key}", **params)


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_players_secrets_never_reach_the_focused_picture(moment):
    view = fixtures.MOMENTS[moment]()
    assert render.focus_png(fixtures.with_secrets(view, seat=0)) == render.focus_png(view)


def test_a_players_own_view_is_refused():
    with pytest.raises(ValueError, match="public view"):
        render_focus(fixtures.hand_of_red())


@pytest.mark.parametrize("moment", MOMENTS)
def test_it_is_a_phone_picture_that_fits_discord(moment):
    data = render.focus_png(fixtures.MOMENTS[moment](), "it")
    assert data is not None and len(data) <= MAX_BYTES
    assert png_image(data).width == WIDTH


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("moment", MOMENTS)
def test_every_text_is_legible_on_a_phone(moment, locale):
    image = render_focus(fixtures.MOMENTS[moment](), locale=locale)
    assert len(image.info["labels"]) > 40
    assert illegible(image) == []


def test_the_area_being_resolved_is_in_focus_with_its_revealed_mercenaries():
    view = fixtures.battle()
    assert focused_area(view) == "silk_road"
    shown = texts(view)
    assert shown[:2] == ["Turn 4 of 5", "Resolution · round 1 · Silk Road: battle"]
    assert view.question_for(0).text("en") == " ".join(shown[2:4])  # wrapped on two lines
    # the focused area comes first, with its stacks, names and revealed tiles, then every area in brief
    focus = shown[shown.index("Silk Road"):shown.index("Spies' palace")]
    assert {"Red", "Green", "3", "2", "4"} <= set(focus)


def test_a_placement_puts_the_area_just_placed_in_in_focus():
    view = fixtures.placement()
    assert focused_area(view) == "silk_road"
    assert focused_area(view.model_copy(update={"last_changed": []})) is None
    shown = texts(view.model_copy(update={"last_changed": ["caliph"]}), "it")
    focus = shown[shown.index("Palazzo di Al-Rashid"):shown.index("Palazzo delle Spie")]
    assert "Astrologo" in focus  # a charge still offered there, by name


def test_the_latest_public_events_come_newest_first():
    red, green = fixtures.name("colour", "red"), fixtures.name("colour", "green")
    log = [event("placed", player=red, piece=fixtures.name("piece", "sage"), **fixtures.at("silk_road")),
           event("placed", player=green, piece=fixtures.name("piece", "pasha"), **fixtures.at("sanmatia"))]
    shown = texts(fixtures.placement().model_copy(update={"log": log}))
    latest = shown[shown.index("Latest") + 1:shown.index("Latest") + 3]
    assert latest == ["• Green placed a Pasha in Sanmatia.", "• Red placed a Sage on Silk Road."]


def test_at_the_end_it_names_the_winner_and_every_family():
    shown = texts(fixtures.game_over())
    assert "The game is over: Yellow wins with 31 points." in shown
    assert {"Red", "Yellow", "Green", "Blue"} <= set(shown)


def test_families_show_what_they_hold_and_which_charges_are_used():
    view = fixtures.placement()
    image = render_focus(view)
    labels = {label.text: label for label in image.info["labels"]}
    assert "Hardwood Importer" in labels  # Green's, used this turn: struck and softened
    assert labels["Hardwood Importer"].fill != labels["Law Expert"].fill
    assert "⚔3" in labels and "★2" in labels
