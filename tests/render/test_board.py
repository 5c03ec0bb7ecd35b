"""The public board: what it shows, what it never shows, and that a player can read it."""

from __future__ import annotations

import pytest
from PIL import Image

from render.al_rashid import THEME, encode, render_board
from render.kit import MAX_BYTES, contrast
from render.kit.legibility import background_of, spread_on_phone
from tests.render import fixtures
from tests.render.conftest import png_image
from tests.render.gallery import board_problems

MOMENTS = sorted(fixtures.MOMENTS)


def board_bytes(view, locale="en") -> bytes:
    return encode(render_board(view, locale=locale))


# ---- hidden information -----------------------------------------------------------------------------
@pytest.mark.parametrize("moment", MOMENTS)
def test_a_players_secrets_never_reach_the_public_board(moment):
    view = fixtures.MOMENTS[moment]()
    assert board_bytes(fixtures.with_secrets(view, seat=0)) == board_bytes(view)


def test_a_players_own_view_is_refused():
    with pytest.raises(ValueError, match="public view"):
        render_board(fixtures.hand_of_red())


def test_revealed_mercenaries_show_their_value():
    view = fixtures.battle()
    silk = view.area("silk_road")
    changed = [t.model_copy(update={"value": 2 if t.value != 2 else 3}) for t in silk.mercenaries]
    other = view.model_copy(update={"areas": [a.model_copy(update={"mercenaries": changed})
                                              if a.id == "silk_road" else a for a in view.areas]})
    assert all(t.revealed for t in silk.mercenaries)
    assert board_bytes(other) != board_bytes(view)
    texts = {label.text for label in render_board(view).info["labels"]}
    assert {"3", "2", "4"} <= texts


# ---- what the board shows -----------------------------------------------------------------------------
def labels_of(view, locale="en") -> list[str]:
    return [label.text for label in render_board(view, locale=locale).info["labels"]]


def test_the_board_names_every_area_and_family_in_the_players_language():
    view = fixtures.mid_resolution()
    english, italian = labels_of(view), labels_of(view, "it")
    for name in ("Spies' palace", "Al-Rashid's palace", "Silk Road", "Nilus Valley", "Red", "White", "Turn"):
        assert name in english
    for name in ("Palazzo delle Spie", "Palazzo di Al-Rashid", "Rosso", "Bianco", "Turno"):
        assert name in italian


@pytest.mark.parametrize("locale", ["en", "it"])
def test_whose_step_it_is_is_written_with_their_question(locale):
    view = fixtures.battle()
    asked = view.question_for(0).text(locale)
    assert asked.startswith(("Red: ", "Rosso: ")) and "Silk Road" in asked
    texts = labels_of(view, locale)
    assert asked in texts
    assert any(text.startswith(("Resolution · round 1 · Silk Road", "Risoluzione · round 1 · Silk Road"))
               for text in texts)


def test_panels_count_mercenaries_but_never_show_their_values():
    view = fixtures.mid_resolution()
    texts = labels_of(view)
    assert "⚔6" in texts and "⚔4" in texts  # Blue holds six tiles, Red four


def test_the_last_step_and_the_resolving_area_are_ringed():
    view = fixtures.placement()
    plain = render_board(view.model_copy(update={"last_changed": []}))
    ringed = render_board(view)
    x0, y0, _, _ = __import__("render.al_rashid.layout", fromlist=["layout"]).layout(4).areas["silk_road"]
    assert ringed.getpixel((x0 - 3, y0 + 100)) == THEME.changed
    assert plain.getpixel((x0 - 3, y0 + 100)) != THEME.changed


@pytest.mark.parametrize("moment", MOMENTS)
def test_boards_fit_discord(moment):
    data = board_bytes(fixtures.MOMENTS[moment]())
    assert data.startswith(b"\x89PNG") and len(data) <= MAX_BYTES
    assert png_image(data).size == render_board(fixtures.MOMENTS[moment]()).size


# ---- legibility -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("moment", MOMENTS)
def test_every_text_stays_legible_on_a_phone(moment, locale):
    """Charge names, costs, goods counts, family rows, the legend: every text, with no exemption."""
    image = render_board(fixtures.MOMENTS[moment](), locale=locale)
    assert len(image.info["labels"]) > 100
    assert board_problems(image) == []


def test_the_legibility_checks_each_catch_what_they_are_for():
    from render.kit import Canvas

    canvas = Canvas(Image.new("RGB", (600, 200), THEME.card), THEME)
    pale = canvas.text((10, 10), "pale words", 30, fill=(205, 198, 186))
    thin = canvas.text((10, 70), "thin small words", 18, face="condensed", fill=THEME.soft_ink)
    fine = canvas.text((10, 120), "a clear label", 30)
    third = canvas.image.resize((200, 66), Image.Resampling.LANCZOS)
    assert contrast((205, 198, 186), background_of(canvas.image, pale)) < 4.5
    assert spread_on_phone(third, thin, 1 / 3) < 3
    assert contrast(THEME.ink, background_of(canvas.image, fine)) >= 4.5
    assert spread_on_phone(third, fine, 1 / 3) >= 3
