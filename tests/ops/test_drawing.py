"""The drawing pool: pictures come back from worker processes, and a worker that dies gives words instead
(None) for what it held, while the next drawing gets a fresh pool; no drawing process outlives the bot, and a
bot that cannot start spawns none."""

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from bot.app import create_bot
from bot.ops import drawing
from bot.settings import Settings
from bot.storage import DatabaseUnavailable


def square(n: int) -> int:
    return n * n


def die(n: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return n


@pytest.fixture
def pool():
    before = drawing.processes()
    drawing.configure(1)
    yield
    drawing.configure(before)


def test_drawings_come_back_from_another_process(pool):
    assert drawing.draw(os.getpid) != os.getpid()
    assert drawing.draw(square, 7) == 49


def test_a_worker_that_dies_gives_words_and_the_next_drawing_a_new_pool(pool, caplog):
    assert drawing.draw(die, 1) is None
    assert "died while drawing die" in caplog.text
    assert drawing.draw(square, 3) == 9


def test_no_pool_draws_in_the_calling_thread():
    before = drawing.processes()
    drawing.configure(0)
    try:
        assert drawing.draw(os.getpid) == os.getpid()
    finally:
        drawing.configure(before)


async def test_drawing_processes_end_when_the_bot_is_killed():
    script = ("import os, sys, time; from bot.ops import drawing; drawing.configure(1); "
              "print(*[p for p in drawing._pool._processes], flush=True); time.sleep(600)")
    bot = await asyncio.create_subprocess_exec(sys.executable, "-c", script, stdout=asyncio.subprocess.PIPE)
    workers = [int(pid) for pid in (await asyncio.wait_for(bot.stdout.readline(), 120)).split()]
    assert workers and all(alive(pid) for pid in workers)
    bot.kill()
    await bot.wait()
    for _ in range(100):
        if not any(alive(pid) for pid in workers):
            break
        await asyncio.sleep(0.1)
    assert not any(alive(pid) for pid in workers)


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


async def test_a_bot_that_cannot_open_its_database_stops_without_starting_drawing_processes(tmp_path, monkeypatch):
    """It says what is wrong at once: each drawing process imports every game and the renderer, seconds of a
    core (three bots refused by PostgreSQL at once, with two each, took most of a minute on a busy machine)."""
    started = []
    monkeypatch.setattr(drawing, "configure", started.append)
    (tmp_path / "folder").mkdir()
    client = create_bot(Settings(discord_token="some.token", database_path=str(tmp_path / "folder"), render_processes=2))
    async with client:
        with pytest.raises(DatabaseUnavailable):
            await client.start("some.token")
    assert started == []
