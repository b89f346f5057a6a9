"""Many slash commands at once in the simulated Discord, as a busy server sends them.

simcord runs one operation at a time (an actor's `slash` waits until the bot has settled),
so a burst is built the way simcord builds one interaction (the command resolved as the
member's client would, its options, the gateway payload) and every payload is emitted
before the bot is let run: the bot sees them all arrive together.

While the commands are being worked through, the burst is watched by a cheap check (is
every interaction answered, is any command still with the engine), and simcord's settle
runs once that check says the work is through. The settle walks the stack of every task
still pending each time the loop wakes: with a thousand commands waiting for the store,
that walk took about half of the process's CPU (`python -m bench bursts`: about 4 of 9
seconds), so watching with it measured the observer as much as the bot. Relies on simcord
internals (`simcord.actors`, `simcord.interactions`); tests/discord/test_bursts.py fails
when they change.
"""

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import simcord
from simcord import actors, interactions
from simcord.builders import ChannelHandle
from simcord.enums import AppCommandType, InteractionType


@dataclass(frozen=True)
class Call:
    """One slash command of a burst: who, where, which command, its options."""

    member: simcord.MemberActor
    channel: ChannelHandle
    name: str
    options: dict[str, Any]


@dataclass
class Burst:
    results: list[simcord.InteractionResult]
    seconds: float
    """Wall-clock seconds from the first payload until the bot settled."""


def _payload(call: Call) -> tuple[Any, dict[str, Any]]:
    member, channel = call.member, call.channel
    member._check(channel, "view_channel")
    parts = call.name.split()
    root = actors._resolve_visible_command(member, channel.id, parts[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = interactions.walk_to_subcommand(root, parts[1:])
    options, resolved = interactions.build_options(
        member, call.name, leaf, call.options, channel_id=channel.id
    )
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": root.get("type", AppCommandType.CHAT_INPUT),
        "options": interactions.nest_options(root, nesting, options),
    }
    if resolved:
        data["resolved"] = resolved
    if root.get("guild_id"):
        data["guild_id"] = root["guild_id"]
    return interactions.base_payload(
        member._env.backend,
        type=InteractionType.APPLICATION_COMMAND,
        channel_id=channel.id,
        guild_id=member.guild.id,
        user_id=member.id,
        data=data,
    )


async def burst(env: simcord.Env, calls: list[Call]) -> Burst:
    """Send every call at once; returns each one's result once the bot has settled."""
    records = []
    started = time.perf_counter()
    for call in calls:
        record, payload = _payload(call)
        env._notify_dispatch_observers(record)
        records.append(record)
        env.backend.emit("INTERACTION_CREATE", payload)
    env._begin_operation("burst")
    results = [simcord.InteractionResult(env, record) for record in records]
    try:
        await _worked_through(env, results)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()
    seconds = time.perf_counter() - started
    return Burst(results, seconds)


WATCH_EVERY = 0.05
"""Seconds between two looks at the burst while it is being worked through."""
STILL_FOR = 20
"""Looks in a row with nothing changed after which the watch ends anyway (an interaction
Discord failed to take is never answered); the settle then waits for what is left."""


async def _worked_through(env: simcord.Env, results: list[simcord.InteractionResult]) -> None:
    """Until every interaction is answered (or, deferred, has its answer) and no command
    is with the engine: the work of the burst is through, and what is left for the
    settle is delivering."""
    engine = env.bot.service.engine  # type: ignore[attr-defined]
    last: tuple[int, int] | None = None
    still = 0
    while True:
        answered = sum(1 for result in results if _answered(result))
        now = (answered, engine.commands_in_flight)
        if now == (len(results), 0):
            return
        still = still + 1 if now == last else 0
        if still >= STILL_FOR:
            return
        last = now
        await asyncio.sleep(WATCH_EVERY)


def _answered(result: simcord.InteractionResult) -> bool:
    return result.acknowledged and (not result.deferred or bool(result.followups))
