"""Components (buttons and selects) within Discord's limits: 5 rows, 5 buttons a row, 25 options a
select, 80-character button labels, 100-character ids, values and option labels.

Views here are only a way to build component payloads: they are stopped before sending, so discord.py
keeps nothing in memory; clicks are routed by custom id (see routes.py and cogs/components.py).
"""

from __future__ import annotations

import discord

from ..i18n import t
from ..services import Panel
from .routes import Route, Verb, step_ref

BUTTON_LABEL = 80
OPTION_TEXT = 100
SELECT_OPTIONS = 25
MAX_BUTTON_CHOICES = 10     # more than this and a select reads better on a phone


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _stopped(view: discord.ui.View) -> discord.ui.View:
    view.stop()
    return view


def _button(label: str, route: Route, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
            row: int | None = None, disabled: bool = False) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(label=clip(label, BUTTON_LABEL), custom_id=route.custom_id, style=style, row=row,
                             disabled=disabled)


def lobby_view(match_id: int, locale: str, ai_levels: dict[str, str]) -> discord.ui.View:
    """Join, Leave, Start; below, an Add AI button for each of the game's AI levels (level -> policy), and Remove AI."""
    view = discord.ui.View(timeout=None)
    view.add_item(_button(t("bot.lobby.join", locale), Route(match_id, 0, Verb.JOIN), discord.ButtonStyle.primary, row=0))
    view.add_item(_button(t("bot.lobby.leave", locale), Route(match_id, 0, Verb.LEAVE), row=0))
    view.add_item(_button(t("bot.lobby.start", locale), Route(match_id, 0, Verb.START), discord.ButtonStyle.success, row=0))
    for level, policy in ai_levels.items():
        view.add_item(_button(t("bot.lobby.add_ai", locale, level=t(f"bot.ai.{policy}", locale)),
                              Route(match_id, 0, Verb.ADD_AI, level), row=1))
    view.add_item(_button(t("bot.lobby.remove_ai", locale), Route(match_id, 0, Verb.REMOVE_AI), row=1))
    return _stopped(view)


def final_view(match_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(_button(t("bot.final.rematch", locale), Route(match_id, 0, Verb.REMATCH), discord.ButtonStyle.primary))
    return _stopped(view)


def table_view(match_id: int, state_id: int, locale: str, hidden_info: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(_button(t("bot.table.play", locale), Route(match_id, state_id, Verb.OPEN), discord.ButtonStyle.primary))
    if hidden_info:
        view.add_item(_button(t("bot.table.hand", locale), Route(match_id, state_id, Verb.HAND)))
    view.add_item(_button(t("bot.table.board", locale), Route(match_id, state_id, Verb.BOARD)))
    view.add_item(_button(t("bot.table.status", locale), Route(match_id, state_id, Verb.STATUS)))
    return _stopped(view)


def areas_view(match_id: int, areas: dict[str, str], locale: str) -> discord.ui.View | None:
    """Under the board: a select of its areas (name -> what the player reads), each legible on a phone."""
    if not areas:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Select(custom_id=Route(match_id, 0, Verb.BOARD).custom_id,
                                    placeholder=clip(t("bot.board.pick_area", locale), 150),
                                    options=[discord.SelectOption(label=clip(label, 100), value=name)
                                             for name, label in list(areas.items())[:25]]))
    return _stopped(view)


def _suggested_turn(step: str, more: int, locale: str) -> str:
    """The green button of a suggested turn: its first step and how many follow, the step shortened so that the
    count is never cut off."""
    room = BUTTON_LABEL - len(t("bot.panel.suggested_turn", locale, step="", n=more))
    return t("bot.panel.suggested_turn", locale, step=clip(step, room), n=more)


def panel_view(panel: Panel, locale: str) -> discord.ui.View:
    """The private controls: the one-click suggestion first, then every other legal step, each offered once
    (Discord refuses a message whose components share a custom id)."""
    match_id, state_id = panel.match.id, panel.match.state_id
    view = discord.ui.View(timeout=None)
    notations = [c.notation for c in panel.choices]
    offered = list(enumerate(panel.choices))
    row = 0
    if panel.suggested is not None and panel.suggested.notation in notations:
        index = notations.index(panel.suggested.notation)
        if panel.then:  # the whole suggested turn in one click; its first step stays offered alone below
            ref = step_ref(match_id, state_id, panel.suggested.notation, index, verb=Verb.TURN)
            view.add_item(_button(_suggested_turn(panel.suggested.label, len(panel.then), locale),
                                  Route(match_id, state_id, Verb.TURN, ref), discord.ButtonStyle.success, row=0))
        else:
            ref = step_ref(match_id, state_id, panel.suggested.notation, index)
            view.add_item(_button(t("bot.panel.suggested", locale, step=panel.suggested.label),
                                  Route(match_id, state_id, Verb.DO, ref), discord.ButtonStyle.success, row=0))
            offered = [(i, c) for i, c in offered if i != index]
        row = 1
    if len(panel.picks) > 1:  # several answers in one go, above the answers one at a time
        options = [discord.SelectOption(label=clip(c.label, OPTION_TEXT), value=str(i)) for i, c in enumerate(panel.picks)]
        view.add_item(discord.ui.Select(custom_id=Route(match_id, state_id, Verb.SEVERAL).custom_id,
                                        placeholder=clip(t("bot.panel.several", locale, n=panel.most), OPTION_TEXT),
                                        options=options, min_values=1, max_values=min(panel.most, len(options)), row=row))
        row += 1
    if len(offered) <= MAX_BUTTON_CHOICES:
        for n, (i, choice) in enumerate(offered):
            ref = step_ref(match_id, state_id, choice.notation, i)
            view.add_item(_button(choice.label, Route(match_id, state_id, Verb.DO, ref), row=row + n // 5))
        return _stopped(view)
    for start in range(0, len(offered), SELECT_OPTIONS):
        if row > 4:
            break  # beyond 4 selects the player types /play (the engine keeps choices within 25 anyway)
        options = [discord.SelectOption(label=clip(c.label, OPTION_TEXT),
                                        value=c.notation if len(c.notation) <= OPTION_TEXT else f"#{i}")
                   for i, c in offered[start:start + SELECT_OPTIONS]]
        view.add_item(discord.ui.Select(custom_id=Route(match_id, state_id, Verb.PICK, str(row)).custom_id,
                                        placeholder=clip(t("bot.panel.pick", locale), OPTION_TEXT),
                                        options=options, row=row))
        row += 1
    return _stopped(view)
