"""Leagues, ratings, statistics and the query contents stay pure: importing them loads no Discord and no
storage, so the services that wire them in stay thin and these modules test without either."""

import subprocess
import sys

PURE = ["bot.leagues", "bot.ratings", "bot.stats", "bot.results", "bot.queries.rules", "bot.queries.cards",
        "bot.queries.replays"]


def test_pure_modules_load_no_discord_and_no_storage():
    check = (f"import sys; import {', '.join(PURE)}; "
             "loaded = sorted(m for m in sys.modules if m.split('.')[0] in {'discord', 'aiosqlite'} "
             "or m.startswith(('bot.storage', 'bot.services', 'bot.cogs', 'bot.ui'))); print(loaded)")
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
