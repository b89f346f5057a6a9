"""Discord's per-channel message rate limit, imposed on the simulated HTTP layer.

Discord lets a bot post or edit about five messages per channel in five seconds; past
that it answers 429 and discord.py waits until the bucket resets before sending again.
simcord has no rate limits, so this wraps the bot's (simulated) HTTP client: a message
posted or edited in a channel whose bucket is spent waits, as discord.py would, until the
oldest request in the window is `seconds` old. Every such request is logged with the
time it went through, to check how long a burst takes to show.
"""

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import discord

LIMITED = {
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
}


@dataclass
class Sent:
    at: float
    """The event loop's clock when the request went through."""
    method: str
    channel_id: int


@dataclass
class ChannelRateLimit:
    per: int = 5
    seconds: float = 5.0
    log: list[Sent] = field(default_factory=list)
    _windows: dict[int, deque[float]] = field(default_factory=dict)

    def install(self, bot: discord.Client) -> None:
        http = bot.http
        original = http.request

        async def request(route: Any, **kwargs: Any) -> Any:
            channel_id = getattr(route, "channel_id", None)
            if (route.method, route.path) not in LIMITED or channel_id is None:
                return await original(route, **kwargs)
            await self._take(int(channel_id))
            result = await original(route, **kwargs)
            at = asyncio.get_running_loop().time()
            self.log.append(Sent(at, route.method, int(channel_id)))
            return result

        http.request = request  # type: ignore[method-assign]

    async def _take(self, channel_id: int) -> None:
        """Wait until the channel's window has room, then take a place in it."""
        loop = asyncio.get_running_loop()
        window = self._windows.setdefault(channel_id, deque())
        while True:
            now = loop.time()
            while window and now - window[0] >= self.seconds:
                window.popleft()
            if len(window) < self.per:
                window.append(now)
                return
            await asyncio.sleep(self.seconds - (now - window[0]))
