"""Shared test setup: settings on a temporary database."""

from pathlib import Path

import pytest

from bot.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(SMITHFIELD_DB=tmp_path / "smithfield.db", SMITHFIELD_SEED=7, DISCORD_TOKEN="")
