"""/league (create, settings, join, leave, info, drop, standings, round open, season end), /tournament (start,
show), /leaderboard,
/stats and /server (language, void): leagues, ratings and statistics in Discord, over the league service."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

import discord
from babel.dates import format_timedelta
from discord import app_commands
from discord.ext import commands

import render
from engine.core import games, get_game
from engine.core.messages import Message, locale_of
from render.bracket import BracketRound, BracketSeat, BracketTable
from render.standings import StandingsRow, pages

from ..i18n import command_text as _
from ..i18n import t
from ..leagues.errors import LeagueRefusal
from ..leagues.league import League, Round
from ..leagues.season import SeasonArchive
from ..leagues.service import LeagueService
from ..leagues.tournament import Kind, Played, Tournament, marks
from ..reliability import Reliability
from ..services import Refusal, variants
from ..storage.leagues import AnnouncementKind
from ..ui import embeds
from .common import AI_LEVELS, Level, channel_of, defer, guild_of, locale, option_choices, send
from .queries import game_choices, known_game, league_names

log = logging.getLogger(__name__)
LEADERBOARD_ROWS = 20



def admin(interaction: discord.Interaction) -> tuple[bool, list[int]]:
    """(manages the server, role ids) of whoever runs the command, as a league checks them."""
    manager = bool(interaction.permissions and interaction.permissions.manage_guild)
    return manager, [r.id for r in getattr(interaction.user, "roles", [])]


def number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


FORMATS = [app_commands.Choice(name=_("league.format.pods"), value="pods"),
           app_commands.Choice(name=_("league.format.ladder"), value="ladder")]
SHORTFALLS = [app_commands.Choice(name=_("league.shortfall.mixed"), value="mixed"),
              app_commands.Choice(name=_("league.shortfall.ai"), value="ai")]
DEADLINES = [app_commands.Choice(name=_("league.deadline.play_out"), value="play_out"),
             app_commands.Choice(name=_("league.deadline.void"), value="void")]
TOURNAMENTS = [app_commands.Choice(name=_("league.tournament.format.knockout"), value="knockout"),
               app_commands.Choice(name=_("league.tournament.format.round_robin"), value="round_robin")]
AI_PLACES = [app_commands.Choice(name=_("league.ai_places.count"), value="count"),
             app_commands.Choice(name=_("league.ai_places.skip"), value="skip")]


def placement_points(text: str | None) -> dict[int, tuple[float, ...]] | None:
    """"6,4,2,0; 6,3,0": points by place for tables of as many players as the list has places."""
    if text is None:
        return None
    found: dict[int, tuple[float, ...]] = {}
    for part in filter(None, (p.strip() for p in text.replace("/", ";").split(";"))):
        try:
            points = tuple(float(n.replace(" ", "")) for n in part.split(",") if n.strip())
        except ValueError:
            raise LeagueRefusal("league.refusal.points_format", given=part[:40]) from None
        found[len(points)] = points
    return found


@app_commands.guild_only()
class LeagueCommands(commands.GroupCog, group_name="league", group_description=_("league.cmd.league")):
    round = app_commands.Group(name="round", description=_("league.cmd.round"))
    season = app_commands.Group(name="season", description=_("league.cmd.season"))

    def __init__(self, leagues: LeagueService, client: discord.Client):
        self.leagues, self.client = leagues, client

    @app_commands.command(name="create", description=_("league.cmd.create"))
    @app_commands.describe(name=_("league.cmd.opt_name"), game=_("league.cmd.opt_game"),
                           format=_("league.cmd.opt_format"), min_table=_("league.cmd.opt_min_table"),
                           max_table=_("league.cmd.opt_max_table"), shortfall=_("league.cmd.opt_shortfall"),
                           clock_hours=_("league.cmd.opt_clock"), round_days=_("league.cmd.opt_round_days"),
                           at_deadline=_("league.cmd.opt_deadline"), season_days=_("league.cmd.opt_season_days"),
                           schedule_days=_("league.cmd.opt_schedule"), final=_("league.cmd.opt_final"),
                           options=_("league.cmd.opt_options"), points=_("league.cmd.opt_points"),
                           ai_places=_("league.cmd.opt_ai_places"), table_results=_("league.cmd.opt_table_results"))
    @app_commands.choices(format=FORMATS, shortfall=SHORTFALLS, at_deadline=DEADLINES, ai_places=AI_PLACES)
    async def create(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 60], game: str,
                     format: Literal["pods", "ladder"] = "pods",
                     min_table: app_commands.Range[int, 1, 10] | None = None,
                     max_table: app_commands.Range[int, 1, 10] | None = None,
                     shortfall: Literal["mixed", "ai"] = "mixed",
                     clock_hours: app_commands.Range[float, 1.0, 720.0] = 48.0,
                     round_days: app_commands.Range[float, 0.1, 120.0] = 14.0,
                     at_deadline: Literal["play_out", "void"] = "play_out",
                     season_days: app_commands.Range[float, 0.0, 3650.0] | None = None,
                     schedule_days: app_commands.Range[float, 0.1, 120.0] | None = None,
                     final: app_commands.Range[int, 0, 10] = 0, options: str | None = None,
                     points: str | None = None, ai_places: Literal["count", "skip"] = "count",
                     table_results: bool = False) -> None:
        if not await defer(interaction):
            return
        svc = self.leagues
        game = known_game(game, sorted(games()), "queries.refusal.unknown_game")
        params = variants.read(get_game(game), options)
        if not isinstance(interaction.channel, discord.TextChannel):
            raise LeagueRefusal("league.refusal.not_a_text_channel")
        check_league_channel(interaction.channel)
        manager, roles = admin(interaction)
        existing = await svc.all(guild_of(interaction))
        allowed = manager or any(league.may_run(is_manager=False, roles=roles) for league in existing)
        league = await svc.create(
            guild_of(interaction), channel_of(interaction), allowed, name=name, game=game, format=format,
            min_table=min_table, max_table=max_table, shortfall=shortfall, turn_clock_hours=clock_hours,
            round_days=round_days, at_deadline=at_deadline, schedule_days=schedule_days, final_players=final,
            season_days=season_days, params=params, placement_points=placement_points(points) or {},
            ai_places=ai_places, table_results=table_results)
        loc = locale(interaction)
        await send(interaction, t("league.created", loc, league=league.settings.name, game=get_game(game).spec.title))
        await tell_channel(interaction, t("league.created", public := await svc.locale(guild_of(interaction)),
                                          league=league.settings.name, game=get_game(game).spec.title),
                           info_embed(league, [], public))

    @create.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(sorted(games()), current)

    @create.autocomplete("options")
    async def _options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return option_choices(interaction, current)

    @app_commands.command(name="settings", description=_("league.cmd.settings"))
    @app_commands.describe(league=_("league.cmd.opt_league"), admin_role=_("league.cmd.opt_admin_role"),
                           clock_hours=_("league.cmd.opt_clock"), round_days=_("league.cmd.opt_round_days"),
                           at_deadline=_("league.cmd.opt_deadline"), shortfall=_("league.cmd.opt_shortfall"),
                           min_table=_("league.cmd.opt_min_table"), max_table=_("league.cmd.opt_max_table"),
                           schedule_days=_("league.cmd.opt_schedule"), forfeit_points=_("league.cmd.opt_forfeit"),
                           final=_("league.cmd.opt_final"), season_days=_("league.cmd.opt_season_days"),
                           points=_("league.cmd.opt_points"), ai_places=_("league.cmd.opt_ai_places"),
                           away_days=_("league.cmd.opt_away_days"), table_results=_("league.cmd.opt_table_results"),
                           ai_level=_("league.cmd.opt_ai_level"))
    @app_commands.choices(shortfall=SHORTFALLS, at_deadline=DEADLINES, ai_places=AI_PLACES, ai_level=AI_LEVELS)
    async def settings(self, interaction: discord.Interaction, league: str, admin_role: discord.Role | None = None,
                       clock_hours: app_commands.Range[float, 1.0, 720.0] | None = None,
                       away_days: app_commands.Range[float, 0.0, 30.0] | None = None,
                       round_days: app_commands.Range[float, 0.1, 120.0] | None = None,
                       at_deadline: Literal["play_out", "void"] | None = None,
                       shortfall: Literal["mixed", "ai"] | None = None,
                       min_table: app_commands.Range[int, 1, 10] | None = None,
                       max_table: app_commands.Range[int, 1, 10] | None = None,
                       schedule_days: app_commands.Range[float, 0.1, 120.0] | None = None,
                       forfeit_points: app_commands.Range[float, -10.0, 10.0] | None = None,
                       final: app_commands.Range[int, 0, 10] | None = None,
                       season_days: app_commands.Range[float, 0.0, 3650.0] | None = None,
                       points: str | None = None, ai_places: Literal["count", "skip"] | None = None,
                       table_results: bool | None = None, ai_level: Level | None = None) -> None:
        if not await defer(interaction):
            return
        changed = await self.leagues.settings(
            guild_of(interaction), league, admin(interaction), admin_role=admin_role.id if admin_role else None,
            turn_clock_hours=clock_hours, round_days=round_days, at_deadline=at_deadline, shortfall=shortfall,
            min_table=min_table, max_table=max_table, schedule_days=schedule_days, forfeit_points=forfeit_points,
            final_players=final, season_days=season_days, placement_points=placement_points(points),
            ai_places=ai_places, away_days=away_days, table_results=table_results, ai_level=ai_level)
        loc = locale(interaction)
        await send(interaction, t("league.settings_saved", loc, league=changed.settings.name),
                   embed=info_embed(changed, [], loc))

    @app_commands.command(name="join", description=_("league.cmd.join"))
    @app_commands.describe(league=_("league.cmd.opt_league"))
    async def join(self, interaction: discord.Interaction, league: str) -> None:
        if not await defer(interaction):
            return
        svc = self.leagues
        joined = await svc.change(guild_of(interaction), league,
                                  lambda lg: lg.join(interaction.user.id, svc.now(), interaction.user.display_name))
        await send(interaction, t("league.joined", locale(interaction), league=joined.settings.name,
                                  members=len(joined.members)))

    @app_commands.command(name="leave", description=_("league.cmd.leave"))
    @app_commands.describe(league=_("league.cmd.opt_league"))
    async def leave(self, interaction: discord.Interaction, league: str) -> None:
        if not await defer(interaction):
            return
        left = await self.leagues.change(guild_of(interaction), league,
                                                 lambda lg: lg.leave(interaction.user.id))
        await send(interaction, t("league.left", locale(interaction), league=left.settings.name))

    @app_commands.command(name="drop", description=_("league.cmd.drop"))
    @app_commands.describe(league=_("league.cmd.opt_league"), player=_("league.cmd.opt_player"))
    async def drop(self, interaction: discord.Interaction, league: str, player: discord.User) -> None:
        if not await defer(interaction):
            return
        dropped = await self.leagues.change(guild_of(interaction), league, lambda lg: lg.leave(player.id),
                                                    admin=admin(interaction))
        await send(interaction, t("league.dropped", locale(interaction), league=dropped.settings.name,
                                  player=f"<@{player.id}>"))

    @app_commands.command(name="info", description=_("league.cmd.info"))
    @app_commands.describe(league=_("league.cmd.opt_league"))
    async def info(self, interaction: discord.Interaction, league: str) -> None:
        if not await defer(interaction):
            return
        svc = self.leagues
        found = (await svc.load(guild_of(interaction), league)).league
        final = await svc.places(found.final) if found.final else []
        await send(interaction, embed=info_embed(found, await svc.seasons(found), locale(interaction),
                                                 final[0] if final else None))

    @app_commands.command(name="standings", description=_("league.cmd.standings"))
    @app_commands.describe(league=_("league.cmd.opt_league"), page=_("league.cmd.opt_page"),
                           season=_("league.cmd.opt_season"))
    async def standings(self, interaction: discord.Interaction, league: str,
                        page: app_commands.Range[int, 1, 100] = 1,
                        season: app_commands.Range[int, 1, 10000] | None = None) -> None:
        if not await defer(interaction):
            return
        svc = self.leagues
        loc = locale(interaction)
        found = (await svc.load(guild_of(interaction), league)).league
        past = await svc.seasons(found)
        archive = None
        if season is not None and season != found.season:
            archive = next((a for a in past if a.season == season), None)
            if archive is None:
                raise LeagueRefusal("league.refusal.no_season", league=found.settings.name, season=season,
                                    seasons=", ".join(str(a.season) for a in past) or "—")
            by_player = {s.player: s for s in archive.standings}
            table = [replace(by_player[p], rank=i + 1) for i, p in enumerate(archive.ranking) if p in by_player]
            names = await svc.names(found, archive)
        else:
            table = await svc.standings(found)
            names = await svc.names(found)
        finalists = found.final.tables[0].players if found.final and archive is None else ()
        rows = [StandingsRow(s.rank, names.get(s.player, str(s.player)), s.points, s.played, s.wins,
                             highlight=s.player == interaction.user.id, finalist=s.player in finalists)
                for s in table]
        cut = pages(rows)
        page = min(page, len(cut))
        title = t("league.standings.title", loc, league=found.settings.name, season=archive.season if archive else
                  found.season)
        shown = archive or (past[-1] if past else None)  # an archived season's champion, or last season's
        champion = shown.champion if shown else None
        lines, subtitle = [], None
        if found.final is not None and archive is None:
            where = await svc.places(found.final)
            lines.append(t("league.standings.final", loc, players=mentions(finalists),
                           where=f"<#{where[0]}>" if where else "—"))
            subtitle = t("league.picture.final_playing", loc)
        elif shown is not None and champion is not None:
            lines.append(t("league.standings.champion", loc, season=shown.season, champion=f"<@{champion}>"))
            if champion in names:
                subtitle = t("league.standings.champion", loc, season=shown.season, champion=names[champion])
        png = await asyncio.to_thread(render.standings_png, title, cut[page - 1], loc, None, (page, len(cut)),
                                      subtitle)
        lines += [t("league.standings.row", loc, rank=s.rank, player=f"<@{s.player}>", points=number(s.points),
                    played=s.played, wins=s.wins) for s in table[(page - 1) * 20: page * 20]]
        embed = discord.Embed(title=title[:256], colour=embeds.ACCENT,
                              description=embeds.clip("\n".join(lines) or t("league.picture.empty", loc), 4096))
        embed.set_image(url="attachment://standings.png")
        await send(interaction, embed=embed, file=discord.File(io.BytesIO(png), "standings.png"))

    @round.command(name="open", description=_("league.cmd.round_open"))
    @app_commands.describe(league=_("league.cmd.opt_league"))
    async def round_open(self, interaction: discord.Interaction, league: str) -> None:
        if not await defer(interaction):
            return
        svc = self.leagues
        check_league_channel(await league_channel(self.client, (await svc.load(guild_of(interaction), league)).league))
        opened = await svc.open_round(guild_of(interaction), league, admin(interaction))
        current = opened.rounds[-1]
        await send(interaction, t("league.round.opened_reply", locale(interaction), league=opened.settings.name,
                                  round=current.number, tables=len(current.tables)))

    @season.command(name="end", description=_("league.cmd.season_end"))
    @app_commands.describe(league=_("league.cmd.opt_league"))
    async def season_end(self, interaction: discord.Interaction, league: str) -> None:
        if not await defer(interaction):
            return
        svc = self.leagues
        found = (await svc.load(guild_of(interaction), league)).league
        if found.settings.final_players:  # the final is played in a thread of the league's channel
            check_league_channel(await league_channel(self.client, found))
        ended = await svc.end_season(guild_of(interaction), league, admin(interaction))  # the channel is told too
        if isinstance(ended, SeasonArchive):
            await send(interaction, season_ended(ended, locale(interaction)))
            return
        assert ended.final is not None
        where = await svc.places(ended.final)
        await send(interaction, t("league.final.opened_reply", locale(interaction), league=ended.settings.name,
                                  where=f"<#{where[0]}>" if where else "—"))

    async def _leagues(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await league_names(self.leagues, interaction, current)

    for command in (settings, join, leave, drop, info, standings, round_open, season_end):
        command.autocomplete("league")(_leagues)
    del command


@app_commands.guild_only()
class TournamentCommands(commands.GroupCog, group_name="tournament", group_description=_("league.cmd.tournament")):
    """/tournament start and show: a league's knockout or round robin (bot/leagues/tournament.py)."""

    def __init__(self, leagues: LeagueService, client: discord.Client):
        self.leagues, self.client = leagues, client

    @app_commands.command(name="start", description=_("league.cmd.tournament_start"))
    @app_commands.describe(league=_("league.cmd.opt_league"), format=_("league.cmd.opt_tournament_format"),
                           advance=_("league.cmd.opt_advance"))
    @app_commands.choices(format=TOURNAMENTS)
    async def start(self, interaction: discord.Interaction, league: str, format: Literal["knockout", "round_robin"],
                    advance: app_commands.Range[int, 1, 9] | None = None) -> None:
        if not await defer(interaction):
            return
        svc = self.leagues
        check_league_channel(await league_channel(self.client, (await svc.load(guild_of(interaction), league)).league))
        started = await svc.start_tournament(guild_of(interaction), league, admin(interaction), Kind(format), advance)
        assert started.tournament is not None
        await send(interaction, t("league.tournament.started_reply", locale(interaction), league=started.settings.name,
                                  players=len(started.tournament.seeds), tables=len(started.rounds[-1].tables)))

    @app_commands.command(name="show", description=_("league.cmd.tournament_show"))
    @app_commands.describe(league=_("league.cmd.opt_league"))
    async def show(self, interaction: discord.Interaction, league: str) -> None:
        if not await defer(interaction):
            return
        svc = self.leagues
        found = (await svc.load(guild_of(interaction), league)).league
        if found.tournament is None:
            raise LeagueRefusal("league.refusal.no_tournament", league=found.settings.name)
        played = await svc.tournament_played(found)
        loc = locale(interaction)
        png = await asyncio.to_thread(bracket_png, found, played, await svc.names(found), loc)
        embed = discord.Embed(title=t("league.tournament.title", loc, league=found.settings.name), colour=embeds.ACCENT,
                              description=embeds.clip("\n".join(bracket_lines(found.tournament, played, loc)), 4096))
        embed.set_image(url="attachment://bracket.png")
        await send(interaction, embed=embed, file=discord.File(io.BytesIO(png), "bracket.png"))

    async def _leagues(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await league_names(self.leagues, interaction, current)

    for command in (start, show):
        command.autocomplete("league")(_leagues)
    del command


class RatingCommands(commands.Cog):
    def __init__(self, leagues: LeagueService):
        self.leagues = leagues

    @app_commands.command(name="leaderboard", description=_("league.cmd.leaderboard"))
    @app_commands.describe(game=_("league.cmd.opt_game"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        game = known_game(game, sorted(games()), "queries.refusal.unknown_game")
        board, _names = await self.leagues.leaderboard(guild_of(interaction), game)
        lines = [t("league.leaderboard.row", loc, rank=i + 1, player=f"<@{player}>", rating=f"{r.ordinal:.1f}",
                   mu=f"{r.mu:.1f}", sigma=f"{r.sigma:.1f}", games=r.games)
                 for i, (player, r) in enumerate(board[:LEADERBOARD_ROWS])]
        title = t("league.leaderboard.title", loc, game=get_game(game).spec.title)
        body = "\n".join(lines) if lines else t("league.leaderboard.none", loc)
        await send(interaction, embed=discord.Embed(title=title, colour=embeds.ACCENT,
                                                    description=embeds.clip(body + "\n\n" + t("league.leaderboard.how", loc),
                                                                            4096)))

    @app_commands.command(name="stats", description=_("league.cmd.stats"))
    @app_commands.describe(player=_("league.cmd.opt_stats_player"), game=_("league.cmd.opt_game"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    game: str | None = None) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        if game is not None:
            game = known_game(game, sorted(games()), "queries.refusal.unknown_game")
        who = player or interaction.user
        page = await self.leagues.player(guild_of(interaction), who.id, game)
        played = page.stats
        lines = [t("league.stats.played", loc, games=played.games, wins=played.wins, forfeits=played.forfeits)]
        if played.average_place is not None:
            lines.append(t("league.stats.average", loc, place=number(played.average_place)))
        lines += reliability_lines(page.reliability, loc)
        file = None
        if page.game is not None:
            title = get_game(page.game).spec.title
            if page.rating is not None:
                lines.append(t("league.stats.rating", loc, game=title, rating=f"{page.rating.ordinal:.1f}",
                               mu=f"{page.rating.mu:.1f}", sigma=f"{page.rating.sigma:.1f}", games=page.rating.games))
                chart = [(p.rating.mu, p.rating.sigma) for p in page.history]
                png = await asyncio.to_thread(render.rating_chart_png, chart,
                                              t("league.stats.chart", loc, player=who.display_name, game=title), loc)
                file = discord.File(io.BytesIO(png), "rating.png")
            else:
                lines.append(t("league.stats.unrated", loc, game=title))
        embed = discord.Embed(title=t("league.stats.title", loc, player=who.display_name)[:256], colour=embeds.ACCENT,
                              description="\n".join(lines))
        if file is not None:
            embed.set_image(url="attachment://rating.png")
        await send(interaction, embed=embed, file=file)

    @leaderboard.autocomplete("game")
    @stats.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(sorted(games()), current)


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ServerCommands(commands.GroupCog, group_name="server", group_description=_("league.cmd.server")):
    def __init__(self, leagues: LeagueService):
        self.leagues = leagues

    @app_commands.command(name="language", description=_("league.cmd.server_language"))
    @app_commands.describe(language=_("league.cmd.opt_language"))
    @app_commands.choices(language=[app_commands.Choice(name=_("league.language.en"), value="en"),
                                    app_commands.Choice(name=_("league.language.it"), value="it")])
    async def language(self, interaction: discord.Interaction, language: Literal["en", "it"]) -> None:
        if not await defer(interaction):
            return
        require_manager(interaction)
        await self.leagues.storage.set_server_locale(guild_of(interaction), language)
        await send(interaction, t("league.server.language_set", locale(interaction),
                                  language=t(f"league.language.{language}", language)))

    @app_commands.command(name="void", description=_("league.cmd.server_void"))
    @app_commands.describe(match=_("league.cmd.opt_match"), restore=_("league.cmd.opt_restore"))
    async def void(self, interaction: discord.Interaction, match: app_commands.Range[int, 1],
                   restore: bool = False) -> None:
        if not await defer(interaction):
            return
        require_manager(interaction)
        reranked = await self.leagues.void(match, guild_of(interaction), not restore)
        loc = locale(interaction)
        await send(interaction, "\n".join([
            t("league.server.restored" if restore else "league.server.voided", loc, match=match),
            *(t("league.server.reranked", loc, league=league.settings.name, season=archive.season,
                champion=f"<@{archive.champion}>" if archive.champion else "—") for league, archive in reranked)]))


def reliability_lines(played: Reliability, loc: str) -> list[str]:
    """Turns on time, the average time to move and matches abandoned, as `/stats` shows them."""
    lines = []
    if played.on_time_share is not None:
        lines.append(t("league.stats.on_time", loc, share=f"{played.on_time_share:.0%}", on_time=played.on_time,
                       turns=played.turns))
    if played.average_seconds is not None:
        lines.append(t("league.stats.to_move", loc, time=format_timedelta(round(played.average_seconds), locale=loc)))
    if played.matches:
        lines.append(t("league.stats.abandoned", loc, abandoned=played.abandoned, matches=played.matches))
    return lines


async def tell_channel(interaction: discord.Interaction, content: str, embed: discord.Embed | None = None) -> None:
    """A public message in the command's channel, in the server's language (the reply stays private, so a
    refusal is never public)."""
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)  # a command's channel, where the bot may write
    await channel.send(content, embeds=[embed] if embed else [], allowed_mentions=discord.AllowedMentions.none())


# What a league needs of the bot in its channel: to announce there (with its info card) and to open a thread
# for each table and write in it.
LEAGUE_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "create_public_threads",
                      "send_messages_in_threads")


def check_league_channel(channel: discord.TextChannel) -> None:
    """Before a league does anything in `channel`: refuse, naming them, if the bot lacks permissions there."""
    granted = channel.permissions_for(channel.guild.me)
    missing = [name for name in LEAGUE_PERMISSIONS if not getattr(granted, name)]
    if missing:
        raise LeagueRefusal("league.refusal.missing_permissions", channel=channel.id,
                            missing=[Message(f"league.permission.{name}") for name in missing])


def guild_locale(client: discord.Client, guild_id: int) -> str | None:
    """The language a server chose in Discord (its community locale), if the bot sees the server."""
    guild = client.get_guild(guild_id)
    return locale_of(guild.preferred_locale.value) if guild is not None else None


async def league_channel(client: discord.Client, league: League) -> discord.TextChannel:
    """The text channel a league was created in, or a refusal saying it is gone."""
    assert league.channel_id is not None
    try:
        channel = client.get_channel(league.channel_id) or await client.fetch_channel(league.channel_id)
    except (discord.NotFound, discord.Forbidden):
        raise LeagueRefusal("league.refusal.channel_gone", league=league.settings.name) from None
    if not isinstance(channel, discord.TextChannel):
        raise LeagueRefusal("league.refusal.channel_gone", league=league.settings.name)
    return channel


def require_manager(interaction: discord.Interaction) -> None:
    if not admin(interaction)[0]:
        raise Refusal("league.refusal.server_managers")


def mentions(players: Sequence[int]) -> str:
    return " ".join(f"<@{p}>" for p in players)


def season_ended(archive: SeasonArchive, loc: str) -> str:
    champion = f"<@{archive.champion}>" if archive.champion else "—"
    return t("league.season.ended_final" if archive.final_match else "league.season.ended", loc,
             league=archive.settings.name, season=archive.season, champion=champion, matches=len(archive.matches))


def bracket_lines(tournament: Tournament, played: Sequence[Sequence[Played]], loc: str) -> list[str]:
    """The tournament in words: each round's tables and who went through (a knockout) or won, the byes, and the
    champion."""
    lines = [t(f"league.tournament.format.{tournament.kind.value}", loc)]
    for number, (stage, tables, tags) in enumerate(zip(tournament.stages, played, marks(tournament, played),
                                                       strict=True), start=1):
        lines.append(t("league.tournament.final" if stage.final else "league.tournament.round", loc, stage=number))
        for index, (table, tagged) in enumerate(zip(tables, tags, strict=True), start=1):
            lines.append(t("league.tournament.table", loc, table=index, players=mentions(table.players),
                           through=mentions(list(tagged)) if tagged else "…"))
        if stage.byes:
            lines.append(t("league.tournament.byes", loc, players=mentions(stage.byes)))
    if tournament.over:
        lines.append(t("league.tournament.champion", loc, champion=f"<@{tournament.champion}>"
                       if tournament.champion else "—"))
    return lines


def bracket_png(league: League, played: Sequence[Sequence[Played]], names: dict[int, str], loc: str) -> bytes:
    """The tournament as a picture: every round's tables with their players' names and tags, the byes, the
    champion."""
    tournament = league.tournament
    assert tournament is not None

    def seats(players: Sequence[int], tagged: dict[int, str]) -> tuple[BracketSeat, ...]:
        return tuple(BracketSeat(names.get(p, str(p)), tagged.get(p)) for p in players)

    rounds = [BracketRound(number, stage.final, (
        *(BracketTable(seats(table.players, tagged), index, table.playing)
          for index, (table, tagged) in enumerate(zip(tables, tags, strict=True), start=1)),
        *([BracketTable(seats(stage.byes, dict.fromkeys(stage.byes, "through")))] if stage.byes else [])))
        for number, (stage, tables, tags) in enumerate(zip(tournament.stages, played, marks(tournament, played),
                                                           strict=True), start=1)]
    champion = names.get(tournament.champion, "—") if tournament.champion is not None else None
    return render.bracket_png(t("league.tournament.title", loc, league=league.settings.name), rounds, champion, loc,
                              subtitle=t(f"league.tournament.format.{tournament.kind.value}", loc))


def info_embed(league: League, seasons: Sequence[SeasonArchive], loc: str, final_place: int | None = None
               ) -> discord.Embed:
    s = league.settings
    lines = [
        t("league.info.game", loc, game=get_game(s.game).spec.title, format=t(f"league.format.{s.format.value}", loc)),
        t("league.info.tables", loc, low=s.min_table, high=s.max_table,
          shortfall=t(f"league.shortfall.{s.shortfall.value}", loc)),
        t("league.info.points", loc, points=" / ".join(number(p) for p in s.points(s.max_table)), size=s.max_table),
        t("league.info.clock", loc, hours=number(s.turn_clock_hours), days=number(s.round_days),
          deadline=t(f"league.deadline.{s.at_deadline.value}", loc), away=number(s.away_days)),
        t("league.info.season", loc, season=league.season, start=f"<t:{int(s.starts_at)}:d>",
          end=f"<t:{int(s.ends_at)}:d>" if s.ends_at else "—"),
        t("league.info.season_days", loc, days=number(s.season_days)) if s.season_days else
        t("league.info.season_open", loc),
        t("league.info.final", loc, players=s.final_players) if s.final_players else t("league.info.no_final", loc),
        t("league.info.table_results" if s.table_results else "league.info.online_only", loc),
    ]
    if league.admin_role:
        lines.append(t("league.info.admin_role", loc, role=f"<@&{league.admin_role}>"))
    current: Round | None = league.current_round
    if current is not None and current.final:
        lines.append(t("league.info.final_playing", loc, where=f"<#{final_place}>" if final_place else "—",
                       players=mentions(current.tables[0].players), deadline=f"<t:{int(current.deadline)}:R>"))
    elif current is not None and (stage := tournament_stage(league, current)) is not None:
        lines.append(t("league.info.tournament_playing", loc, stage=stage, deadline=f"<t:{int(current.deadline)}:R>"))
    elif current is not None:
        lines.append(t("league.info.round", loc, round=current.number, deadline=f"<t:{int(current.deadline)}:R>"))
    if league.tournament is not None and league.tournament.over:
        lines.append(t("league.info.tournament_champion", loc, champion=f"<@{league.tournament.champion}>"
                       if league.tournament.champion else "—"))
    if league.members:
        lines.append(t("league.info.members", loc, count=len(league.members),
                       members=", ".join(f"<@{m.player}>" for m in league.members[:40])))
    for archive in seasons[-3:]:
        lines.append(t("league.info.past_final" if archive.final_match else "league.info.past_season", loc,
                       season=archive.season, champion=f"<@{archive.champion}>" if archive.champion else "—"))
    if seasons:
        lines.append(t("league.info.past_standings", loc, season=seasons[-1].season))
    return discord.Embed(title=s.name[:256], colour=embeds.ACCENT, description=embeds.clip("\n".join(lines), 4096))


def tournament_stage(league: League, round_: Round) -> int | None:
    """Which round of the league's tournament `round_` is (from 1), if it is one."""
    stages = [s.round for s in league.tournament.stages] if league.tournament and round_.tournament else []
    return stages.index(round_.number) + 1 if round_.number in stages else None


async def make_thread(client: discord.Client, leagues: LeagueService, league: League, round_: Round, table: int
                      ) -> int:
    """A public thread for one table of a round, opened with the league's settings, the seats and the pings."""
    loc = await leagues.locale(league.guild_id)
    channel = await league_channel(client, league)
    s = league.settings
    stage = tournament_stage(league, round_)
    if round_.final:
        name = t("league.final.thread", loc, league=s.name, season=league.season)
    elif stage is not None:
        name = t("league.tournament.thread", loc, league=s.name, stage=stage, table=table)
    else:
        name = t("league.round.thread", loc, league=s.name, round=round_.number, table=table)
    try:
        thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                             auto_archive_duration=10080)
    except discord.Forbidden:
        raise LeagueRefusal("league.refusal.no_thread_permission", channel=channel.id) from None
    seated = round_.tables[table - 1]
    players = mentions(seated.players)
    text = "\n".join([
        t("league.final.intro", loc, league=s.name, season=league.season, players=players) if round_.final else
        t("league.tournament.table_intro", loc, league=s.name, stage=stage, table=table, players=players)
        if stage is not None else
        t("league.round.table_intro", loc, league=s.name, round=round_.number, table=table, players=players),
        t("league.round.table_rules", loc, game=get_game(s.game).spec.title, hours=number(s.turn_clock_hours),
          deadline=f"<t:{int(round_.deadline)}:f>", deadline_rule=t(f"league.deadline.{s.at_deadline.value}", loc)),
    ] + ([t("league.round.table_ai", loc, n=seated.ai_seats)] if seated.ai_seats else []))
    await thread.send(embeds.clip(text, embeds.CONTENT), allowed_mentions=discord.AllowedMentions(users=True))
    return thread.id


async def announce(client: discord.Client, leagues: LeagueService, league: League, what: AnnouncementKind,
                   params: dict[str, Any], nonce: str) -> None:
    """A league's announcement in its channel (from the league's outbox: `nonce` makes a repeated post the
    one already made)."""
    loc = await leagues.locale(league.guild_id)
    channel = await league_channel(client, league)
    if what == AnnouncementKind.SEASON_ENDED:
        await channel.send(season_ended(params["archive"], loc), allowed_mentions=discord.AllowedMentions.none(),
                           nonce=nonce)
        return
    if what == AnnouncementKind.TOURNAMENT_OVER:
        champion = params["champion"]
        await channel.send(t("league.tournament.over" if champion else "league.tournament.over_nobody", loc,
                             league=league.settings.name, champion=f"<@{champion}>"),
                           allowed_mentions=discord.AllowedMentions.none(), nonce=nonce)
        return
    number_ = params["round"]
    round_ = next((r for r in league.rounds if r.number == number_), None)
    if round_ is None:  # a round of a season since archived: its news is old
        return
    deadline = f"<t:{int(round_.deadline)}:f>"
    tables = [t("league.round.table_line", loc, table=i + 1, where=f"<#{place}>", players=mentions(tb.players))
              for i, (tb, place) in enumerate(zip(round_.tables, params.get("places", []), strict=False))]
    number = tournament_stage(league, round_)
    if what == AnnouncementKind.TOURNAMENT_ROUND and league.tournament is not None and number is not None:
        stage = league.tournament.stages[number - 1]
        text = "\n".join([t("league.tournament.opened_final" if stage.final else "league.tournament.opened", loc,
                            league=league.settings.name, stage=number, deadline=deadline), *tables,
                          *([t("league.tournament.byes", loc, players=mentions(stage.byes))] if stage.byes else [])])
    elif what == AnnouncementKind.ROUND_OPENED:
        text = "\n".join([t("league.round.opened", loc, league=league.settings.name, round=number_,
                            deadline=deadline), *tables])
    elif what == AnnouncementKind.FINAL_OPENED:
        text = t("league.final.opened", loc, league=league.settings.name, season=league.season,
                 where=f"<#{params['places'][0]}>", players=mentions(round_.tables[0].players), deadline=deadline)
    else:
        text = t("league.round.closed", loc, league=league.settings.name, round=number_)
    await channel.send(embeds.clip(text, embeds.CONTENT), allowed_mentions=discord.AllowedMentions.none(), nonce=nonce)

