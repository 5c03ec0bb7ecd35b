"""Helpers for driving the bot through the fake Discord like players would."""

from __future__ import annotations

from bot.app import CaravanseraiBot


def open_id(message) -> str | None:
    return next((c for c in message.custom_ids() if c.startswith("cs:") and c.endswith(":open")), None)


def table_message(fake, place):
    """The live table message: the latest one with a "my move" button."""
    return fake.latest(place, where=lambda m: open_id(m) is not None)


def awaited(fake, place, users):
    table = table_message(fake, place)
    return [u for u in users if u.id in table.pings]


async def open_panel(fake, user, place):
    table = table_message(fake, place)
    opened = await fake.click(user, table, custom_id=open_id(table))
    return await opened.reply()


async def take_turn(fake, users, place, *, pick=0, suggested=False):
    """The pinged player opens their panel and clicks a step (the default one when asked)."""
    (user,) = awaited(fake, place, users)
    panel = await open_panel(fake, user, place)
    assert panel.ephemeral
    steps = [b["custom_id"] for b in panel.buttons() if ":do:" in b["custom_id"]]
    if steps:
        step = steps[0] if suggested else steps[min(pick, len(steps) - 1)]
        await fake.click(user, panel, custom_id=step)
    else:  # many choices: a select
        select = panel.selects()[0]
        await fake.select(user, panel, select["custom_id"], [select["options"][pick]["value"]])
    await fake.quiet()
    return user, panel


async def new_match(fake, host, channel, game, **options):
    handle = await fake.slash(host, channel, "game", subcommand="new", options={"game": game, **options})
    reply = await handle.reply()
    await fake.quiet()
    return handle, reply


def bot(settings) -> CaravanseraiBot:
    return CaravanseraiBot(settings)
