"""A #table with 200 messages: a command reaches the pages whole, through their own updates.

The page learns of changes by reading `/api/state`: right after its own action, and every
half second in other tabs. Nothing here depends on timing; the figures are printed (run
with `-s`), and `make bench` measures them properly.
"""

import time

import aiohttp

from bot.sandbox import Sandbox
from bot.sandbox.preview import WINDOW_MESSAGES
from bot.sandbox.scenes import long_table
from bot.settings import Settings
from tests.sandbox.preview_client import PreviewPage, open_room, poll_until

MESSAGES = 200


async def test_with_200_messages_a_command_reaches_the_acting_tab_and_another_whole(
    settings: Settings,
) -> None:
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        world = sandbox.world
        await long_table(sandbox, MESSAGES)
        assert len(world.table.history()) >= MESSAGES
        alice = world.players[0]
        url = await open_room(http, sandbox, "table")
        acting = await PreviewPage(http, url).open(alice.id)
        other_tab = await PreviewPage(http, url).open(alice.id)

        started = time.perf_counter()
        result = await acting.run("game status")
        right_after = await acting.state()
        acted = time.perf_counter() - started
        sent = [outcome["messageId"] for outcome in result["outcomes"]]
        made = {str(m.id): m for m in world.table.history(viewer=alice)[-len(sent) :]}
        assert list(made) == sent
        seen = await poll_until(other_tab, lambda state: set(sent) <= set(state["messages"]))
        watched = time.perf_counter() - started

        for state in (right_after, seen):
            # The newest messages, in order, nothing newer hidden, older ones a click away.
            assert state["timeline"][-len(sent) :] == sent
            assert len(state["timeline"]) == WINDOW_MESSAGES
            assert state["history"]["hasBefore"] and not state["history"]["hasAfter"]
            assert len(state["messageIndex"]) == WINDOW_MESSAGES
            for message_id in sent:
                shown = state["messages"][message_id]
                assert shown["author"]["name"] == "Smithfield"
                assert shown["content"] == made[message_id].content
                assert [embed["title"] for embed in shown["embeds"]] == [
                    embed.title for embed in made[message_id].embeds
                ]
        print(
            f"\n{MESSAGES} messages in #table: the acting tab reads its command's answer "
            f"after {acted * 1000:.0f} ms, another tab after {watched * 1000:.0f} ms"
        )
