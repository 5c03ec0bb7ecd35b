"""Messages players read: lobby, table, private news, final scores, status. Plain functions of data."""

from __future__ import annotations

import io

import discord

from engine.core import Event, Message, get_game

from ..i18n import t
from ..services import FinalReport, Panel, PrivateNotice, Status, TableUpdate, TurnNotice, tidings, variants
from ..services.clock import discord_time
from ..storage import MatchRecord, MatchStatus, SeatRecord

CONTENT = 2000       # Discord's limits
DESCRIPTION = 4096
FIELD = 1024
TITLE = 256
COLOUR_DOTS = {"red": "🔴", "blue": "🔵", "green": "🟢", "yellow": "🟡", "white": "⚪", "black": "⚫",
               "purple": "🟣", "orange": "🟠", "brown": "🟤"}
ACCENT = discord.Colour.from_rgb(196, 140, 60)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def who(match: MatchRecord, seat: SeatRecord, locale: str, *, with_colour: bool = True) -> str:
    """'🔴 Red @alice' or '🔵 Blue 🤖 AI'. Mentions inside embeds show names without pinging."""
    if seat.plays_ai and (seat.user_id is None or seat.resigned):
        person = t("bot.seat.ai", locale, policy=t(f"bot.ai.{seat.ai}", locale))
    else:
        person = f"<@{seat.user_id}>"
    if not with_colour or match.status == MatchStatus.LOBBY:
        return person
    game = get_game(match.game)
    colour = tidings.colour_of(game, seat.seat)
    return f"{COLOUR_DOTS.get(colour, '▪️')} {tidings.colour_name(game, seat.seat).text(locale)} {person}"


def event_lines(events: list[Event], locale: str, limit: int = DESCRIPTION) -> str:
    lines = [f"• {e.text(locale)}" for e in events]
    out: list[str] = []
    size = 0
    for line in reversed(lines):  # keep the latest when there is too much to tell
        if size + len(line) + 1 > limit - 40:
            out.append(t("bot.table.earlier", locale, count=len(lines) - len(out)))
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


def png_file(data: bytes | None, name: str) -> discord.File | None:
    return discord.File(io.BytesIO(data), filename=name) if data else None


def lobby_embed(match: MatchRecord, title: str, seat_range: tuple[int, int], locale: str) -> discord.Embed:
    low, high = seat_range
    embed = discord.Embed(title=clip(t(f"bot.lobby.title_{match.status}", locale, title=title), TITLE), colour=ACCENT)
    seats = "\n".join(f"{s.seat + 1}. {who(match, s, locale)}" for s in match.seats)
    embed.add_field(name=t("bot.lobby.seats", locale, count=len(match.seats), low=low, high=high),
                    value=clip(seats, FIELD), inline=False)
    settings = match.settings
    options = variants.describe(get_game(match.game), match.params)
    if options:
        embed.add_field(name=t("bot.lobby.options", locale), value=clip("\n".join(o.text(locale) for o in options), FIELD),
                        inline=False)
    embed.add_field(name=t("bot.lobby.settings", locale), value=t(
        "bot.lobby.settings_line", locale, hours=f"{settings.get('clock_hours', 72):g}",
        expiry=t(f"bot.expiry.{settings.get('on_expiry', 'ai')}", locale),
        resign=t(f"bot.resign.{settings.get('resign', 'ai')}", locale),
        ai=t(f"bot.ai.{settings.get('ai_policy', 'heuristic')}", locale)), inline=False)
    challenged = settings.get("challenged") or []
    if challenged and match.status == MatchStatus.LOBBY:
        embed.add_field(name=t("bot.lobby.challenged", locale), value=clip(" ".join(f"<@{user}>" for user in challenged),
                                                                          FIELD), inline=False)
    if match.status in (MatchStatus.LOBBY, MatchStatus.RUNNING):  # what to do next: join, or follow the table
        footer = "bot.lobby.footer_running" if match.status == MatchStatus.RUNNING else (
            "bot.lobby.footer_challenge" if challenged else "bot.lobby.footer")
        embed.set_footer(text=t(footer, locale))
    embed.description = t("bot.lobby.host", locale, host=f"<@{match.host_id}>")
    return embed


def challenge_call(match: MatchRecord, title: str, locale: str) -> str | None:
    """The line over a challenge's lobby that calls the challenged players (pinged once, when it is posted)."""
    challenged = match.settings.get("challenged") or []
    if not challenged:
        return None
    return t("bot.lobby.challenge", locale, players=" ".join(f"<@{user}>" for user in challenged),
             count=len(challenged), host=f"<@{match.host_id}>", title=title, join=t("bot.lobby.join", locale))


def table_message(update: TableUpdate, locale: str) -> tuple[str, discord.Embed, discord.File | None]:
    """The table: what happened since the awaited player's last turn, who must act, the focused picture, and
    a mention of each player whose turn it now is, in that player's own language."""
    match = update.match
    embed = discord.Embed(title=clip(update.title, TITLE), colour=ACCENT)
    parts = ["\n".join(m.text(locale) for m in update.status)] if update.status else []  # headline, then questions
    if update.events:
        heading = f"**{update.since.text(locale)}**\n" if update.since else ""
        parts.append(heading + event_lines(update.events, locale, DESCRIPTION - sum(len(p) for p in parts) - 200))
    embed.description = clip("\n\n".join(p for p in parts if p), DESCRIPTION) or None
    if update.awaited:
        embed.add_field(name=t("bot.table.waiting_for", locale),
                        value=clip("\n".join(who(match, s, locale) for s in update.awaited), FIELD), inline=False)
    file = png_file(update.picture, "table.png")
    if file:
        embed.set_image(url="attachment://table.png")
    by_locale: dict[str, list[str]] = {}
    for alert in update.alerts:
        by_locale.setdefault(alert.locale, []).append(f"<@{alert.user_id}>")
    content = "\n".join(t("bot.table.your_move", loc, players=" ".join(users)) for loc, users in by_locale.items())
    return clip(content, CONTENT), embed, file


def private_message(notice: PrivateNotice) -> tuple[str, discord.File | None]:
    locale = notice.locale
    lines = [t("bot.dm.header", locale, title=f"{get_game(notice.match.game).spec.title} · #{notice.match.id}",
               where=f"<#{notice.match.place_id}>"), event_lines(notice.events, locale, CONTENT - 300)]
    return clip("\n".join(lines), CONTENT), png_file(notice.hand_png, "hand.png")


def final_message(report: FinalReport, locale: str) -> tuple[discord.Embed, discord.File | None]:
    match = report.match
    embed = discord.Embed(title=clip(t("bot.final.title", locale, title=report.title), TITLE), colour=ACCENT)
    if report.outcome is None:
        embed.description = t("bot.final.ended_early", locale, why=report.reason.text(locale) if report.reason else "")
    else:
        rows = []
        for rank, seat in enumerate(report.outcome.ranking, start=1):
            medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(rank, f"{rank}.")
            rows.append(t("bot.final.row", locale, rank=medal, who=who(match, match.seat(seat), locale),
                          score=report.outcome.scores[seat]))
        if report.outcome.tiebreak_used is not None:
            rows.append(report.outcome.tiebreak_used.text(locale))
        embed.description = clip("\n".join(rows), DESCRIPTION)
    file = png_file(report.final_png, "final.png")
    if file:
        embed.set_image(url="attachment://final.png")
    return embed, file


def status_embed(status: Status, locale: str) -> discord.Embed:
    match = status.match
    embed = discord.Embed(title=clip(status.title, TITLE), colour=ACCENT,
                          description=clip(" · ".join(m.text(locale) for m in status.lines), DESCRIPTION))
    if status.awaited:
        lines = [t("bot.status.awaited", locale, who=who(match, s.seat, locale),
                   since=discord_time(s.awaited_since or 0), deadline=discord_time(s.deadline))
                 if s.deadline is not None else
                 t("bot.status.awaited_paused", locale, who=who(match, s.seat, locale),
                   since=discord_time(s.awaited_since or 0))
                 for s in status.awaited]
        embed.add_field(name=t("bot.table.waiting_for", locale), value=clip("\n".join(lines), FIELD), inline=False)
    embed.add_field(name=t("bot.status.players", locale),
                    value=clip("\n".join(who(match, s.seat, locale) for s in status.seats), FIELD), inline=False)
    return embed


def turn_alert(title: str, place_id: int, locale: str) -> str:
    return t("bot.table.your_turn_dm", locale, match=title, where=f"<#{place_id}>")


def turn_message(title: str, place_id: int, turn: TurnNotice, locale: str) -> str:
    """A turn by DM: where, what is new for the player alone, and the question its buttons answer; once the turn
    is over (a draft's last card arrives), only the news."""
    asked = turn.panel.prompt is not None or bool(turn.panel.choices)
    lines = [turn_alert(title, place_id, locale) if asked else
             t("bot.dm.header", locale, title=title, where=f"<#{place_id}>")]
    if turn.events:
        lines.append(event_lines(turn.events, locale, CONTENT - 600))
    if asked:
        lines.append(question(turn.panel, locale))
    return clip("\n".join(lines), CONTENT)


def question(panel: Panel, locale: str) -> str:
    """A panel's question, and every step of its suggested turn in words: the player reads what the green
    button plays before clicking it."""
    lines = [f"**{panel.prompt.text(locale)}**" if panel.prompt else t("bot.panel.pick", locale)]
    if panel.suggested is not None and panel.then:
        steps = " › ".join(c.label for c in (panel.suggested, *panel.then))
        lines.append(t("bot.panel.turn", locale, n=1 + len(panel.then), steps=steps))
    return "\n".join(lines)


def line(message: Message, locale: str, mention: int | None = None) -> str:
    prefix = f"<@{mention}> " if mention else ""
    return clip(prefix + message.text(locale), CONTENT)
