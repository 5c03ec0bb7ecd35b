"""Pictures drawn in a pool of processes, so drawing never blocks the event loop nor holds the GIL against
the gateway. The bot's worker threads hand a drawing to the pool and wait for it (releasing the GIL).

The pool is one per process, shared by every bot the process runs, and started when the bot starts (once
its database is open and Discord took its token).
Its workers are spawned, not forked: a forked worker would share the bot's open sockets and its event
loop's epoll set, so a connection the bot closes would stay open in the worker (and its events reach the
bot for a socket it no longer has). Each worker imports the renderer and the games once, at start-up. If a worker dies mid-drawing, the drawings it
held come back as None, which the bot already shows as words only (the table, hand and scores are all in
the text); nothing is lost, since a picture is drawn again from the saved state each time it is needed.
The next drawing starts a fresh pool. The expert AI thinks its moves here too (`bot.services.ai`).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

log = logging.getLogger("bot.ops")
T = TypeVar("T")
TIMEOUT = 60.0  # seconds a drawing may take before the bot shows words instead

_lock = threading.Lock()
_processes = 0
_pool: ProcessPoolExecutor | None = None


def configure(processes: int) -> None:
    """Draw in `processes` worker processes from now on (0: in the caller's thread)."""
    global _processes, _pool
    if processes and multiprocessing.current_process().daemon:
        log.warning("drawing in threads: a daemonic process may not start drawing processes")
        processes = 0
    with _lock:
        if processes == _processes:
            return
        old, _pool, _processes = _pool, None, processes
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)
    pool = _current()
    if pool is not None:
        for ready in [pool.submit(_prepare) for _ in range(processes)]:
            ready.result()  # the workers start now, not at the first picture


def processes() -> int:
    return _processes


def draw(function: Callable[..., T], *args: object) -> T | None:
    """`function(*args)` in a worker process (it and its arguments must pickle); None if the worker died
    or took longer than TIMEOUT. Blocking: call it from a worker thread (asyncio.to_thread)."""
    pool = _current()
    if pool is None:
        return function(*args)
    try:
        return pool.submit(function, *args).result(timeout=TIMEOUT)
    except BrokenProcessPool:
        log.warning("a drawing process died while drawing %s; showing words instead, a new pool starts",
                    function.__name__)
        _discard(pool)
    except FutureTimeout:
        log.warning("drawing %s took over %.0f s; showing words instead", function.__name__, TIMEOUT)
    return None


def _current() -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _processes and _pool is None:
            _pool = ProcessPoolExecutor(_processes, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_follow, initargs=(os.getpid(),))
        return _pool


def _follow(parent: int) -> None:
    """In a worker: end when the bot's process ends, even killed (a worker is not a daemon, and nothing
    else would tell it)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="follow-the-bot", daemon=True).start()


def _prepare() -> None:
    """In a worker: import what drawing needs, before the first picture is asked for."""
    import render
    from engine.core import games

    for key in games():
        render.for_game(key)


def _discard(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)
