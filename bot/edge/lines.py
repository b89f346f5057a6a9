"""Public messages per channel, batched: what queues while a send is under way goes out
together in the next message.

Discord lets a bot post about five messages per channel in five seconds; a burst of
moves that each posted its line would fall further and further behind. Here one send
is under way per channel at a time, and the messages that queue meanwhile are joined
into as few messages as Discord's limits allow (2,000 characters of text, ten embeds,
6,000 characters of embeds), in order, each move still its own line, every ping kept.
A message with files or buttons goes alone (its buttons and pictures belong to it).
Each caller waits until its own message is out, so what it does next (a new table
message, a DM) still comes after it.
"""

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.limits import CONTENT, EMBED_TOTAL, EMBEDS, fit
from bot.messages import Message

Send = Callable[[discord.abc.Messageable, Message], Awaitable[object]]


@dataclass
class _Queued:
    message: Message
    done: asyncio.Future[None]


@dataclass
class _Channel:
    queued: list[_Queued] = field(default_factory=list)
    busy: bool = False


def _embed_size(message: Message) -> int:
    return sum(len(embed) for embed in message.embeds)


def _joinable(message: Message) -> bool:
    return not message.files and not message.buttons


def joined(messages: list[Message]) -> list[list[int]]:
    """The messages (by index; each already fitted to Discord's limits) that go out
    together, in order: consecutive messages without files or buttons, as many as fit
    in one message."""
    groups: list[list[int]] = []
    text = embeds = size = 0
    for index, message in enumerate(messages):
        length = len(message.content or "")
        count, weight = len(message.embeds), _embed_size(message)
        last = groups[-1] if groups else None
        fits = (
            last is not None
            and _joinable(messages[last[-1]])
            and _joinable(message)
            and text + 1 + length <= CONTENT
            and embeds + count <= EMBEDS
            and size + weight <= EMBED_TOTAL
        )
        if fits and last is not None:
            last.append(index)
            text += (1 if text and length else 0) + length
            embeds += count
            size += weight
        else:
            groups.append([index])
            text, embeds, size = length, count, weight
    return groups


def combined(messages: list[Message]) -> Message:
    """One message saying `messages` in order: their lines, embeds and pings."""
    if len(messages) == 1:
        return messages[0]
    content = "\n".join(m.content for m in messages if m.content)
    mentions: list[int] = []
    for message in messages:
        mentions += [user for user in message.mentions if user not in mentions]
    return Message(
        content=content,
        embeds=[embed for m in messages for embed in m.embeds],
        mentions=mentions,
    )


class PublicLines:
    """Each channel's queue of public messages (see the module docstring)."""

    def __init__(self) -> None:
        self._channels: dict[int, _Channel] = {}

    async def say(
        self, channel: discord.abc.Messageable, channel_id: int, message: Message, send: Send
    ) -> None:
        """Post `message` in the channel, with whatever queued beside it."""
        loop = asyncio.get_running_loop()
        state = self._channels.setdefault(channel_id, _Channel())
        mine = _Queued(fit(message), loop.create_future())
        state.queued.append(mine)
        if not state.busy:
            state.busy = True
            try:
                await asyncio.sleep(0)  # the rest of a burst's messages queue up
                while state.queued:
                    batch, state.queued = state.queued, []
                    await _send_all(channel, batch, send)
            finally:
                state.busy = False
                if not state.queued:
                    self._channels.pop(channel_id, None)
        await mine.done


async def _send_all(channel: discord.abc.Messageable, batch: list[_Queued], send: Send) -> None:
    """Send a batch as few messages; each waiting caller learns when its own is out (or
    why it failed)."""
    messages = [queued.message for queued in batch]
    for group in joined(messages):
        try:
            await send(channel, combined([messages[i] for i in group]))
        except Exception as error:
            for i in group:
                if not batch[i].done.done():
                    batch[i].done.set_exception(error)
            continue
        for i in group:
            if not batch[i].done.done():
                batch[i].done.set_result(None)
