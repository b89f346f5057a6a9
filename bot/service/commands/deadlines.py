"""Timers for long-running games: setting them, pausing, reminders and defaults.

Deadlines live in the database (`games.deadline`), so a restart loses none; the
scheduler (cogs/clockwork.py) calls `tick` after startup and then sleeps until the next
deadline or reminder is due (woken early when a command moves a deadline). A default
applied at a deadline moves the game to its next step, which sets a new deadline, so a
tick that runs twice (or after a restart) cannot apply the same default twice.

Several processes may run the scheduler on one PostgreSQL database. Each reminder and
each seat's default is its own transaction that first leases the game (`lease_game`:
`FOR UPDATE SKIP LOCKED`) and then checks, under that lock, that the work is still due:
a game another scheduler is handling is skipped rather than waited for, and once the
holder commits, the reminder is marked sent and the default has moved the step on, so
nobody does it again. A game skipped because something held it is looked at again
soon (`Tick.skipped`), in case what held it was a player's command.
"""

import logging
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any

from bot.i18n import N_, _, number
from bot.messages import Message, Outcome
from bot.records.results import DEADLINE
from bot.service.commands import robots
from bot.service.commands.play import apply_as_bot
from bot.service.commands.publish import publish
from bot.service.requests import Actor, Place
from bot.service.runtime.engine import Engine
from bot.service.runtime.transaction import Reads, Tx
from bot.store import GameRow
from bot.table import Table
from bot.timing import (
    deadline_changes,
    deadline_passed,
    describe_hours,
    earliest_due,
    parse,
    reminder_due,
    stamp,
    timer_line,
)

log = logging.getLogger(__name__)

HOST_ONLY_TIMER = N_("Only the host (<@{host}>) or someone with Manage Channels can set the timer.")
HOST_ONLY_KICK = N_("Only the host (<@{host}>) or someone with Manage Channels can kick a player.")
HOST_ONLY_REPLACE = N_(
    "Only the host (<@{host}>) or someone with Manage Channels can replace a player."
)
HOST_ONLY_AUTOPILOT = N_(
    "Only the host (<@{host}>) or someone with Manage Channels can choose the autopilot's level."
)
NO_GAME_HERE = N_("There is no game in this channel. Start one with `/game new`.")


def host_only(sentence: str, game: GameRow) -> str:
    """A `HOST_ONLY_…` refusal in the language being spoken."""
    return _(sentence).format(host=game.host_id)


def _may_steer(game: GameRow, actor: Actor) -> bool:
    return actor.user_id == game.host_id or actor.may_manage


def _running(reads: Reads, place: Place) -> GameRow | str:
    game = reads.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return _(NO_GAME_HERE)
    return game


async def set_timer(
    engine: Engine,
    place: Place,
    actor: Actor,
    hours: float,
    remind: float | None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    return await engine.command(
        place.channel_id,
        partial(_set_timer, engine, place, actor, hours, remind),
        interaction_id=interaction_id,
    )


def _set_timer(
    engine: Engine, place: Place, actor: Actor, hours: float, remind: float | None, tx: Tx
) -> Outcome:
    game = _running(tx, place)
    if isinstance(game, str):
        return Outcome.refusal(game)
    if not _may_steer(game, actor):
        return Outcome.refusal(host_only(HOST_ONLY_TIMER, game))
    if hours < 0:
        return Outcome.refusal(_("The timer cannot be negative; 0 means untimed."))
    if remind is not None and (remind <= 0 or (hours > 0 and remind >= hours)):
        return Outcome.refusal(
            _("A reminder must come before the deadline: between 0 and {hours} hours.").format(
                hours=number(float(f"{hours:g}"))
            )
        )
    if remind is not None and hours == 0:
        return Outcome.refusal(_("An untimed game has no deadlines to remind anyone of."))
    now = tx.now
    changes: dict[str, Any] = {"timer_hours": hours, "remind_hours": remind, "reminded": False}
    if game.status == "active":
        # The new timer and the current step's deadline are one write.
        timed = game.model_copy(update=changes)
        table = tx.table_for(timed)
        waiting = table.rules.waiting_on(table.state)
        changes.update(
            deadline_changes(
                timed, [], waiting, engine.phase_of(timed, table.rules, table.state), now
            )
        )
    game = tx.save(game, **changes)
    table = tx.table_for(game)
    who = actor.display_name
    with table.public_voice():
        if hours == 0:
            text = _("⏱️ **{who}** made this game untimed.").format(who=who)
        elif remind:
            text = _(
                "⏱️ **{who}** set the timer: {hours} per step, with a reminder {remind} "
                "before the deadline."
            ).format(who=who, hours=describe_hours(hours), remind=describe_hours(remind))
        else:
            text = _("⏱️ **{who}** set the timer: {hours} per step.").format(
                who=who, hours=describe_hours(hours)
            )
    return publish(engine, table, Outcome(lines=[text]))


async def pause(
    engine: Engine, place: Place, actor: Actor, *, interaction_id: int | None = None
) -> Outcome:
    return await engine.command(
        place.channel_id, partial(_pause, engine, place, actor), interaction_id=interaction_id
    )


def _pause(engine: Engine, place: Place, actor: Actor, tx: Tx) -> Outcome:
    game = _running(tx, place)
    if isinstance(game, str):
        return Outcome.refusal(game)
    if actor.user_id != game.host_id:
        return Outcome.refusal(
            _("Only the host (<@{host}>) can pause the game.").format(host=game.host_id)
        )
    if game.status != "active":
        return Outcome.refusal(_("Only a running game can be paused."))
    if game.paused_at is not None:
        return Outcome.refusal(_("The game is already paused; `/game resume` restarts it."))
    now = tx.now
    game = tx.save(game, paused_at=now.isoformat())
    table = tx.table_for(game)
    with table.public_voice():
        text = _(
            "⏸️ **{who}** paused the game: all timers are frozen. "
            "Moves are still accepted; `/game resume` restarts the clocks."
        ).format(who=actor.display_name)
    return publish(engine, table, Outcome(lines=[text]))


async def resume(
    engine: Engine, place: Place, actor: Actor, *, interaction_id: int | None = None
) -> Outcome:
    return await engine.command(
        place.channel_id, partial(_resume, engine, place, actor), interaction_id=interaction_id
    )


def _resume(engine: Engine, place: Place, actor: Actor, tx: Tx) -> Outcome:
    game = _running(tx, place)
    if isinstance(game, str):
        return Outcome.refusal(game)
    if actor.user_id != game.host_id:
        return Outcome.refusal(
            _("Only the host (<@{host}>) can resume the game.").format(host=game.host_id)
        )
    paused = parse(game.paused_at)
    if paused is None:
        return Outcome.refusal(_("The game is not paused."))
    now = tx.now
    deadline = parse(game.deadline)
    changes: dict[str, Any] = {"paused_at": None}
    if deadline is not None:
        changes["deadline"] = (deadline + (now - paused)).isoformat()
    else:
        resumed = game.model_copy(update={"paused_at": None})
        table = tx.table_for(resumed)
        waiting = table.rules.waiting_on(table.state)
        changes.update(
            deadline_changes(
                resumed, [], waiting, engine.phase_of(resumed, table.rules, table.state), now
            )
        )
    game = tx.save(game, **changes)
    table = tx.table_for(game)
    with table.public_voice():
        text = _("▶️ **{who}** resumed the game. {timer}").format(
            who=actor.display_name, timer=timer_line(game)
        )
    return publish(engine, table, Outcome(lines=[text]))


def _waiting_mentions(table: Table) -> tuple[str, list[int]]:
    seats = table.rules.waiting_on(table.state)
    return ", ".join(table.mention(seat) for seat in seats), [table.user_id(s) for s in seats]


SKIPPED = Outcome()
"""A reminder's or default's answer when another transaction held the game."""


@dataclass
class Tick:
    """What one pass of the scheduler did."""

    said: list[tuple[int, Outcome]] = field(default_factory=list)
    """(channel, outcome) to announce."""
    skipped: int = 0
    """Due work on games that another process or command held at that moment."""


async def tick(engine: Engine, now: datetime) -> Tick:
    """Send due reminders and apply defaults whose deadline passed, for every game."""
    done = Tick()
    for game in await engine.read(engine.store.timed_games):
        try:
            if deadline_passed(game, now):
                await _expire(engine, game, now, done)
            elif reminder_due(game, now):
                outcome = await engine.command(
                    game.channel_id, partial(_remind, engine, game.id, now)
                )
                if outcome is SKIPPED:
                    done.skipped += 1
                elif outcome.public:
                    done.said.append((game.channel_id, outcome))
        except Exception:  # one broken game must not hold up every other game's clock
            log.exception("Deadline handling failed for game %s", game.id)
    return done


async def next_due(engine: Engine, after: datetime) -> datetime | None:
    """When the scheduler must next look: the earliest deadline or reminder later than
    `after` (the last tick's time: what was due then has been tried, and a game whose
    handling failed is retried at the scheduler's slowest pace, not in a tight loop)."""
    return earliest_due(await engine.read(engine.store.timed_games), after)


def _remind(engine: Engine, game_id: int, now: datetime, tx: Tx) -> Outcome:
    game = tx.store.lease_game(game_id)
    if game is None:
        return SKIPPED
    if game.status != "active" or not reminder_due(game, now):
        return Outcome()
    table = tx.table_for(game)
    who, users = _waiting_mentions(table)
    tx.save(game, reminded=True)
    with table.public_voice():
        when = stamp(game.deadline)
        if len(users) > 1:
            text = _("⏳ Reminder: still waiting on {who}. Deadline {when}.")
        else:
            text = _("⏳ Reminder: {who} — it's your move. Deadline {when}.")
        text = text.format(who=who, when=when)
    return Outcome(public=[Message(content=text, mentions=users)], channel_id=game.channel_id)


async def _expire(engine: Engine, game: GameRow, now: datetime, done: Tick) -> None:
    """Apply the default action for every seat the expired step waits on (each default in
    its own transaction, so one seat's refusal cannot undo another's move)."""
    first = await engine.read(engine.table_for, game)
    if robots.no_one_human(first):
        # A game of AIs alone: its "deadline" is the pace of its moves; the AI runner
        # plays the next one (a search must not run inside a transaction).
        if engine.on_ai_due is not None:
            engine.on_ai_due(game.id)
        return
    for seat in first.rules.waiting_on(first.state):
        outcome = await engine.command(
            game.channel_id, partial(_expire_seat, engine, game.id, seat, now)
        )
        if outcome is SKIPPED:
            done.skipped += 1
        elif outcome.accepted and (outcome.public or outcome.private):
            done.said.append((game.channel_id, outcome))


def _expire_seat(engine: Engine, game_id: int, seat: int, now: datetime, tx: Tx) -> Outcome:
    leased = tx.store.lease_game(game_id)
    if leased is None:
        return SKIPPED
    table = tx.table_for(leased)
    game = table.game
    if game.status != "active" or not deadline_passed(game, now):
        return Outcome()
    if seat not in table.rules.waiting_on(table.state):
        return Outcome()
    with table.public_voice():
        prefix = _("⏰ Time is up for **{who}**: the default is played.").format(
            who=table.name(seat)
        )
    return apply_as_bot(engine, tx, table, seat, prefix=prefix, cause=DEADLINE)
