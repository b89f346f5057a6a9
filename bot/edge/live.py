"""Messages kept up to date in place: a step's table message and a player's DM sheet.

A channel that hosts a game for weeks must stay readable: the full picture of the
current step (the auction, the market, the price-sheet round, the lobby) lives in one
message that is edited on every move, and only it carries live buttons. When the step
ends the message is closed (buttons removed, a closing note said) and the next step
gets a new message at the bottom. The message ids live in the database
(`live_messages`), so editing continues after a restart. A table message that has
scrolled a screen up (`REPOST_AFTER` messages since, moves or chat) is posted again at
the bottom and its old copy stripped.

What a command owes a live message is a row of the outbox ("bring it to the game's
state"); the courier (bot.edge.courier) converges it here: the message is drawn from
the state stored now — of a burst of moves only the last state is drawn and shown, one
or two edits instead of one per move (an update first waits, at most a second, for its
channel's queued commands) — and the version shown is recorded only once Discord
confirmed the edit, so a failed edit is tried again until the message shows the stored
state. An old message is stripped before a new one is posted, so at most one message of
a channel carries live buttons; a deleted one is posted again.
"""

import asyncio
import logging
from typing import Protocol

import discord

from bot.edge import sending
from bot.edge.discord_errors import DMS_CLOSED
from bot.i18n import N_, _, speaking
from bot.messages import TABLE, Message
from bot.service import GameService
from bot.service.commands.publish import table_message
from bot.store import LiveRow, OwedRow
from bot.table import Table

log = logging.getLogger(__name__)

REPOST_AFTER = 5
"""Messages in the channel after the table message before it is posted again below:
about one phone screen, so the step's state and its buttons are always in view."""
CLOSED = ""
"""The step of a closed message: nothing is shown there any more."""
MOVED = N_("⬇️ *This table moved to the bottom of the channel.*")
OVER = N_("✔️ The game is over.")
HOLD_SECONDS = 1.0
"""Longest an update waits for its channel's queued moves before showing what it has."""

__all__ = ["CLOSED", "REPOST_AFTER", "TABLE", "Carrier", "converge"]


class Carrier(Protocol):
    """What converging a live message needs of the courier."""

    client: discord.Client
    service: GameService

    async def dms_closed(self, row: OwedRow, fallback: str) -> None: ...

    def shows(self, row: LiveRow) -> None:
        """Discord confirmed it: the live message shows this now (written in the
        courier's next bookkeeping, with the rows it delivered)."""


async def converge(carrier: Carrier, rows: list[OwedRow]) -> None:
    """Bring each live message these rows are about to its game's state now (raises
    Discord's errors for the courier to retry or give up)."""
    keys: dict[tuple[int, str, int], list[OwedRow]] = {}
    for row in rows:
        if row.game_id is not None:
            keys.setdefault((row.game_id, str(row.body["slot"]), row.user_id), []).append(row)
    for owed in keys.values():
        await _converge(carrier, owed)


async def _converge(carrier: Carrier, rows: list[OwedRow]) -> None:
    service = carrier.service
    newest = rows[-1]
    game_id, slot, user = rows[0].game_id, str(newest.body["slot"]), newest.user_id
    assert game_id is not None
    if user == 0:  # a burst of moves: show where it ends
        channel = rows[0].channel_id
        await service.channel_quiet(channel, HOLD_SECONDS)
    try:
        game = await service.read(service.store.game, game_id)
    except KeyError:
        return  # the game is gone: nothing to show
    table = await service.read(service.table_for, game)
    shown = await service.read(service.store.live_message, game_id, slot, user)
    step, message, ending = await asyncio.to_thread(_wanted, service, table, slot, user)
    closing = _closing(rows, shown) or ending
    if shown is not None and shown.step != CLOSED:
        scrolled = user == 0 and service.activity.count(shown.channel_id, shown.message_id) >= (
            REPOST_AFTER
        )
        if step is not None and shown.step == step and not scrolled:
            assert message is not None
            try:
                await sending.edit(carrier.client, shown.channel_id, shown.message_id, message)
            except discord.NotFound:
                pass  # deleted: posted again below
            else:
                carrier.shows(shown.model_copy(update={"version": game.version}))
                await _after_the_end(carrier, table, slot)
                return
        else:
            with table.public_voice() if user == 0 else speaking(_reader(table, user)):
                note = _(MOVED) if scrolled and shown.step == step else closing or _(OVER)
            await sending.strip(carrier.client, shown.channel_id, shown.message_id, note)
            closed = shown.model_copy(update={"step": CLOSED, "version": game.version})
            carrier.shows(closed)
    if step is not None:
        assert message is not None
        try:
            # The newest row is the nonce: a post whose answer was lost, tried again,
            # is recognised by Discord, not posted twice.
            if user == 0:
                sent = await sending.post(carrier.client, game.channel_id, message, nonce=newest.id)
                service.activity.posted(sent.channel.id, sent.id)
            else:
                sent = await sending.post_dm(carrier.client, user, message, nonce=newest.id)
        except discord.Forbidden as error:
            if user == 0 or error.code != DMS_CLOSED:
                raise
            await carrier.dms_closed(newest, str(newest.body.get("fallback", "`/game status`")))
            return
        row = LiveRow(
            game_id=game_id,
            slot=slot,
            user_id=user,
            channel_id=sent.channel.id,
            message_id=sent.id,
            step=step,
            version=game.version,
        )
        carrier.shows(row)
    await _after_the_end(carrier, table, slot)


def _wanted(
    service: GameService, table: Table, slot: str, user: int
) -> tuple[str | None, Message | None, str]:
    """What the message should show now (its step and itself; step None: closed) and
    the note an old step gets by default (drawn off the event loop)."""
    if user == 0:
        live = table_message(service.engine, table)
        if live.closes:
            return None, None, live.closing
        return live.step, live.drawn(), live.closing
    seat = table.seat_of(user)
    presenter = service.engine.presenter(table.game.kind)
    found = presenter.private_live(table, slot, seat) if seat is not None else None
    if found is None:
        with speaking(_reader(table, user)):
            return None, None, _(OVER) if table.game.status != "active" else ""
    return found[0], found[1], ""


def _closing(rows: list[OwedRow], shown: LiveRow | None) -> str:
    """The note the step shown gets: said by the first move that left it."""
    for row in rows:
        step = row.body.get("step")
        if shown is None or step != shown.step:
            return str(row.body.get("closing") or "")
    return ""


def _reader(table: Table, user: int) -> str:
    """The language a DM's reader reads."""
    seat = table.seat_of(user)
    return table.language_of(seat) if seat is not None else table.language


async def _after_the_end(carrier: Carrier, table: Table, slot: str) -> None:
    """Once a game's table message is closed for good, close its players' DMs that still
    carry buttons (a price sheet): nothing can be done with them any more."""
    if slot != TABLE or table.game.status == "active" or table.game.status == "lobby":
        return
    service = carrier.service
    presenter = service.engine.presenter(table.game.kind)
    for row in await service.read(service.store.live_messages_of, table.game.id):
        if row.slot == TABLE or row.step == CLOSED:
            continue
        seat = table.seat_of(row.user_id)
        if seat is not None and presenter.private_live(table, row.slot, seat) is not None:
            continue  # it has no buttons (a hand): it stays as it is
        with speaking(_reader(table, row.user_id)):
            note = _(OVER)
        await sending.strip(carrier.client, row.channel_id, row.message_id, note)
        carrier.shows(row.model_copy(update={"step": CLOSED}))
