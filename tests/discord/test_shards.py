"""Sharded processes: SMITHFIELD_SHARDS names this process's share of the shards, and
only the process running shard 0 registers the commands."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.edge.sync import HASH_KEY
from bot.settings import Settings
from tests.discord.harness import public, world
from tests.fakes import FAKE_GAMES

ROOT = Path(__file__).resolve().parents[2]


def test_shard_ranges_are_read_from_the_setting() -> None:
    assert Settings(SMITHFIELD_SHARDS="0-3/8").shard_ids == [0, 1, 2, 3]
    assert Settings(SMITHFIELD_SHARDS="0-3/8").shard_count == 8
    assert Settings(SMITHFIELD_SHARDS="5/8").shard_ids == [5]
    assert Settings(SMITHFIELD_SHARDS="0-3/8").syncs_commands
    assert not Settings(SMITHFIELD_SHARDS="4-7/8").syncs_commands
    unset = Settings()
    assert unset.shard_ids is None and unset.shard_count is None and unset.syncs_commands
    for bad in ("8/8", "3-1/8", "0-3", "all"):
        with pytest.raises(ValidationError):
            Settings(SMITHFIELD_SHARDS=bad)


def test_a_bad_shard_setting_is_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "SMITHFIELD_SHARDS": "4-9/8"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert "SMITHFIELD_SHARDS" in result.stderr


async def test_the_process_running_shard_0_syncs_and_plays(pg_settings: Settings) -> None:
    sharded = pg_settings.model_copy(update={"shards": "0-1/2"})
    async with world(sharded, 2, games=FAKE_GAMES) as w:
        assert (w.bot.shard_count, w.bot.shard_ids) == (2, [0, 1])
        assert w.bot.sync_result == "global"
        alice, bob = w.players
        public(await alice.slash(w.channel, "game new", game="fagins-gang"))
        public(await bob.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start"))


async def test_a_process_without_shard_0_leaves_the_commands_alone(pg_settings: Settings) -> None:
    async with world(pg_settings.model_copy(update={"shards": "1/2"}), 1, games=FAKE_GAMES) as w:
        assert w.bot.sync_result == "not this process"
        assert w.store.meta(HASH_KEY) is None


async def test_one_process_runs_every_shard_when_none_is_named(settings: Settings) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        assert w.bot.shard_ids is None or w.bot.shard_ids == [0]
        assert w.bot.sync_result == "global"
