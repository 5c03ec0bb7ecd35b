from tests.fakediscord import fixture as _fake_fixture

fake_discord = _fake_fixture.fake_discord
