"""A minimal discord.py bot that exercises the fake the way the real bot will: slash commands with
subcommands and autocomplete, buttons and selects, deferrals, follow-ups, files, threads and DMs."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands


class WaveView(discord.ui.View):
    @discord.ui.button(label="Wave", custom_id="wave", style=discord.ButtonStyle.primary)
    async def wave(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} waved", view=None)


class PickView(discord.ui.View):
    @discord.ui.select(custom_id="pick", min_values=1, max_values=2, options=[
        discord.SelectOption(label=name.title(), value=name) for name in ("silk", "spice", "gold")
    ])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="picked " + ",".join(select.values), view=None)


class RenameModal(discord.ui.Modal, title="Rename the match"):
    name = discord.ui.TextInput(label="New name", custom_id="name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}", ephemeral=True)


class ToyBot(discord.Client):
    """Keeps what it observed: `errors` (HTTP exceptions its handlers caught), `locales`, `threads`."""

    def __init__(self, *, sync_guild: discord.abc.Snowflake | None = None) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.sync_guild = sync_guild
        self.errors: list[discord.HTTPException] = []
        self.locales: list[str] = []
        self.resumed = asyncio.Event()
        self._add_commands()

    async def setup_hook(self) -> None:
        if self.sync_guild is not None:
            self.tree.copy_global_to(guild=self.sync_guild)
            await self.tree.sync(guild=self.sync_guild)
        await self.tree.sync()

    async def on_resumed(self) -> None:
        self.resumed.set()

    async def _safely(self, call) -> None:
        try:
            await call
        except discord.HTTPException as error:
            self.errors.append(error)

    def _add_commands(self) -> None:
        tree = self.tree

        @tree.command(description="Say hello with a button")
        @app_commands.describe(name="Whom to greet")
        async def hello(interaction: discord.Interaction, name: str) -> None:
            self.locales.append(str(interaction.locale))
            await self._safely(interaction.response.send_message(f"Hello {name}", view=WaveView()))

        @tree.command(description="Whisper a secret to yourself")
        async def whisper(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("only you see this", ephemeral=True)

        @tree.command(description="Think, then answer")
        async def slow(interaction: discord.Interaction, delay: float = 0.1) -> None:
            await interaction.response.defer(thinking=True)
            await asyncio.sleep(delay)
            await interaction.followup.send("done thinking")
            await interaction.followup.send("and one more thing", ephemeral=True)

        @tree.command(description="Choose goods")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pick goods", view=PickView())

        @tree.command(description="Send yourself a DM")
        async def dm(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await interaction.user.send("your private hand", file=discord.File(_png(), "hand.png"))
                await interaction.followup.send("sent", ephemeral=True)
            except discord.Forbidden as error:
                self.errors.append(error)
                await interaction.followup.send("your DMs are closed", ephemeral=True)

        @tree.command(description="Post in the channel")
        async def post(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.defer(ephemeral=True)
            await self._safely(interaction.channel.send(text, file=discord.File(_png(), "board.png")))
            await interaction.followup.send("posted", ephemeral=True)

        @tree.command(description="Open a thread for a match")
        async def table(interaction: discord.Interaction, close: bool = False) -> None:
            await interaction.response.defer(ephemeral=True)
            thread = await interaction.channel.create_thread(name="Match #1", type=discord.ChannelType.public_thread)
            await thread.send("Welcome to the table")
            if close:
                await thread.edit(archived=True, locked=True)
            await interaction.followup.send(f"opened {thread.mention}", ephemeral=True)

        @tree.command(description="Tell a player it is their turn")
        async def nudge(interaction: discord.Interaction, player: discord.Member, bystander: discord.Member) -> None:
            await interaction.response.defer(ephemeral=True)
            await interaction.channel.send(f"{player.mention}, your move! ({bystander.mention} waits)",
                                           allowed_mentions=discord.AllowedMentions(users=[player]))
            await interaction.followup.send("nudged", ephemeral=True)

        @tree.command(description="Post a board, redraw it, post and delete a notice")
        async def redraw(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            board = await interaction.channel.send("board v1", file=discord.File(_png(), "v1.png"))
            await board.edit(content="board v2", attachments=[discord.File(_png(), "v2.png")])
            notice = await interaction.channel.send("a passing notice")
            await notice.delete()
            await interaction.followup.send("redrawn", ephemeral=True)

        @tree.command(description="Rename the match")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(RenameModal())

        @tree.command(description="Show a private picture, then redraw it")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("your hand", file=discord.File(_png(), "hand-v1.png"),
                                                    ephemeral=True)
            await interaction.followup.send("the deck", file=discord.File(_png(), "deck.png"), ephemeral=True)
            await interaction.edit_original_response(attachments=[discord.File(_png(), "hand-v2.png")])

        @tree.command(description="Answer too late")
        async def late(interaction: discord.Interaction) -> None:
            await self._safely(interaction.response.send_message("too late?"))

        game = app_commands.Group(name="game", description="Matches")

        @game.command(name="new", description="Open a lobby")
        @app_commands.choices(where=[app_commands.Choice(name="Thread", value="thread"),
                                     app_commands.Choice(name="Channel", value="channel")])
        async def game_new(interaction: discord.Interaction, title: str, where: str = "channel",
                           seats: app_commands.Range[int, 2, 4] = 3,
                           rival: discord.Member | None = None) -> None:
            self.locales.append(str(interaction.locale))
            rival_text = f" against {rival.display_name}" if rival else ""
            await interaction.response.send_message(f"{title} in {where} for {seats}{rival_text}")

        tree.add_command(game)

        @tree.command(description="Close every match (server managers)")
        @app_commands.default_permissions(manage_guild=True)
        async def purge(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("purged", ephemeral=True)

        @tree.command(description="Play a move")
        async def play(interaction: discord.Interaction, move: str) -> None:
            await interaction.response.send_message(f"played {move}", ephemeral=True)

        @play.autocomplete("move")
        async def play_moves(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            moves = ["place silk", "place spice", "pass"]
            return [app_commands.Choice(name=m, value=m) for m in moves if current in m]

        @tree.command(description="Send a message that breaks Discord's limits")
        async def shout(interaction: discord.Interaction, length: int) -> None:
            await self._safely(interaction.response.send_message("a" * length))


def _png() -> io.BytesIO:
    return io.BytesIO(b"\x89PNG\r\n\x1a\n" + b"\x00" * 32)
