"""Each of Discord's failures on its own, as a player sees it: what a command owes the
channel and the DMs arrives, exactly once, and nothing is said that is not so.

Black-box: only what the channel, the DMs and the answers show, in a lobby (whose
lines — "🪑 **bob** joined the table (2 seated)." — and whose table message are easy to
recognise) and in a game's DMs.
"""

import logging

import discord
import pytest
import simcord

from bot.edge.failures import FAILURE_TEXT
from bot.messages import TABLE
from bot.settings import Settings
from cogs import context
from tests.discord.faults import Faults
from tests.discord.harness import World, world

JOINED = "🪑 **bob** joined the table (2 seated)."
MINUTE = 60.0


def lines(w: World) -> list[str]:
    return [
        line
        for message in w.channel.history()
        if not message.flags.ephemeral
        for line in (message.content or "").splitlines()
    ]


def table_message(w: World) -> discord.Message:
    """The channel's table message (the lobby's, here), as the bot keeps it."""
    game = w.store.open_game(w.channel.id)
    assert game is not None
    row = w.store.live_message(game.id, TABLE, 0)
    assert row is not None
    return next(m for m in w.channel.history() if m.id == row.message_id)


def lobby_text(message: discord.Message) -> str:
    """What a lobby message says (its embed's text)."""
    return " ".join(
        text
        for e in message.embeds
        for text in [e.title or "", e.description or "", *(f.value for f in e.fields)]
    )


def said_to(result: simcord.InteractionResult) -> list[str]:
    texts = [result.response.content or ""] if result.acknowledged else []
    return texts + [f.content or "" for f in result.followups]


async def lobby(w: World) -> None:
    await w.players[0].slash(w.channel, "game new", game="fantasy-business")


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Faults:
    return Faults(monkeypatch)


async def test_a_failed_interaction_answer_still_says_the_move_in_the_channel(
    settings: Settings, faults: Faults, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(settings, 2) as w:
        await lobby(w)
        faults.fail("POST", "/interactions/*/callback", status=500)
        result = await w.players[1].slash(w.channel, "game join")
        assert not any(FAILURE_TEXT[:30] in text for text in said_to(result))
        await w.env.advance_time(30)
        assert lines(w).count(JOINED) == 1
        assert w.store.open_game(w.channel.id) is not None
        assert len(w.store.seats(w.store.open_game(w.channel.id).id)) == 2  # type: ignore[union-attr]
    assert not [r for r in caplog.records if r.exc_info], "a traceback for Discord's 500"


async def test_a_failed_channel_send_is_sent_again_until_it_is_there(
    settings: Settings, faults: Faults, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deferred command's line goes to the channel as a message of its own: a 503 on
    that send does not lose it."""
    monkeypatch.setattr(context, "DEFER_AT_ONCE", 0.0)
    async with world(settings, 2) as w:
        await lobby(w)
        faults.fail("POST", "/channels/*/messages", status=503, times=2)
        await w.players[1].slash(w.channel, "game join")
        await w.env.advance_time(MINUTE)
        assert lines(w).count(JOINED) == 1


async def test_a_send_whose_answer_was_lost_is_not_posted_twice(
    settings: Settings, faults: Faults, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(context, "DEFER_AT_ONCE", 0.0)
    async with world(settings, 2) as w:
        await lobby(w)
        faults.fail("POST", "/channels/*/messages", status=502, lost=True)
        await w.players[1].slash(w.channel, "game join")
        await w.env.advance_time(MINUTE)
        assert faults.sent_twice == 1
        assert lines(w).count(JOINED) == 1


async def test_a_failed_table_edit_is_tried_again_with_no_new_move(
    settings: Settings, faults: Faults
) -> None:
    async with world(settings, 2) as w:
        await lobby(w)
        faults.fail("PATCH", "/channels/*/messages/*", status=502, times=3)
        await w.players[1].slash(w.channel, "game join")
        await w.env.advance_time(MINUTE)  # nobody moves meanwhile
        assert "bob" in lobby_text(table_message(w))


async def test_a_deleted_table_message_comes_back_at_once(settings: Settings) -> None:
    async with world(settings, 2) as w:
        await lobby(w)
        await w.players[1].slash(w.channel, "game join")
        table = table_message(w)
        role = w.guild.create_role(
            "Cleaners", permissions=discord.Permissions(manage_messages=True)
        )
        cleaner = w.guild.add_member(w.env.create_user("cleaner"), roles=[role])
        await cleaner.delete(table)
        await w.env.advance_time(5)
        again = table_message(w)
        assert again.id != table.id
        assert "bob" in lobby_text(again)
        assert [m.id for m in w.channel.history()][-1] == again.id  # at the bottom


async def test_a_restart_with_lines_owed_delivers_them_once(
    settings: Settings, faults: Faults, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot stops while Discord refuses its sends: the next process sends what the
    committed moves still owe."""
    monkeypatch.setattr(context, "DEFER_AT_ONCE", 0.0)
    async with world(settings, 3) as w:
        await lobby(w)
        faults.fail("POST", "/channels/*/messages", status=503, times=None)
        await w.players[1].slash(w.channel, "game join")
        await w.players[2].slash(w.channel, "game join")
        assert JOINED not in lines(w)
        await w.restart()
        faults.clear()
        await w.env.advance_time(MINUTE)
        assert lines(w).count(JOINED) == 1
        assert lines(w).count("🪑 **carol** joined the table (3 seated).") == 1


async def test_after_a_long_outage_the_lines_owed_go_out_as_one_catch_up(
    settings: Settings, faults: Faults, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(context, "DEFER_AT_ONCE", 0.0)
    async with world(settings, 4) as w:
        faults.clock = lambda: w.env.now().timestamp()
        await lobby(w)
        before = len(w.channel.history())
        faults.fail(
            "POST", "/channels/*/messages", status=503, times=None, until=faults.clock() + 600
        )
        for player in w.players[1:]:
            await player.slash(w.channel, "game join")
        await w.env.advance_time(15 * MINUTE)
        new = [m for m in w.channel.history()[before:] if not m.flags.ephemeral and m.content]
        catch_up = [m for m in new if m.content.startswith("📬")]
        assert len(catch_up) == 1, [m.content for m in new]
        # bob's line was tried while Discord failed: it goes out as it was tried (its
        # nonce), the lines never tried are merged.
        assert lines(w).count(JOINED) == 1
        assert "🪑 **carol** joined the table (3 seated)." in catch_up[0].content
        assert "🪑 **dave** joined the table (4 seated)." in catch_up[0].content


async def test_discord_errors_are_one_warning_line_each_and_no_traceback(
    settings: Settings, faults: Faults, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    async with world(settings, 2) as w:
        await lobby(w)
        faults.fail("PATCH", "/channels/*/messages/*", status=429, retry_after=2, times=2)
        faults.fail("POST", "/channels/*/messages", status=500, times=2)
        await w.players[1].slash(w.channel, "game join")
        await w.env.advance_time(MINUTE)
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings and all("\n" not in r.getMessage() for r in warnings)
    assert any("still owed" in r.getMessage() for r in warnings)
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
