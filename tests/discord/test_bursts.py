"""Bursts on a busy server: many moves in one channel at once, as the real bot meets them.

A burst of moves edits the table message once or twice, not once per move, and ends
showing the final state; with Discord's per-channel limit (about five messages posted or
edited per five seconds) imposed on the simulated HTTP layer, the final table and every
move's line are shown within ten seconds of the last move.
"""

import asyncio
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bench import bursts
from bench.bursts import gives
from bot.messages import TABLE
from bot.service.commands.publish import table_message
from bot.settings import Settings
from cogs import context
from tests.discord.bursts import burst
from tests.discord.harness import World, world
from tests.discord.ratelimit import ChannelRateLimit

MOVES = 50


async def table_of_five(w: World) -> None:
    host, *others = w.players
    await host.slash(w.channel, "game new", game="fantasy-business")
    for member in others:
        await member.slash(w.channel, "game join")
    await host.slash(w.channel, "game start")


def table_message_id(w: World) -> int:
    game = w.store.open_game(w.channel.id)
    assert game is not None
    row = w.store.live_message(game.id, TABLE, 0)
    assert row is not None
    return row.message_id


def edits_since(w: World, start: int, *message_ids: int) -> int:
    """Edits of these messages (a table message closed and posted again below counts the
    closing edit of the old one and every edit of the new one)."""
    paths = {f"/messages/{message_id}" for message_id in message_ids}
    return sum(
        1
        for request in w.env.http_requests[start:]
        if request.method == "PATCH" and any(request.path.endswith(p) for p in paths)
    )


def deferrals_since(w: World, start: int) -> int:
    """Interactions answered "thinking…" first (a type-5 callback)."""
    return sum(
        1
        for request in w.env.http_requests[start:]
        if request.path.endswith("/callback")
        and isinstance(request.json, dict)
        and request.json.get("type") == 5
    )


def embed_text(embed: discord.Embed) -> tuple[Any, ...]:
    fields = tuple((item.name, item.value) for item in embed.fields)
    return (embed.title, embed.description, fields, embed.footer.text)


def shows_the_final_state(w: World, message_id: int) -> bool:
    """The table message as the service would draw the game now."""
    service = w.bot.service
    table = service.table(w.channel.id)
    assert table is not None
    drawn = table_message(service.engine, table).drawn()
    assert drawn is not None
    shown = next(m for m in w.channel.history() if m.id == message_id)
    return [embed_text(e) for e in shown.embeds] == [embed_text(e) for e in drawn.embeds]


def gift_lines(w: World) -> int:
    """Lines in the channel saying a gift (each move is its own line)."""
    return sum(
        1
        for message in w.channel.history()
        for line in (message.content or "").splitlines()
        if " gives " in line
    )


def accepted_gifts(w: World) -> int:
    game = w.store.open_game(w.channel.id)
    assert game is not None
    return sum(1 for row in w.store.actions(game.id) if row.action.get("type") == "give")


async def test_a_burst_of_moves_edits_the_table_message_at_most_three_times(
    settings: Settings,
) -> None:
    async with world(settings, 5) as w:
        await table_of_five(w)
        message_id = table_message_id(w)
        start = len(w.env.http_requests)
        done = await burst(w.env, gives(w.players, w.channel, MOVES))
        assert all(result.acknowledged for result in done.results)
        assert accepted_gifts(w) == MOVES
        # Fifty lines below it: the table message moved to the bottom (posted again).
        now = table_message_id(w)
        assert 1 <= edits_since(w, start, message_id, now) <= 3
        assert shows_the_final_state(w, now)
        assert gift_lines(w) == MOVES
        simcord.assert_no_errors(w.env)


@pytest.mark.parametrize("deferred", [False, True], ids=["answered", "deferred"])
async def test_under_discords_rate_limit_a_burst_shows_in_ten_seconds(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, deferred: bool
) -> None:
    """Deferred: every interaction is deferred at once (as under a long backlog), so each
    move's line goes to the channel as a message of its own, batched with the others."""
    if deferred:
        monkeypatch.setattr(context, "DEFER_AT_ONCE", 0.0)
    limit = ChannelRateLimit(per=5, seconds=5.0)
    async with world(settings, 5) as w:
        await table_of_five(w)
        message_id = table_message_id(w)
        limit.install(w.bot)
        start = len(w.env.http_requests)
        began = asyncio.get_running_loop().time()
        done = await burst(w.env, gives(w.players, w.channel, MOVES))
        assert all(result.acknowledged for result in done.results)
        assert deferrals_since(w, start) == (MOVES if deferred else 0)
        assert accepted_gifts(w) == MOVES
        assert gift_lines(w) == MOVES
        now = table_message_id(w)
        assert shows_the_final_state(w, now)
        mine = [sent for sent in limit.log if sent.channel_id == w.channel.id]
        assert mine, "the table message was never edited"
        assert max(sent.at for sent in mine) - began <= 10.0
        assert edits_since(w, start, message_id, now) <= 3
        simcord.assert_no_errors(w.env)


async def test_the_benchs_burst_answers_every_command_and_loses_none(tmp_path: Path) -> None:
    """A small `python -m bench bursts`: three channels, twenty moves each at once."""
    many, one = await bursts.run(tmp_path, tables=3, per_table=20)
    assert (many.commands, many.accepted, many.refused) == (60, 60, 0)
    assert (one.commands, one.accepted) == (20, 20)
