import pytest

import tests.support.toy_game  # noqa: F401  (registers the "toy" game)
from bot.services import MatchServices
from bot.settings import Settings
from bot.storage import make_storage

from .e2e import TINY_PNG, paint_pictures_with
from .fakes import Clock, RecordingPresenter


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "bot.db"


@pytest.fixture
async def storage(database_url):
    store = make_storage(database_url)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
def settings(tmp_path, fake_discord):
    """A bot's settings for an end-to-end test against the fake Discord (the turn clock polls rarely)."""
    return Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "e2e.db"),
                    reminder_poll_seconds=3600)


@pytest.fixture
def tiny_pictures(monkeypatch):
    """The bot sends a tiny PNG for every picture (see `paint_pictures_with`)."""
    paint_pictures_with(monkeypatch, lambda view, locale, names=None: TINY_PNG)


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def presenter():
    return RecordingPresenter()


ALL_STATUSES = ("lobby", "running", "over", "cancelled", "abandoned")


@pytest.fixture
async def service(storage, presenter, clock):
    seeds = iter(range(1, 10_000))
    service = MatchServices(storage, presenter, now=clock, new_seed=lambda: next(seeds))
    yield service
    # Every match a test created replays exactly from its seed and its log.
    for match in await storage.matches(statuses=ALL_STATUSES):
        if match.state is not None:
            replayed = await service.core.replay(match)
            assert service.core.game_of(match).dump_state(replayed) == match.state, f"match {match.id}"


from tests.fakediscord import fixture as _fake_fixture  # noqa: E402

fake_discord = _fake_fixture.fake_discord
