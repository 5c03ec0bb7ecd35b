"""Components stay within Discord's limits whatever the game offers, and their ids route back."""


from types import SimpleNamespace

import discord
import pytest

from bot.i18n import t
from bot.services import Choice, Panel
from bot.storage import MatchRecord
from bot.ui.panels import FRESH, OpenPanels
from bot.ui.routes import Route, parse, resolve_step
from bot.ui.views import panel_view


def panel(count, *, long=False, suggested=True):
    match = MatchRecord(game="toy", seed=1, channel_id=1, place_id=1, host_id=1, id=123456, state_id=98765)
    notation = ("x" * 120) if long else "move"
    choices = [Choice(f"{notation} {i}", f"A very descriptive label for choice number {i} " * 3) for i in range(count)]
    return Panel(match, 0, None, choices, choices[-1] if suggested else None)


def components(view):
    return [item.to_component_dict() for item in view.children]


@pytest.mark.parametrize("count", [1, 5, 10, 11, 25, 26, 60, 100])
@pytest.mark.parametrize("long", [False, True])
def test_the_panel_fits_discords_limits_and_offers_every_choice(count, long):
    view = panel_view(panel(count, long=long), "en")
    items = components(view)
    rows = {item.row for item in view.children}
    assert len(rows) <= 5 and all(r is not None and 0 <= r <= 4 for r in rows)
    offered = []
    for item in items:
        assert len(item["custom_id"]) <= 100
        route = parse(item["custom_id"])
        assert (route.match_id, route.state_id) == (123456, 98765)
        if item["type"] == 2:
            assert len(item["label"]) <= 80
            offered.append(route.arg)
        else:
            assert 1 <= len(item["options"]) <= 25
            for option in item["options"]:
                assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                offered.append(option["value"])
    notations = [c.notation for c in panel(count, long=long).choices]
    resolved = [resolve_step(ref, notations) for ref in offered]
    assert sorted(resolved) == sorted(notations)  # every legal step, each offered once
    ids = [item["custom_id"] for item in items]
    assert len(ids) == len(set(ids))  # Discord refuses a message whose components share a custom id
    assert not any(o.get("description") for item in items for o in item.get("options", []))  # no notation shown


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("long", [False, True])
def test_a_suggested_turn_is_one_green_button_saying_its_first_step_and_how_many_follow(locale, long):
    """The green button plays the whole suggested turn; its first step stays offered alone; the count of the
    steps after it is never cut off, however long the first step's label."""
    turn = panel(6, long=long)
    turn.then = turn.choices[:2]
    items = components(panel_view(turn, locale))
    green = [item for item in items if item.get("style") == discord.ButtonStyle.success.value]
    assert len(green) == 1 and parse(green[0]["custom_id"]).verb == "turn"
    assert resolve_step(parse(green[0]["custom_id"]).arg, [c.notation for c in turn.choices]) == turn.suggested.notation
    label = green[0]["label"]
    assert len(label) <= 80 and label.endswith(t("bot.panel.suggested_turn", locale, step="", n=2)[3:])
    assert label.startswith("✓ " + turn.suggested.label[:20])
    alone = [parse(item["custom_id"]).arg for item in items if item["type"] == 2 and item is not green[0]]
    alone += [o["value"] for item in items if item["type"] == 3 for o in item["options"]]
    assert sorted(resolve_step(ref, [c.notation for c in turn.choices]) for ref in alone) == \
        sorted(c.notation for c in turn.choices)  # every step alone too, the first included


def test_routes_round_trip_and_ignore_foreign_ids():
    route = Route(7, 42, "do", "place silk_road")
    assert parse(route.custom_id) == route
    assert parse("someone-else:1") is None and parse("cs:x:1:do") is None
    assert resolve_step("#9", ["a"]) is None


def test_every_verb_of_a_custom_id_has_an_answer():
    from bot.cogs.components import Components
    from bot.ui.routes import Verb

    assert set(Components.ANSWERS) == set(Verb)
    assert all(parse(Route(7, 42, verb).custom_id) == Route(7, 42, verb) for verb in Verb)


async def test_an_open_panel_shows_its_players_turns_while_discord_lets_it_be_edited():
    now = [0.0]
    panels, edits = OpenPanels(now=lambda: now[0]), []

    class Interaction:
        user = SimpleNamespace(id=7)
        refuse = False

        async def edit_original_response(self, **fields):
            if self.refuse:
                raise discord.HTTPException(SimpleNamespace(status=401, reason="Unauthorized"), "token expired")
            edits.append(fields["content"])

    clicked = Interaction()
    panels.remember(3, clicked)
    assert panels.follows(3, 7) and not panels.follows(3, 8) and not panels.follows(4, 7)
    await panels.show(3, 7, "your move", discord.ui.View())
    now[0] = FRESH - 1
    await panels.show(3, 7, "your move again", discord.ui.View())
    now[0] = FRESH  # 14 minutes on, a minute before its token dies: the panel no longer follows
    await panels.show(3, 7, "too late", discord.ui.View())
    assert edits == ["your move", "your move again"] and not panels.follows(3, 7)
    panels.remember(3, clicked)  # a new click on it, but Discord refuses the edit (the panel dismissed)
    clicked.refuse = True
    await panels.show(3, 7, "refused", discord.ui.View())
    assert not panels.follows(3, 7)
