"""The sandbox on a temporary database, serving on a free loopback port."""

from pathlib import Path

import pytest

from bot.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        SMITHFIELD_SANDBOX_DB=tmp_path / "sandbox.db",
        SMITHFIELD_DB=tmp_path / "real.db",
        SMITHFIELD_SEED=7,
        DISCORD_TOKEN="",
    )
