"""The drawing pool: pictures come back from worker processes, and a worker that dies gives words instead
(None) for what it held, while the next drawing gets a fresh pool."""

import os
import signal

import pytest

from bot.ops import drawing


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
