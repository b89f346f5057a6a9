"""One game's trouble must not stop the clock for every other game.

The scheduler is one background loop for all games; discord.py ends such a loop for good
on an unexpected exception, so a single channel the bot can no longer post in (deleted,
or its permissions taken away) would otherwise freeze every other game's deadlines.
"""

from typing import Any

import pytest
import simcord
from simcord.builders import ChannelHandle

from bot.service.commands import deadlines
from bot.settings import Settings
from tests.discord.harness import World, public, world
from tests.fakes import FAKE_GAMES

HOUR = 3600.0


async def timed_game(w: World, channel: ChannelHandle, hours: float) -> None:
    host, guest = w.players
    public(await host.slash(channel, "game new", game="fagins-gang"))
    public(await guest.slash(channel, "game join"))
    public(await host.slash(channel, "game start", first=host))
    public(await host.slash(channel, "game timer", hours=hours))


def total(w: World, channel: ChannelHandle) -> Any:
    table = w.bot.service.table(channel.id)
    assert table is not None
    return table.state.total


async def test_a_channel_the_bot_cannot_post_in_does_not_stop_other_games_deadlines(
    settings: Settings,
) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        other = w.guild.create_text_channel("other-table")
        await timed_game(w, w.channel, hours=1)
        await timed_game(w, other, hours=2)
        w.env.inject_error(
            "POST",
            f"/channels/{w.channel.id}/messages",
            status=403,
            code=50013,
            message="Missing Permissions",
            times=None,
        )
        await w.env.advance_time(1.1 * HOUR)  # the first game's deadline: its post fails
        assert total(w, w.channel) == 1
        await w.env.advance_time(1.0 * HOUR)  # the other game's deadline still counts
        assert total(w, other) == 1
        assert any(m.content.startswith("⏰ Time is up") for m in other.history())
        await w.env.advance_time(1.0 * HOUR)  # and the first game's clock runs on
        assert total(w, w.channel) == 3  # deadlines at 1, 2 and 3 hours
        simcord.assert_no_errors(w.env)


async def test_a_game_whose_default_move_breaks_does_not_stop_other_games_deadlines(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        other = w.guild.create_text_channel("other-table")
        await timed_game(w, w.channel, hours=1)
        await timed_game(w, other, hours=1)
        real = deadlines.apply_as_bot

        def broken_here(engine: Any, tx: Any, table: Any, seat: int, **how: Any) -> Any:
            if table.game.channel_id == w.channel.id:
                raise RuntimeError("a bug in this game's default move")
            return real(engine, tx, table, seat, **how)

        monkeypatch.setattr(deadlines, "apply_as_bot", broken_here)
        await w.env.advance_time(2.5 * HOUR)
        assert total(w, w.channel) == 0
        assert total(w, other) == 2
        simcord.assert_no_errors(w.env)
