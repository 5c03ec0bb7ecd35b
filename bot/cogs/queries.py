"""/help, /rules, /card, /replay and /history: questions about the bot, the games and past matches, answered
privately.

The buttons of these answers route by their own custom ids (`rq:` a rules answer's next part, `rp:` a
replay frame; see ui/routes.py), which carry everything a click needs, so they keep working after a restart.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from engine.core import games, get_game
from engine.core.catalogue import catalogue, component

from .. import stats
from ..i18n import command_text as _
from ..i18n import t
from ..leagues.service import LeagueService
from ..queries import cards, rules
from ..queries import help as guide
from ..queries.service import QueryService, Replay, Shown
from ..results import MatchResult
from ..services import Refusal
from ..ui import embeds
from ..ui.routes import (
    REPLAY_PREFIX,
    RULES_PREFIX,
    ReplayFrame,
    RulesPage,
    number,
    parse_replay,
    parse_rules,
    prefix_of,
)
from .common import defer, guild_of, locale, report_error, send

ACCENT = embeds.ACCENT


async def league_names(leagues: LeagueService, interaction: discord.Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
    """Autocomplete: the server's leagues whose name holds what was typed."""
    if interaction.guild_id is None:
        return []
    typed = current.strip().casefold()
    found = await leagues.all(interaction.guild_id)
    return [app_commands.Choice(name=f"{league.settings.name} · {get_game(league.settings.game).spec.title}"[:100],
                                value=league.settings.name) for league in found
            if typed in league.settings.name.casefold()][:25]


def game_choices(keys: list[str], current: str) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    found = [(get_game(k).spec.title, k) for k in keys if k in games()]
    return [app_commands.Choice(name=title, value=key) for title, key in sorted(found)
            if typed in key or typed in title.lower()][:25]


def known_game(key: str, keys: list[str], refusal: str) -> str:
    if key not in games() or key not in keys:
        raise Refusal(refusal, game=key)
    return key


def warm_up() -> None:
    """Import every game and read its catalogue and rules index once, soon after start-up and before players
    type: an autocomplete must answer within Discord's 3 seconds, and importing the games takes about as long."""
    for key in games():
        catalogue(key)
    for key in rules.games_with_rules():
        rules.topics(key)


class Queries(commands.Cog):
    def __init__(self, queries: QueryService, leagues: LeagueService, tree: app_commands.CommandTree):
        self.queries, self.leagues, self.tree = queries, leagues, tree

    # ---- /help -------------------------------------------------------------------------------------------
    @app_commands.command(name="help", description=_("queries.cmd.help"))
    async def help(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        labels = {name: t(f"bot.lobby.{name}", loc) for name in ("join", "start")}
        embed = discord.Embed(title=t("queries.help.title", loc), colour=ACCENT, description=t(
            "queries.help.about", loc, new=guide.spelled(("game", "new"), loc), play=t("bot.table.play", loc),
            rules=guide.spelled(("rules",), loc), card=guide.spelled(("card",), loc), **labels))
        for title, lines in guide.parts(guide.entries(self.tree.get_commands()), loc):
            embed.add_field(name=title, value=embeds.clip(lines, 1024), inline=False)
        await send(interaction, embed=embed)

    # ---- /rules ------------------------------------------------------------------------------------------
    @app_commands.command(name="rules", description=_("queries.cmd.rules"))
    @app_commands.describe(game=_("queries.cmd.opt_game"), topic=_("queries.cmd.opt_topic"))
    async def rules(self, interaction: discord.Interaction, game: str, topic: str) -> None:
        if not await defer(interaction):
            return
        await self._send_rules(interaction, game, topic, 0)

    @rules.autocomplete("game")
    async def _rules_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(rules.games_with_rules(), current)

    @rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = str(getattr(interaction.namespace, "game", "") or "")
        if game not in rules.games_with_rules():
            return []
        return [app_commands.Choice(name=_fit(topic.title), value=topic.key)
                for topic in rules.search(game, current, locale(interaction))]

    async def _send_rules(self, interaction: discord.Interaction, game: str, key: str, part: int, *,
                          edit: bool = False) -> None:
        loc = locale(interaction)
        game = known_game(game, rules.games_with_rules(), "queries.refusal.no_rules")
        keys = [topic.key for topic in rules.topics(game)]
        answer = rules.answer(game, key, loc)
        if answer is None:
            raise Refusal("queries.refusal.no_topic", game=get_game(game).spec.title, topic=key[:80])
        part = max(0, min(part, len(answer.parts) - 1))
        embed = discord.Embed(title=_fit(f"{get_game(game).spec.title} · {answer.topic.title}", 256),
                              description=answer.parts[part], colour=ACCENT)
        notes = []
        if len(answer.parts) > 1:
            notes.append(t("queries.rules.part", loc, part=part + 1, parts=len(answer.parts)))
        if not answer.translated:
            notes.append(t("queries.rules.english_only", loc))
        if notes:
            embed.set_footer(text=" · ".join(notes))
        view = None
        if len(answer.parts) > 1:
            index = keys.index(answer.topic.key)
            view = discord.ui.View(timeout=None)
            for label, target, name in (("queries.rules.previous", part - 1, "p"), ("queries.rules.next", part + 1, "n")):
                view.add_item(discord.ui.Button(
                    label=t(label, loc), custom_id=RulesPage(game, index, max(0, target), name).custom_id,
                    disabled=not 0 <= target < len(answer.parts)))
            view.stop()
        if edit:
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await send(interaction, embed=embed, view=view)

    # ---- /card -------------------------------------------------------------------------------------------
    @app_commands.command(name="card", description=_("queries.cmd.card"))
    @app_commands.describe(game=_("queries.cmd.opt_game"), name=_("queries.cmd.opt_card"))
    async def card(self, interaction: discord.Interaction, game: str, name: str) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        game = known_game(game, _with_catalogue(), "queries.refusal.no_cards")
        found = component(game, name) or next(iter(cards.search(game, name, loc)), None)
        if found is None:
            raise Refusal("queries.refusal.no_card", game=get_game(game).spec.title, name=name[:80])
        png = await asyncio.to_thread(render.card_png, found, loc)
        embed = discord.Embed(title=_fit(found.text("name", loc), 256), colour=ACCENT,
                              description=embeds.clip(cards.card_text(found, loc), 4096))
        embed.set_image(url="attachment://card.png")
        embed.set_footer(text=get_game(game).spec.title)
        await send(interaction, embed=embed, file=discord.File(io.BytesIO(png), "card.png"))

    @card.autocomplete("game")
    async def _card_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(_with_catalogue(), current)

    @card.autocomplete("name")
    async def _cards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = str(getattr(interaction.namespace, "game", "") or "")
        if game not in _with_catalogue():
            return []
        loc = locale(interaction)
        return [app_commands.Choice(name=cards.choice_name(c, loc), value=c.id) for c in cards.search(game, current, loc)]

    # ---- /replay -----------------------------------------------------------------------------------------
    @app_commands.command(name="replay", description=_("queries.cmd.replay"))
    @app_commands.describe(match=_("queries.cmd.opt_match"), step=_("queries.cmd.opt_step"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, match: app_commands.Range[int, 1],
                     step: app_commands.Range[int, 0] | None = None) -> None:
        if not await defer(interaction):
            return
        replay = await self.queries.replay(match, interaction.guild_id)
        await self._show_replay(interaction, replay, replay.last if step is None else step)

    @replay.autocomplete("match")
    async def _finished(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        typed = str(current).strip().lstrip("#")
        found = []
        for row in await self.queries.finished_recent(interaction.guild_id, limit=100):
            label = f"#{row.match_id} {get_game(row.game).spec.title} · {', '.join(row.names.values())}"
            if typed in str(row.match_id) or typed.lower() in label.lower():
                found.append(app_commands.Choice(name=_fit(label), value=row.match_id))
        return found[:25]

    async def _show_replay(self, interaction: discord.Interaction, replay: Replay, index: int, *,
                           edit: bool = False) -> None:
        loc = locale(interaction)
        shown = await self.queries.show(replay, index, interaction.user.id, loc)
        embed, files = replay_message(replay, shown, loc)
        view = replay_view(replay, shown.index, loc)
        if edit:
            await interaction.edit_original_response(embed=embed, view=view, attachments=files)
        elif files:
            await interaction.followup.send(embed=embed, view=view, files=files, ephemeral=True)
        else:
            await send(interaction, embed=embed, view=view)

    # ---- /history ----------------------------------------------------------------------------------------
    @app_commands.command(name="history", description=_("queries.cmd.history"))
    @app_commands.describe(player=_("queries.cmd.opt_player"), game=_("queries.cmd.opt_history_game"),
                           league=_("queries.cmd.opt_history_league"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, player: discord.User | None = None,
                      game: str | None = None, league: str | None = None) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        if game is not None:
            game = known_game(game, sorted(games()), "queries.refusal.unknown_game")
        svc = self.leagues
        results, names = await svc.results(guild_of(interaction))
        matches = None
        if league is not None:
            found = (await svc.load(guild_of(interaction), league)).league
            matches = [r.match_id for r in await svc.counted(found)]
        who = player.id if player is not None else None
        rows = stats.history(results, guild_of(interaction), player=who, game=game, matches=matches)[:HISTORY_ROWS]
        header = (t("queries.history.league", loc, league=found.settings.name) if league is not None
                  else t("queries.history.player", loc, player=f"<@{who}>") if who is not None
                  else t("queries.history.server", loc))
        lines = [history_line(r, names, loc) for r in rows] or [t("queries.history.none", loc)]
        await send(interaction, embeds.clip("\n".join([header, *lines]), embeds.CONTENT))

    @history.autocomplete("game")
    async def _history_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(sorted(games()), current)

    @history.autocomplete("league")
    async def _history_leagues(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await league_names(self.leagues, interaction, current)

    # ---- clicks ------------------------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if prefix_of(custom_id) not in (RULES_PREFIX, REPLAY_PREFIX):
            return
        try:
            await interaction.response.defer()  # the answer clicked on is edited
        except discord.NotFound:
            return  # Discord forgot the click; nothing was done, the player may click again
        try:
            page, frame = parse_rules(custom_id), parse_replay(custom_id)
            if page is not None:
                topics = rules.topics(known_game(page.game, rules.games_with_rules(), "queries.refusal.no_rules"))
                await self._send_rules(interaction, page.game, topics[min(page.topic, len(topics) - 1)].key,
                                       page.part, edit=True)
            elif frame is not None:
                index = frame.frame if frame.frame is not None else number(str((data.get("values") or [""])[0]))
                if index is None:
                    raise Refusal("bot.refusal.unknown_button")
                replay = await self.queries.replay(frame.match_id, interaction.guild_id)
                if frame.tag == "export":
                    await send_export(interaction, replay, self.queries.export(replay))
                else:
                    await self._show_replay(interaction, replay, index, edit=True)
            else:
                raise Refusal("bot.refusal.unknown_button")
        except Exception as error:  # noqa: BLE001 — the one error handler decides what the player reads
            await report_error(interaction, error)


HISTORY_ROWS = 15
JUMP_CHOICES = 25


def replay_message(replay: Replay, shown: Shown, loc: str) -> tuple[discord.Embed, list[discord.File]]:
    match = replay.match
    title = t("queries.replay.title", loc, match=match.id, game=get_game(match.game).spec.title)
    where = (t("queries.replay.setup", loc, steps=replay.last) if shown.index == 0
             else t("queries.replay.step", loc, step=shown.index, steps=replay.last))
    lines = [f"**{where}**", shown.headline.text(loc)]
    if shown.events:
        lines.append(embeds.event_lines(shown.events, loc, 3000))
    embed = discord.Embed(title=_fit(title, 256), description=embeds.clip("\n".join(lines), 4096), colour=ACCENT)
    files = []
    if shown.board:
        files.append(discord.File(io.BytesIO(shown.board), "board.png"))
        embed.set_image(url="attachment://board.png")
    if shown.hand:
        files.append(discord.File(io.BytesIO(shown.hand), "hand.png"))
        embed.set_thumbnail(url="attachment://hand.png")
    return embed, files


def replay_view(replay: Replay, index: int, loc: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    match_id, last = replay.match.id, replay.last
    for key, target, tag in (("queries.replay.first", 0, "f"), ("queries.replay.previous", index - 1, "p"),
                             ("queries.replay.next", index + 1, "n"), ("queries.replay.last", last, "l")):
        view.add_item(discord.ui.Button(
            label=t(key, loc), custom_id=ReplayFrame(match_id, max(0, min(target, last)), tag).custom_id,
            disabled=not 0 <= target <= last or target == index, row=0,
            style=discord.ButtonStyle.primary if tag == "n" else discord.ButtonStyle.secondary))
    view.add_item(discord.ui.Button(label=t("queries.replay.export", loc), row=0,
                                    custom_id=ReplayFrame(match_id, index, "export").custom_id))
    marks = replay.marks
    if len(marks) > 1:
        if len(marks) > JUMP_CHOICES:  # evenly spread, the first and last kept
            marks = [marks[round(i * (len(marks) - 1) / (JUMP_CHOICES - 1))] for i in range(JUMP_CHOICES)]
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=ReplayFrame(match_id, None, "jump").custom_id, placeholder=t("queries.replay.jump", loc), row=1,
            options=[discord.SelectOption(label=t(f"queries.replay.unit_{replay.unit}", loc, n=value, step=frame),
                                          value=str(frame), default=False) for value, frame in marks])
        view.add_item(select)
    view.stop()
    return view


async def send_export(interaction: discord.Interaction, replay: Replay, exported: str) -> None:
    """The record `python -m engine replay` reads (seed, seats, params, every step), as a file."""
    name = f"match-{replay.match.id}.json"
    await interaction.followup.send(t("queries.replay.exported", locale(interaction), file=name), ephemeral=True,
                                    file=discord.File(io.BytesIO(exported.encode()), name))


def history_line(result: MatchResult, names: dict[int, str], loc: str) -> str:
    places = sorted(result.seats, key=lambda s: (s.place, s.seat))
    who = ", ".join(f"{s.place}. {names.get(s.player, t('queries.history.someone', loc)) if s.player else t('bot.seat.ai_name', loc)}"
                    for s in places)
    line = t("queries.history.row", loc, match=result.match_id, game=get_game(result.game).spec.title,
             when=f"<t:{int(result.finished_at)}:d>", places=who)
    if result.at_table:
        line += " " + t("queries.history.at_table", loc)
    return f"~~{line}~~ {t('queries.history.voided', loc)}" if result.voided else line


def _with_catalogue() -> list[str]:
    return [key for key in sorted(games()) if catalogue(key)]


def _fit(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
