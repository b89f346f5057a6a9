"""Messages kept up to date in place: a step's table message and a player's DM sheet.

A channel that hosts a game for weeks must stay readable: the full picture of the
current step (the auction, the market, the price-sheet round, the lobby) lives in one
message that is edited on every move, and only it carries live buttons. When the step
ends the message is closed (buttons removed, a closing note said) and the next step
gets a new message at the bottom. The message ids live in the database
(`live_messages`), so editing continues after a restart; each carries the game version
it shows, so an update that arrives late can never overwrite a newer one. A table
message that has scrolled far up (`REPOST_AFTER` messages since) is posted again at the
bottom and its old copy stripped.

Bursts: at most one update is under way per message, and states that arrive meanwhile
replace one another (`show`), so a burst of moves costs one or two edits, not one per
move — Discord allows about five edits in a channel per five seconds. An update also
waits (a little) for the moves its channel has queued, and then shows the last of them.
The command's own transaction already moved the message's row to the version drawn
(`Live.shown`), so an edit needs nothing from the store; the version shown is kept here.
"""

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any, Protocol

import discord

from bot.edge.buttons import view_of
from bot.i18n import ENGLISH, LANGUAGES, N_, _, speaking
from bot.limits import fit
from bot.messages import TABLE, Activity, Live, Message
from bot.store import LiveRow, Store

log = logging.getLogger(__name__)

REPOST_AFTER = 15
"""Messages in the channel after the table message before it is posted again below."""
CLOSED = ""
"""The step of a closed message: nothing is shown there any more."""
MOVED = N_("⬇️ *This table moved to the bottom of the channel.*")
HOLD_SECONDS = 1.0
"""Longest an update waits for its channel's queued moves before showing what it has."""
REMEMBERED = 4096
"""Live messages whose shown version is kept in memory (the least recent are forgotten;
their rows still guard against older pictures)."""


class LiveStore(Protocol):
    """What keeping messages up to date needs from the game service."""

    activity: Activity

    async def call(self, work: Any, *args: Any) -> Any: ...

    async def read(self, work: Any, *args: Any) -> Any: ...

    async def channel_quiet(self, channel_id: int, timeout: float) -> None: ...

    def live_lock(self, key: tuple[int, str, int]) -> asyncio.Lock: ...

    @property
    def store(self) -> Store: ...


@dataclass
class _Slot:
    """One live message's updates: the newest state not yet shown, and what is shown."""

    newest: tuple[Live, int] | None = None
    busy: bool = False
    shown_version: int = -1
    shown_step: str | None = None


class Coalescer:
    """Each live message's updates, one at a time, the newest state replacing any that
    waits (see the module docstring)."""

    def __init__(self) -> None:
        self._slots: OrderedDict[tuple[int, str, int], _Slot] = OrderedDict()

    def _slot(self, key: tuple[int, str, int]) -> _Slot:
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = _Slot()
            while len(self._slots) > REMEMBERED:
                oldest = next(iter(self._slots))
                if self._slots[oldest].busy:
                    break
                del self._slots[oldest]
        self._slots.move_to_end(key)
        return slot

    async def show(
        self, client: discord.Client, service: LiveStore, live: Live, channel_id: int
    ) -> bool:
        """Bring a live message up to `live`, or leave that to the update under way (which
        then shows `live` or a newer state). Returns False when a DM could not be
        delivered (the caller tells the channel, without the content)."""
        slot = self._slot((live.game_id, live.slot, live.user_id))
        if slot.newest is not None:
            waiting = slot.newest[0]
            if waiting.version > live.version:
                return True  # a newer state already waits
            live = _after(waiting, live, slot.shown_step)
        elif live.version < slot.shown_version:
            return True  # a newer picture is already shown
        slot.newest = (live, channel_id)
        if slot.busy:
            return True  # the update under way shows it next
        slot.busy = True
        delivered = True
        try:
            await service.channel_quiet(channel_id, HOLD_SECONDS)
            await asyncio.sleep(0)  # the rest of the burst's answers arrive
            while slot.newest is not None:
                newest, where = slot.newest
                slot.newest = None
                if newest.version < slot.shown_version:
                    continue
                delivered = await sync(client, service, newest, where) and delivered
                slot.shown_version, slot.shown_step = newest.version, newest.step
        finally:
            slot.busy = False
        return delivered


def _after(waiting: Live, newer: Live, shown_step: str | None) -> Live:
    """`newer` replacing a state that waited: if the waiting one would have closed the
    step shown, its closing note is the one that step gets."""
    if shown_step is not None and waiting.step != shown_step:
        return replace(newer, closing=waiting.closing)
    return newer


async def sync(client: discord.Client, service: LiveStore, live: Live, channel_id: int) -> bool:
    """Bring one live message up to date now. Returns False when a DM could not be
    delivered (the caller tells the channel, without the content)."""
    key = (live.game_id, live.slot, live.user_id)
    async with service.live_lock(key):
        shown = live.shown
        if (
            shown is not None
            and not _scrolled_up(service, live)
            and await _edit_at(client, shown, live)
        ):
            return True
        row: LiveRow | None = await service.read(service.store.live_message, *key)
        if row is not None and row.version > live.version:
            return True  # a newer picture is already shown
        same_step = row is not None and live.step is not None and row.step == live.step
        if row is not None and same_step:
            if live.user_id == 0 and service.activity.count(row.channel_id, row.message_id) >= (
                REPOST_AFTER
            ):
                with speaking(await _language(service, live.game_id)):
                    moved = _(MOVED)
                await _strip(client, row, moved)
                return await _post(client, service, live, channel_id)
            if await _edit(client, row, live):
                await _save(service, row.model_copy(update={"version": live.version}))
                return True
            return await _post(client, service, live, channel_id)
        if row is not None and row.step != CLOSED:
            await _strip(client, row, live.closing)
        if live.closes:
            if row is not None:
                closed = row.model_copy(update={"step": CLOSED, "version": live.version})
                await _save(service, closed)
            return True
        return await _post(client, service, live, channel_id)


def _scrolled_up(service: LiveStore, live: Live) -> bool:
    """A table message with `REPOST_AFTER` messages below it is posted again."""
    if live.user_id != 0 or live.shown is None:
        return False
    channel_id, message_id = live.shown
    return service.activity.count(channel_id, message_id) >= REPOST_AFTER


async def _language(service: LiveStore, game_id: int) -> str:
    """The table's language (a table message speaks it)."""
    try:
        game = await service.read(service.store.game, game_id)
    except Exception:  # a closing note must not fail over its language
        log.exception("Could not read the language of game %s", game_id)
        return ENGLISH
    language = game.options.get("language", ENGLISH) if game is not None else ENGLISH
    return language if language in LANGUAGES else ENGLISH


async def _save(service: LiveStore, row: LiveRow) -> None:
    await service.call(service.store.save_live_message, row)


async def _target(client: discord.Client, live: Live, channel_id: int) -> discord.abc.Messageable:
    if live.user_id == 0:
        return client.get_partial_messageable(channel_id)
    user = client.get_user(live.user_id) or await client.fetch_user(live.user_id)
    return user.dm_channel or await user.create_dm()


async def _post(client: discord.Client, service: LiveStore, live: Live, channel_id: int) -> bool:
    message = live.drawn()
    assert message is not None and live.step is not None
    try:
        target = await _target(client, live, channel_id)
        sent = await target.send(**_fields(message))
    except (discord.Forbidden, discord.NotFound) as error:
        if live.user_id == 0:
            raise
        log.info("DM to %s failed: %s", live.user_id, error)
        return False
    if live.user_id == 0:
        service.activity.posted(sent.channel.id, sent.id)
    row = LiveRow(
        game_id=live.game_id,
        slot=live.slot,
        user_id=live.user_id,
        channel_id=sent.channel.id,
        message_id=sent.id,
        step=live.step,
        version=live.version,
    )
    await _save(service, row)
    return True


async def _edit(client: discord.Client, row: LiveRow, live: Live) -> bool:
    """Edit in place; False when the message is gone (deleted by someone)."""
    return await _edit_at(client, (row.channel_id, row.message_id), live)


async def _edit_at(client: discord.Client, where: tuple[int, int], live: Live) -> bool:
    drawn = live.drawn()
    assert drawn is not None
    channel_id, message_id = where
    message = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await message.edit(**_fields(drawn, editing=True))
    except discord.NotFound:
        return False
    return True


async def _strip(client: discord.Client, row: LiveRow, note: str) -> None:
    """Close a message down to one line: the step's moves are in the channel below it,
    so its old picture would only be a stale copy, and no button may stay pressable."""
    message = client.get_partial_messageable(row.channel_id).get_partial_message(row.message_id)
    try:
        await message.edit(content=note or _("✔️ Closed."), embeds=[], view=None)
    except discord.NotFound:
        pass  # already gone: nothing left to close
    except discord.HTTPException as error:
        log.warning("Could not close message %s: %s", row.message_id, error)


def _fields(message: Message, *, editing: bool = False) -> dict[str, Any]:
    message = fit(message)
    fields: dict[str, Any] = {
        "content": message.content or None,
        "embeds": message.embeds,
        "view": view_of(message.buttons),
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    if not editing and fields["view"] is None:
        del fields["view"]
    return fields


__all__ = ["CLOSED", "REPOST_AFTER", "TABLE", "Activity", "Coalescer", "sync"]
