"""Every command and every message is an event, and discord.py runs an `on_…` handler as a
task of its own. The bot's handlers for those two have work only now and then (a table
message to move down, a modal to route), so a task is made only then: a burst of a
thousand commands is not three thousand tasks for the event loop.
"""

from typing import Any

from bot.edge.live import REPOST_AFTER
from bot.settings import Settings
from tests.discord.harness import World, public, table_message, world
from tests.discord.test_calm_items import fb_table


def record_event_tasks(w: World) -> list[str]:
    scheduled: list[str] = []
    original = w.bot._schedule_event

    def recording(coro: Any, event_name: str, *args: Any, **kwargs: Any) -> Any:
        scheduled.append(event_name)
        return original(coro, event_name, *args, **kwargs)

    w.bot._schedule_event = recording  # type: ignore[method-assign]
    return scheduled


async def test_commands_and_chat_make_an_event_task_only_when_a_table_moves_down(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, _, carol = w.players
        scheduled = record_event_tasks(w)
        await fb_table(w)
        public(await alice.slash(w.channel, "auction", card=1))
        await carol.send(w.channel, "good luck")
        # Five commands and their messages, one chat line: no task for any of them.
        assert "on_interaction" not in scheduled and "on_message" not in scheduled, scheduled
        first = table_message(w)
        index = 0
        while sum(1 for m in w.channel.history() if m.id > first.id) < REPOST_AFTER:
            await carol.send(w.channel, f"chatting while we wait ({index})")
            index += 1
        # A screen of chat: one task, which moved the table message down.
        assert scheduled.count("on_message") == 1, scheduled
        moved = table_message(w)
        assert moved.id != first.id and w.channel.history()[-1].id == moved.id
