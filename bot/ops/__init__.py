"""Operations: structured interaction logs (telemetry), the health and metrics endpoint, event-loop lag, and
the processes that draw pictures (drawing). The bot wires them with a few hooks (see bot/app.py).

Kept empty so that a drawing process imports bot.ops.drawing without the bot's Discord and HTTP modules."""
