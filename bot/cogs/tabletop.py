"""/result record: the result of a game played face to face, and the Confirm button under it (custom id
`tr:<match>:confirm`, read here: everything a click needs is in its id, so it works after a restart)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import games, get_game

from ..i18n import command_text as _
from ..i18n import t
from ..leagues.service import LeagueService
from ..services import Refusal
from ..tabletop.scores import Recorded
from ..tabletop.service import TableResult, TabletopService
from ..ui import embeds
from ..ui.routes import number, prefix_of
from .common import defer, guild_of, locale, report_error, send
from .leagues import admin
from .queries import game_choices, known_game, league_names

TABLE_PREFIX = "tr"
SCORE = app_commands.Range[int, -999, 9999]


def confirm_id(match_id: int) -> str:
    return f"{TABLE_PREFIX}:{match_id}:confirm"


def parse_confirm(custom_id: str) -> int | None:
    parts = custom_id.split(":")
    return number(parts[1]) if len(parts) == 3 and parts[0] == TABLE_PREFIX and parts[2] == "confirm" else None


def players_of(given: list[tuple[discord.User | discord.Member | None, int | None, int | None]]) -> list[Recorded]:
    """The players the command names, in its order; a player without a score (or the reverse) is refused."""
    found = []
    for index, (user, score, tiebreak) in enumerate(given, start=1):
        if user is None and score is None and tiebreak is None:
            continue
        if user is None or score is None:
            raise Refusal("tabletop.refusal.pair", n=index)
        if user.bot:
            raise Refusal("tabletop.refusal.bot", player=f"<@{user.id}>")
        found.append(Recorded(user.id, score, tiebreak, user.display_name))
    return found


def card(result: TableResult, loc: str) -> str:
    """The record as the channel reads it: who placed where with what score, and whether it counts yet."""
    record = result.record
    tiebreak = get_game(result.game).spec.table_tiebreak
    head = t("tabletop.card.head", loc, game=get_game(result.game).spec.title, match=result.match_id,
             recorder=f"<@{record.recorded_by}>")
    lines = [head + (t("tabletop.card.league", loc, league=result.league) if result.league else "")]
    for place, player in result.placed():
        line = t("tabletop.card.row", loc, place=place, player=f"<@{player.player}>", score=player.score)
        if tiebreak is not None and player.tiebreak is not None:
            line += t("tabletop.card.tiebreak", loc, tiebreak=t(tiebreak, loc), value=player.tiebreak)
        lines.append(line)
    if record.waiting:
        lines.append(t("tabletop.card.waiting", loc))
    else:
        lines.append(t("tabletop.card.confirmed", loc, player=f"<@{record.confirmed_by}>"))
    return embeds.clip("\n".join(lines), embeds.CONTENT)


def confirm_view(match_id: int, loc: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=t("tabletop.card.button", loc), style=discord.ButtonStyle.success,
                                    custom_id=confirm_id(match_id)))
    return view


@app_commands.guild_only()
class ResultCommands(commands.GroupCog, group_name="result", group_description=_("tabletop.cmd.result")):
    def __init__(self, tabletop: TabletopService, leagues: LeagueService):
        self.tabletop, self.leagues = tabletop, leagues

    @app_commands.command(name="record", description=_("tabletop.cmd.record"))
    @app_commands.describe(game=_("tabletop.cmd.opt_game"), player1=_("tabletop.cmd.opt_player"),
                           score1=_("tabletop.cmd.opt_score"), player2=_("tabletop.cmd.opt_player"),
                           score2=_("tabletop.cmd.opt_score"), player3=_("tabletop.cmd.opt_player"),
                           score3=_("tabletop.cmd.opt_score"), player4=_("tabletop.cmd.opt_player"),
                           score4=_("tabletop.cmd.opt_score"), player5=_("tabletop.cmd.opt_player"),
                           score5=_("tabletop.cmd.opt_score"), tiebreak1=_("tabletop.cmd.opt_tiebreak"),
                           tiebreak2=_("tabletop.cmd.opt_tiebreak"), tiebreak3=_("tabletop.cmd.opt_tiebreak"),
                           tiebreak4=_("tabletop.cmd.opt_tiebreak"), tiebreak5=_("tabletop.cmd.opt_tiebreak"),
                           league=_("tabletop.cmd.opt_league"), correct=_("tabletop.cmd.opt_correct"))
    async def record(self, interaction: discord.Interaction, game: str, player1: discord.User, score1: SCORE,
                     player2: discord.User, score2: SCORE, player3: discord.User | None = None,
                     score3: SCORE | None = None, player4: discord.User | None = None, score4: SCORE | None = None,
                     player5: discord.User | None = None, score5: SCORE | None = None,
                     tiebreak1: SCORE | None = None, tiebreak2: SCORE | None = None, tiebreak3: SCORE | None = None,
                     tiebreak4: SCORE | None = None, tiebreak5: SCORE | None = None, league: str | None = None,
                     correct: app_commands.Range[int, 1] | None = None) -> None:
        if not await defer(interaction):
            return
        game = known_game(game, sorted(games()), "queries.refusal.unknown_game")
        players = players_of([(player1, score1, tiebreak1), (player2, score2, tiebreak2),
                              (player3, score3, tiebreak3), (player4, score4, tiebreak4),
                              (player5, score5, tiebreak5)])
        guild = guild_of(interaction)
        public = await self.leagues.locale(guild)
        result = await self.tabletop.record(
            guild_id=guild, channel_id=interaction.channel_id or 0, recorder=interaction.user.id,
            admin=admin(interaction), game=game, players=players, league=league, correct=correct, locale=public)
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        posted = await channel.send(card(result, public), view=confirm_view(result.match_id, public),
                                    allowed_mentions=discord.AllowedMentions(users=True))
        await self.tabletop.set_message(result.match_id, posted.id)
        await send(interaction, t("tabletop.corrected" if correct else "tabletop.recorded", locale(interaction),
                                  match=result.match_id))

    @record.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(sorted(games()), current)

    @record.autocomplete("league")
    async def _leagues(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await league_names(self.leagues, interaction, current)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        if prefix_of(custom_id) != TABLE_PREFIX:
            return
        if not await defer(interaction):
            return
        try:
            match_id = parse_confirm(custom_id)
            if match_id is None:
                raise Refusal("bot.refusal.unknown_button")
            result = await self.tabletop.confirm(match_id, interaction.guild_id, interaction.user.id,
                                                            admin(interaction))
            public = await self.leagues.locale(guild_of(interaction))
            if interaction.message is not None:
                await interaction.message.edit(content=card(result, public), view=None,
                                               allowed_mentions=discord.AllowedMentions.none())
            await send(interaction, t("tabletop.confirmed", locale(interaction), match=match_id))
        except Exception as error:  # noqa: BLE001 — the one error handler decides what the player reads
            await report_error(interaction, error)
