"""Reading who acted and where from an interaction, and answering it in time."""

import asyncio
import logging
import weakref
from collections.abc import Awaitable
from functools import partial
from typing import Any

import discord

from bot.edge.delivery import deliver
from bot.i18n import _speaking as _SPOKEN
from bot.i18n import language_of
from bot.messages import Outcome
from bot.service import Actor, Place
from bot.service.commands.archive import Viewer

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0
"""Seconds of work after which the interaction is deferred: Discord drops an
interaction that is not answered within three seconds."""
DEFER_AT_ONCE = DEFER_AFTER
"""Expected seconds of waiting for the store's writer (commands queued ahead times the
recent time per command) from which an interaction is deferred before its work starts:
the watchdog would defer it anyway, so it is spared the wait for the timer."""


def place_of(interaction: discord.Interaction[Any]) -> Place:
    assert interaction.channel_id is not None
    return Place(interaction.channel_id, interaction.guild_id)


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    user = interaction.user
    may_manage = False
    if isinstance(user, discord.Member):
        channel = interaction.channel
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            may_manage = channel.permissions_for(user).manage_channels
        else:
            may_manage = user.guild_permissions.manage_channels
    language = speak_to(interaction)
    return Actor(user.id, user.display_name, may_manage, language)


def speak_to(interaction: discord.Interaction[Any]) -> str:
    """Answer this interaction in the player's Discord language: sets the language being
    spoken for the rest of the interaction's task (and the service work it starts)."""
    language = language_of(interaction.locale)
    _SPOKEN.set(language)
    return language


def viewer_of(interaction: discord.Interaction[Any]) -> Viewer:
    """Who asks for past games and where, with the server's channels and threads they
    cannot view (games played there stay hidden from them)."""
    assert interaction.channel_id is not None
    hidden: set[int] = set()
    guild, user = interaction.guild, interaction.user
    if guild is not None and isinstance(user, discord.Member):
        for channel in [*guild.channels, *guild.threads]:
            if not channel.permissions_for(user).view_channel:
                hidden.add(channel.id)
    return Viewer(user.id, interaction.guild_id, interaction.channel_id, frozenset(hidden))


class Watchdog:
    """One timer for every interaction in progress, instead of a timer (and a task) per
    interaction: a burst of a thousand commands would otherwise arm a thousand timers
    that almost never fire. Interactions are watched in the order they arrived, all with
    the same delay, so the oldest is always the next due; the one timer is armed for it
    and, when it fires, defers every interaction whose work has passed `DEFER_AFTER`."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._watched: dict[int, tuple[float, discord.Interaction[Any]]] = {}
        self._deferring: dict[int, asyncio.Task[None]] = {}
        self._timer: asyncio.TimerHandle | None = None

    def watch(self, interaction: discord.Interaction[Any]) -> None:
        self._watched[interaction.id] = (self._loop.time() + DEFER_AFTER, interaction)
        if self._timer is None:
            self._arm()

    async def done(self, interaction: discord.Interaction[Any]) -> None:
        """The work is done: stop watching; if a deferral is under way, let it finish
        first (the answer must come after it)."""
        self._watched.pop(interaction.id, None)
        if not self._watched and self._timer is not None:
            self._timer.cancel()
            self._timer = None
        deferring = self._deferring.get(interaction.id)
        if deferring is not None:
            await asyncio.shield(deferring)

    def _arm(self) -> None:
        due, _ = next(iter(self._watched.values()))
        self._timer = self._loop.call_at(due, self._fire)

    def _fire(self) -> None:
        self._timer = None
        now = self._loop.time()
        while self._watched:
            key = next(iter(self._watched))
            due, interaction = self._watched[key]
            if due > now:
                break
            del self._watched[key]
            if not interaction.response.is_done():
                task = self._loop.create_task(_defer(interaction))
                self._deferring[key] = task
                task.add_done_callback(partial(self._deferred, key))
        if self._watched:
            self._arm()

    def _deferred(self, key: int, _task: "asyncio.Task[None]") -> None:
        self._deferring.pop(key, None)


IN_PLACE = "in_place"
"""An interaction's `extras` key: its answer replaces the message it was clicked on (a
builder's Submit, a private menu's last choice), so a deferral promises an edit of that
message, not a new one."""


async def _defer(interaction: discord.Interaction[Any]) -> None:
    """Say "thinking…" to the actor alone; the answer replaces it (bot.edge.delivery). A
    deferral Discord refuses does not stop the command: its answer is still tried."""
    if interaction.response.is_done():
        return
    try:
        if interaction.extras.get(IN_PLACE):
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as error:
        log.warning("Could not defer interaction %s: %s", interaction.id, error)


_WATCHDOGS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Watchdog]" = (
    weakref.WeakKeyDictionary()
)


def watchdog() -> Watchdog:
    """The running loop's one watchdog."""
    loop = asyncio.get_running_loop()
    found = _WATCHDOGS.get(loop)
    if found is None:
        found = _WATCHDOGS[loop] = Watchdog(loop)
    return found


def expected_wait(interaction: discord.Interaction[Any]) -> float:
    """Seconds the command is expected to wait for the store's writer (0 without a
    service: nothing queues)."""
    service = getattr(interaction.client, "service", None)
    wait = getattr(service, "expected_wait", None)
    return float(wait()) if callable(wait) else 0.0


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[Outcome]) -> Outcome:
    """Await the service, answering Discord within its three seconds: an interaction
    whose command will queue behind a long backlog is deferred at once; any other is
    deferred by the shared watchdog if its work passes `DEFER_AFTER` (a locked database),
    so the player sees "thinking…" instead of "the application did not respond"."""
    if expected_wait(interaction) >= DEFER_AT_ONCE:
        await _defer(interaction)
        return await work
    guard = watchdog()
    guard.watch(interaction)
    try:
        return await work
    finally:
        await guard.done(interaction)


async def respond(
    interaction: discord.Interaction[Any],
    work: Awaitable[Outcome],
    channel_id: int | None = None,
    *,
    in_place: bool = False,
) -> None:
    """Run a command's service call and deliver its outcome. Public messages go to the
    game's channel (the outcome's, else `channel_id`, else where the command was used).
    `in_place`: a private message's control (a builder's Submit, a private menu's last
    choice) whose accepted move closes that message instead of leaving it live."""
    speak_to(interaction)
    if in_place:
        interaction.extras[IN_PLACE] = True
    outcome = await in_time(interaction, work)
    where = outcome.channel_id or channel_id or interaction.channel_id
    await deliver(interaction, outcome, where, in_place=in_place)


async def answer(
    interaction: discord.Interaction[Any], outcome: Outcome, channel_id: int | None = None
) -> None:
    """Deliver an outcome for a command used in the game's own channel (the default)."""
    await deliver(interaction, outcome, channel_id if channel_id else interaction.channel_id)
