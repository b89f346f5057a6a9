"""The courier: what committed commands owe Discord, delivered until Discord has it.

Every command writes what it owes Discord into the outbox in its own transaction
(bot.service.runtime.outbox). The courier delivers those rows, and deletes them once
Discord has them:

- in order per destination (a channel; a user's DMs): one task per destination with
  something owed, so a channel Discord is slow with delays no other;
- public lines batched into as few messages as Discord's limits allow (bot.edge.lines),
  each batch sent with a nonce (its first row), so a send whose answer was lost and is
  tried again is not posted twice;
- live messages (the step's table message, a player's sheet) brought to the game's
  newest state, drawn at delivery (bot.edge.live); the shown version is recorded only
  once Discord confirmed the edit;
- 429s waited out (Discord's Retry-After; a global one pauses every destination), 5xx
  and network errors tried again a little later each time, up to a minute apart, until
  Discord takes them; only what no retry can fix is given up (a channel the bot lost,
  DMs that are closed: the channel is told instead), and said once, in one WARNING line;
- lines owed for longer than a few minutes (an outage) go out as one catch-up message.

A row the interaction's answer carries (the first line of a move made in the channel) is
held back for a few seconds; the edge tells the courier whether the answer carried it
(`carried`) or not (`release`). After a restart the new process carries on with what
is still owed, its own rows at once and a stopped process's after a while.
"""

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta
from functools import partial
from typing import Any

import discord
from discord.ext import tasks

from bot.edge import live as lives
from bot.edge.discord_errors import Gone, Retry, failure
from bot.edge.lines import catch_up, combined, joined
from bot.edge.sending import post, post_dm
from bot.i18n import ENGLISH, LANGUAGES, _, speaking
from bot.messages import Message, Outcome
from bot.service import GameService
from bot.service.runtime.outbox import owed_by
from bot.store import LiveRow, Owed, OwedRow

log = logging.getLogger(__name__)

LONGEST_WAIT = 60.0
"""Seconds between two tries of what Discord keeps failing, at most."""
IDLE = timedelta(minutes=15)
"""How often the courier looks for what is owed when nothing wakes it."""
SOONEST = timedelta(seconds=0.05)
CATCH_UP_AFTER = timedelta(minutes=3)
"""Lines owed longer than this go out merged into one catch-up message."""
ADOPT_AFTER = timedelta(minutes=2)
"""Rows another process wrote this long ago and still owes are taken over."""
DMS_CLOSED_NOTE = (
    "<@{user}>, I could not send you a direct message (are your DMs closed?). "
    "Use {command} here to see your private information."
)


class Courier:
    """Delivers the outbox's rows of this process (see the module docstring)."""

    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        self.owner = service.engine.owner
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        """Destinations woken while their delivery ran: it looks once more before it ends."""
        self._waiting: dict[str, datetime] = {}
        """Destinations whose next row may go out only then (held, or postponed)."""
        self._blocked: dict[str, int] = {}
        """Destinations whose next row is held for an interaction's answer: nothing moves
        there until the answer carries it or hands it back (or its hold runs out)."""
        self._carried: set[int] = set()
        self._released: set[int] = set()
        self._scanning: asyncio.Task[None] | None = None
        self._rescan = False
        self._paused_until: datetime | None = None
        """A global 429: nothing goes out before this."""
        self._alarm = tasks.loop(seconds=IDLE.total_seconds())(self._ring)
        """Wakes the courier when a held or postponed row falls due (a discord.ext.tasks
        loop: its sleeps follow the bot's clock, simulated time included)."""
        self._told: set[tuple[int, int, str]] = set()
        """(game, user, step) whose channel was told their DMs are closed."""
        self._given_up: set[str] = set()
        self._shown: list[LiveRow] = []
        """Live messages Discord confirmed, to record with the next bookkeeping."""
        self.started = False

    # -- what the edge tells it --------------------------------------------------------------

    def start(self) -> None:
        """Begin delivering (once the bot is connected): what a stopped process left is
        adopted after `ADOPT_AFTER`, this owner's at once."""
        if self.started:
            return
        self.started = True
        self._alarm.start()  # its first round scans what is owed

    def wake(self, destination: str | None = None) -> None:
        """Something new is owed: to `destination` (its delivery starts, or looks again
        before it ends), or anywhere (every destination owed something is looked at)."""
        if not self.started:
            return
        if destination is not None:
            self._start(destination)
            return
        self._again.update(self._tasks)
        if self._scanning is not None and not self._scanning.done():
            self._rescan = True
            return
        self._scanning = asyncio.get_running_loop().create_task(self._scan())

    def owed_by(self, outcome: Outcome) -> None:
        """A command committed what `outcome` owes: wake its destinations."""
        for destination in {row.destination for row in owed_by(outcome)}:
            self.wake(destination)

    def _start(self, destination: str) -> None:
        head = self._blocked.get(destination)
        if head is not None and head not in self._carried and head not in self._released:
            return  # it waits for the interaction's answer to that row: nothing to do yet
        self._blocked.pop(destination, None)
        running = self._tasks.get(destination)
        if running is None or running.done():
            loop = asyncio.get_running_loop()
            self._tasks[destination] = loop.create_task(self._deliver(destination))
        else:
            self._again.add(destination)

    def carried(self, row_id: int, channel_id: int) -> None:
        """The interaction's answer carried this row (a line for `channel_id`): it is
        delivered."""
        self._carried.add(row_id)
        self.wake(f"c:{channel_id}")

    def release(self, row_id: int, channel_id: int) -> None:
        """The interaction's answer did not carry this held row: the courier sends it."""
        self._released.add(row_id)
        self.wake(f"c:{channel_id}")

    async def idle(self) -> None:
        """Wait until nothing is being delivered (what waits for its alarm still waits)."""
        while True:
            running = [
                task
                for task in [self._scanning, *self._tasks.values()]
                if task is not None and not task.done()
            ]
            if not running:
                return
            await asyncio.gather(*running, return_exceptions=True)

    async def stop(self) -> None:
        self._alarm.cancel()
        running = [task for task in [self._scanning, *self._tasks.values()] if task is not None]
        for task in running:
            task.cancel()
        for task in running:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    # -- scheduling ----------------------------------------------------------------------------

    def _now(self) -> datetime:
        return self.service.engine.clock()

    async def _ring(self) -> None:
        """The alarm: scan what is owed, then sleep until the next row falls due."""
        now = self._now()
        for destination, due in list(self._waiting.items()):
            if due <= now:
                self._blocked.pop(destination, None)  # a hold ran out
        await self._scan()
        self._arm(reset=True)

    def _arm(self, *, reset: bool = False) -> None:
        """Have the alarm ring when the first waiting row falls due (or, with nothing
        waiting, after `IDLE`)."""
        loop = self._alarm
        due = min(self._waiting.values(), default=None)
        now = self._now()
        wait = IDLE if due is None else max(SOONEST, min(IDLE, due - now))
        if reset:  # inside the alarm's round: counts from now
            loop.change_interval(seconds=wait.total_seconds())
            return
        upcoming = loop.next_iteration
        if not loop.is_running() or upcoming is None or now + wait >= upcoming:
            return
        # change_interval counts from the last round, which was one interval ago.
        interval = timedelta(seconds=loop.seconds or 0, minutes=loop.minutes or 0)
        last = upcoming - interval - timedelta(hours=loop.hours or 0)
        loop.change_interval(seconds=max(0.0, (now + wait - last).total_seconds()))

    async def _scan(self) -> None:
        """Start a delivery for every destination that is owed something."""
        try:
            store = self.service.store
            adopted = await self.service.call(
                store.adopt_owed, self.owner, self._now() - ADOPT_AFTER
            )
            if adopted:
                log.warning("Took over %d deliveries another process left owed", adopted)
            while True:
                self._rescan = False
                for destination in await self.service.read(store.destinations, self.owner):
                    due = self._waiting.get(destination)
                    if due is not None and due > self._now() and destination not in self._again:
                        continue  # it waits for its alarm
                    self._start(destination)
                if not self._rescan:
                    return
        except Exception:  # the next wake tries again; a scan must never kill the bot
            log.exception("Could not read what is owed to Discord")

    async def _deliver(self, destination: str) -> None:
        """Deliver a destination's rows, in order, until none is left or the next must
        wait (then the alarm brings it back)."""
        try:
            while True:
                self._again.discard(destination)
                rows = await self.service.read(self.service.store.owed, self.owner, destination)
                done = {row.id for row in rows if row.id in self._carried}
                if done:
                    await self._delivered(sorted(done))
                    rows = [row for row in rows if row.id not in done]
                ready, due = self._ready(rows)
                if ready:
                    self._waiting.pop(destination, None)
                    await self._send(destination, ready)
                    continue
                if due is not None:
                    self._waiting[destination] = due
                    head = rows[0]
                    if _when(head.held_until) == due:
                        self._blocked[destination] = head.id
                    self._arm()
                else:
                    self._waiting.pop(destination, None)
                if destination not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Delivering to %s failed; it is tried again later", destination)
            self._waiting[destination] = self._now() + timedelta(seconds=LONGEST_WAIT)
            self._arm()
        finally:
            if self._tasks.get(destination) is asyncio.current_task():
                del self._tasks[destination]

    def _ready(self, rows: list[OwedRow]) -> tuple[list[OwedRow], datetime | None]:
        """The rows that may go out now, in order (up to the first that must wait), and
        when that one may (None: nothing waits)."""
        now = self._now()
        if self._paused_until is not None and self._paused_until > now:
            return [], self._paused_until
        ready: list[OwedRow] = []
        for row in rows:
            held = _when(row.held_until)
            if held is not None and held > now and row.id not in self._released:
                return ready, held
            due = _when(row.due_at)
            if due is not None and due > now:
                return ready, due
            ready.append(row)
        return ready, None

    # -- delivering --------------------------------------------------------------------------

    async def _send(self, destination: str, ready: list[OwedRow]) -> None:
        """Deliver ready rows in order; the first failure postpones it and what follows."""
        index = 0
        done: list[int] = []
        try:
            while index < len(ready):
                row = ready[index]
                if row.kind == "line":
                    group = _lines_from(ready, index)
                    done += await self._lines(destination, group)
                    index += len(group)
                elif row.kind == "dm":
                    await self._dm(row)
                    done.append(row.id)
                    index += 1
                else:  # live rows: the newest state of each message, once the lines are out
                    group = [other for other in ready[index:] if other.kind == "live"]
                    await lives.converge(self, group)
                    done += [other.id for other in group]
                    index = len(ready)
        except Exception as error:
            await self._delivered(done)
            await self._failed(destination, ready[index:], error)
            return
        await self._delivered(done)

    async def _lines(self, destination: str, rows: list[OwedRow]) -> list[int]:
        """Public lines in as few messages as fit, each with its nonce; a batch formed
        before (its answer lost) is sent again exactly as it was."""
        channel_id = rows[0].channel_id
        if channel_id == 0:
            return [row.id for row in rows]  # nowhere to say it: nothing can be done
        messages = [Message.from_stored(row.body) for row in rows]
        first_sent = rows[0].batch is not None
        old = _created(rows[0]) < self._now() - CATCH_UP_AFTER
        plain = all(
            not m.embeds and not m.files and not m.buttons and not m.selects for m in messages
        )
        if old and plain and not first_sent and len(rows) > 1:
            with speaking(await self._language_of(channel_id)):
                merged = catch_up(messages)
            batches = [(rows, merged)]
        else:
            batches = []
            at = 0
            while at < len(rows):
                batch = rows[at].batch
                end = at
                if batch is not None:  # sent before, its answer lost: the very same message
                    while end < len(rows) and rows[end].batch == batch:
                        end += 1
                    batches.append((rows[at:end], combined(messages[at:end])))
                    at = end
                    continue
                while end < len(rows) and rows[end].batch is None:
                    end += 1
                for group in joined(messages[at:end]):
                    picked = [rows[at + i] for i in group]
                    batches.append((picked, combined([messages[at + i] for i in group])))
                at = end
        sent: list[int] = []
        for picked, message in batches:
            nonce = picked[0].id
            if any(row.batch != nonce for row in picked):
                await self.service.call(
                    self.service.store.batched, [row.id for row in picked], nonce
                )
            await post(self.client, channel_id, message, nonce=nonce)
            sent += [row.id for row in picked]
        return sent

    async def _dm(self, row: OwedRow) -> None:
        """A private message; DMs that are closed become a note in the game's channel."""
        message = Message.from_stored(row.body["message"])
        try:
            await post_dm(self.client, row.user_id, message, nonce=row.id)
        except discord.HTTPException as error:
            found = failure(error)
            if not (isinstance(found, Gone) and found.dms_closed):
                raise
            await self.dms_closed(row, str(row.body.get("fallback", "`/game status`")))

    async def dms_closed(self, row: OwedRow, fallback: str) -> None:
        """Tell the game's channel to use the private command (revealing nothing)."""
        # A sheet kept up to date is said once per step; each private message bounces alone.
        step = str(row.body.get("step")) if row.kind == "live" else f"message {row.id}"
        key = (row.game_id or 0, row.user_id, step)
        if row.channel_id == 0 or key in self._told:
            return
        self._told.add(key)
        log.info("DMs to %s are closed; the channel is told", row.user_id)
        with speaking(await self._language_of(row.channel_id)):
            text = _(DMS_CLOSED_NOTE).format(user=row.user_id, command=fallback)
        note = Message(content=text, mentions=[row.user_id])
        owed = Owed(kind="line", channel_id=row.channel_id, body=note.stored())
        store = self.service.store
        await self.service.call(partial(store.owe, [owed], owner=self.owner, now=self._now()))
        self.wake(owed.destination)

    def shows(self, row: LiveRow) -> None:
        self._shown.append(row)

    async def _delivered(self, ids: list[int]) -> None:
        """Bookkeeping, in one transaction: the rows Discord has, what live messages
        show now (Discord confirmed both)."""
        shown, self._shown = self._shown, []
        if ids or shown:
            await self.service.call(self.service.store.settle_outbox, ids, shown)
            self._carried.difference_update(ids)
            self._released.difference_update(ids)

    async def _failed(self, destination: str, rows: list[OwedRow], error: BaseException) -> None:
        """Postpone what failed (and what follows it), or give up what no retry fixes."""
        found = failure(error)
        first = rows[0]
        if found is None:
            log.error("Could not deliver to %s", destination, exc_info=error)
            found = Retry(None, f"{type(error).__name__}: {error}")
        if isinstance(found, Gone):
            key = f"{destination}:{found.why}"
            if key not in self._given_up:
                self._given_up.add(key)
                log.warning(
                    "Gave up a %s for %s: Discord answered %s (no retry can change that)",
                    first.kind,
                    destination,
                    found.why,
                )
            await self._delivered([first.id])
            return
        wait = found.after if found.after is not None else min(LONGEST_WAIT, 2.0**first.tries)
        if found.after is not None and _global(error):
            self._paused_until = self._now() + timedelta(seconds=wait)
        log.warning(
            "Discord answered %s for %s (%d still owed); trying again in %.0f s",
            found.why,
            destination,
            len(rows),
            wait,
        )
        await self.service.call(
            self.service.store.postpone, [first.id], self._now() + timedelta(seconds=wait)
        )

    async def _language_of(self, channel_id: int) -> str:
        """The language of the table in `channel_id` (its public messages speak it)."""
        store = self.service.store
        try:
            game = await self.service.read(store.open_game, channel_id) or await self.service.read(
                store.last_finished_game, channel_id
            )
        except Exception:  # a note must not fail over its language
            log.exception("Could not read the language of channel %s", channel_id)
            return ENGLISH
        language = game.options.get("language", ENGLISH) if game is not None else ENGLISH
        return language if language in LANGUAGES else ENGLISH

    # -- what happened on Discord ------------------------------------------------------------

    async def message_deleted(self, channel_id: int, message_id: int) -> None:
        """Someone deleted a live message: it is posted again, as the game stands."""
        store = self.service.store
        row = await self.service.read(store.live_message_at, channel_id, message_id)
        if row is None:
            return
        await self.service.call(store.forget_live_message, row.game_id, row.slot, row.user_id)
        await self.refresh(row.game_id, slots=[(row.slot, row.user_id)])

    async def refresh(self, game_id: int, slots: list[tuple[str, int]] | None = None) -> None:
        """Bring a game's live messages (or the `slots` named) to its state now."""
        store = self.service.store
        game = await self.service.read(store.game, game_id)
        if slots is None:
            slots = [
                (row.slot, row.user_id)
                for row in await self.service.read(store.live_messages_of, game_id)
            ] or [(lives.TABLE, 0)]
        owed = [
            Owed(
                kind="live",
                channel_id=game.channel_id,
                user_id=user,
                game_id=game_id,
                body={"slot": slot, "step": None, "version": game.version, "closing": ""},
            )
            for slot, user in slots
        ]
        await self.service.call(partial(store.owe, owed, owner=self.owner, now=self._now()))
        for row in owed:
            self.wake(row.destination)


def courier_of(client: discord.Client) -> Courier | None:
    found = getattr(client, "courier", None)
    return found if isinstance(found, Courier) else None


def _when(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _created(row: OwedRow) -> datetime:
    return datetime.fromisoformat(row.created_at)


def _global(error: BaseException) -> bool:
    headers: Any = getattr(getattr(error, "response", None), "headers", None) or {}
    return str(headers.get("X-RateLimit-Global", "")).lower() == "true"


def _lines_from(rows: list[OwedRow], index: int) -> list[OwedRow]:
    """The consecutive line rows from `index` (they go out batched)."""
    group: list[OwedRow] = []
    for row in rows[index:]:
        if row.kind != "line":
            break
        group.append(row)
    return group


__all__ = ["Courier", "courier_of"]
