"""Pictures drawn in a pool of processes, so drawing never blocks the event loop nor holds the GIL against
the gateway. The bot's worker threads hand a drawing to the pool and wait for it (releasing the GIL).

The pool is one per process, shared by every bot the process runs. Its workers are forked when the bot
is built, before it opens the database or any thread: they start at once with every module the bot has
imported, and nothing of the bot's threads or event loop. If a worker dies mid-drawing, the drawings it
held come back as None, which the bot already shows as words only (the table, hand and scores are all in
the text); nothing is lost, since a picture is drawn again from the saved state each time it is needed.
The next drawing starts a fresh pool.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
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
        pool.submit(int).result()  # the workers start now, not at the first picture


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
            _pool = ProcessPoolExecutor(_processes, mp_context=multiprocessing.get_context("fork"))
        return _pool


def _discard(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)
