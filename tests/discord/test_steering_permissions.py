"""Who may steer a running game: the host, or a member with Manage Channels where the
game is (abort, kick, replace, timer); pause and resume are the host's alone.

Checked after a restart, when the bot's member cache is empty, because that is when a
check that leaned on the cache would quietly go wrong.
"""

from typing import Any

import discord
import pytest
import simcord

from bot.settings import Settings
from tests.discord.harness import YES, World, confirmed, public, refused, world
from tests.fakes import FAKE_GAMES


async def running_after_restart(w: World, channel: Any) -> None:
    alice, bob = w.players[:2]
    public(await alice.slash(channel, "game new", game="fagins-gang"))
    public(await bob.slash(channel, "game join"))
    public(await alice.slash(channel, "game start", first=alice))
    await w.restart()


def options(w: World, command: str) -> dict[str, Any]:
    bob, carol = w.players[1], w.players[2]
    return {
        "game kick": {"member": bob},
        "game replace": {"old": bob, "new": carol},
        "game timer": {"hours": 5},
    }.get(command, {})


STEERING = ["game kick", "game replace", "game timer", "game abort"]


@pytest.mark.parametrize("command", STEERING)
async def test_a_seated_player_who_is_not_the_host_may_not_steer(
    settings: Settings, command: str
) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        await running_after_restart(w, w.channel)
        before = w.snapshot()
        assert "Only the host" in refused(
            await w.players[1].slash(w.channel, command, **options(w, command))
        )
        assert w.snapshot() == before


@pytest.mark.parametrize("command", STEERING)
async def test_a_member_with_manage_channels_may_steer(settings: Settings, command: str) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        mod = w.member_with_manage_channels()
        await running_after_restart(w, w.channel)
        if command in YES:
            await confirmed(mod, w.channel, command, **options(w, command))
        else:
            public(await mod.slash(w.channel, command, **options(w, command)))


@pytest.mark.parametrize("command", ["game pause", "game resume"])
async def test_pause_and_resume_are_the_hosts_alone(settings: Settings, command: str) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        mod = w.member_with_manage_channels()
        await running_after_restart(w, w.channel)
        if command == "game resume":
            public(await w.players[0].slash(w.channel, "game pause"))
        assert "Only the host" in refused(await mod.slash(w.channel, command))


async def test_manage_channels_granted_on_the_game_channel_alone_is_enough(
    settings: Settings,
) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        keeper = w.guild.add_member(w.env.create_user("keeper"))
        table = w.guild.create_text_channel(
            "keepers-table",
            overwrites={keeper: discord.PermissionOverwrite(manage_channels=True)},
        )
        await running_after_restart(w, table)
        assert "aborted" in await confirmed(keeper, table, "game abort")
        simcord.assert_no_errors(w.env)
