"""What Discord's failures mean for a call the bot makes: try again (a 429, a 5xx, the
network) or give up (403, 404, a user's closed DMs, a payload Discord refused). The
courier retries only what a retry can fix, and an interaction's answer that fails is
logged as Discord's trouble, not as a bug (bot.edge.failures)."""

import asyncio
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

DMS_CLOSED = 50007
"""Discord's code for "Cannot send messages to this user" (DMs closed, or no shared server)."""
UNKNOWN_MESSAGE = 10008
UNKNOWN_INTERACTION = 10062
"""Discord's code for an interaction answered too late (its three seconds passed)."""


@dataclass(frozen=True)
class Retry:
    """Try again, not before `after` seconds (None: the courier's own backoff)."""

    after: float | None
    why: str


@dataclass(frozen=True)
class Gone:
    """No retry will deliver it: give it up (`dms_closed`: a DM to someone who takes none)."""

    why: str
    dms_closed: bool = False
    message_gone: bool = False


Failure = Retry | Gone


def failure(error: BaseException) -> Failure | None:
    """What an error of a Discord call means for the row it was delivering (None: not a
    Discord or network error at all: a bug, raised as it is)."""
    if isinstance(error, discord.Forbidden):
        return Gone(f"403 {error.text or 'Forbidden'}", dms_closed=error.code == DMS_CLOSED)
    if isinstance(error, discord.NotFound):
        return Gone(f"404 {error.text or 'Not Found'}", message_gone=error.code == UNKNOWN_MESSAGE)
    if isinstance(error, discord.RateLimited):
        return Retry(error.retry_after, "429 rate limited")
    if isinstance(error, discord.HTTPException):
        if error.status == 429:
            return Retry(_retry_after(error), "429 rate limited")
        if error.status >= 500 or error.status == 0:
            return Retry(None, f"{error.status} {error.text or 'server error'}".strip())
        return Gone(f"{error.status} {error.text or 'refused'}")
    if isinstance(error, aiohttp.ClientError | OSError | asyncio.TimeoutError):
        return Retry(None, f"network: {type(error).__name__}")
    return None


def _retry_after(error: discord.HTTPException) -> float | None:
    """Discord's own wait for a 429, from its Retry-After header."""
    headers: Any = getattr(error.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After") or headers.get("retry-after"))
    except (TypeError, ValueError):
        return None
